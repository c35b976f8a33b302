"""``python -m game.tools.tournament``: bots against bots, rotating seats, win rates with CIs."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from game.play.registry import rules_for
from game.protocol.bots import BUDGETS, RandomBot
from game.tools import tournament as t


def run_json(args: str, capsys: pytest.CaptureFixture[str]) -> dict[str, Any]:
    assert t.main([*args.split(), "--json"]) == 0
    out = capsys.readouterr().out
    assert out.count("\n") == 1  # one JSON line
    report: dict[str, Any] = json.loads(out)
    return report


# -- the line-up -----------------------------------------------------------------------------------


def test_the_last_bot_fills_the_seats_left_over() -> None:
    assert t.lineup(("hard", "normal"), 4) == ("hard", "normal", "normal", "normal")
    assert t.lineup(("hard", "easy", "random"), 3) == ("hard", "easy", "random")
    assert t.lineup(("normal",), 3) == ("normal",) * 3
    with pytest.raises(ValueError):
        t.lineup(("hard", "normal", "easy"), 2)


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_every_bot_sits_in_every_seat_over_p_games(players: int) -> None:
    seats = tuple(f"bot{i}" for i in range(players))
    games = [t.rotated(seats, i) for i in range(players)]
    assert games[0] == seats
    for seat in range(players):
        assert sorted(g[seat] for g in games) == sorted(seats)
    for g in games:
        assert sorted(g) == sorted(seats)  # each game seats everyone once


def test_rotation_with_the_fill_rule_gives_each_seat_to_the_lone_bot_once() -> None:
    seats = t.lineup(("hard", "normal"), 4)
    games = [t.rotated(seats, i) for i in range(4)]
    assert [g.index("hard") for g in games] == [0, 1, 2, 3]
    assert all(Counter(g) == Counter(hard=1, normal=3) for g in games)


def test_default_players_is_two_where_allowed() -> None:
    assert t.default_players(rules_for("bergruft").variant("standard")) == 2
    assert t.default_players(rules_for("kaphoorn").variant("standard")) == 3
    assert t.default_players(rules_for("nanuuk").variant("partner")) == 4


def test_budgets_default_per_level_and_can_be_overridden() -> None:
    assert t.budget_for("hard") == BUDGETS["hard"] == 2.0
    assert t.budget_for("easy", {"easy": 0.3}) == 0.3
    assert t.budget_for("normal", {"easy": 0.3}) == BUDGETS["normal"]
    assert t.budget_for("random") == 0.0


# -- statistics ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("wins", "n", "low", "high"),
    [
        (0, 10, 0.0, 0.2775),
        (5, 10, 0.2366, 0.7634),
        (10, 10, 0.7225, 1.0),
        (13, 20, 0.4329, 0.8188),
        (50, 100, 0.4038, 0.5962),
    ],
)
def test_wilson_interval_on_known_values(wins: float, n: int, low: float, high: float) -> None:
    got = t.wilson(wins, n)
    assert got == pytest.approx((low, high), abs=1e-4)


def test_wilson_interval_without_trials_is_everything() -> None:
    assert t.wilson(0, 0) == (0.0, 1.0)


def test_a_shared_win_counts_fractionally() -> None:
    assert t.share_wins(("hard", "normal"), (0, 1)) == {"hard": 0.5, "normal": 0.5}
    assert t.share_wins(("hard", "normal", "normal"), (1, 2)) == {"hard": 0.0, "normal": 1.0}
    assert t.share_wins(("hard", "normal", "normal"), (0, 1, 2)) == pytest.approx(
        {"hard": 1 / 3, "normal": 2 / 3}
    )


def fake(seats: tuple[str, ...], winners: tuple[int, ...]) -> dict[str, Any]:
    return {
        "seats": list(seats),
        "winner_seats": list(winners),
        "wins": t.share_wins(seats, winners),
        "reason": "x",
        "turns_per_player": 10,
        "think_s": {name: [0.001] for name in seats},
    }


def test_level_stats_count_seats_and_fractional_wins() -> None:
    results = [
        fake(("hard", "normal", "normal"), (0,)),
        fake(("normal", "hard", "normal"), (0, 1)),  # hard and normal share
        fake(("normal", "normal", "hard"), (0,)),
    ]
    stats = t.level_stats(results)
    assert list(stats) == ["hard", "normal"]
    hard, normal = stats["hard"], stats["normal"]
    assert (hard["games"], hard["seats"], hard["wins"]) == (3, 3, 1.5)
    assert (normal["games"], normal["seats"], normal["wins"]) == (3, 6, 1.5)
    assert hard["win_rate"] == 0.5 and normal["win_rate"] == 0.25
    assert hard["fair_share"] == pytest.approx(1 / 3, abs=1e-4)
    assert hard["ci95"] == pytest.approx(list(t.wilson(1.5, 3)), abs=1e-4)
    assert hard["decision_ms"] == {"mean": 1.0, "max": 1.0}
    assert t.seat_stats(results) == [0.8333, 0.1667, 0.0]


# -- real games ------------------------------------------------------------------------------------


class Recorder(RandomBot):
    def __init__(self, log: list[float]) -> None:
        self.log = log

    def choose(self, view: Any, rng: random.Random, budget_s: float) -> Any:
        self.log.append(budget_s)
        return super().choose(view, rng, budget_s)


def test_each_level_thinks_with_its_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    logs: dict[str, list[float]] = {"hard": [], "easy": []}
    monkeypatch.setattr(t, "make_player", lambda game, name, work=None: Recorder(logs[name]))
    result = t.play_one("bergruft", "standard", ("hard", "easy"), 3, {"hard": 0.25})
    assert set(logs["hard"]) == {0.25} and set(logs["easy"]) == {BUDGETS["easy"]}
    assert result["seats"] == ["hard", "easy"] and result["reason"]
    assert sum(result["wins"].values()) == pytest.approx(1)
    assert len(result["think_s"]["hard"]) == len(logs["hard"])


def test_one_game_is_the_same_every_time() -> None:
    first = t.play_one("bergruft", "standard", ("normal", "random"), 5)
    again = t.play_one("bergruft", "standard", ("normal", "random"), 5)
    for key in ("winner_seats", "wins", "reason", "turns_per_player"):
        assert first[key] == again[key]


def test_a_tiny_der_berg_ruft_tournament(capsys: pytest.CaptureFixture[str]) -> None:
    report = run_json("--game bergruft --bots normal,random --games 4 --seed 2 --jobs 1", capsys)
    assert report["players"] == 2 and report["lineup"] == ["normal", "random"]
    assert report["games"] == 4
    levels = report["levels"]
    assert list(levels) == ["normal", "random"]
    assert sum(s["wins"] for s in levels.values()) == pytest.approx(4)
    for s in levels.values():
        assert s["games"] == 4 and s["seats"] == 4 and s["fair_share"] == 0.5
        low, high = s["ci95"]
        assert 0 <= low <= s["win_rate"] <= high <= 1
        assert s["decisions"] > 0 and s["decision_ms"]["mean"] <= s["decision_ms"]["max"]
    assert sum(report["seat_win_share"]) == pytest.approx(1)
    assert abs(sum(report["reasons"].values()) - 1) < 1e-6
    lengths = report["turns_per_player"]
    assert 0 < lengths["min"] <= lengths["q1"] <= lengths["median"] <= lengths["q3"]
    assert lengths["q3"] <= lengths["max"]
    assert report["budgets_s"] == {"normal": 0.5}


def test_a_tiny_kap_hoorn_tournament_fills_seats(capsys: pytest.CaptureFixture[str]) -> None:
    args = "--game kaphoorn --players 3 --bots easy,random --games 2 --jobs 1 --budget easy=0.05"
    report = run_json(args, capsys)
    assert report["lineup"] == ["easy", "random", "random"]
    assert report["budgets_s"] == {"easy": 0.05}
    easy, rnd = report["levels"]["easy"], report["levels"]["random"]
    assert (easy["seats"], rnd["seats"]) == (2, 4)
    assert easy["wins"] + rnd["wins"] == pytest.approx(2)
    assert set(report["reasons"]) <= {"roses", "finish", "rounds"}


def test_kap_hoorns_old_hard_plays_as_flat_with_hards_budget(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """The yardstick of issue 31 item 4: the flat search that Hard was, beside the new Hard."""
    from game.games.kaphoorn.bots.flat import FlatHardBot

    assert isinstance(t.make_player("kaphoorn", "flat", {"flat": 5}), FlatHardBot)
    assert t.budget_for("flat") == BUDGETS["hard"]
    args = "--game kaphoorn --players 3 --bots hard,flat --games 1 --jobs 1"
    report = run_json(f"{args} --iterations hard=8 --iterations flat=8", capsys)
    assert report["lineup"] == ["hard", "flat", "flat"]
    assert report["iterations"] == {"hard": 8, "flat": 8} and report["budgets_s"] == {}


def test_without_a_variant_the_games_first_is_played(capsys: pytest.CaptureFixture[str]) -> None:
    report = run_json("--game nanuuk --bots easy,random --games 2 --jobs 1", capsys)
    assert report["variant"] == rules_for("nanuuk").variants()[0].id == "intro"
    assert run_json("--game bergruft --bots easy --games 1 --jobs 1", capsys)["variant"] == (
        "standard"
    )


def test_games_run_in_several_processes(capsys: pytest.CaptureFixture[str]) -> None:
    report = run_json("--game bergruft --bots random --games 4 --jobs 2", capsys)
    assert report["jobs"] == 2 and report["levels"]["random"]["seats"] == 8


def test_every_game_is_played_with_the_options_given(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Nanuuk!'s full game with two hunters each (issue 31, item 5's 2x2): four hunters move in
    the games recorded, where the same game without the option has two."""

    def hunters(extra: str) -> set[str]:
        records = tmp_path / "games.jsonl"
        args = f"--game nanuuk --variant full --bots easy,random --games 2 --jobs 1 {extra}"
        report = run_json(f"{args} --records {records}", capsys)
        games = [json.loads(line) for line in records.read_text().splitlines()]
        assert report["options"] == ({"two-hunters": True} if extra else {})
        return {a["mover"] for g in games for a in g["actions"] if "hunter" in a.get("mover", "")}

    assert hunters("--option two-hunters=true") == {f"hunter {i}" for i in range(1, 5)}
    assert hunters("") == {"hunter 1", "hunter 2"}


