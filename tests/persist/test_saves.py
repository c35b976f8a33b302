"""Saves, the autosave and replays on disk (game/persist/saves.py): a record replays exactly,
and a damaged, foreign, newer or tampered file is refused with a message and kept as ``*.bad``.
"""

from __future__ import annotations

import json
import os
import random
from pathlib import Path

import pytest

from game.play import saves
from game.play.config import GameConfig, Seat
from game.play.registry import rules_for
from tests.games_support import first_set_up, knob


def config(game: str, variant: str, players: int, **options: object) -> GameConfig:
    names = ("Anna", "Ben", "Cleo", "Dirk")
    seats = tuple(Seat(names[i], "human" if i == 0 else "easy", "red") for i in range(players))
    return GameConfig(game, variant, seats, 17, dict(options))


def game_config(game: str) -> GameConfig:
    """The set-up the tests below play of every game (its knob ``SET_UP``, tests/games_support)."""
    return config(game, *first_set_up(game))


def middle(game: str) -> int:
    """Moves into a game that leave it unfinished (the game's knob ``MIDDLE``, else 23)."""
    return int(knob(game, "MIDDLE", 23))


def play(cfg: GameConfig, limit: int | None = None, seed: int = 3):
    """Random legal moves from the start: (moves, state), to the end unless ``limit``."""
    state = rules_for(cfg.game).new_game(cfg.variant, cfg.names, seed=cfg.seed,
                                         options=cfg.options)  # fmt: skip
    rng, moves = random.Random(seed), []
    while not state.is_over() and (limit is None or len(moves) < limit):
        action = rng.choice(state.legal_actions())
        moves.append(action.to_dict())
        state = state.apply(action)
    return moves, state


def test_a_save_in_the_middle_of_a_game_reads_back_to_the_same_position(each_game):
    cfg = game_config(each_game)
    moves, state = play(cfg, limit=middle(cfg.game))
    back = saves.from_json(saves.to_json(saves.build("save", cfg, moves, state)))
    assert back.config == cfg.with_seed(saves.NO_SEED) and back.moves == ()
    fresh, resumed = saves.resume_point(back)
    assert fresh == cfg.with_seed(fresh.seed) and fresh.seed != cfg.seed
    assert resumed.stored() == state.stored()  # the same position, less what a save leaves out
    assert back.summary["move_count"] == middle(cfg.game) and not back.finished


def test_no_save_or_autosave_holds_a_seed_but_a_replay_keeps_seed_and_moves(each_game, tmp_path):
    """Issue 27, item 11: the seed gives away every draw still to come."""
    cfg = game_config(each_game)
    moves, state = play(cfg, limit=middle(cfg.game))
    for path in (
        saves.save_game(tmp_path, saves.build("save", cfg, moves, state)),
        saves.write_autosave(tmp_path, saves.build("autosave", cfg, moves, state)),
    ):
        assert "seed" not in _keys(json.loads(path.read_text(encoding="utf-8")))
        assert "moves" not in json.loads(path.read_text(encoding="utf-8"))
    moves, final = play(cfg)
    replay = json.loads(
        saves.write_replay(tmp_path, saves.build("replay", cfg, moves, final)).read_text()
    )
    assert replay["config"]["seed"] == cfg.seed and replay["moves"] == moves
    assert replay["final"] == json.loads(json.dumps(final.to_dict()))
    assert replay["version"] == 1  # as every version wrote it: an older Speltafel reads it


def test_every_position_of_a_game_saves_and_resumes_as_itself(each_game):
    """The load's check (the position must be what a save keeps) never refuses a real save."""
    cfg = game_config(each_game)
    state = rules_for(cfg.game).new_game(cfg.variant, cfg.names, seed=cfg.seed,
                                         options=cfg.options)  # fmt: skip
    rng, played = random.Random(5), 0
    while True:
        back = saves.from_json(saves.to_json(saves.build("autosave", cfg, [], state,
                                                         played=played)))  # fmt: skip
        resumed = saves.resume_point(back)[1]
        assert resumed.stored() == state.stored() and back.summary["move_count"] == played
        if state.is_over() or played >= 150:
            break
        state, played = state.apply(rng.choice(state.legal_actions())), played + 1


