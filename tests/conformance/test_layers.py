"""The layers (ARCHITECTURE.md, *Import rules*; docs/LAYERS.md) are the import-linter contracts in
``pyproject.toml``: this runs ``lint-imports`` on each, so the README's test command checks them
as CI's ``lint-imports`` step does. Every import statement counts, the ones in functions and
under ``if TYPE_CHECKING:`` too.

import-linter reads the source; what it cannot see, an import by name at run time, is checked
for the engine and the kit in a fresh interpreter below (the pure packages and the plugins:
tests/conformance/test_purity.py).
"""

from __future__ import annotations

import json
import subprocess
import sys
import tomllib
from pathlib import Path
from typing import Any

import grimp
import pytest

import game

ROOT = Path(game.__file__).parents[1]  # the repository: pyproject.toml
CONFIG = ROOT / "pyproject.toml"
OPTIONS: dict[str, Any] = tomllib.loads(CONFIG.read_text(encoding="utf-8"))["tool"]["importlinter"]
CONTRACTS: list[dict[str, Any]] = OPTIONS["contracts"]
# the `lint-imports` command, run by the interpreter of the tests (its script may not be on PATH)
LINT = "import sys; from importlinter.cli import lint_imports_command as c; sys.exit(c())"


def lint(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", LINT, "--no-cache", "--no-logo", *args],
        capture_output=True,
        text=True,
        cwd=ROOT,
    )


def test_the_contracts_cover_the_import_rules() -> None:
    ids = {c["id"] for c in CONTRACTS}
    assert {
        "stack",
        "above-the-games",
        "games-package-empty",
        "games-independent",
        "a-game",
        "pure",
        "protocol-knows-no-game",
        "plugins-light",
        "engine-and-kit",
        "persist-knows-no-game",
        "phones",
        "acyclic",
    } <= ids
    # a cycle or a layer broken by a type-only import counts as any other
    assert OPTIONS.get("exclude_type_checking_imports", False) is False


@pytest.mark.parametrize("contract", [c["id"] for c in CONTRACTS])
def test_the_contract_is_kept(contract: str) -> None:
    run = lint("--contract", contract)
    assert run.returncode == 0, run.stdout + run.stderr


# ---- the contracts have teeth: one forbidden import added to the real graph breaks each -------
class _Injecting:
    """import-linter's graph builder, with one more import in the graph it builds."""

    def __init__(self, importer: str, imported: str) -> None:
        self.importer, self.imported = importer, imported

    def build(self, root_package_names: list[str], cache_dir: str | None, **options: Any) -> Any:
        graph = grimp.build_graph(*root_package_names, **options, cache_dir=None)
        if self.imported not in graph.modules:  # an external package (pygame)
            graph.add_module(self.imported, is_squashed=True)
        graph.add_import(importer=self.importer, imported=self.imported, line_number=1,
                         line_contents=f"import {self.imported}")  # fmt: skip
        return graph


def _check(contract: str, builder: Any = None) -> Any:
    from importlinter.application import use_cases
    from importlinter.application.app_config import settings
    from importlinter.configuration import configure

    configure()
    use_cases._register_built_in_contract_types()  # what lint_imports does first
    saved = settings.copy()
    try:
        if builder is not None:
            settings.configure(GRAPH_BUILDER=builder)
        options = use_cases.read_user_options(str(CONFIG))
        report = use_cases.create_report(options, limit_to_contracts=(contract,), cache_dir=None)
    finally:
        settings.configure(**saved._config)
    [(_, check)] = list(report.get_contracts_and_checks())
    return check


