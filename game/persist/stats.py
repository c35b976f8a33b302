"""Kiosk statistics: the games visitors started, finished or walked away from, and who won.

One SQLite file, ``stats.sqlite3`` in the data folder, one row per game. Every change is its own
transaction (autocommit), so switching the machine off loses at most the game in progress: with a
rollback journal and ``synchronous = FULL`` a committed change is on the disk before the call
returns, and a power cut mid-write leaves the last whole transaction (SQLite's own guarantee). The
file is marked as ours (``PRAGMA application_id``) and carries its schema version
(``PRAGMA user_version``): a damaged or foreign file, or something that is not a file at all (a
folder, a FIFO, a symbolic link that loops; never opened), is kept as ``stats.sqlite3.bad`` and a
fresh one is started, never silently overwritten. A newer version's statistics are left where they
are, and this session's live in memory.

Statistics must never stop a game: a database error during play (disk full, file gone) is logged
to ``speltafel.log`` and the game carries on; a start that could not be recorded returns
``NO_ROW``, which ``finished``/``abandoned`` ignore.

A game still marked "started" that this ``Stats`` did not start itself was cut off (the machine
was switched off or the program ended mid-game): summaries and ``rows()`` count it as
abandoned. (Read by ``python -m game.tools.stats`` while the kiosk runs, the game being played
right then therefore shows as abandoned too.)
"""

from __future__ import annotations

import json
import sqlite3
import statistics
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game.persist.kiosk_config import Damaged
from game.persist.log import LOG
from game.persist.paths import keep_bad, regular_file_problem

__all__ = ["COLUMNS", "NO_ROW", "STATS_FILE", "Damaged", "Stats"]

STATS_FILE = "stats.sqlite3"
SCHEMA_VERSION = 1
APPLICATION_ID = 0x53504C54  # "SPLT": tells our file from any other SQLite database
NO_ROW = -1  # the row id of a start that could not be recorded
HUMAN = "human"
STATUSES = ("started", "finished", "abandoned")
# The columns of ``rows()``, in export order.
COLUMNS = (
    "id",
    "game",
    "variant",
    "seats",
    "attract",
    "status",
    "started_at",
    "ended_at",
    "duration_s",
    "winners",
)

# AUTOINCREMENT: an id is never reused, not even after a reset, so a game still running across
# a reset cannot close somebody else's row.
_SCHEMA = f"""
CREATE TABLE games (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    game TEXT NOT NULL,
    variant TEXT NOT NULL,
    seats TEXT NOT NULL,
    attract INTEGER NOT NULL,
    started_at REAL NOT NULL,
    ended_at REAL,
    status TEXT NOT NULL CHECK (status IN {STATUSES!r}),
    winners TEXT
);
PRAGMA application_id = {APPLICATION_ID};
PRAGMA user_version = {SCHEMA_VERSION};
"""
_TABLE_COLUMNS = [
    "id",
    "game",
    "variant",
    "seats",
    "attract",
    "started_at",
    "ended_at",
    "status",
    "winners",
]


class _Foreign(Exception):
    """The file is a readable SQLite database, but not our statistics."""


class _Newer(_Foreign):
    """Our statistics, of a newer schema: never moved aside (that version still wants them)."""


@dataclass(frozen=True)
class _Game:
    id: int
    game: str
    variant: str
    seats: tuple[str, ...]
    attract: bool
    status: str
    started_at: float
    ended_at: float | None
    winners: tuple[str, ...]

    @property
    def duration_s(self) -> float | None:
        if self.status != "finished" or self.ended_at is None:
            return None
        return max(0.0, self.ended_at - self.started_at)  # a clock set back must not go negative

    def as_dict(self) -> dict[str, Any]:
        row = {name: getattr(self, name) for name in COLUMNS}
        return row | {"seats": list(self.seats), "winners": list(self.winners)}