def test_a_replay_written_as_a_save_holds_its_position_only(tmp_path):
    cfg = config("kaphoorn", "standard", 3)
    moves, state = play(cfg, limit=23)
    path = saves.save_game(tmp_path, saves.build("replay", cfg, moves, state))
    data = json.loads(path.read_text(encoding="utf-8"))
    assert "seed" not in _keys(data) and "moves" not in data
    assert data["position"] == json.loads(json.dumps(state.stored()))


def _keys(data: object) -> set[str]:
    """Every key anywhere in a JSON value."""
    if isinstance(data, dict):
        return set(data).union(*(_keys(v) for v in data.values()))
    if isinstance(data, list):
        return set().union(*(_keys(v) for v in data))
    return set()


def test_a_version_1_save_of_seed_and_moves_still_loads_by_replaying(each_game):
    cfg = game_config(each_game)
    moves, state = play(cfg, limit=middle(cfg.game))
    text = _version_1_save(cfg, moves, state)
    back = saves.from_json(text)
    assert back.config == cfg and list(back.moves) == moves and back.position is None
    assert saves.rebuild(back.config, list(back.moves)).to_dict() == state.to_dict()
    # resumed like a save of today: from its position, with a fresh seed (no old pile order)
    fresh, resumed = saves.resume_point(back)
    assert fresh.seed != cfg.seed and resumed.stored() == state.stored()


def _version_1_save(cfg: GameConfig, moves: list, state) -> str:
    """A save as Speltafel wrote it before issue 27: set-up with seed, moves, final."""
    data = json.loads(saves.to_json(saves.build("replay", cfg, moves, state)))
    assert data["version"] == 1
    data["kind"] = "save"
    return json.dumps(data)


def test_a_replay_reproduces_the_final_state(each_game, tmp_path):
    cfg = game_config(each_game)
    moves, final = play(cfg)
    path = saves.write_replay(tmp_path, saves.build("replay", cfg, moves, final))
    record = saves.read_replay(path)
    assert record.finished
    assert saves.rebuild(record.config, list(record.moves)).to_dict() == final.to_dict()
    winners = [cfg.names[w] for w in final.outcome().winners]
    assert record.summary["winners"] == winners


def test_a_nanuuk_free_style_set_up_is_restored_from_its_options(tmp_path):
    from game.games.nanuuk.rules.level import default_level

    level = default_level()
    printed = next(iter(level.setups.values()))
    free = printed.to_dict(level.floe)  # the editor's kind -> labels table
    cfg = config("nanuuk", "full", 2, setup=free, cracks=3)
    moves, state = play(cfg, limit=9)
    path = saves.save_game(tmp_path, saves.build("save", cfg, moves, state))
    record = saves.load(path)
    assert record.config.options["setup"] == free
    assert saves.resume_point(record)[1].stored() == state.stored()


def _written(tmp_path: Path, mutate, kind: str = "replay") -> Path:
    cfg = config("bergruft", "standard", 2)
    moves, state = play(cfg, limit=6)
    data = json.loads(saves.to_json(saves.build(kind, cfg, moves, state)))
    mutate(data)
    path = tmp_path / "saves" / "broken.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(data))
    return path


@pytest.mark.parametrize(
    ("mutate", "message"),
    [
        (lambda d: d.update(format="something-else"), "not a Speltafel"),
        (lambda d: d.update(version=saves.VERSION + 1), "newer Speltafel"),
        (lambda d: d.update(kind="photo"), "unknown kind"),
        (lambda d: d.pop("config"), "set-up is missing"),
        (lambda d: d["config"].update(game="chess"), "cannot be set up"),
        (lambda d: d["moves"].append({"type": "fly"}), "move 7 cannot be played"),
        (lambda d: d["final"].update(turn=99), "do not lead to the saved position"),
        (lambda d: d.update(moves="all of them"), "list of actions"),
    ],
)
def test_a_damaged_foreign_or_newer_file_is_refused_with_a_reason(tmp_path, mutate, message):
    path = _written(tmp_path, mutate)
    with pytest.raises(saves.SaveError, match=message):
        saves.load(path)


