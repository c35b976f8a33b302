"""game.rules is pure Python: no pygame, nothing from game outside game.rules (ARCHITECTURE.md)
but the shipped level files, through game.resources (standard library only).

Checked in a fresh interpreter so nothing the test session imported can hide a leak.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import game.rules

RULES_DIR = Path(game.rules.__file__).parent
GAME_PACKAGES = sorted(p.name for p in RULES_DIR.iterdir() if (p / "__init__.py").is_file())
# what the rules may import from game outside game.rules: the reader of the package data, and
# the package data of the levels itself
LEVEL_FILES = {"game.resources", "game.levels"}

PROBE = """
import json, sys
for name in sys.argv[1:]:
    __import__(name)
print(json.dumps(sorted(sys.modules)))
"""


def test_there_is_at_least_one_game_package() -> None:
    assert "bergruft" in GAME_PACKAGES


def test_rules_import_no_pygame_and_nothing_from_game_outside_rules() -> None:
    targets = ["game.rules", "game.rules.base", *(f"game.rules.{p}" for p in GAME_PACKAGES)]
    out = subprocess.run(
        [sys.executable, "-c", PROBE, *targets],
        capture_output=True,
        text=True,
        check=True,
        cwd=RULES_DIR.parents[1],
    )
    modules = json.loads(out.stdout)
    assert not [m for m in modules if m.startswith("pygame")]
    leaks = [
        m
        for m in modules
        if m.startswith("game.") and not m.startswith("game.rules") and m not in LEVEL_FILES
    ]
    assert not leaks, f"game.rules imports {leaks}"
    assert all(t in modules for t in targets)
