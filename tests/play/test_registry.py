"""The registry finds the games: every package under game.games with a PLUGIN, in the plugins'
order, and refuses an id that would break the names made from it."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

import game.games
from game.play import registry
from tests.testgames.fixture import more_games


def test_the_shipped_games_are_found_in_their_order():
    ids = registry.ids()
    assert ids[:3] == ("nanuuk", "kaphoorn", "bergruft")  # the three first shipped, in order
    assert [g.order for g in registry.games()] == sorted(g.order for g in registry.games())
    folders = Path(game.games.__file__).parent
    found = [p for p in folders.iterdir() if (p / "__init__.py").is_file()]
    assert len(ids) == len(found)  # every folder under game/games is a game


def test_a_folder_that_joins_the_games_is_found_and_leaves_again():
    shipped = registry.ids()
    with more_games(2) as ids:
        assert set(ids) == {*shipped, "pebbles", "pebble-duel"}
        assert [g for g in ids if g.startswith("pebble")] == ["pebbles", "pebble-duel"]  # order
        assert registry.plugin("pebble-duel").title == "Pebble Duel"
    assert registry.ids() == shipped
    with pytest.raises(ValueError, match="unknown game 'pebbles'"):
        registry.plugin("pebbles")


@pytest.mark.parametrize("bad", ["pebble_duel", "Pebbles", "pebble.duel", ""])
def test_an_id_other_than_a_z_0_9_and_dash_is_refused(tmp_path, bad):
    folder = tmp_path / "odd"
    folder.mkdir()
    (folder / "__init__.py").write_text(
        "from tests.testgames.fourth.pebbles import PLUGIN as P\n"
        "from dataclasses import replace\n"
        f"PLUGIN = replace(P, id={bad!r})\n"
    )
    before = list(game.games.__path__)
    game.games.__path__[:] = [*before, str(tmp_path)]
    registry.refresh()
    try:
        with pytest.raises(ValueError, match="only a-z, 0-9 and '-'"):
            registry.games()
    finally:
        game.games.__path__[:] = before
        registry.refresh()
        sys.modules.pop("game.games.odd", None)
