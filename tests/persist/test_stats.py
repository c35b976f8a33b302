"""Kiosk statistics in stats.sqlite3: counts, durations and results per game and variant; demo
games apart; a damaged or foreign file kept as *.bad; database errors never reach the game."""

from __future__ import annotations

import logging
import sqlite3
import sys
from pathlib import Path

import pytest

from game.persist.stats import NO_ROW, STATS_FILE, Stats


class Clock:
    """A clock the test moves by hand, so durations are exact."""

    def __init__(self, now: float = 1_700_000_000.0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def stats(tmp_path: Path, clock: Clock):
    store, problem = Stats.open(tmp_path, clock=clock)
    assert problem is None
    yield store
    store.close()


def play(stats: Stats, clock: Clock, seconds: float, seats, winners, **kw) -> int:
    row = stats.started(kw.pop("game", "nanuuk"), kw.pop("variant", "intro"), seats, **kw)
    clock.now += seconds
    stats.finished(row, winners)
    return row


def only(stats: Stats) -> dict:
    (row,) = stats.summary()
    return row


def test_a_new_store_is_empty_and_makes_its_file(tmp_path, stats):
    assert (tmp_path / STATS_FILE).exists()
    assert stats.summary() == [] and stats.rows() == []
    totals = stats.totals()
    assert totals["started"] == 0 and totals["attract_games"] == 0 and totals["since"] is None
    assert totals["median_duration_s"] is None and totals["mean_duration_s"] is None


def test_started_finished_and_abandoned_are_counted(stats, clock):
    play(stats, clock, 60, ["human", "easy"], ["human"])
    stats.abandoned(stats.started("nanuuk", "intro", ["human", "human"]))
    running = stats.started("nanuuk", "intro", ["human", "normal"])
    row = only(stats)
    assert (row["game"], row["variant"]) == ("nanuuk", "intro")
    assert (row["started"], row["finished"], row["abandoned"], row["in_progress"]) == (3, 1, 1, 1)
    assert running > 0


def test_summary_is_per_game_and_variant(stats, clock):
    play(stats, clock, 10, ["human", "easy"], ["easy"], game="kaphoorn", variant="standard")
    play(stats, clock, 10, ["human", "easy"], ["easy"], game="nanuuk", variant="full")
    play(stats, clock, 10, ["human", "easy"], ["easy"], game="nanuuk", variant="intro")
    play(stats, clock, 10, ["human", "easy"], ["easy"], game="nanuuk", variant="full")
    found = [(r["game"], r["variant"], r["started"]) for r in stats.summary()]
    assert found == [("kaphoorn", "standard", 1), ("nanuuk", "full", 2), ("nanuuk", "intro", 1)]


def test_durations_of_finished_games_median_and_mean(stats, clock):
    for seconds in (100, 200, 600):
        play(stats, clock, seconds, ["human", "normal"], ["human"])
    clock.now += 5
    abandoned = stats.started("nanuuk", "intro", ["human", "normal"])
    clock.now += 10_000  # an abandoned game's length counts for nothing
    stats.abandoned(abandoned)
    row = only(stats)
    assert row["median_duration_s"] == 200 and row["mean_duration_s"] == 300
    assert [r["duration_s"] for r in stats.rows()] == [100, 200, 600, None]


def test_results_of_humans_against_the_ai(stats, clock):
    play(stats, clock, 1, ["human", "easy"], ["human"])
    play(stats, clock, 1, ["human", "easy", "normal"], ["normal"])
    play(stats, clock, 1, ["easy", "human"], ["easy"])
    play(stats, clock, 1, ["human", "easy"], ["human", "easy"])  # shared: counts for neither
    play(stats, clock, 1, ["human", "human"], ["human"])  # no AI at the table: not counted
    row = only(stats)
    assert row["finished"] == 5 and row["human_vs_ai_finished"] == 4
    assert (row["won_by_humans"], row["won_by_ai"]) == (1, 2)


def test_attract_games_are_left_out_of_the_visitor_figures_but_counted_in_totals(stats, clock):
    play(stats, clock, 30, ["human", "easy"], ["human"])
    play(stats, clock, 999, ["demo", "demo"], ["demo"], attract=True)
    stats.started("kaphoorn", "standard", ["demo"] * 3, attract=True)
    assert only(stats)["started"] == 1
    totals = stats.totals()
    assert totals["started"] == 1 and totals["finished"] == 1 and totals["mean_duration_s"] == 30
    assert totals["attract_games"] == 2
    assert [r["attract"] for r in stats.rows()] == [False, True, True]


def test_totals_add_up_all_visitor_games(stats, clock):
    start = clock.now
    play(stats, clock, 40, ["human", "easy"], ["human"], game="bergruft", variant="standard")
    play(stats, clock, 80, ["human", "easy"], ["easy"], game="nanuuk", variant="full")
    totals = stats.totals()
    assert (totals["started"], totals["finished"], totals["median_duration_s"]) == (2, 2, 60)
    assert (totals["won_by_humans"], totals["won_by_ai"]) == (1, 1)
    assert totals["since"] == start


def test_rows_hold_every_game_for_the_export(stats, clock):
    start = clock.now
    row = play(
        stats, clock, 75, ["human", "hard", "easy"], ["hard"], game="kaphoorn", variant="standard"
    )
    assert stats.rows() == [
        {
            "id": row,
            "game": "kaphoorn",
            "variant": "standard",
            "seats": ["human", "hard", "easy"],
            "attract": False,
            "status": "finished",
            "started_at": start,
            "ended_at": start + 75,
            "duration_s": 75,
            "winners": ["hard"],
        }
    ]


def test_reopening_keeps_the_data(tmp_path, clock):
    first, _ = Stats.open(tmp_path, clock=clock)
    play(first, clock, 50, ["human", "easy"], ["human"])
    first.close()
    second, problem = Stats.open(tmp_path, clock=clock)
    assert problem is None
    assert only(second)["finished"] == 1 and only(second)["median_duration_s"] == 50
    second.close()


def test_games_cut_off_by_switching_off_count_as_abandoned(tmp_path, clock):
    first, _ = Stats.open(tmp_path, clock=clock)
    first.started("nanuuk", "intro", ["human", "easy"])
    assert only(first)["in_progress"] == 1
    first.close()  # the machine goes off mid-game
    second, _ = Stats.open(tmp_path, clock=clock)
    row = only(second)
    assert (row["abandoned"], row["in_progress"], row["finished"]) == (1, 0, 0)
    assert second.rows()[0]["status"] == "abandoned" and second.rows()[0]["ended_at"] is None
    second.close()


def test_reset_forgets_every_game_and_ids_are_never_reused(stats, clock):
    old = play(stats, clock, 5, ["human", "easy"], ["human"])
    running = stats.started("nanuuk", "intro", ["human", "easy"])
    stats.reset()
    assert stats.summary() == [] and stats.totals()["attract_games"] == 0
    new = stats.started("nanuuk", "intro", ["human", "easy"])
    assert new > max(old, running)
    stats.finished(running, ["human"])  # the game begun before the reset closes nothing
    assert only(stats)["in_progress"] == 1


def test_closing_an_unknown_or_closed_game_is_logged_and_ignored(stats, clock, caplog):
    row = play(stats, clock, 5, ["human", "easy"], ["human"])
    with caplog.at_level(logging.WARNING, logger="speltafel"):
        stats.abandoned(row)
        stats.finished(row, ["easy"])
        stats.finished(12345, ["human"])
        stats.abandoned(NO_ROW)
    assert only(stats)["finished"] == 1 and only(stats)["abandoned"] == 0
    assert stats.rows()[0]["winners"] == ["human"]
    assert sum("unknown or already over" in r.getMessage() for r in caplog.records) == 3


def test_garbage_file_is_kept_as_bad_and_a_fresh_store_is_started(tmp_path, clock):
    garbage = bytes(range(256)) * 8
    (tmp_path / STATS_FILE).write_bytes(garbage)
    store, problem = Stats.open(tmp_path, clock=clock)
    bad = tmp_path / "stats.sqlite3.bad"
    assert problem is not None and problem.kept_as == str(bad)
    assert str(problem) == f"stats.sqlite3: damaged (file is not a database); kept as {bad}"
    assert bad.read_bytes() == garbage
    play(store, clock, 5, ["human", "easy"], ["human"])
    store.close()
    again, problem = Stats.open(tmp_path, clock=clock)
    assert problem is None and only(again)["finished"] == 1
    again.close()


def test_a_damaged_page_is_found_and_the_file_kept(tmp_path, clock):
    store, _ = Stats.open(tmp_path, clock=clock)
    for _ in range(12):  # long rows: a few games fill several pages
        play(store, clock, 5, ["human"] + ["easy"] * 150, ["human"])
    store.close()
    path = tmp_path / STATS_FILE
    data = bytearray(path.read_bytes())
    data[4096 + 8 : 4096 + 200] = b"\xee" * 192  # the header stays, a page of rows is garbage
    path.write_bytes(bytes(data))
    fresh, problem = Stats.open(tmp_path, clock=clock)
    assert problem is not None and "damaged" in problem.reason
    assert (tmp_path / "stats.sqlite3.bad").read_bytes() == bytes(data)
    assert fresh.rows() == []
    fresh.close()


@pytest.mark.parametrize(
    ("schema", "problem"),
    [
        ("CREATE TABLE notes (text TEXT); INSERT INTO notes VALUES ('hi');", "another program"),
        ("PRAGMA application_id = 1397771348; PRAGMA user_version = 0;", "statistics version 0"),
        (
            "CREATE TABLE games (id INTEGER); PRAGMA application_id = 1397771348;"
            " PRAGMA user_version = 1;",
            "unexpected table layout",
        ),
    ],
)
def test_a_foreign_database_is_kept_as_bad(tmp_path, clock, schema, problem):
    path = tmp_path / STATS_FILE
    other = sqlite3.connect(path)
    other.executescript(schema)
    other.close()
    original = path.read_bytes()
    store, damaged = Stats.open(tmp_path, clock=clock)
    assert damaged is not None and problem in str(damaged)
    assert str(damaged).endswith(f"kept as {tmp_path / 'stats.sqlite3.bad'}")
    assert (tmp_path / "stats.sqlite3.bad").read_bytes() == original
    assert store.started("nanuuk", "intro", ["human", "easy"]) > 0
    store.close()


class FailingDb:
    """A connection whose every statement fails like a full disk."""

    def execute(self, *args, **kwargs):
        raise sqlite3.OperationalError("database or disk is full")

    def close(self) -> None:
        raise sqlite3.OperationalError("disk I/O error")


def test_database_errors_during_play_are_logged_not_raised(stats, caplog):
    stats._db = FailingDb()  # type: ignore[assignment]
    with caplog.at_level(logging.ERROR, logger="speltafel"):
        row = stats.started("nanuuk", "intro", ["human", "easy"])
        stats.finished(row, ["human"])
        stats.finished(7, ["human"])
        stats.abandoned(8)
        assert stats.summary() == [] and stats.rows() == []
        assert stats.totals()["started"] == 0
        stats.reset()
        stats.close()
    assert row == NO_ROW
    errors = [r.getMessage() for r in caplog.records if r.levelno >= logging.ERROR]
    assert len(errors) == 8 and all("database or disk is full" in e or "I/O" in e for e in errors)


def test_a_closed_store_logs_instead_of_raising(tmp_path, clock, caplog):
    store, _ = Stats.open(tmp_path, clock=clock)
    store.close()
    with caplog.at_level(logging.ERROR, logger="speltafel"):
        assert store.started("nanuuk", "intro", ["human"]) == NO_ROW
        store.abandoned(1)
    assert len(caplog.records) == 2


@pytest.mark.skipif(sys.platform == "win32", reason="Windows cannot remove an open file")
def test_a_removed_data_folder_does_not_stop_the_game(tmp_path, clock, caplog):
    folder = tmp_path / "data"
    folder.mkdir()
    store, _ = Stats.open(folder, clock=clock)
    row = store.started("nanuuk", "intro", ["human", "easy"])
    (folder / STATS_FILE).unlink()
    folder.rmdir()
    with caplog.at_level(logging.ERROR, logger="speltafel"):
        store.finished(row, ["human"])
        assert store.started("nanuuk", "intro", ["human", "easy"]) == NO_ROW
        store.summary()
    store.close()
    assert len(caplog.records) >= 2  # SQLite: "attempt to write a readonly database"


def test_an_unopenable_folder_keeps_statistics_in_memory(tmp_path, clock):
    blocker = tmp_path / "file-not-folder"
    blocker.write_text("x")
    store, problem = Stats.open(blocker, clock=clock)
    assert problem is not None and "could not be opened" in str(problem)
    assert problem.kept_as == "" and "statistics not saved" in str(problem)
    play(store, clock, 5, ["human", "easy"], ["human"])
    assert only(store)["finished"] == 1
    store.close()
    assert blocker.read_text() == "x"
