"""Bot levels come from each game's plugin (issue 28, item 4): the set-up's seat kinds, the
command line's ``--players``, the kiosk configuration's ``ai_levels``, the table and the demo
games read them there, and a game without any level (the tests' Pebble Pair) is refused a
computer seat when it is set up, not at the first computer move."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest

from game.app import App, Options
from game.cli import parse_args
from game.kiosk.attract import rotation_plan
from game.menus.menukit import seat_kinds
from game.menus.setup import SetupScene
from game.persist.kiosk_config import parse_kiosk_config
from game.play.bots import NoSuchLevel, check_levels, seat_runners
from game.play.config import GameConfig, Seat
from game.play.registry import plugin
from game.protocol.bots import BUDGETS
from tests.app_support import close
from tests.scenes_support import table_class
from tests.testgames.fixture import people_only_game

PAIR = "pebble-pair"


@pytest.fixture
def pair() -> Iterator[str]:
    with people_only_game() as game:
        yield game


def _app(folder: Path) -> App:
    folder.mkdir(exist_ok=True)
    app = App(Options(data_dir=folder, raise_errors=True, size=(1280, 720), fullscreen=False))
    app.start()
    return app


def one_line_error(argv: list[str], capsys) -> str:
    with pytest.raises(SystemExit) as exc:
        parse_args(argv)
    assert exc.value.code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1, err
    return err


# ---- the plugin -------------------------------------------------------------------------------
def test_a_games_levels_are_its_bot_paths_in_their_order(pair):
    assert plugin("bergruft").levels == ("easy", "normal", "hard")
    assert plugin(PAIR).levels == ()
    mixed = replace(plugin("bergruft"), bot_paths={"hard": "x:H", "easy": "x:E"})
    assert mixed.levels == ("hard", "easy")


def test_the_think_time_is_the_shared_default_unless_the_game_says_otherwise():
    game = plugin("bergruft")
    assert [game.budget(level) for level in game.levels] == [BUDGETS[lv] for lv in game.levels]
    own = replace(game, budgets={"hard": 4.0})
    assert own.budget("hard") == 4.0 and own.budget("easy") == BUDGETS["easy"]
    assert replace(game, bot_paths={"expert": "x:X"}).budget("expert") == BUDGETS["normal"]


# ---- the set-up -------------------------------------------------------------------------------
def test_the_seat_kinds_are_a_person_and_the_games_levels_the_policy_offers():
    assert seat_kinds(("easy", "normal", "hard")) == ("human", "easy", "normal", "hard")
    assert seat_kinds(("easy", "normal", "hard"), ("hard", "easy")) == ("human", "easy", "hard")
    assert seat_kinds(()) == ("human",)
    assert seat_kinds((), ("easy",)) == ("human",)


def test_the_setup_of_a_game_without_bots_offers_no_computer_seat(pair, tmp_path):
    app = _app(tmp_path / "data")
    try:
        app.scenes.reset(SetupScene, game=PAIR)
        app.scenes.apply_pending()
        setup = app.scenes.top
        assert setup.kinds == ("human",)
        assert [s.kind for s in setup.seats] == ["human", "human"]
        setup.cycle_kind(1, 1)
        setup.cycle_kind(0, -1)
        assert [s.kind for s in setup.seats] == ["human", "human"]
        app.scenes.reset(SetupScene, game="bergruft")
        app.scenes.apply_pending()
        assert app.scenes.top.kinds == ("human", "easy", "normal", "hard")
        assert [s.kind for s in app.scenes.top.seats] == ["human", "normal"]
    finally:
        close(app)


# ---- the command line -------------------------------------------------------------------------
def test_the_command_line_refuses_a_computer_for_a_game_without_bots(pair, capsys):
    err = one_line_error(["--game", PAIR, "--players", "human,ai:easy"], capsys)
    assert "--players human,ai:easy" in err and "no computer players (only human)" in err


def test_the_command_line_seats_only_people_at_a_game_without_bots_by_default(pair):
    assert [s.kind for s in parse_args(["--game", PAIR]).game.seats] == ["human", "human"]


def test_an_unknown_level_on_the_command_line_lists_the_games_own(monkeypatch, capsys):
    own = replace(plugin("bergruft"), bot_paths={"easy": "x:E", "expert": "x:X"})
    monkeypatch.setattr("game.cli.plugin", lambda game_id: own)
    err = one_line_error(["--game", "bergruft", "--players", "human,ai:hard"], capsys)
    assert "unknown AI level 'hard'" in err and "(the game's: easy, expert)" in err
    seats = parse_args(["--game", "bergruft", "--players", "human,ai:expert"]).game.seats
    assert [s.kind for s in seats] == ["human", "expert"]
    assert [s.kind for s in parse_args(["--game", "bergruft"]).game.seats] == ["human", "easy"]


# ---- the table --------------------------------------------------------------------------------
def test_a_level_the_game_has_not_is_refused_when_the_table_is_set_up():
    check_levels("bergruft", ("easy", "normal", "hard"), ["human", "hard", "demo"])
    with pytest.raises(NoSuchLevel, match=r"seat 2 .*'genius'.*\(its levels: easy, normal, hard\)"):
        check_levels("bergruft", ("easy", "normal", "hard"), ["human", "genius"])
    with pytest.raises(NoSuchLevel, match="pebble-pair has no computer players: seat 2"):
        check_levels(PAIR, (), ["human", "easy"])
    with pytest.raises(NoSuchLevel, match="no computer players"):
        check_levels(PAIR, (), ["demo", "demo"])
    check_levels(PAIR, (), ["human", "human"])
    with pytest.raises(NoSuchLevel):  # no worker is started for the seats at all
        seat_runners("bergruft", ["human", "genius"], BUDGETS.get)


def test_a_table_with_a_computer_seat_its_game_cannot_fill_is_refused_on_entering(
    pair, tmp_path
):
    app = _app(tmp_path / "data")
    try:
        seats = (Seat("Anna", "human", "red"), Seat("Ben", "easy", "blue"))
        app.scenes.reset(table_class(PAIR), config=GameConfig(PAIR, "pile", seats, 5))
        with pytest.raises(NoSuchLevel, match="pebble-pair has no computer players"):
            app.scenes.apply_pending()
        people = (Seat("Anna", "human", "red"), Seat("Ben", "human", "blue"))
        app.scenes.reset(table_class(PAIR), config=GameConfig(PAIR, "pile", people, 5))
        app.scenes.apply_pending()
        table = app.scenes.top
        assert table.config.game == PAIR and table.runners == {}
        genius = (Seat("Anna", "human", "red"), Seat("Ben", "genius", "blue"))
        config = GameConfig("bergruft", "standard", genius, 5)
        app.scenes.reset(table_class("bergruft"), config=config)
        with pytest.raises(NoSuchLevel, match="'genius', which bergruft has not"):
            app.scenes.apply_pending()
    finally:
        close(app)


# ---- the kiosk --------------------------------------------------------------------------------
def test_the_kiosks_levels_are_checked_against_the_levels_its_games_have(pair):
    config, problems = parse_kiosk_config({"games": [PAIR, "bergruft"], "ai_levels": ["hard"]})
    assert not problems and config.ai_levels == ("hard",)
    config, problems = parse_kiosk_config({"games": ["nanuuk"], "ai_levels": ["expert"]})
    assert [str(p) for p in problems] == [
        "ai_levels: unknown AI level 'expert' (known: easy, normal, hard)"
    ]
    assert config.ai_levels == ("easy", "normal")  # that key's default
    config, problems = parse_kiosk_config({"games": [PAIR], "ai_levels": ["easy"]})
    assert [str(p) for p in problems] == [
        "ai_levels: none of the kiosk's games (pebble-pair) has bots"
    ]


def test_the_demo_games_leave_out_a_game_without_bots(pair):
    plan = rotation_plan((PAIR, "bergruft"), {})
    assert plan and {game for game, _ in plan} == {"bergruft"}
