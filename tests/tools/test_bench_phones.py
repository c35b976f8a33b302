"""The bench's phone figures (issue 30, item 9) at a tiny size: a Kap Hoorn table of 5 phone
seats, the app's own server on loopback, real aiohttp phones in a thread of their own. The
report's shape, and that each action timed really changed the table (figures only: nothing here
asserts a time)."""

from __future__ import annotations

import json
import random
import threading

from game.tools import bench, bench_phones


def test_a_tiny_phones_bench_reports_its_figures_and_its_actions_changed_the_table(
    tmp_path,
) -> None:
    report = bench_phones.bench_phones(str(tmp_path), actions=3, seconds=1.5, idle_s=0.5)
    assert set(report) == {"game", "action_ms", "frames", "server_idle"}
    action = report["action_ms"]
    assert set(action) == {"count", "p50_ms", "p99_ms", "max_ms", "sent", "changed", "refused"}
    assert action["count"] >= 3 and action["refused"] == 0
    assert action["changed"] == action["sent"] >= action["count"]  # each sent one was played
    assert 0 <= action["p50_ms"] <= action["p99_ms"] <= action["max_ms"]
    frames = report["frames"]
    for phase in ("none_connected", "five_connected"):
        figures = frames[phase]
        assert figures["count"] > 0 and figures["actions"] >= 1  # the mover's pick was played
        assert figures["p50_ms"] <= figures["p99_ms"] <= figures["max_ms"]
        assert figures["cpu_p99_ms"] >= 0
    assert frames["same_moves"] is True  # the same seed, the same picks: the same game
    assert frames["p99_ratio"] > 0 and frames["cpu_p99_ratio"] > 0
    idle = report["server_idle"]
    assert idle["frames"] > 0 and idle["bodies_read"] >= 5  # every phone got its view
    assert idle["cpu_percent"] is None or 0 <= idle["cpu_percent"] <= 100
    assert not [t for t in threading.enumerate() if t.name in ("phones", "bench-phones")]


def test_a_bench_player_picks_a_choice_that_asks_nothing_while_there_is_one() -> None:
    choices = [{"id": 0, "asks": "End the game?"}, {"id": 1, "asks": None}]
    assert {bench_phones.pick(choices, random.Random(s))["id"] for s in range(20)} == {1}
    assert bench_phones.pick(choices[:1], random.Random(1))["id"] == 0


def test_a_thread_without_proc_has_no_cpu_figure() -> None:
    assert bench_phones.thread_cpu_s(None) is None
    assert bench_phones.thread_cpu_s(2**31 - 1) is None  # no such thread


def test_only_phones_reports_the_phones_figures(monkeypatch, capsys) -> None:
    monkeypatch.setattr(bench, "phone_figures", lambda: {"phones": {"action_ms": {}}})
    assert bench.main(["--only", "phones", "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == {"phones": {"action_ms": {}}}
