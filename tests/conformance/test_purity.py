"""The pure packages stay pure (ARCHITECTURE.md, *Import rules*): ``game.protocol``, every
game's ``rules`` and every game's ``bots`` import no pygame, no pygame_gui, and nothing of
``game`` beyond the protocol, their own game's rules (and, for bots, its bots) and the shipped
level files through ``game.resources``. Importing a game's rules also imports its light
``__init__`` (the plugin: plain data, see ``game.play.plugin``).

Checked in a fresh interpreter per package, so nothing the test session imported can hide a
leak.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

import game.games

GAMES_DIR = Path(game.games.__file__).parent
GAMES = sorted(p.name for p in GAMES_DIR.iterdir() if (p / "__init__.py").is_file())
# what a pure package may import from game beyond the protocol and its own game: the reader of
# the package data and the level files, and the chain of light packages above a game's rules
ALWAYS = {"game", "game.resources", "game.levels", "game.games", "game.play", "game.play.plugin"}

PROBE = """
import json, sys
for name in sys.argv[1:]:
    __import__(name)
print(json.dumps(sorted(sys.modules)))
"""


def imported_by(*targets: str) -> list[str]:
    out = subprocess.run(
        [sys.executable, "-c", PROBE, *targets],
        capture_output=True,
        text=True,
        check=True,
        cwd=GAMES_DIR.parents[1],
    )
    modules: list[str] = json.loads(out.stdout)
    assert all(t in modules for t in targets)
    return modules


def leaks(modules: list[str], allowed: tuple[str, ...], own: str = "") -> list[str]:
    """The modules of ``game`` imported beyond ``allowed`` (packages), the light chain and the
    game's own package ``own`` (its plugin)."""

    def ok(m: str) -> bool:
        if m in ALWAYS or m == own:
            return True
        return any(m == a or m.startswith(a + ".") for a in allowed)

    return [m for m in modules if (m == "game" or m.startswith("game.")) and not ok(m)]


def no_drawing(modules: list[str]) -> list[str]:
    return [m for m in modules if m.split(".")[0] in ("pygame", "pygame_gui")]


def test_every_game_has_rules_and_bots() -> None:
    from game.play.registry import games

    assert sorted(g.rules_path.split(".")[2] for g in games()) == GAMES  # every folder is found
    for g in GAMES:
        assert (GAMES_DIR / g / "rules" / "__init__.py").is_file()
        assert (GAMES_DIR / g / "bots" / "__init__.py").is_file()


def test_the_protocol_imports_no_pygame_and_no_game() -> None:
    protocol = sorted(
        f"game.protocol.{p.stem}" for p in (GAMES_DIR.parent / "protocol").glob("[!_]*.py")
    )
    modules = imported_by("game.protocol", *protocol)
    assert not no_drawing(modules)
    assert not leaks(modules, ("game.protocol",)), "game.protocol imports more than itself"


@pytest.mark.parametrize("game_id", GAMES)
def test_a_games_rules_import_only_the_protocol_and_themselves(game_id: str) -> None:
    modules = imported_by(f"game.games.{game_id}.rules")
    assert not no_drawing(modules)
    own = f"game.games.{game_id}"
    found = leaks(modules, ("game.protocol", f"{own}.rules"), own)
    assert not found, f"{own}.rules imports {found}"


@pytest.mark.parametrize("game_id", GAMES)
def test_a_games_bots_import_only_the_protocol_its_rules_and_themselves(game_id: str) -> None:
    own = f"game.games.{game_id}"
    bots = sorted(f"{own}.bots.{p.stem}" for p in (GAMES_DIR / game_id / "bots").glob("[!_]*.py"))
    assert bots, f"{own} has no bots"
    modules = imported_by(*bots)
    assert not no_drawing(modules)
    found = leaks(modules, ("game.protocol", f"{own}.rules", f"{own}.bots"), own)
    assert not found, f"{own}.bots imports {found}"


def test_a_games_plugin_is_light() -> None:
    """The bot worker imports the plugins: no pygame, no rules, no level files."""
    modules = imported_by(*(f"game.games.{g}" for g in GAMES), "game.play.registry")
    assert not no_drawing(modules)
    assert not [m for m in modules if ".rules" in m and m.startswith("game.games.")]