class Stats:
    """The statistics store; make it with :meth:`open`."""

    def __init__(self, db: sqlite3.Connection, path: Path, clock: Callable[[], float]) -> None:
        self._db = db
        self.path = path
        self._clock = clock
        self._mine: set[int] = set()  # rows this store started and has not closed yet

    @classmethod
    def open(
        cls, folder: Path, clock: Callable[[], float] = time.time
    ) -> tuple[Stats, Damaged | None]:
        """The store in ``folder``, created if missing, and what was wrong with the old file.

        A damaged or foreign file is kept as ``stats.sqlite3.bad`` and a fresh store is started.
        If the file cannot be opened at all (an unwritable folder), the statistics of this
        session live in memory only, and the problem says so.
        """
        path = Path(folder) / STATS_FILE
        odd = regular_file_problem(path)
        if odd is not None:  # a FIFO would hold SQLite's first read for ever: never opened
            return cls._fresh(path, clock, odd)
        try:
            return cls(_connect(path), path, clock), None
        # No access, a locked file: not the file's fault, so it stays where it is.
        except (sqlite3.OperationalError, OSError) as exc:
            return cls._in_memory(path, clock, f"could not be opened ({exc})")
        except _Newer as exc:  # good statistics, only not for this version: left alone
            return cls._in_memory(path, clock, str(exc))
        except _Foreign as exc:
            return cls._fresh(path, clock, str(exc))
        except sqlite3.DatabaseError as exc:
            return cls._fresh(path, clock, f"damaged ({exc})")

    @classmethod
    def _fresh(cls, path: Path, clock: Callable[[], float], reason: str) -> tuple[Stats, Damaged]:
        """Keep the unusable file as ``*.bad`` and start an empty store in its place."""
        try:
            kept = keep_bad(path)  # a leftover journal SQLite has already used or removed
            return cls(_connect(path), path, clock), Damaged(STATS_FILE, reason, str(kept))
        except (sqlite3.Error, OSError, _Foreign) as exc:
            return cls._in_memory(path, clock, f"{reason}; no fresh file could be made ({exc})")

    @classmethod
    def _in_memory(
        cls, path: Path, clock: Callable[[], float], reason: str
    ) -> tuple[Stats, Damaged]:
        db = _connect(":memory:")
        return cls(db, path, clock), Damaged(STATS_FILE, f"{reason}; statistics not saved")

    def started(
        self, game: str, variant: str, seats: Sequence[str], *, attract: bool = False
    ) -> int:
        """Record a game that begins; ``seats`` holds "human" or an AI level per seat."""
        try:
            cursor = self._db.execute(
                "INSERT INTO games (game, variant, seats, attract, started_at, status)"
                " VALUES (?, ?, ?, ?, ?, 'started')",
                (game, variant, _kinds(seats), int(attract), self._clock()),
            )
        except sqlite3.Error as exc:
            LOG.error("stats: the start of %s %s was not recorded: %s", game, variant, exc)
            return NO_ROW
        row = cursor.lastrowid if cursor.lastrowid is not None else NO_ROW
        self._mine.add(row)
        return row

    def finished(self, row: int, winner_kinds: Sequence[str]) -> None:
        """Record the end of game ``row``; ``winner_kinds`` are the kinds of the winning seats."""
        self._close(row, "finished", _kinds(winner_kinds))

    def abandoned(self, row: int) -> None:
        """Record that game ``row`` was left before its end (quit, timeout, admin)."""
        self._close(row, "abandoned", None)

    def _close(self, row: int, status: str, winners: str | None) -> None:
        """Close an open row; an unknown or already closed one is logged and ignored."""
        self._mine.discard(row)
        if row == NO_ROW:
            return  # its start failed and was logged then
        try:
            cursor = self._db.execute(
                "UPDATE games SET status = ?, ended_at = ?, winners = ?"
                " WHERE id = ? AND status = 'started'",
                (status, self._clock(), winners, row),
            )
        except sqlite3.Error as exc:
            LOG.error("stats: game %s was not recorded as %s: %s", row, status, exc)
            return
        if cursor.rowcount == 0:
            LOG.warning("stats: game %s is unknown or already over; '%s' ignored", row, status)

    def summary(self) -> list[dict[str, Any]]:
        """Per game and variant, visitor games only (demo games left out), sorted by both:
        ``game``, ``variant`` and the figures of :func:`_figures`."""
        groups: dict[tuple[str, str], list[_Game]] = {}
        for g in self._games():
            if not g.attract:
                groups.setdefault((g.game, g.variant), []).append(g)
        return [
            {"game": game, "variant": variant} | _figures(games)
            for (game, variant), games in sorted(groups.items())
        ]

    def totals(self) -> dict[str, Any]:
        """All visitor games together (the figures of :func:`_figures`), plus ``attract_games``
        (demo games begun) and ``since`` (the first game's start time, None when empty)."""
        games = self._games()
        visitors = [g for g in games if not g.attract]
        return _figures(visitors) | {
            "attract_games": len(games) - len(visitors),
            "since": min((g.started_at for g in games), default=None),
        }

    def rows(self) -> list[dict[str, Any]]:
        """Every game, demo games too, oldest first, as dicts with the keys ``COLUMNS``:
        ``seats`` and ``winners`` are lists of kinds, times are Unix seconds, ``duration_s`` is
        None unless finished, ``status`` counts cut-off games as abandoned."""
        return [g.as_dict() for g in self._games()]

    def reset(self) -> None:
        """Forget every game (the admin menu's reset)."""
        self._mine.clear()
        try:
            self._db.execute("DELETE FROM games")
        except sqlite3.Error as exc:
            LOG.error("stats: reset failed: %s", exc)

    def close(self) -> None:
        try:
            self._db.close()
        except sqlite3.Error as exc:
            LOG.error("stats: closing failed: %s", exc)

    def __enter__(self) -> Stats:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def _games(self) -> list[_Game]:
        """Every row, cut-off games as abandoned; [] (logged) when the database fails."""
        try:
            found = self._db.execute(
                "SELECT id, game, variant, seats, attract, status, started_at, ended_at, winners"
                " FROM games ORDER BY id"
            ).fetchall()
            return [self._game(*row) for row in found]
        except (sqlite3.Error, ValueError, TypeError, RecursionError) as exc:  # odd rows
            LOG.error("stats: could not be read: %s", exc)
            return []

    def _game(
        self,
        row: int,
        game: str,
        variant: str,
        seats: str,
        attract: int,
        status: str,
        started_at: float,
        ended_at: float | None,
        winners: str | None,
    ) -> _Game:
        if status == "started" and row not in self._mine:
            status = "abandoned"
        return _Game(
            row,
            game,
            variant,
            tuple(json.loads(seats)),
            bool(attract),
            status,
            started_at,
            ended_at,
            tuple(json.loads(winners)) if winners else (),
        )