def _number_behind_the_screen(data: dict) -> None:
    data["position"].update(phase="guess", number=7)


@pytest.mark.parametrize(
    ("mutate", "message"),
    [
        (lambda d: d.update(version=saves.VERSION + 1), "newer Speltafel"),
        (lambda d: d.update(position=[1, 2]), "position is malformed"),
        (lambda d: d["position"].update(phase="fly"), "cannot be played on"),
        (lambda d: d["position"].update(heidi=[9, 0]), "cannot be played on"),
        (lambda d: d["position"].update(names=["Eve", "Ben"]), "not the game of its set-up"),
        (lambda d: d["position"].update(seed=5), "not one a save keeps"),
        (_number_behind_the_screen, "not one a save keeps"),
        (lambda d: d.update(kind="replay"), "not a position"),
        (lambda d: d.update(move_count=-3), "count of moves"),
    ],
)
def test_a_damaged_or_changed_save_position_is_refused_with_a_reason(tmp_path, mutate, message):
    """The position is checked by the game's own from-dict checks, and must be exactly what a
    save keeps: a number or a seed written into it by hand is refused."""
    path = _written(tmp_path, mutate, kind="save")
    with pytest.raises(saves.SaveError, match=message):
        saves.load(path)


def test_a_file_that_is_not_json_is_refused(tmp_path):
    path = tmp_path / "x.json"
    path.write_text("{ half a save")
    with pytest.raises(saves.SaveError, match="not valid JSON"):
        saves.load(path)


def test_the_list_keeps_damaged_files_as_bad_and_shows_the_rest(tmp_path):
    cfg = config("nanuuk", "full", 2)
    moves, state = play(cfg, limit=5)
    good = saves.save_game(tmp_path, saves.build("save", cfg, moves, state))
    saves.write_autosave(tmp_path, saves.build("autosave", cfg, moves, state))
    broken = tmp_path / "saves" / "broken.json"
    broken.write_text("not json at all")
    listing = saves.list_saves(tmp_path)
    assert [r.path for r in listing.records] == [good]  # the autosave is not a saved game
    assert [kept for kept, _ in listing.bad] == [tmp_path / "saves" / "broken.json.bad"]
    assert not broken.exists() and (tmp_path / "saves" / "broken.json.bad").exists()
    assert saves.list_saves(tmp_path).bad == []  # kept aside once, not reported again


def test_a_listed_file_changed_afterwards_is_checked_again(tmp_path):
    cfg = config("bergruft", "standard", 2)
    moves, state = play(cfg, limit=6)
    path = saves.save_game(tmp_path, saves.build("save", cfg, moves, state))
    assert [r.path for r in saves.list_saves(tmp_path).records] == [path]  # checked, remembered
    data = json.loads(path.read_text(encoding="utf-8"))
    data["position"]["phase"] = "fly"  # tampered: no longer a position of the game
    path.write_text(json.dumps(data), encoding="utf-8")
    listing = saves.list_saves(tmp_path)
    assert listing.records == [] and [kept.name for kept, _ in listing.bad] == [path.name + ".bad"]


def test_only_the_newest_replays_are_kept(tmp_path):
    cfg = config("bergruft", "standard", 2)
    moves, final = play(cfg)
    record = saves.build("replay", cfg, moves, final)
    paths = [saves.write_replay(tmp_path, record) for _ in range(4)]
    for age, path in enumerate(paths):  # oldest first
        os.utime(path, (1000 + age, 1000 + age))
    saves.prune_replays(tmp_path, keep=2)
    assert sorted(p.name for p in saves.replays_dir(tmp_path).iterdir()) == sorted(
        p.name for p in paths[2:]
    )


