"""The AI part of the bench reports decision times per game and level and frames while a Hard
bot thinks (figures only; nothing here asserts a speed)."""

from __future__ import annotations

import json

import pytest

from game.tools import bench, bench_ai


@pytest.mark.parametrize("game", ["bergruft", "nanuuk", "kaphoorn"])
def test_positions_are_games_in_progress(game: str) -> None:
    positions = bench_ai.random_positions(game, 5, seed=1)
    assert len(positions) == 5
    assert all(not p.is_over() and p.current_player is not None for p in positions)


def test_decision_times_per_game_and_level(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(bench_ai, "POSITIONS", {"easy": 2, "normal": 2, "hard": 3})
    budgets = {"easy": 0.05, "normal": 0.05, "hard": 0.1}
    report = bench_ai.bench_decisions(("kaphoorn",), budgets=budgets)
    levels = report["kaphoorn"]
    assert set(levels) == {"easy", "normal", "hard"}
    for level, figures in levels.items():
        assert figures["decisions"] >= 1 and 0 <= figures["mean_ms"] <= figures["max_ms"]
        assert figures["budget_s"] == budgets[level]
    # the iterations the budget buys: Hard's play-outs; Easy and Normal do not search
    assert levels["hard"]["iterations"] > 0 and levels["hard"]["measured"] in ("median", "rate")
    assert levels["easy"]["iterations"] is None and levels["easy"]["measured"] == "none"


def test_the_iterations_a_budget_buys_are_the_median_of_the_searches_it_ended() -> None:
    ended = [(100, True, 0.5), (300, True, 0.5), (200, True, 0.5), (10, False, 0.01)]
    assert bench_ai.bought(ended, 0.5) == {
        "iterations": 200,
        "measured": "median",
        "searched": 4,
        "limited": 3,
    }
    # none ended by the budget (the search is done sooner): work per second times the budget
    quick = [(10, False, 0.01), (30, False, 0.01)]
    assert bench_ai.bought(quick, 0.5)["iterations"] == 1000
    assert bench_ai.bought([], 0.5) == {
        "iterations": None,
        "measured": "none",
        "searched": 0,
        "limited": 0,
    }


def test_the_bench_ai_command_prints_the_iterations_per_level(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(bench_ai, "POSITIONS", {"easy": 1, "normal": 1, "hard": 1})
    assert bench_ai.main(["--game", "bergruft", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["bergruft"]["hard"]["iterations"] == 400  # its 2 s budget buys the most
    assert bench_ai.main(["--game", "nanuuk", "--variant", "intro", "--players", "2",
                          "--positions", "hard=1"]) == 0  # fmt: skip
    out = capsys.readouterr().out
    assert "nanuuk" in out and "iterations" in out
    with pytest.raises(SystemExit):
        bench_ai.main(["--variant", "intro"])


def test_frames_are_counted_while_a_hard_bot_thinks(tmp_path) -> None:
    """However slow or busy the machine: every answer takes a counted frame, so the count is
    reached (before, a wall-clock deadline could leave it at 0 on a loaded machine)."""
    report = bench.bench_hard_thinking(5, str(tmp_path))
    assert report["frames"] == 5
    assert 0 < report["median_ms"] <= report["p99_ms"] <= report["max_ms"]
    assert report["worker_peak_rss_mb"] is None or report["worker_peak_rss_mb"] > 10
