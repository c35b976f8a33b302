"""The AI part of the bench reports decision times per game and level and frames while a Hard
bot thinks (figures only; nothing here asserts a speed)."""

from __future__ import annotations

import pytest

from game.tools import bench, bench_ai


@pytest.mark.parametrize("game", ["bergruft", "nanuuk", "kaphoorn"])
def test_positions_are_games_in_progress(game: str) -> None:
    positions = bench_ai.random_positions(game, 5, seed=1)
    assert len(positions) == 5
    assert all(not p.is_over() and p.current_player is not None for p in positions)


def test_decision_times_per_game_and_level(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(bench_ai, "POSITIONS", {"easy": 2, "normal": 2, "hard": 1})
    monkeypatch.setattr("game.protocol.bots.BUDGETS", {"easy": 0.05, "normal": 0.05, "hard": 0.1})
    report = bench_ai.bench_decisions(("kaphoorn",))
    levels = report["kaphoorn"]
    assert set(levels) == {"easy", "normal", "hard"}
    for figures in levels.values():
        assert figures["decisions"] >= 1 and 0 <= figures["mean_ms"] <= figures["max_ms"]


def test_frames_are_counted_while_a_hard_bot_thinks(tmp_path) -> None:
    """However slow or busy the machine: every answer takes a counted frame, so the count is
    reached (before, a wall-clock deadline could leave it at 0 on a loaded machine)."""
    report = bench.bench_hard_thinking(5, str(tmp_path))
    assert report["frames"] == 5
    assert 0 < report["median_ms"] <= report["p99_ms"] <= report["max_ms"]
    assert report["worker_peak_rss_mb"] is None or report["worker_peak_rss_mb"] > 10