def test_the_autosave_is_written_and_dropped(tmp_path):
    cfg = config("kaphoorn", "standard", 3)
    moves, state = play(cfg, limit=12)
    record = saves.build("save", cfg, moves, state, game_id="the-game")
    path = saves.write_autosave(tmp_path, record)
    assert path == saves.autosave_path(tmp_path, "kaphoorn")
    assert saves.load(path).kind == "autosave"
    saves.drop_autosave(tmp_path, config("kaphoorn", "standard", 4), "another-game")
    saves.drop_autosave(tmp_path, cfg, "another-game")  # the same set-up, another game
    assert path.exists()  # another game finished: this one stays to be continued
    saves.drop_autosave(tmp_path, cfg.with_seed(99), "the-game")  # resumed: a fresh seed
    assert not path.exists()


def test_a_version_1_autosave_is_dropped_by_its_set_up(tmp_path):
    cfg = config("kaphoorn", "standard", 3)
    moves, state = play(cfg, limit=12)
    path = saves.autosave_path(tmp_path, "kaphoorn")
    path.parent.mkdir(parents=True)
    path.write_text(_version_1_save(cfg, moves, state).replace('"save"', '"autosave"', 1))
    saves.drop_autosave(tmp_path, cfg.with_seed(18))
    assert path.exists()
    saves.drop_autosave(tmp_path, cfg)
    assert not path.exists()


def test_export_and_import_round_trip(tmp_path):
    cfg = config("nanuuk", "full", 2)
    moves, final = play(cfg)
    original = saves.read_replay(
        saves.write_replay(tmp_path, saves.build("replay", cfg, moves, final))
    )
    exported = saves.export_replay(tmp_path, original)
    assert exported.parent == tmp_path / saves.EXPORTS_DIR
    other = tmp_path / "other"
    (saves.import_dir(other) / "from_a_friend.json").write_text(exported.read_text())
    (saves.import_dir(other) / "broken.json").write_text("[1, 2")
    imported, bad = saves.import_replays(other)
    assert len(imported) == 1 and [k.name for k, _ in bad] == ["broken.json.bad"]
    back = saves.list_replays(other).records
    assert [list(r.moves) for r in back] == [moves]
    assert list(saves.import_dir(other).glob("*.json")) == []  # not imported twice


def test_a_save_of_an_unfinished_game_is_not_imported_as_a_replay(tmp_path):
    cfg = config("bergruft", "standard", 2)
    moves, state = play(cfg, limit=4)
    text = saves.to_json(saves.build("save", cfg, moves, state))
    (saves.import_dir(tmp_path) / "save.json").write_text(text)
    imported, bad = saves.import_replays(tmp_path)
    assert imported == [] and "not a replay" in bad[0][1]


# ---- records from before a correction of the rules ------------------------------------------
def _before_the_correction(text: str, **final: object) -> str:
    """The same record as written before the rules were corrected: no ``rules`` edition, and
    (with ``final``) an end the old rules reached."""
    data = json.loads(text)
    del data["rules"]
    data["final"].update(final)
    return json.dumps(data)


def test_a_record_from_before_a_correction_loads_if_it_plays_out_the_same() -> None:
    cfg = config("bergruft", "standard", 2)
    moves, state = play(cfg)
    text = _before_the_correction(saves.to_json(saves.build("replay", cfg, moves, state)))
    assert saves.from_json(text).finished


def test_a_record_the_corrected_rules_end_otherwise_says_the_rules_were_corrected() -> None:
    """A Neighbourhood game recorded when N14 named the wrong winner (N40, withdrawn)."""
    cfg = config("nanuuk", "neighbourhood", 4)
    moves, state = play(cfg)
    old_winner = [(w + 2) % 4 for w in state.winners]  # the stuck player's left neighbour
    text = saves.to_json(saves.build("replay", cfg, moves, state))
    with pytest.raises(saves.SaveError, match="rules that have been corrected since"):
        saves.from_json(_before_the_correction(text, winners=old_winner))
    tampered = json.loads(text)
    tampered["final"]["winners"] = old_winner
    with pytest.raises(saves.SaveError, match="the file was changed"):
        saves.from_json(json.dumps(tampered))