def _figures(games: Iterable[_Game]) -> dict[str, Any]:
    """The figures of a group of games.

    ``started`` (all of them), ``finished``, ``abandoned``, ``in_progress`` (begun by this store
    and still running); ``median_duration_s`` and ``mean_duration_s`` of the finished games
    (None when there are none); of the finished games between humans and AI,
    ``human_vs_ai_finished``, ``won_by_humans`` (every winner human) and ``won_by_ai`` (every
    winner an AI; a win shared by a human and an AI counts for neither).
    """
    games = list(games)
    done = [g for g in games if g.status == "finished"]
    durations = [d for g in done if (d := g.duration_s) is not None]
    mixed = [g for g in done if HUMAN in g.seats and any(s != HUMAN for s in g.seats)]
    return {
        "started": len(games),
        "finished": len(done),
        "abandoned": sum(g.status == "abandoned" for g in games),
        "in_progress": sum(g.status == "started" for g in games),
        "median_duration_s": statistics.median(durations) if durations else None,
        "mean_duration_s": statistics.fmean(durations) if durations else None,
        "human_vs_ai_finished": len(mixed),
        "won_by_humans": sum(bool(g.winners) and set(g.winners) == {HUMAN} for g in mixed),
        "won_by_ai": sum(bool(g.winners) and HUMAN not in g.winners for g in mixed),
    }


def _kinds(kinds: Iterable[str]) -> str:
    return json.dumps([str(k) for k in kinds])


def _connect(path: Path | str) -> sqlite3.Connection:
    """An autocommit connection to a checked store (created when the file is new or empty).

    Raises ``sqlite3.DatabaseError`` for a damaged file, ``_Foreign`` for somebody else's.
    """
    db = sqlite3.connect(path, timeout=5.0, isolation_level=None, check_same_thread=False)
    try:
        _check(db)
        _make_durable(db)
    except BaseException:
        db.close()
        raise
    return db


def _make_durable(db: sqlite3.Connection) -> None:
    """A rollback journal and a sync at every commit: a power cut keeps every committed row.

    Not a write-ahead log: with one, the newest rows live in a second file until a checkpoint,
    so an operator who copies ``stats.sqlite3`` off a running kiosk would miss them, and writes
    to a removed folder would vanish into the unlinked log instead of failing (and being logged).
    """
    db.execute("PRAGMA journal_mode = DELETE")
    db.execute("PRAGMA synchronous = FULL")


def _check(db: sqlite3.Connection) -> None:
    app_id = db.execute("PRAGMA application_id").fetchone()[0]
    version = db.execute("PRAGMA user_version").fetchone()[0]
    tables = db.execute("SELECT count(*) FROM sqlite_master").fetchone()[0]
    if app_id == 0 and version == 0 and tables == 0:
        db.executescript(f"BEGIN; {_SCHEMA} COMMIT;")
        return
    if app_id != APPLICATION_ID:
        raise _Foreign("not Speltafel statistics (another program's SQLite database)")
    if version > SCHEMA_VERSION:
        raise _Newer(f"statistics of a newer Speltafel (version {version}); left as they are")
    if version != SCHEMA_VERSION:
        raise _Foreign(f"statistics version {version}; this Speltafel reads {SCHEMA_VERSION}")
    columns = [r[1] for r in db.execute("PRAGMA table_info(games)")]
    if columns != _TABLE_COLUMNS:
        raise _Foreign(f"unexpected table layout {columns}")
    verdict = db.execute("PRAGMA quick_check").fetchone()[0]
    if verdict != "ok":
        raise sqlite3.DatabaseError(verdict)
