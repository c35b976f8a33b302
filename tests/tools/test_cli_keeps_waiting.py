"""Issue 29, item 2: a game started from the command line (``--game``) never replaces the game
of the same kind waiting for "Continue". The menus ask first; the command line cannot, so the
waiting game moves to the saved games, and one line says where."""

from __future__ import annotations

from app_support import close

from game import i18n
from game.app import App, Options
from game.play import saves
from game.play.config import GameConfig, Seat
from game.play.registry import rules_for

WAITING = GameConfig("bergruft", "standard", (Seat("Anna"), Seat("Ben", "easy")), seed=5)
NEW = GameConfig("bergruft", "standard", (Seat("Cleo"), Seat("Dirk", "easy")), seed=9)


def waiting_game(data_dir):
    """An unfinished game of Der Berg ruft after a few moves, left for "Continue"."""
    state = rules_for("bergruft").new_game("standard", WAITING.names, seed=WAITING.seed)
    moves = []
    for _ in range(3):
        action = state.legal_actions()[0]
        moves.append(action.to_dict())
        state = state.apply(action)
    record = saves.build("autosave", WAITING, moves, state, game_id="waiting-game")
    return saves.write_autosave(data_dir, record)


def run_and_leave(data_dir, config: GameConfig) -> None:
    """Start ``config`` as ``--game`` would, play a frame, and close the window unfinished."""
    i18n.set_language("en")
    app = App(Options(game=config, data_dir=data_dir, raise_errors=True, size=(1280, 720)))
    try:
        app.start()
        app.frame(1 / 60)
        app._finish()  # the window closed: the new game is autosaved
    finally:
        close(app)


def test_the_waiting_game_is_kept_as_a_saved_game_and_one_line_says_so(tmp_path, capsys):
    slot = waiting_game(tmp_path)
    before = slot.read_bytes()
    run_and_leave(tmp_path, NEW)

    (line,) = capsys.readouterr().err.strip().splitlines()
    assert "unfinished Der Berg ruft game" in line and "Saved games" in line
    (kept,) = saves.list_saves(tmp_path).records  # the waiting game, byte for byte
    assert kept.path is not None and str(kept.path) in line
    assert kept.path.read_bytes() == before and kept.config.names == WAITING.names
    # the slot now holds the new game, to be continued as usual
    waiting = saves.unfinished(tmp_path, "bergruft")
    assert waiting is not None and waiting.config.names == NEW.names


def test_a_damaged_waiting_game_is_not_lost_either(tmp_path, capsys):
    slot = saves.autosave_path(tmp_path, "bergruft")
    slot.parent.mkdir(parents=True)
    slot.write_text("{ half a game", encoding="utf-8")
    run_and_leave(tmp_path, NEW)
    kept = [p for p in slot.parent.iterdir() if p.read_bytes() == b"{ half a game"]
    assert len(kept) == 1 and kept[0] != slot
    assert "Saved games" in capsys.readouterr().err


def test_without_a_waiting_game_nothing_is_said_or_moved(tmp_path, capsys):
    run_and_leave(tmp_path, NEW)
    assert capsys.readouterr().err == ""
    assert saves.list_saves(tmp_path).records == []
    assert saves.unfinished(tmp_path, "bergruft") is not None


def test_another_games_waiting_game_stays_where_it_is(tmp_path, capsys):
    slot = waiting_game(tmp_path)
    other = GameConfig("nanuuk", "intro", (Seat("Cleo"), Seat("Dirk", "easy")), seed=9)
    run_and_leave(tmp_path, other)
    assert slot.is_file() and capsys.readouterr().err == ""