def test_without_json_a_table(capsys: pytest.CaptureFixture[str]) -> None:
    assert t.main("--game bergruft --bots easy,random --games 2 --jobs 1".split()) == 0
    out = capsys.readouterr().out
    assert "95% CI" in out and "easy" in out and "turns per player" in out
    args = "--game nanuuk --variant full --bots easy,random --games 1 --jobs 1"
    assert t.main([*args.split(), "--option", "two-hunters=true"]) == 0
    assert "two-hunters=true" in capsys.readouterr().out.splitlines()[0]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        ("--game chess --bots easy", "invalid choice"),
        ("--game bergruft --bots hard,wizard", "unknown bot 'wizard'"),
        ("--game bergruft --bots easy --players 5", "2-4 players, not 5"),
        ("--game kaphoorn --bots easy --players 2", "3-5 players, not 2"),
        ("--game bergruft --bots easy,normal,hard", "3 bots named for 2 players"),
        ("--game bergruft --bots easy --games 0", "--games must be at least 1"),
        ("--game bergruft --bots easy --variant expert", "unknown variant 'expert'"),
        ("--game bergruft --bots easy --budget hard", "LEVEL=SECONDS"),
        ("--game bergruft --bots easy --budget hard=-1", "must be positive"),
        ("--game bergruft --bots easy --jobs -1", "--jobs"),
        ("--game nanuuk --bots hard,flat", "nanuuk has no 'flat' player"),
        ("--game bergruft --bots easy --option two-hunters", "must look like KEY=VALUE"),
        ("--game bergruft --bots easy --option wind=3", "unknown options wind"),
        (
            "--game nanuuk --variant full --players 3 --bots easy --option two-hunters=true",
            "two-hunters is for two players",
        ),
    ],
)
def test_wrong_arguments_say_so(
    args: str, message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exc:
        t.main(args.split())
    err = capsys.readouterr().err
    assert exc.value.code == 2 and "error" in err and message in err


# -- fixed work budgets: the same games on any machine (issue 31, item 1) -------------------------

# a small seeded tournament per game, every searching level at a fixed work budget
FIXED = {
    "nanuuk": "--bots hard,normal --iterations hard=10 --iterations normal=60",
    "kaphoorn": "--bots hard,normal,easy --iterations hard=16",
    "bergruft": "--bots hard,normal --iterations hard=30",
}
# the same run with a clock that jumps a minute at every reading: a bot that read it would
# think less and play other moves
JUMPY_CLOCK = """
import itertools, sys, time
ticks = itertools.count()
time.perf_counter = lambda: 60.0 * next(ticks)
time.monotonic = time.perf_counter
from game.tools.tournament import main
sys.exit(main(sys.argv[1:]))
"""


def _run(code: list[str], args: str, records: Path, hash_seed: str) -> None:
    env = dict(os.environ, PYTHONHASHSEED=hash_seed)
    argv = [sys.executable, *code, *args.split(), "--records", str(records), "--json"]
    done = subprocess.run(argv, env=env, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr


@pytest.mark.parametrize("game", sorted(FIXED))
def test_a_seeded_tournament_at_fixed_iterations_plays_the_same_games_in_another_process(
    game: str, tmp_path: Path
) -> None:
    """Two processes (other hash seeds, one on a clock that jumps a minute a reading, one in
    two worker processes) play the same seeded tournament: the records are identical."""
    args = f"--game {game} {FIXED[game]} --games 2 --seed 5"
    plain, jumpy = tmp_path / "plain.jsonl", tmp_path / "jumpy.jsonl"
    _run(["-m", "game.tools.tournament"], f"{args} --jobs 1", plain, "1")
    _run(["-c", JUMPY_CLOCK], f"{args} --jobs 2", jumpy, "2")
    first, second = plain.read_text(), jumpy.read_text()
    assert first.count("\n") == 2 and all(
        json.loads(line)["actions"] for line in first.split("\n")[:2]
    )
    assert first == second


def test_play_one_at_fixed_iterations_repeats_on_a_slowed_clock(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """In this process: the same game on the real clock and on one that is a second slower at
    every reading (the tournament's own timing slows with it; the moves do not change)."""
    work = {"hard": 8, "normal": 50, "easy": 30}
    first = t.play_one("nanuuk", "intro", ("hard", "easy"), 3, iterations=work)
    real = time.perf_counter
    monkeypatch.setattr(time, "perf_counter", lambda: real() + 1.0 * next(counter))
    counter = iter(range(10**9))
    second = t.play_one("nanuuk", "intro", ("hard", "easy"), 3, iterations=work)
    assert second["actions"] == first["actions"] and second["digest"] == first["digest"]
    assert second["think_s"] != first["think_s"]


def test_the_iterations_option_names_a_level_and_a_whole_number(capsys) -> None:
    report = run_json(
        "--game bergruft --bots hard,random --games 2 --jobs 1 --iterations hard=20", capsys
    )
    assert report["iterations"] == {"hard": 20}
    assert "hard" not in report["budgets_s"]
    for bad in ("expert=3", "hard=0", "hard=many", "hard"):
        with pytest.raises(SystemExit):
            t.main(["--game", "bergruft", "--bots", "hard", "--iterations", bad])
        assert "--iterations" in capsys.readouterr().err


def test_a_level_at_fixed_iterations_is_made_with_that_work_budget() -> None:
    bot = t.make_player("kaphoorn", "hard", {"hard": 33})
    assert bot.effort.iterations == 33 and not bot.effort.clocked  # type: ignore[attr-defined]
    assert t.make_player("kaphoorn", "hard", {"normal": 5}).effort.iterations is None  # type: ignore[attr-defined]
