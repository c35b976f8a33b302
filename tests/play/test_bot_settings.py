"""The levels' shipped settings (issue 31, item 1): ``levels/<game>/bots.toml`` says, per level,
the time a player waits (``budget_s``) and the work it buys on a typical machine
(``iterations``); on the screen a bot stops at whichever comes first."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from game.play import bot_settings
from game.play.bot_settings import LevelSetting
from game.play.bots import seat_runners
from game.play.registry import IDS, plugin
from game.protocol.base import LevelError
from game.protocol.bots import BUDGETS, DEMO, LEVELS
from game.resources import level

# the levels whose bots search (count work); the others read no clock and count nothing
SEARCHING = {
    "nanuuk": ("normal", "hard"),  # Easy plays like a beginner: no search (issue 31, item 3)
    "kaphoorn": ("hard",),
    "bergruft": ("hard",),
}


@pytest.mark.parametrize("game", IDS)
def test_every_game_ships_its_levels_time_and_work(game: str) -> None:
    settings = plugin(game).level_settings
    assert set(settings) == set(LEVELS)
    for name, setting in settings.items():
        assert setting.budget_s == BUDGETS[name] == plugin(game).budget(name)
        if name in SEARCHING[game]:
            assert setting.iterations is not None and setting.iterations >= 1
            assert plugin(game).iterations(name) == setting.iterations
        else:
            assert setting.iterations is None


@pytest.mark.parametrize("game", IDS)
def test_the_file_says_where_its_figures_come_from(game: str) -> None:
    text = level(game, "bots.toml").read_text(encoding="utf-8")
    assert "python -m game.tools.bench_ai" in text and "2026-12-05" in text


def test_nanuuks_full_game_has_its_own_work_budget() -> None:
    game = plugin("nanuuk")
    assert game.iterations("hard", "full") == game.level_settings["hard"].variants["full"]
    assert game.iterations("hard", "intro") == game.level_settings["hard"].iterations
    assert game.iterations("hard", "bear-hunt") == game.iterations("hard")


def test_a_demo_bot_has_its_levels_work_budget() -> None:
    game = plugin("nanuuk")
    assert game.iterations(DEMO, "intro") == game.iterations("normal", "intro")


def test_a_game_without_a_levels_file_has_the_shared_defaults(tmp_path: Path) -> None:
    game = replace(plugin("bergruft"), id="no-such-game")
    assert game.level_settings == {}
    assert game.budget("hard") == BUDGETS["hard"] and game.iterations("hard") is None


def test_a_levels_file_elsewhere_is_read_from_its_package() -> None:
    game = replace(plugin("bergruft"), id="copy", levels_file="game.levels:bergruft/bots.toml")
    assert game.level_settings == plugin("bergruft").level_settings


def test_the_screens_bots_stop_at_whichever_comes_first() -> None:
    runners = seat_runners("nanuuk", ["human", "hard", "easy"], plugin("nanuuk").budget, "full")
    try:
        hard = runners[1].factory
        assert hard.args[2:] == (plugin("nanuuk").iterations("hard", "full"), True)  # type: ignore[attr-defined]
        assert runners[1].budget_s == plugin("nanuuk").budget("hard")
        bot = hard()
        assert bot.effort.iterations == plugin("nanuuk").iterations("hard", "full")  # type: ignore[attr-defined]
        assert bot.effort.timed and bot.effort.clocked  # type: ignore[attr-defined]
    finally:
        for runner in runners.values():
            runner.shutdown()
        next(iter(runners.values())).worker.close()


# -- a broken file --------------------------------------------------------------------------------
def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "bots.toml"
    path.write_text(text, encoding="utf-8")
    return path


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("[hard\nbudget_s = 2", "not valid TOML"),
        ("[expert]\nbudget_s = 2.0", "[expert] is not a level of this game"),
        ("hard = 3", "hard must be a table"),
        ("[hard]\nbudget = 2.0", "[hard] has an unknown key 'budget'"),
        ("[hard]\nbudget_s = 0", "[hard] budget_s must be a positive number of seconds, not 0"),
        ("[hard]\nbudget_s = 'two'", "budget_s must be a positive number of seconds, not 'two'"),
        ("[hard]\niterations = 0", "[hard] iterations must be a whole number of at least 1"),
        ("[hard]\niterations = 2.5", "iterations must be a whole number of at least 1, not 2.5"),
        ("[hard]\nvariants = 3", "[hard] variants must be a table"),
        ("[hard]\nvariants = { full = -1 }", "[hard] variants.full must be a whole number"),
    ],
)
def test_a_broken_levels_file_is_told_by_file_level_and_key(
    tmp_path: Path, text: str, message: str
) -> None:
    path = write(tmp_path, text)
    with pytest.raises(LevelError) as caught:
        bot_settings.read(path, LEVELS)
    assert str(path) in str(caught.value) and message in str(caught.value)


def test_a_good_file_reads_into_settings(tmp_path: Path) -> None:
    path = write(
        tmp_path,
        "[easy]\nbudget_s = 0.1\n[hard]\nbudget_s = 2\niterations = 300\n"
        "variants = { full = 200 }\n",
    )
    settings = bot_settings.read(path, LEVELS)
    assert settings == {
        "easy": LevelSetting(0.1, None),
        "hard": LevelSetting(2.0, 300, {"full": 200}),
    }
    assert settings["hard"].work("full") == 200 and settings["hard"].work("intro") == 300
    assert bot_settings.read(tmp_path / "missing.toml", LEVELS) == {}


def test_the_plugin_tells_a_broken_shipped_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "broken").mkdir()
    write(tmp_path / "broken", "[hard]\niterations = -4\n")
    monkeypatch.setattr("game.play.plugin.level_folder", lambda *parts: tmp_path.joinpath(*parts))
    game = replace(plugin("bergruft"), id="broken")
    with pytest.raises(LevelError, match=r"broken.bots\.toml: \[hard\] iterations must be"):
        game.budget("hard")
