"""The mountain: 17 steps of rocks and stones, read from ``levels/bergruft/mountain.toml`` (B1)."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any, Final, TypeAlias

from game.protocol.base import LevelError, read_level
from game.resources import level

Step: TypeAlias = int

HEIDI_START: Final = 0  # B1: the meadow before the brook
PETER_START: Final = 1  # B1: the first step, behind the brook
SUMMIT: Final = 17
STEPS: Final = 17
TWO_ROCK_STEP: Final = 14  # three steps below the summit: "the step with the two rocks"
STONES_PER_ROCK: Final = 5

MOUNTAIN_FILE: Final = level("bergruft", "mountain.toml")


@dataclass(frozen=True)
class MountainStep:
    step: Step
    rocks: int
    stones: int  # loose stones, 0..4

    @property
    def total(self) -> int:
        """The stones this step counts for in an avalanche (a rock is 5 stones)."""
        return self.rocks * STONES_PER_ROCK + self.stones


@dataclass(frozen=True)
class Mountain:
    steps: tuple[MountainStep, ...]  # steps 1..17 in order

    @property
    def stones(self) -> tuple[int, ...]:
        """Stones per position: index 0 is the meadow (no stones), 1..17 the steps."""
        return (0, *(s.total for s in self.steps))


def load_mountain(path: Path | str | None = None) -> Mountain:
    """Read and validate a mountain file (the shipped one by default); errors raise LevelError."""
    file = Path(path) if path is not None else MOUNTAIN_FILE
    return parse_mountain(read_level(file), str(file))


@cache
def default_mountain() -> Mountain:
    return load_mountain()


def parse_mountain(data: dict[str, Any], source: str) -> Mountain:
    raw = data.get("steps")
    if not isinstance(raw, list):
        raise LevelError(f"{source}: expected a [[steps]] array of {STEPS} tables")
    if len(raw) != STEPS:
        raise LevelError(f"{source}: expected {STEPS} steps, found {len(raw)}")
    steps = tuple(_parse_step(entry, number, source) for number, entry in enumerate(raw, 1))
    _check_shape(steps, source)
    return Mountain(steps)


def _parse_step(entry: object, number: int, source: str) -> MountainStep:
    where = f"{source}: step {number}"
    if not isinstance(entry, dict):
        raise LevelError(f"{where}: expected a table with rocks and stones")
    unknown = set(entry) - {"step", "rocks", "stones"}
    if unknown:
        raise LevelError(f"{where}: unknown keys {', '.join(sorted(unknown))}")
    if entry.get("step", number) != number:
        raise LevelError(f"{where}: says step = {entry['step']!r}, expected {number}")
    rocks = _count(entry, "rocks", where)
    stones = _count(entry, "stones", where)
    if stones >= STONES_PER_ROCK:
        raise LevelError(f"{where}: {stones} loose stones; five or more must be written as rocks")
    return MountainStep(number, rocks, stones)


def _count(entry: dict[str, Any], key: str, where: str) -> int:
    if key not in entry:
        raise LevelError(f"{where}: missing {key!r}")
    value = entry[key]
    if isinstance(value, bool) or not isinstance(value, int):
        raise LevelError(f"{where}: {key} must be an integer, not {value!r}")
    if value < 0:
        raise LevelError(f"{where}: {key} must not be negative ({value})")
    return value


def _check_shape(steps: tuple[MountainStep, ...], source: str) -> None:
    """B1: stones decrease up the mountain; only step 14 is two bare rocks; summit not empty."""
    for lower, upper in zip(steps, steps[1:], strict=False):
        if upper.total >= lower.total:
            raise LevelError(
                f"{source}: step {upper.step}: {upper.total} stones, but stones must decrease up "
                f"the mountain (step {lower.step} has {lower.total})"
            )
    for s in steps:
        two_rocks = s.rocks == 2 and s.stones == 0
        if s.step == TWO_ROCK_STEP and not two_rocks:
            raise LevelError(
                f"{source}: step {s.step}: must hold exactly two rocks and no loose stones "
                f"(has {s.rocks} rocks, {s.stones} stones)"
            )
        if s.step != TWO_ROCK_STEP and two_rocks:
            raise LevelError(
                f"{source}: step {s.step}: only step {TWO_ROCK_STEP} may hold exactly two rocks "
                "and no loose stones"
            )
    if steps[-1].total < 1:
        raise LevelError(f"{source}: step {SUMMIT}: the summit must hold at least one stone")
