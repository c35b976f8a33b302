"""The strength ladder (issue 31, item 2): who plays whom, the places a game's outcome gives,
the ratings and rows it reports, the same ladder on any machine, and the README's table."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest

from game.play.registry import rules_for
from game.tools import ladder
from game.tools.ladder import ENTRANTS, plan, ranks, seatings


def variant(game: str):  # the game's first variant, as the ladder takes it by default
    return rules_for(game).variants()[0]


def test_a_two_player_game_plays_every_pair_and_one_against_the_rest_at_3_and_4() -> None:
    parts = plan(variant("bergruft"), 6)
    pairs = [name for name, players, _ in parts if players == 2]
    assert len(pairs) == 6 and "random v hard" in pairs and "normal v hard" in pairs
    rows = [name for name, players, _ in parts if players > 2]
    assert rows == [
        "1 easy v 2 random",
        "1 normal v 2 easy",
        "1 hard v 2 normal",
        "1 easy v 3 random",
        "1 normal v 3 easy",
        "1 hard v 3 normal",
    ]
    for name, players, part in parts:
        assert len(part) == 6 and all(len(s) == players for s in part)
        if name.startswith("1 "):  # the one seat moves round the table
            level = name.split()[1]
            assert sorted(s.index(level) for s in part) == sorted(i % players for i in range(6))
            assert all(Counter(s)[level] == 1 for s in part)


def test_kap_hoorns_round_robin_is_every_three_in_every_order() -> None:
    parts = plan(variant("kaphoorn"), 12)
    groups = [(players, part) for name, players, part in parts if not name.startswith("1 ")]
    assert [players for players, _ in groups] == [3] * 4  # 4 entrants, three at a time
    for _, part in groups:
        assert len(set(part)) == 6  # every seating order, each twice in 12 games
        for seat in range(3):
            assert len({s[seat] for s in part}) == 3


def test_seatings_take_every_order_in_turn() -> None:
    assert seatings(("a", "b"), 4) == [("a", "b"), ("b", "a"), ("a", "b"), ("b", "a")]


def test_places_follow_the_winners_then_the_ranking() -> None:
    game = {"seats": ["easy", "hard", "random"], "winner_seats": [1], "ranking": [1, 2, 0]}
    assert ranks(game) == [3.0, 1.0, 2.0]
    shared = {"seats": ["easy", "hard"], "winner_seats": [0, 1], "ranking": [0, 1]}
    assert ranks(shared) == [1.0, 1.0]


def test_ratings_rise_with_wins_and_come_from_games_of_different_entrants() -> None:
    won = [{"seats": ["hard", "random"], "winner_seats": [0], "ranking": [0, 1]}] * 20
    lopsided = [
        {"seats": ["random", "random", "easy"], "winner_seats": [0], "ranking": [0, 1, 2]}
    ] * 50  # a 1-vs-rest game: not rated
    rated = ladder.ratings(won + lopsided, seed=1)
    assert rated["hard"]["low"] > rated["random"]["high"]
    assert "easy" not in rated and "normal" not in rated  # neither played a rated game
    assert rated["hard"]["low"] < rated["hard"]["mu"] < rated["hard"]["high"]


def _tiny(seed: int = 3) -> dict:
    return ladder.ladder("bergruft", variant("bergruft"), 2, seed, {"hard": 5}, jobs=1)


def test_a_ladder_at_fixed_iterations_plays_the_same_games_again() -> None:
    first, second = _tiny(), _tiny()
    first.pop("elapsed_s"), second.pop("elapsed_s")
    assert first == second
    assert first["games"] == 2 * 12  # 6 pairs and 6 rows of 2 games
    for row in first["rows"]:
        total = sum(s["share"] for s in row["shares"].values())
        assert total == pytest.approx(1.0)  # each game's win is shared out once
    assert set(first["ratings"]) == set(ENTRANTS)


def test_the_readme_gets_the_table_between_its_markers_and_nothing_else(tmp_path: Path) -> None:
    readme = tmp_path / "README.md"
    readme.write_text("intro\n<!-- ladder:bergruft -->\nold\n<!-- /ladder:bergruft -->\nend\n")
    assert (
        ladder.main(
            [
                "--game",
                "bergruft",
                "--games",
                "1",
                "--iterations",
                "hard=5",
                "--jobs",
                "1",
                "--readme",
                str(readme),
            ]
        )
        == 0
    )
    text = readme.read_text()
    assert text.startswith("intro\n<!-- ladder:bergruft -->\nLadder of bergruft")
    assert text.endswith("<!-- /ladder:bergruft -->\nend\n") and "old" not in text
    assert "| hard |" in text and "| 1 hard v 2 normal (1) | 3 |" in text
    (tmp_path / "plain.md").write_text("no markers\n")
    with pytest.raises(SystemExit, match="no <!-- ladder:bergruft -->"):
        ladder.main(
            [
                "--game",
                "bergruft",
                "--games",
                "1",
                "--jobs",
                "1",
                "--readme",
                str(tmp_path / "plain.md"),
            ]
        )


def test_a_saved_report_writes_the_same_table_without_playing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A ladder takes hours: its --json report, saved, writes the README's table again."""
    report = _tiny()
    saved = tmp_path / "ladder.json"
    saved.write_text(json.dumps(report))
    readme = tmp_path / "README.md"
    readme.write_text("<!-- ladder:bergruft -->\n<!-- /ladder:bergruft -->\n")
    monkeypatch.setattr(ladder, "play_each", None)  # it must not play a game
    assert ladder.main(["--game", "bergruft", "--report", str(saved), "--readme", str(readme)]) == 0
    assert readme.read_text() == f"<!-- ladder:bergruft -->\n{ladder.table(report)}\n" + (
        "<!-- /ladder:bergruft -->\n"
    )
    assert capsys.readouterr().out == ladder.table(report) + "\n"
    for bad, message in ((tmp_path / "none.json", "is not a ladder"), (saved, "bergruft's")):
        with pytest.raises(SystemExit) as stop:
            ladder.main(["--game", "nanuuk" if bad == saved else "bergruft", "--report", str(bad)])
        assert stop.value.code == 2 and message in capsys.readouterr().err