@pytest.mark.parametrize(
    ("contract", "importer", "imported"),
    [
        ("stack", "game.engine.clock", "game.menus.title"),
        ("stack", "game.persist.paths", "game.ui.theme"),
        ("stack", "game.menus.title", "game.kiosk.controller"),  # siblings in one layer
        ("stack", "game.lobby", "game.resources"),  # a new part of game/ without a layer
        ("stack", "game.phones.server", "game.menus.title"),  # siblings in one layer
        ("stack", "game.play.table", "game.phones.server"),
        ("above-the-games", "game.tools.tournament", "game.games.nanuuk.rules"),
        ("games-package-empty", "game.games", "game.play.plugin"),
        ("games-package-empty", "game.games", "game.games.nanuuk"),  # a list of the games
        ("games-independent", "game.games.nanuuk.view.floe", "game.games.kaphoorn.rules"),
        ("a-game", "game.games.bergruft.rules.state", "game.games.bergruft.view.screen"),
        ("pure", "game.games.kaphoorn.bots.simple", "pygame"),
        ("pure", "game.protocol.base", "game.persist.log"),
        ("protocol-knows-no-game", "game.protocol.base", "game.games.nanuuk.rules"),
        ("plugins-light", "game.games.nanuuk", "pygame"),
        ("plugins-light", "game.games.kaphoorn", "game.engine.clock"),
        ("plugins-light", "game.games.bergruft", "game.games.bergruft.rules.state"),
        ("engine-and-kit", "game.ui.kit", "game.kiosk.controller"),
        ("persist-knows-no-game", "game.persist.paths", "game.games.bergruft.rules"),
        ("phones", "game.phones.site", "pygame"),
        ("phones", "game.phones.sockets", "game.games.kaphoorn.rules.state"),
        ("phones", "game.phones.server", "game.engine.clock"),
        ("acyclic", "game.resources", "game.ui.theme"),  # closes ui -> resources -> ui
        ("acyclic", "game.games.nanuuk.rules.board", "game.games.nanuuk.bots.simple"),
    ],
)
def test_a_forbidden_import_breaks_the_contract(contract: str, importer: str, imported: str):
    real = _check(contract)
    injected = _check(contract, _Injecting(importer, imported))
    assert not injected.kept
    # where the real code still breaks the contract, the added import is one more violation
    assert real.kept or injected.metadata != real.metadata


@pytest.mark.parametrize(
    ("contract", "importer", "imported"),
    [
        ("stack", "game.kiosk.admin", "game.persist.paths"),
        ("phones", "game.phones.site", "game.i18n"),
        ("acyclic", "game.protocol.base", "game.resources"),
        ("pure", "game.games.bergruft.bots.simple", "game.protocol.streams"),
    ],
)
def test_an_allowed_import_changes_no_verdict(contract: str, importer: str, imported: str) -> None:
    """The test above is no artefact of adding imports: a downward one changes nothing."""
    real = _check(contract)
    injected = _check(contract, _Injecting(importer, imported))
    assert (injected.kept, injected.metadata) == (real.kept, real.metadata)


# ---- what import-linter cannot see: imports by name at run time --------------------------------
NOT_IN_ENGINE = ("game.games", "game.play", "game.menus", "game.kiosk",
                 "game.tools", "game.app", "game.cli")  # fmt: skip


def test_the_engine_and_the_kit_load_no_game_menu_kiosk_or_app() -> None:
    """The contract "engine-and-kit" at run time: importing every module of the engine and the
    kit in a fresh interpreter loads none of those parts (``importlib`` included)."""
    base = ROOT / "game"
    modules = [
        ".".join(p.relative_to(ROOT).with_suffix("").parts).removesuffix(".__init__")
        for part in ("engine", "ui")
        for p in sorted((base / part).rglob("*.py"))
    ]
    probe = "import json, sys\nfor m in sys.argv[1:]: __import__(m)\n"
    probe += "print(json.dumps(list(sys.modules)))"
    out = subprocess.run([sys.executable, "-c", probe, *modules], capture_output=True, text=True,
                         check=True, cwd=ROOT)  # fmt: skip
    loaded = json.loads(out.stdout)
    assert set(modules) <= set(loaded)
    assert not [m for m in loaded if any(m == p or m.startswith(p + ".") for p in NOT_IN_ENGINE)]
