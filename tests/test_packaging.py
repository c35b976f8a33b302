"""What an installed game is made of: pyproject.toml names every package and every data file,
and the game finds its files only through the package (game/resources.py).

The CI (.ci/run) then proves it for real: a built wheel, installed without the source tree,
plays each game from a temporary folder.
"""

from __future__ import annotations

import fnmatch
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SETUPTOOLS = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"][
    "setuptools"
]


def test_every_package_under_game_is_installed() -> None:
    found = {
        ".".join(p.parent.relative_to(ROOT).parts) for p in (ROOT / "game").rglob("__init__.py")
    }
    data = set(SETUPTOOLS["package-dir"])
    assert data == {"game.assets", "game.levels"}
    assert set(SETUPTOOLS["packages"]) == found | data


def test_every_data_file_is_package_data() -> None:
    for package, folder in SETUPTOOLS["package-dir"].items():
        patterns = SETUPTOOLS["package-data"][package]
        files = [
            p.relative_to(ROOT / folder).as_posix()
            for p in (ROOT / folder).rglob("*")
            if p.is_file() and p.name != "__init__.py" and "__pycache__" not in p.parts
        ]
        assert files, folder
        missed = [f for f in files if not any(_matches(f, pattern) for pattern in patterns)]
        assert not missed, f"{folder}/: not in package-data of {package}: {missed}"


def _matches(path: str, pattern: str) -> bool:
    """setuptools' glob: ``**/`` is any number of folders, also none."""
    if pattern.startswith("**/"):
        return fnmatch.fnmatch(path, pattern) or fnmatch.fnmatch(path, pattern[3:])
    return fnmatch.fnmatch(path, pattern)


def test_the_game_finds_no_file_through_its_source_folder() -> None:
    offenders = [
        str(p.relative_to(ROOT))
        for p in (ROOT / "game").rglob("*.py")
        if "__file__" in p.read_text(encoding="utf-8")
    ]
    assert not offenders, f"read files through game.resources instead: {offenders}"
