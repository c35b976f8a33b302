"""The modules of a game's rules package import each other in one direction (issue 28, item 6):
no cycle among them, and no import of the package hidden in a function or at the bottom of a
module to get round one. Imports for type checking only (``if TYPE_CHECKING:``) do not run and
are not counted.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from tests.games_support import folder_of, shipped

GAME_IDS = shipped()


def own_imports(path: Path, package: str) -> tuple[set[str], list[int]]:
    """The modules of ``package`` that ``path`` imports when it runs, and the lines of those
    imports that are not at the top of the module (in a function, or after its code)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    typing_only = {
        id(node)
        for block in ast.walk(tree)
        if isinstance(block, ast.If) and getattr(block.test, "id", "") == "TYPE_CHECKING"
        for node in ast.walk(block)
    }
    top = set()
    for node in tree.body:
        if not isinstance(node, ast.Import | ast.ImportFrom | ast.If | ast.Expr):
            break  # the imports at the top end with the first definition or assignment
        top.add(id(node))
    modules, hidden = set(), []
    for node in ast.walk(tree):
        if not isinstance(node, ast.ImportFrom) or id(node) in typing_only:
            continue
        if not (node.module or "").startswith(package):
            continue
        if node.module == package:
            modules |= {f"{package}.{alias.name}" for alias in node.names}
        else:
            modules.add(str(node.module))
        if id(node) not in top:
            hidden.append(node.lineno)
    return modules, sorted(hidden)


def import_graph(folder: Path, package: str) -> tuple[dict[str, set[str]], list[str]]:
    graph, hidden = {}, []
    for path in sorted(folder.glob("*.py")):
        name = package if path.stem == "__init__" else f"{package}.{path.stem}"
        modules, lines = own_imports(path, package)
        graph[name] = modules - {name, package}  # the package's __init__ only re-exports
        hidden += [f"{path.name}:{line}" for line in lines]
    return graph, hidden


def cycle(graph: dict[str, set[str]]) -> list[str]:
    """One cycle of ``graph`` as the modules along it, or [] if there is none."""
    done: set[str] = set()

    def visit(node: str, path: list[str]) -> list[str]:
        if node in path:
            return path[path.index(node) :] + [node]
        if node in done:
            return []
        for nxt in sorted(graph.get(node, ())):
            found = visit(nxt, [*path, node])
            if found:
                return found
        done.add(node)
        return []

    for start in sorted(graph):
        found = visit(start, [])
        if found:
            return found
    return []


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_the_rules_modules_import_each_other_in_one_direction(game_id: str) -> None:
    folder = folder_of(game_id) / "rules"  # the package's folder: a Python name, not the id
    assert folder.is_dir(), f"{game_id}: no rules package at {folder}"
    graph, hidden = import_graph(folder, f"game.games.{folder.parent.name}.rules")
    assert graph and cycle(graph) == []
    assert hidden == []


def test_a_cycle_is_found() -> None:
    assert cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert cycle({"a": {"b"}, "b": {"c"}, "c": set()}) == []


def test_an_import_in_a_function_or_after_the_code_is_found(tmp_path: Path) -> None:
    source = (
        "from typing import TYPE_CHECKING\n"
        "from pkg import a\n"
        "if TYPE_CHECKING:\n"
        "    from pkg.b import B\n"
        "X = 1\n"
        "def f():\n"
        "    from pkg.c import C\n"
        "from pkg import d\n"
    )
    (tmp_path / "m.py").write_text(source)
    assert own_imports(tmp_path / "m.py", "pkg") == ({"pkg.a", "pkg.c", "pkg.d"}, [7, 8])
