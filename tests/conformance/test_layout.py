"""The import rules between the parts (ARCHITECTURE.md, *Import rules*): nothing outside a
game's folder imports it but the registry, and the engine and the widget kit know no game, no
menu and no kiosk. Read from the source (every import statement, the type-only ones too) and,
for the engine and the kit, checked again in a fresh interpreter.
"""

from __future__ import annotations

import ast
import json
import subprocess
import sys
from pathlib import Path

import pytest

import game

ROOT = Path(game.__file__).parent
REGISTRY = ROOT / "play" / "registry.py"
# what the engine and the kit may not reach: the games, what lists them, the menus, the kiosk
# (``engine/services.py`` names the App it stands in front of, for its types only)
NOT_IN_ENGINE = ("game.games", "game.play", "game.menus", "game.kiosk", "game.scene_table",
                 "game.tools")  # fmt: skip


def imports(path: Path) -> set[str]:
    """Every module an ``import`` or ``from ... import`` in ``path`` names (``a.b`` and, for
    ``from a import b``, ``a.b`` too: ``b`` may be a module)."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.add(node.module)
            found.update(f"{node.module}.{alias.name}" for alias in node.names)
    return found


def within(module: str, packages: tuple[str, ...]) -> bool:
    return any(module == p or module.startswith(p + ".") for p in packages)


def sources(*parts: str) -> list[Path]:
    return sorted(p for part in parts for p in (ROOT / part).rglob("*.py"))


def test_no_file_outside_a_games_folder_imports_it_but_the_registry() -> None:
    outside = [p for p in ROOT.rglob("*.py") if "games" not in p.relative_to(ROOT).parts[:1]]
    assert len(outside) > 50
    wrong = {
        str(p.relative_to(ROOT.parent)): sorted(m for m in imports(p) if within(m, ("game.games",)))
        for p in outside
        if p != REGISTRY
    }
    assert not {file: found for file, found in wrong.items() if found}


def test_a_game_imports_no_other_game() -> None:
    games = sorted(p.name for p in (ROOT / "games").iterdir() if (p / "__init__.py").is_file())
    for own in games:
        others = tuple(f"game.games.{g}" for g in games if g != own)
        for path in sources(f"games/{own}"):
            found = sorted(m for m in imports(path) if within(m, others))
            assert not found, f"{path.relative_to(ROOT.parent)} imports {found}"


@pytest.mark.parametrize("part", ["engine", "ui"])
def test_the_engine_and_the_kit_name_no_game_menu_or_kiosk(part: str) -> None:
    files = sources(part)
    assert files
    for path in files:
        found = sorted(m for m in imports(path) if within(m, NOT_IN_ENGINE))
        assert not found, f"{path.relative_to(ROOT.parent)} imports {found}"


def test_the_engine_and_the_kit_load_no_game_menu_or_kiosk() -> None:
    modules = [
        ".".join(p.relative_to(ROOT.parent).with_suffix("").parts).removesuffix(".__init__")
        for p in sources("engine", "ui")
    ]
    probe = "import json, sys\nfor m in sys.argv[1:]: __import__(m)\n"
    probe += "print(json.dumps(list(sys.modules)))"
    out = subprocess.run([sys.executable, "-c", probe, *modules], capture_output=True, text=True,
                         check=True, cwd=ROOT.parent)  # fmt: skip
    loaded = json.loads(out.stdout)
    assert set(modules) <= set(loaded)
    assert not [m for m in loaded if within(m, NOT_IN_ENGINE)]
