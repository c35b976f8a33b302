"""What an installed game is made of: setuptools finds every package under game/ (a new game's
folder too) and ships every data file of assets/ and levels/, and the game finds its files only
through the package (game/resources.py).

The check asks setuptools itself what ``build_py`` (the step that fills a wheel) would copy.
The CI (.ci/run) then proves it for real: a built wheel, installed without the source tree,
plays each game from a temporary folder.
"""

from __future__ import annotations

import os
import warnings
from pathlib import Path

import pytest
import setuptools  # noqa: F401  (it provides distutils on every Python)

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def shipped() -> set[str]:
    """The repository's files that build_py puts into the wheel (paths relative to ROOT)."""
    from distutils.core import run_setup

    here = os.getcwd()
    os.chdir(ROOT)
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # pyproject's [tool.setuptools] is "beta"
            dist = run_setup("setup.py", stop_after="config")
            build = dist.get_command_obj("build_py")
            build.ensure_finalized()
            modules = {path for _package, _module, path in build.find_all_modules()}
            data = {os.path.join(src, name) for _p, src, _b, names in build.data_files
                    for name in names}  # fmt: skip
    finally:
        os.chdir(here)
    return {Path(p).as_posix() for p in modules | data}


def _files(folder: str) -> set[str]:
    return {
        p.relative_to(ROOT).as_posix()
        for p in (ROOT / folder).rglob("*")
        if p.is_file() and "__pycache__" not in p.parts
    }


def test_every_module_under_game_is_installed(shipped: set[str]) -> None:
    missed = sorted(f for f in _files("game") if f.endswith(".py") and f not in shipped)
    assert not missed, f"not in the wheel: {missed}"


def test_every_data_file_is_installed(shipped: set[str]) -> None:
    for folder in ("assets", "levels"):
        files = _files(folder)
        assert files, folder
        missed = sorted(files - shipped)
        assert not missed, f"{folder}/: not in the wheel: {missed}"


def test_the_game_finds_no_file_through_its_source_folder() -> None:
    offenders = [
        str(p.relative_to(ROOT))
        for p in (ROOT / "game").rglob("*.py")
        if "__file__" in p.read_text(encoding="utf-8")
    ]
    assert not offenders, f"read files through game.resources instead: {offenders}"
