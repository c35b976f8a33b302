"""The bench's idle figure: the real loop runs on a menu until the operating system's stop, and
reports the share of a core it took meanwhile (a figure only; nothing here asserts a speed)."""

from __future__ import annotations

from game.tools import bench


def test_an_idle_menu_reports_its_share_of_a_core_and_stops_cleanly(tmp_path) -> None:
    share = bench._idle_share(str(tmp_path), (1280, 720), "settings", {}, seconds=0.5)
    assert 0.0 <= share <= 100.0 * 64  # a share of one core, on however many there are


def test_the_menus_measured_on_a_game_are_named_by_its_plugin_a_new_games_too(tmp_path) -> None:
    from tests.testgames.fixture import more_games

    shipped = {name: (scene, data) for name, scene, data in bench.idle_scenes()}
    assert shipped["setup:kaphoorn"] == ("setup", {"game": "kaphoorn"})
    assert shipped["rules_help:nanuuk"] == ("rules_help", {"game": "nanuuk"})
    assert "rules_help:kaphoorn" in bench.first_scenes()
    with more_games(1):
        # Pebbles' plugin names its set-up and rules pages: measured, the bench untouched
        found = {name: (scene, data) for name, scene, data in bench.idle_scenes()}
        assert found["setup:pebbles"] == ("setup", {"game": "pebbles"})
        assert found["rules_help:pebbles"] == ("rules_help", {"game": "pebbles"})
        assert {"pebbles", "rules_help:pebbles"} <= set(bench.first_scenes())
        share = bench._idle_share(str(tmp_path), (1280, 720), "setup", {"game": "pebbles"}, 0.3)
        assert 0.0 <= share <= 100.0 * 64
        figures = bench.first_frames_here("rules_help:pebbles", str(tmp_path), seconds=0.2)
        assert figures["frames"] >= 1
