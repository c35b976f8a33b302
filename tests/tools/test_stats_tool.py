"""python -m game.tools.stats: the summary table, the CSV export to stdout or a file, wrong flags
(exit 2) and a damaged statistics file (named on stderr, empty export, exit 0)."""

from __future__ import annotations

import csv
import io
from datetime import datetime
from pathlib import Path

import pytest

from game.persist.stats import COLUMNS, STATS_FILE, Stats
from game.tools import stats as tool

T0 = 1_700_000_000.0


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    """A data folder with two visitor games of Nanuuk!, one of Kap Hoorn and one demo game."""
    now = [T0]
    store, _ = Stats.open(tmp_path, clock=lambda: now[0])
    for game, variant, seconds, winners in [
        ("nanuuk", "intro", 100, ["human"]),
        ("nanuuk", "intro", 200, ["easy"]),
        ("kaphoorn", "standard", 1500, ["human"]),
    ]:
        row = store.started(game, variant, ["human", "easy"])
        now[0] += seconds
        store.finished(row, winners)
    store.abandoned(store.started("kaphoorn", "standard", ["human", "human", "normal"]))
    store.started("bergruft", "standard", ["demo", "demo"], attract=True)
    store.close()
    return tmp_path


def read_csv(text: str) -> list[dict[str, str]]:
    return list(csv.DictReader(io.StringIO(text)))


def test_csv_export_to_stdout_has_a_header_and_every_game(folder, capsys):
    assert tool.main(["--export", "csv", "--data-dir", str(folder)]) == 0
    out = capsys.readouterr()
    assert out.out.splitlines()[0] == ",".join(COLUMNS) and out.err == ""
    rows = read_csv(out.out)
    assert [(r["game"], r["status"], r["attract"]) for r in rows] == [
        ("nanuuk", "finished", "0"),
        ("nanuuk", "finished", "0"),
        ("kaphoorn", "finished", "0"),
        ("kaphoorn", "abandoned", "0"),
        ("bergruft", "abandoned", "1"),  # begun in an earlier session: cut off
    ]
    first = rows[0]
    assert first["seats"] == "human+easy" and first["winners"] == "human"
    assert first["duration_s"] == "100.0"
    assert datetime.fromisoformat(first["started_at"]).timestamp() == T0
    assert rows[3]["ended_at"] != "" and rows[3]["duration_s"] == "" and rows[3]["winners"] == ""


def test_csv_export_to_a_file(folder, capsys):
    out = folder / "export" / "games.csv"
    assert tool.main(["--export", "csv", "--out", str(out), "--data-dir", str(folder)]) == 0
    assert capsys.readouterr().out == ""
    rows = read_csv(out.read_text(encoding="utf-8"))
    assert len(rows) == 5 and rows[2]["variant"] == "standard" and rows[2]["duration_s"] == "1500.0"


def test_summary_table_without_export(folder, capsys):
    assert tool.main(["--data-dir", str(folder)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("Speltafel kiosk statistics since ")
    assert lines[0].endswith("; demo games: 1")
    assert lines[1].split() == [
        "game", "variant", "started", "finished", "abandoned", "median", "mean",
        "vs", "AI", "humans", "won", "AI", "won",
    ]  # fmt: skip
    assert lines[2].split() == [
        "kaphoorn",
        "standard",
        "2",
        "1",
        "1",
        "25:00",
        "25:00",
        "1",
        "1",
        "0",
    ]
    assert lines[3].split() == ["nanuuk", "intro", "2", "2", "0", "2:30", "2:30", "2", "1", "1"]
    assert lines[4].split() == ["all", "4", "3", "1", "3:20", "10:00", "3", "2", "1"]


def test_an_empty_store_says_so(tmp_path, capsys):
    assert tool.main(["--data-dir", str(tmp_path)]) == 0
    assert capsys.readouterr().out.splitlines() == [
        "Speltafel kiosk statistics; demo games: 0",
        "No visitor games recorded.",
    ]


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--export", "json"], "invalid choice: 'json'"),
        (["--frobnicate"], "unrecognized arguments: --frobnicate"),
        (["--out", "x.csv"], "--out: only with --export csv"),
        (["--export"], "expected one argument"),
    ],
)
def test_wrong_flags_get_a_message_and_exit_2(tmp_path, capsys, argv, message):
    with pytest.raises(SystemExit) as exc:
        tool.main([*argv, "--data-dir", str(tmp_path)])
    assert exc.value.code == 2
    assert message in capsys.readouterr().err


def test_a_damaged_store_is_named_on_stderr_and_the_export_is_empty(tmp_path, capsys):
    (tmp_path / STATS_FILE).write_bytes(b"\x00garbage" * 100)
    assert tool.main(["--export", "csv", "--data-dir", str(tmp_path)]) == 0
    out = capsys.readouterr()
    assert out.out == ",".join(COLUMNS) + "\n"
    assert str(tmp_path / "stats.sqlite3.bad") in out.err and "damaged" in out.err
    assert (tmp_path / "stats.sqlite3.bad").exists()


def test_an_unwritable_export_file_is_reported(folder, capsys):
    blocker = folder / "not-a-folder"
    blocker.write_text("x")
    assert (
        tool.main(["--export", "csv", "--out", str(blocker / "a.csv"), "--data-dir", str(folder)])
        == 1
    )
    assert "could not be written" in capsys.readouterr().err


def test_the_default_data_folder_is_the_games(monkeypatch, tmp_path, capsys):
    seen: list[object] = []

    def fake_data_dir(override=None):
        seen.append(override)
        return tmp_path

    monkeypatch.setattr(tool, "data_dir", fake_data_dir)
    assert tool.main([]) == 0
    assert seen == [None]


def test_runs_as_a_module(tmp_path):
    import subprocess
    import sys

    done = subprocess.run(
        [sys.executable, "-m", "game.tools.stats", "--export", "xml", "--data-dir", str(tmp_path)],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 2 and "--export: invalid choice" in done.stderr
