"""The before/after bench of the rules (``python -m game.tools.bench_rules``): what it compares
and how it sums up; the timing itself is the bench's, never a test's."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from game.tools import bench_rules

ROOT = Path(__file__).resolve().parents[2]


def test_every_playout_workload_of_the_bench_is_compared() -> None:
    found = bench_rules.workloads()
    assert ("nanuuk", "full_4p") in found
    assert ("nanuuk", "intro_2p") in found
    assert ("kaphoorn", "4p") in found


def test_the_summary_gives_medians_ratios_and_whether_the_games_were_the_same() -> None:
    def run(rate: float, digest: str = "d") -> dict[str, Any]:
        return {"playouts_per_s": rate, "actions": 500, "games": 10, "digest": digest}

    figures = {"base": [run(100), run(120), run(110)], "new": [run(210), run(250), run(230)]}
    summary = bench_rules._summary(figures)
    assert summary["base_playouts_per_s"] == 110
    assert summary["new_playouts_per_s"] == 230
    assert summary["new_ratio"] == round(230 / 110, 2)
    assert summary["new_paired_ratio"] == round(230 / 110, 2)
    assert summary["actions_per_game"] == 50
    assert summary["same_games"] is True
    figures["new"][1] = run(250, digest="other")
    assert bench_rules._summary(figures)["same_games"] is False


def test_an_older_commit_is_exported_as_an_importable_engine(tmp_path: Path) -> None:
    if subprocess.run(["git", "rev-parse", "HEAD"], cwd=ROOT, capture_output=True).returncode:
        pytest.skip("not a git checkout")
    tree = bench_rules.export("HEAD", tmp_path, ROOT)
    assert (tree / "game" / "protocol" / "base.py").is_file()
    assert (tree / "game" / "levels" / "nanuuk").is_dir()  # the level files inside it
    found = subprocess.run(
        [sys.executable, "-c", "import game.games.nanuuk.rules as r; print(r.__file__)"],
        cwd=tree,
        env={"PYTHONPATH": str(tree), "PATH": ""},
        capture_output=True,
        text=True,
        check=True,
    )
    assert found.stdout.strip().startswith(str(tree))
