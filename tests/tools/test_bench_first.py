"""The bench's first-frame and kiosk-stop figures (issue 27, item 9): the longest frame of a scene
from its first frame on, and the seconds a kiosk in a demo takes to stop on SIGTERM (figures
only; nothing here asserts a speed)."""

from __future__ import annotations

from game.tools import bench


def test_a_scenes_first_frames_are_reported_from_the_very_first_on(tmp_path) -> None:
    figures = bench.first_frames_here("bergruft", str(tmp_path), seconds=0.3)
    assert figures["frames"] >= 1 and 0 <= figures["longest_at"] < figures["frames"]
    assert 0 < figures["first_ms"] <= figures["longest_ms"]
    assert 0 < figures["longest_cpu_ms"] and 0 <= figures["over_50ms"] <= figures["frames"]


def test_a_kiosk_stopped_in_a_demo_reports_its_stop_time_and_exit_code(tmp_path) -> None:
    figures = bench._kiosk_stop(tmp_path / "data", "bergruft")
    assert figures["exit_code"] == 0 and figures["stop_s"] >= 0