@pytest.mark.parametrize(
    "flags",
    [["--games", "0"], ["--jobs", "-1"], ["--iterations", "hard=none"], ["--option", "nope=1"]],
)
def test_wrong_flags_are_refused_with_a_message(flags: list[str], capsys) -> None:
    with pytest.raises(SystemExit) as stop:
        ladder.main(["--game", "bergruft", *flags])
    assert stop.value.code == 2 and "error" in capsys.readouterr().err


def test_greedy_rows_measure_easy_against_the_yardstick_without_being_rated() -> None:
    """Issue 31, item 3: Easy against the one-ply greedy player, beside random; only with
    --greedy, and greedy is no entrant (its games are not rated)."""
    assert not [n for n, _, _ in plan(variant("bergruft"), 4) if "greedy" in n]
    two = [(n, p) for n, p, _ in plan(variant("bergruft"), 4, greedy=True) if "greedy" in n]
    assert two == [("easy v greedy", 2)]
    three = [(n, p) for n, p, _ in plan(variant("kaphoorn"), 3, greedy=True) if "greedy" in n]
    assert three == [("1 easy v 2 greedy", 3), ("1 greedy v 2 easy", 3)]
    games = [{"seats": ["easy", "greedy"], "winner_seats": [1], "ranking": [1, 0]}] * 10
    assert ladder.ratings(games, seed=1) == {}  # greedy's games alone rate no one
    one = [{"seats": ["hard", "normal"], "winner_seats": [0], "ranking": [0, 1]}]
    rated = ladder.ratings(games + one, seed=1)
    assert set(rated) == {"hard", "normal"}  # only who played a rated game
    report = ladder.ladder("bergruft", variant("bergruft"), 2, 3, {"hard": 5}, jobs=1, greedy=True)
    assert report["rows"][-1]["row"] == "easy v greedy"
    assert set(report["rows"][-1]["shares"]) == {"easy", "greedy"}


# -- the journal: a ladder of many hours goes on where it stopped ---------------------------------


def _same(a: dict, b: dict) -> bool:
    """Two reports of the same games (how long they took, and where they came from, aside)."""
    drop = ("elapsed_s", "played", "kept")
    return {k: v for k, v in a.items() if k not in drop} == {
        k: v for k, v in b.items() if k not in drop
    }


