"""The shipped settings of a game's bot levels: ``levels/<game>/bots.toml``.

One table per level (``[easy]``, ``[normal]``, ``[hard]``; ``[demo]`` for the kiosk's demo games
if it differs from the level they play at) with

- ``budget_s``: the seconds a player waits for the level's move (its time budget), and
- ``iterations``: the work that budget buys on a typical machine (``python -m
  game.tools.bench_ai`` measures it), the level's work budget. On the screen a bot stops at
  whichever comes first, so a fast machine does not make a level stronger than it ships. A
  level whose bot does not search (it counts no work and reads no clock) leaves it out;
- ``variants`` (optional): variant id -> iterations, for variants whose positions cost the
  search much more or less than the others (Nanuuk!'s full game against its introduction).

The file is read through importlib.resources (``game.resources.level``); a broken one raises
``LevelError`` naming the file, the level and the key.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import Any

from game.protocol.base import LevelError, read_level
from game.protocol.bots import DEMO, LEVELS

FILE_NAME = "bots.toml"
KEYS = ("budget_s", "iterations", "variants")


@dataclass(frozen=True)
class LevelSetting:
    """One level as it ships: its time budget (None: the shared default) and its work budget
    (None: the clock alone, for a level whose bot does not search)."""

    budget_s: float | None = None
    iterations: int | None = None
    variants: Mapping[str, int] = field(default_factory=dict)

    def work(self, variant: str | None = None) -> int | None:
        """The work budget in a game of ``variant`` (None: the level's own figure)."""
        if variant is not None and variant in self.variants:
            return self.variants[variant]
        return self.iterations


def parse(data: Mapping[str, Any], levels: Sequence[str], where: str) -> dict[str, LevelSetting]:
    """The settings in ``data`` (a read ``bots.toml``) for a game of bot ``levels``; a level
    neither the game nor the shared levels have, an unknown key or a value out of range raise
    ``LevelError``."""
    known = tuple(dict.fromkeys((*LEVELS, *levels, DEMO)))  # a misspelt level is an error
    found: dict[str, LevelSetting] = {}
    for level, table in data.items():
        if level not in known:
            raise LevelError(
                f"{where}: [{level}] is not a level of this game (its levels: {', '.join(known)})"
            )
        if not isinstance(table, Mapping):
            raise LevelError(f"{where}: {level} must be a table ([{level}]) of {', '.join(KEYS)}")
        unknown = [key for key in table if key not in KEYS]
        if unknown:
            raise LevelError(
                f"{where}: [{level}] has an unknown key {unknown[0]!r} (known: {', '.join(KEYS)})"
            )
        budget = table.get("budget_s")
        if budget is not None and (
            isinstance(budget, bool)
            or not isinstance(budget, int | float)
            or not 0 < budget < math.inf
        ):
            raise LevelError(
                f"{where}: [{level}] budget_s must be a positive number of seconds, not {budget!r}"
            )
        work = _iterations(table.get("iterations"), f"{where}: [{level}] iterations")
        variants = table.get("variants", {})
        if not isinstance(variants, Mapping):
            raise LevelError(f"{where}: [{level}] variants must be a table of variant = iterations")
        by_variant = {
            str(v): _iterations(n, f"{where}: [{level}] variants.{v}") for v, n in variants.items()
        }
        found[level] = LevelSetting(
            None if budget is None else float(budget),
            work,
            {v: n for v, n in by_variant.items() if n is not None},
        )
    return found


def _iterations(value: Any, where: str) -> int | None:
    if value is not None and (isinstance(value, bool) or not isinstance(value, int) or value < 1):
        raise LevelError(f"{where} must be a whole number of at least 1, not {value!r}")
    return value if value is None else int(value)


def read(file: Traversable | Path, levels: Sequence[str]) -> dict[str, LevelSetting]:
    """The settings of ``file``; none (the shared defaults) if the game ships no such file."""
    if not file.is_file():
        return {}
    return parse(read_level(file), levels, str(file))
