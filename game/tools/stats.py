"""Kiosk statistics: ``python -m game.tools.stats`` prints the summary table of the visitor games
per game and variant; ``--export csv`` writes every game (demo games too) as CSV.

The statistics are read from ``stats.sqlite3`` in the data folder (the game's, or --data-dir).
A damaged file is kept as ``stats.sqlite3.bad`` (the message names it) and the output is empty.
A game still marked as started counts as abandoned: it was cut off, or it is being played at
this moment on a kiosk that shares the data folder.
"""

from __future__ import annotations

import argparse
import csv
import io
import sys
from collections.abc import Sequence
from datetime import datetime
from pathlib import Path
from typing import Any

from game.persist.paths import data_dir, write_atomic
from game.persist.stats import COLUMNS, Stats

# The summary table's figure columns: (heading, key of the summary and totals dicts).
TABLE: tuple[tuple[str, str], ...] = (
    ("started", "started"),
    ("finished", "finished"),
    ("abandoned", "abandoned"),
    ("median", "median_duration_s"),
    ("mean", "mean_duration_s"),
    ("vs AI", "human_vs_ai_finished"),
    ("humans won", "won_by_humans"),
    ("AI won", "won_by_ai"),
)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m game.tools.stats",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--export", choices=["csv"], help="write every game in this format")
    parser.add_argument("--out", type=Path, help="the export's file (default: standard output)")
    parser.add_argument("--data-dir", help="the data folder (default: the game's)")
    args = parser.parse_args(argv)
    if args.out is not None and args.export is None:
        parser.error("--out: only with --export csv")
    stats, problem = Stats.open(data_dir(args.data_dir))
    if problem is not None:
        print(f"speltafel stats: {problem}", file=sys.stderr)
    with stats:
        if args.export is None:
            print(summary_text(stats.summary(), stats.totals()))
            return 0
        return _export(csv_text(stats.rows()), args.out)


def _export(text: str, out: Path | None) -> int:
    if out is None:
        sys.stdout.write(text)
        return 0
    try:
        write_atomic(out, text)
    except OSError as exc:
        print(
            f"speltafel stats: {out}: could not be written ({exc.strerror or exc})", file=sys.stderr
        )
        return 1
    return 0


def csv_text(rows: Sequence[dict[str, Any]]) -> str:
    """The rows as CSV with a header line: seats and winners as kinds joined by '+', times as
    local ISO date and time, ``attract`` as 1 or 0, empty cells for what is not known."""
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(COLUMNS)
    for row in rows:
        writer.writerow([_cell(key, row[key]) for key in COLUMNS])
    return buffer.getvalue()


def _cell(key: str, value: Any) -> str:
    if value is None:
        return ""
    if key in ("seats", "winners"):
        return "+".join(value)
    if key in ("started_at", "ended_at"):
        return _when(value)
    if key == "duration_s":
        return f"{value:.1f}"
    if key == "attract":
        return "1" if value else "0"
    return str(value)


def _when(timestamp: float) -> str:
    return datetime.fromtimestamp(timestamp).isoformat(sep=" ", timespec="seconds")


def summary_text(summary: Sequence[dict[str, Any]], totals: dict[str, Any]) -> str:
    """The summary as an aligned table, one line per game and variant and one for all."""
    since = f" since {_when(totals['since'])}" if totals["since"] is not None else ""
    lines = [f"Speltafel kiosk statistics{since}; demo games: {totals['attract_games']}"]
    if not summary:
        return "\n".join([*lines, "No visitor games recorded."])
    heads = ["game", "variant", *(head for head, _ in TABLE)]
    body = [[row["game"], row["variant"], *_figures(row)] for row in summary]
    body.append(["all", "", *_figures(totals)])
    widths = [max(len(r[i]) for r in [heads, *body]) for i in range(len(heads))]
    for cells in [heads, *body]:
        left = [c.ljust(w) for c, w in zip(cells[:2], widths[:2], strict=True)]
        right = [c.rjust(w) for c, w in zip(cells[2:], widths[2:], strict=True)]
        lines.append("  ".join(left + right).rstrip())
    lines.append("Durations (m:ss) of finished games; 'vs AI': finished games of humans and AI.")
    return "\n".join(lines)


def _figures(row: dict[str, Any]) -> list[str]:
    return [_duration(row[key]) if key.endswith("_s") else str(row[key]) for _, key in TABLE]


def _duration(seconds: float | None) -> str:
    if seconds is None:
        return "-"
    minutes, rest = divmod(round(seconds), 60)
    return f"{minutes}:{rest:02d}"


if __name__ == "__main__":
    sys.exit(main())