def _playing(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Counts the games the ladder has played (through the real ``play_each``)."""
    counted: list[int] = []
    real = ladder.play_each

    def play_each(game, variant, seatings, seeds, *rest):
        seeds = list(seeds)
        counted.extend(seeds)
        return real(game, variant, seatings, seeds, *rest)

    monkeypatch.setattr(ladder, "play_each", play_each)
    return counted


def test_a_ladder_goes_on_from_its_journal_playing_only_the_games_it_lacks(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    fresh = _tiny()
    journal = tmp_path / "bergruft.jsonl"
    first = ladder.ladder(
        "bergruft", variant("bergruft"), 2, 3, {"hard": 5}, jobs=1, journal=journal
    )
    assert _same(first, fresh) and (first["played"], first["kept"]) == (24, 0)
    lines = journal.read_text().splitlines(keepends=True)
    assert len(lines) == 1 + 24 and json.loads(lines[0])["ladder"]["seed"] == 3
    # stopped after ten games, while writing the eleventh
    journal.write_text("".join(lines[:11]) + lines[11][:9])
    played = _playing(monkeypatch)
    again = ladder.ladder(
        "bergruft", variant("bergruft"), 2, 3, {"hard": 5}, jobs=1, journal=journal
    )
    assert _same(again, fresh) and (again["played"], again["kept"]) == (14, 10)
    assert sorted(played) == list(range(3 + 10, 3 + 24))  # the seeds of the games it lacked
    places = [json.loads(line)["i"] for line in journal.read_text().splitlines()[1:]]
    assert sorted(places) == list(range(24))  # each once: the cut line went
    monkeypatch.setattr(ladder, "play_each", None)  # a whole journal: no game is played
    whole = ladder.ladder(
        "bergruft", variant("bergruft"), 2, 3, {"hard": 5}, jobs=1, journal=journal
    )
    assert _same(whole, fresh) and (whole["played"], whole["kept"]) == (0, 24)


def test_rows_play_their_own_games_which_the_whole_ladder_then_keeps(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    fresh = _tiny()
    journal = tmp_path / "bergruft.jsonl"
    flags = ["--game", "bergruft", "--games", "2", "--seed", "3", "--iterations", "hard=5",
             "--jobs", "1", "--journal", str(journal)]  # fmt: skip
    assert ladder.main([*flags, "--rows", "1 hard v 2 normal", "--json"]) == 0
    part = json.loads(capsys.readouterr().out)
    assert [r["row"] for r in part["rows"]] == ["1 hard v 2 normal"]
    assert part["ratings"] == {} and part["games"] == 2
    assert "No round-robin games among these rows" in ladder.table(part)
    places = [n for name, _, game in ladder.numbered(plan(variant("bergruft"), 2))
              if name == "1 hard v 2 normal" for n, _ in game]  # fmt: skip
    assert [json.loads(x)["i"] for x in journal.read_text().splitlines()[1:]] == places
    played = _playing(monkeypatch)
    assert ladder.main([*flags, "--json"]) == 0
    whole = json.loads(capsys.readouterr().out)
    assert _same(whole, fresh) and whole["kept"] == 2 and len(played) == 22
    assert part["rows"][0] == next(r for r in whole["rows"] if r["row"] == "1 hard v 2 normal")


def test_an_option_plays_every_game_with_it_at_the_tables_it_allows(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 31, item 5: Nanuuk!'s full game with two hunters each (2 players only)."""
    full = rules_for("nanuuk").variant("full")
    assert ladder.tables_for("nanuuk", full, {}) == [2, 3, 4]
    assert ladder.tables_for("nanuuk", full, {"two-hunters": True}) == [2]
    asked: list[tuple] = []
    real = ladder.play_each

    def play_each(game, variant, seatings, seeds, budgets, jobs, iterations, options):
        asked.append((variant, options, [len(s) for s in seatings]))
        return real(game, variant, seatings, seeds, budgets, jobs, iterations, options)

    monkeypatch.setattr(ladder, "play_each", play_each)
    journal, readme = tmp_path / "nanuuk-full-two-hunters.jsonl", tmp_path / "README.md"
    readme.write_text("<!-- ladder:nanuuk-full-two-hunters -->\n<!-- /ladder:nanuuk-full-two-"
                      "hunters -->\n")  # fmt: skip
    flags = ["--game", "nanuuk", "--variant", "full", "--option", "two-hunters=true", "--games",
             "2", "--rows", "normal v hard", "--iterations", "hard=3", "--iterations",
             "normal=20", "--jobs", "1", "--journal", str(journal), "--readme", str(readme),
             "--json"]  # fmt: skip
    assert ladder.main(flags) == 0
    report = json.loads(capsys.readouterr().out)
    assert asked == [("full", {"two-hunters": True}, [2, 2])]
    assert report["options"] == {"two-hunters": True} and list(report["ratings"]) == [
        "normal", "hard"]  # fmt: skip
    assert json.loads(journal.read_text().splitlines()[0])["ladder"]["options"] == {
        "two-hunters": True}  # fmt: skip
    assert ladder.block_name(report) == "nanuuk-full-two-hunters"
    assert "Ladder of nanuuk (full, two-hunters=true), 2 games" in readme.read_text()
    for row in ("1 hard v 2 normal", "1 hard v 3 normal"):  # two hunters each: no 3 or 4
        with pytest.raises(SystemExit) as stop:
            ladder.main([*flags, "--rows", row])
        assert stop.value.code == 2 and f"no row {row!r}" in capsys.readouterr().err
    with pytest.raises(SystemExit) as stop:  # the same journal without the option
        ladder.main([f for f in flags if f not in ("--option", "two-hunters=true")])
    assert stop.value.code == 2 and "(its options differ)" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("report", "name"),
    [
        ({"game": "bergruft", "variant": "standard"}, "bergruft"),
        ({"game": "nanuuk", "variant": "intro"}, "nanuuk"),
        ({"game": "nanuuk", "variant": "full"}, "nanuuk-full"),
        ({"game": "nanuuk", "variant": "full", "options": {"two-hunters": True}},
         "nanuuk-full-two-hunters"),
        ({"game": "nanuuk", "variant": "full", "options": {"cracks": 8}}, "nanuuk-full-cracks-8"),
    ],
)  # fmt: skip
def test_each_variant_and_option_has_its_own_block_in_the_readme(report, name) -> None:
    assert ladder.block_name(report) == name


