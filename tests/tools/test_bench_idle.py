"""The bench's idle figure: the real loop runs on a menu until the operating system's stop, and
reports the share of a core it took meanwhile (a figure only; nothing here asserts a speed)."""

from __future__ import annotations

from game.tools import bench


def test_an_idle_menu_reports_its_share_of_a_core_and_stops_cleanly(tmp_path) -> None:
    share = bench._idle_share(str(tmp_path), (1280, 720), "settings", {}, seconds=0.5)
    assert 0.0 <= share <= 100.0 * 64  # a share of one core, on however many there are
