"""The mountain data (B1): validated on load, errors name the file, the step and the problem."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.games.bergruft.rules import SUMMIT, TWO_ROCK_STEP, load_mountain
from game.games.bergruft.rules.mountain import MOUNTAIN_FILE, STONES_PER_ROCK
from game.protocol.base import LevelError

GOOD = [
    (12, 3), (11, 1), (10, 0), (8, 4), (7, 4), (6, 4), (6, 0), (5, 1), (4, 3),
    (4, 0), (3, 2), (2, 4), (2, 2), (2, 0), (1, 3), (1, 0), (0, 3),
]  # fmt: skip


def write(tmp_path: Path, steps: list[tuple[int, int]], extra: str = "") -> Path:
    text = "".join(
        f"[[steps]]\nstep = {i}\nrocks = {r}\nstones = {s}\n{extra if i == 5 else ''}\n"
        for i, (r, s) in enumerate(steps, 1)
    )
    path = tmp_path / "mountain.toml"
    path.write_text(text, encoding="utf-8")
    return path


def test_shipped_mountain_has_seventeen_steps_decreasing_up_the_mountain() -> None:
    mountain = load_mountain()
    totals = [s.total for s in mountain.steps]
    assert len(totals) == SUMMIT == 17
    assert all(upper < lower for lower, upper in zip(totals, totals[1:], strict=False))
    assert mountain.stones[0] == 0  # the meadow: Heidi's start holds no stones


def test_shipped_mountain_step_fourteen_is_the_only_two_rock_step() -> None:
    steps = load_mountain().steps
    two_rocks = [s.step for s in steps if s.rocks == 2 and s.stones == 0]
    assert two_rocks == [TWO_ROCK_STEP]
    assert steps[TWO_ROCK_STEP - 1].total == 2 * STONES_PER_ROCK


def test_shipped_mountain_summit_holds_at_least_one_stone() -> None:
    assert load_mountain().stones[SUMMIT] >= 1


def test_shipped_mountain_file_says_it_is_our_design() -> None:
    assert "DESIGN" in MOUNTAIN_FILE.read_text(encoding="utf-8")


def test_loader_accepts_an_explicit_path(tmp_path: Path) -> None:
    assert load_mountain(write(tmp_path, GOOD)) == load_mountain()


@pytest.mark.parametrize(
    ("steps", "extra", "problem"),
    [
        (GOOD[:-1], "", "expected 17 steps, found 16"),
        ([*GOOD[:4], (-1, 0), *GOOD[5:]], "", "step 5: rocks must not be negative"),
        ([*GOOD[:4], (7, 5), *GOOD[5:]], "", "step 5: 5 loose stones"),
        ([*GOOD[:6], (8, 0), *GOOD[7:]], "", "step 7: 40 stones, but stones must decrease"),
        ([*GOOD[:13], (1, 4), *GOOD[14:]], "", "step 14: must hold exactly two rocks"),
        ([*GOOD[:12], (2, 4), *GOOD[13:]], "", "step 13: 14 stones, but"),
        ([*GOOD[:-1], (0, 0)], "", "step 17: the summit must hold at least one stone"),
        (GOOD, "colour = 'red'\n", "step 5: unknown keys colour"),
    ],
)
def test_bad_mountain_raises_level_error_naming_file_step_and_problem(
    tmp_path: Path, steps: list[tuple[int, int]], extra: str, problem: str
) -> None:
    path = write(tmp_path, steps, extra)
    with pytest.raises(LevelError) as err:
        load_mountain(path)
    assert str(path) in str(err.value)
    assert problem in str(err.value)


def test_two_rocks_elsewhere_is_rejected(tmp_path: Path) -> None:
    # Totals still decrease, but a lower step is also "exactly two rocks, no loose stones" (B1).
    steps = [(r + 1, s) for r, s in GOOD[:12]] + [(2, 0), (1, 4), *GOOD[14:]]
    with pytest.raises(LevelError, match="step 13: only step 14 may hold exactly two rocks"):
        load_mountain(write(tmp_path, steps))


def test_wrong_step_number_is_rejected(tmp_path: Path) -> None:
    path = write(tmp_path, GOOD)
    path.write_text(path.read_text().replace("step = 3\n", "step = 4\n"), encoding="utf-8")
    with pytest.raises(LevelError, match="step 3: says step = 4, expected 3"):
        load_mountain(path)


def test_non_integer_count_is_rejected(tmp_path: Path) -> None:
    path = write(tmp_path, GOOD)
    path.write_text(path.read_text().replace("rocks = 8\n", 'rocks = "eight"\n'), "utf-8")
    with pytest.raises(LevelError, match="step 4: rocks must be an integer"):
        load_mountain(path)


def test_missing_key_is_rejected(tmp_path: Path) -> None:
    path = write(tmp_path, GOOD)
    path.write_text(path.read_text().replace("stones = 3\n", "", 1), "utf-8")
    with pytest.raises(LevelError, match="step 1: missing 'stones'"):
        load_mountain(path)


def test_missing_file_and_broken_toml_raise_level_error(tmp_path: Path) -> None:
    with pytest.raises(LevelError, match="not found"):
        load_mountain(tmp_path / "nope.toml")
    broken = tmp_path / "broken.toml"
    broken.write_text("[[steps]\nrocks = ", encoding="utf-8")
    with pytest.raises(LevelError, match="not valid TOML"):
        load_mountain(broken)
    empty = tmp_path / "empty.toml"
    empty.write_text("title = 'no steps'\n", encoding="utf-8")
    with pytest.raises(LevelError, match=r"expected a \[\[steps\]\] array"):
        load_mountain(empty)
