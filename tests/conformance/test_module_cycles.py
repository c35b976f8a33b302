"""No module imports itself back (issue 28, items 5 and 6): the contract "acyclic" of
``pyproject.toml`` looks at parts (packages squashed); this looks at every module of ``game/``,
with every import counted, the ones in functions and under ``if TYPE_CHECKING:`` too.

Inside a game's rules and bots there is no cycle at all: a module the others read (the state's
fields and copies, ``rules/position.py`` in Nanuuk! and Kap Hoorn) sits below the module that
builds on it. Elsewhere the cycles left are listed in :data:`KNOWN`, to be untied; a new one
fails, and so does one of them once untied (take it off the list).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from functools import cache

import grimp

# The module cycles outside the games' rules and bots that remain (each a strongly connected
# set of modules): the engine's services name the policy and the scene manager, which name the
# services for their types (a scene is built with them).
KNOWN = {
    frozenset({"game.engine.policy", "game.engine.scenes", "game.engine.services"}),
}


@cache
def _imports() -> dict[str, frozenset[str]]:
    graph = grimp.build_graph(  # no cache: nothing written into the clone
        "game", include_external_packages=False, exclude_type_checking_imports=False,
        cache_dir=None,
    )
    return {m: frozenset(graph.find_modules_directly_imported_by(m)) for m in graph.modules}


def cycles(imports: Mapping[str, Iterable[str]]) -> list[frozenset[str]]:
    """The sets of two or more modules that reach each other (Tarjan's strongly connected
    components, without recursion), and every module that imports itself."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[frozenset[str]] = []
    for root in sorted(imports):
        if root in index:
            continue
        work = [(root, iter(sorted(imports.get(root, ()))))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, todo = work[-1]
            step = next(todo, None)
            if step is not None:
                if step not in index:
                    index[step] = low[step] = len(index)
                    stack.append(step)
                    on_stack.add(step)
                    work.append((step, iter(sorted(imports.get(step, ())))))
                elif step in on_stack:
                    low[node] = min(low[node], index[step])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                part = set()
                while True:
                    top = stack.pop()
                    on_stack.discard(top)
                    part.add(top)
                    if top == node:
                        break
                if len(part) > 1 or node in imports.get(node, ()):
                    found.append(frozenset(part))
    return found


def _in_rules_or_bots(module: str) -> bool:
    parts = module.split(".")  # game.games.<game>.rules(.x) / .bots(.x)
    return len(parts) >= 4 and parts[:2] == ["game", "games"] and parts[3] in ("rules", "bots")


def test_the_cycle_finder_finds_a_cycle_behind_a_type_only_import() -> None:
    imports = {"a.state": {"a.turn"}, "a.turn": {"a.moves", "a.state"}, "a.moves": {"a.board"}}
    assert cycles(imports) == [frozenset({"a.state", "a.turn"})]
    assert cycles({"a": {"a"}}) == [frozenset({"a"})]
    assert cycles({"a": {"b"}, "b": {"c"}}) == []


def test_no_module_of_a_games_rules_or_bots_imports_itself_back() -> None:
    inside = [sorted(c) for c in cycles(_imports()) if any(map(_in_rules_or_bots, c))]
    assert not inside, f"module import cycles in a game's rules or bots: {inside}"
    # the games' rules and bots were all looked at (a game added to the folder is too)
    assert any(m.endswith(".nanuuk.rules.state") for m in _imports())


def test_no_module_cycle_in_game_but_the_known_ones() -> None:
    found = set(cycles(_imports()))
    assert found - KNOWN == set(), f"new module import cycles: {sorted(map(sorted, found - KNOWN))}"
    assert KNOWN - found == set(), f"untied (take off KNOWN): {sorted(map(sorted, KNOWN - found))}"