@pytest.mark.parametrize(
    ("journal", "flags", "message"),
    [
        ("settings", ["--seed", "4"], "journal of another ladder (its seed differ)"),
        ("settings", ["--iterations", "hard=6"], "(its iterations differ)"),
        ("not a journal\n", [], "is not a ladder's journal"),
        ("settings", ["--rows", "1 hard v 9 normal"], "no row '1 hard v 9 normal'"),
        ('settings{"i": 99, "winner_seats": [0]}\n', [], "line 2 is no game of this ladder"),
    ],
)
def test_a_journal_or_a_row_that_does_not_fit_is_refused_and_left_as_it_was(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], journal: str, flags: list[str],
    message: str, monkeypatch: pytest.MonkeyPatch,
) -> None:  # fmt: skip
    work = {"easy": None, "normal": None, "hard": 5}
    settings = {"game": "bergruft", "variant": "standard", "games_per_row": 2, "seed": 3,
                "greedy": False, "iterations": work}  # fmt: skip
    text = journal.replace("settings", json.dumps({"ladder": settings}) + "\n")
    path = tmp_path / "journal.jsonl"
    path.write_text(text)
    monkeypatch.setattr(ladder, "play_each", None)  # refused before any game
    base = ["--game", "bergruft", "--games", "2", "--seed", "3", "--iterations", "hard=5"]
    with pytest.raises(SystemExit) as stop:
        ladder.main([*base, "--journal", str(path), *flags])
    assert stop.value.code == 2 and message in capsys.readouterr().err
    assert path.read_text() == text


REPO = Path(__file__).resolve().parents[2]
SAVED = sorted((REPO / "docs" / "ladders").glob("*.json"))  # the ladders' --json reports


@pytest.mark.parametrize("saved", SAVED, ids=lambda p: p.name)
def test_the_readmes_ladder_tables_are_the_saved_reports_own(saved: Path) -> None:
    """No hand-typed figure (issue 31, item 2): each ladder block of the README is the table of
    the report kept in docs/ladders/, as ``--report FILE --readme README.md`` writes it."""
    report = json.loads(saved.read_text(encoding="utf-8"))
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    name = ladder.block_name(report)
    block = f"<!-- ladder:{name} -->\n{ladder.table(report)}\n<!-- /ladder:{name} -->"
    assert block in readme


KEPT = [saved for saved in SAVED if saved.with_suffix(".jsonl").exists()]  # kept with a journal


@pytest.mark.parametrize("saved", KEPT, ids=lambda p: p.name)
def test_a_saved_report_is_what_its_journals_games_give(
    saved: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The README's figures rest on games: the ladder, run again with the journal kept beside its
    report, plays nothing and gives the report's rows and ratings again."""
    report = json.loads(saved.read_text(encoding="utf-8"))
    journal = tmp_path / "journal.jsonl"
    journal.write_bytes(saved.with_suffix(".jsonl").read_bytes())
    monkeypatch.setattr(ladder, "play_each", None)  # a game the journal lacks would fail here
    work = {level: n for level, n in report["iterations"].items() if n is not None}
    again = ladder.ladder(
        report["game"], rules_for(report["game"]).variant(report["variant"]),
        report["games_per_row"], report["seed"], work, jobs=1, greedy=report["greedy"],
        journal=journal, only=[r["row"] for r in report["rows"]], options=report.get("options"),
    )  # fmt: skip
    assert again["played"] == 0 and again["games"] == report["games"]
    assert again["rows"] == report["rows"] and again["ratings"] == report["ratings"]
