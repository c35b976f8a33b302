"""Small modules (issue 28, item 7): no class over 500 lines and no module over 800 in ``game/``.

Lines are counted as the source has them (a class from its ``class`` line, or its first
decorator, to its last line), comments and docstrings included: what a reader has to read.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

GAME = Path(__file__).resolve().parents[2] / "game"
MAX_CLASS = 500
MAX_MODULE = 800


def class_sizes(source: str) -> dict[str, int]:
    """The lines of every class in ``source``, nested ones as ``Outer.Inner``."""
    sizes: dict[str, int] = {}

    def visit(node: ast.AST, prefix: str) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.ClassDef):
                first = min([child.lineno, *(d.lineno for d in child.decorator_list)])
                name = prefix + child.name
                sizes[name] = (child.end_lineno or child.lineno) - first + 1
                visit(child, name + ".")
            else:
                visit(child, prefix)

    visit(ast.parse(source), "")
    return sizes


def oversized(root: Path) -> list[str]:
    """``path`` (lines) of each module and ``path:Class`` (lines) of each class over a limit."""
    found = []
    for path in sorted(root.rglob("*.py")):
        source = path.read_text(encoding="utf-8")
        name = path.relative_to(root).as_posix()
        lines = len(source.splitlines())
        if lines > MAX_MODULE:
            found.append(f"{name} ({lines})")
        for cls, size in class_sizes(source).items():
            if size > MAX_CLASS:
                found.append(f"{name}:{cls} ({size})")
    return found


def test_no_class_over_500_and_no_module_over_800_lines() -> None:
    assert oversized(GAME) == []


def test_a_class_is_counted_from_its_decorator_to_its_end() -> None:
    source = "@dataclass\nclass A:\n    x: int\n\n    class B:\n        y: int\n"
    assert class_sizes(source) == {"A": 6, "A.B": 2}


def test_a_class_or_module_one_line_too_long_is_found(tmp_path: Path) -> None:
    body = "\n".join(f"    x{i} = {i}" for i in range(MAX_CLASS - 1))
    (tmp_path / "fits.py").write_text(f"class Fits:\n{body}\n")
    (tmp_path / "big.py").write_text(f"class Big:\n{body}\n    one_more = 1\n")
    (tmp_path / "long.py").write_text("x = 1\n" * (MAX_MODULE + 1))
    assert oversized(tmp_path) == [f"big.py:Big ({MAX_CLASS + 1})", f"long.py ({MAX_MODULE + 1})"]


@pytest.mark.parametrize("limit", [MAX_MODULE])
def test_a_module_at_the_limit_passes(tmp_path: Path, limit: int) -> None:
    (tmp_path / "edge.py").write_text("x = 1\n" * limit)
    assert oversized(tmp_path) == []
