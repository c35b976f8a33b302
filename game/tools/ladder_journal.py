"""A ladder's journal: its games kept as they finish, so a ladder of many hours goes on where it
stopped (``python -m game.tools.ladder ... --journal FILE``).

A long ladder outlasts a working session or a machine's night (Nanuuk!'s full game at the shipped
iterations is some fifteen hours of one core). The journal is a text file of JSON lines: first
the ladder's settings (``{"ladder": {...}}``: the game, the variant, the games per row, the first
seed, the greedy rows, the work budgets), then one line per finished game, ``{"i": N, ...}``,
with N the game's place in the ladder's whole plan (its seed is the first seed + N, its seating
the plan's N-th) and what the ratings and the rows read of it: the winners, the ranking, how it
ended. A ladder started again with the same journal and the same flags plays only the games the
journal does not hold; a journal of other settings is refused (it would mix two ladders). A last
line cut off when a run was stopped while writing it is cut from the file, and its game is played
again. Compact by design (no moves, no timings): a whole ladder's journal is some hundred
kilobytes, small enough to keep beside the report in ``docs/ladders/``.

The settings cannot tell the bots' code apart: a journal is for the levels as they played its
first games. When a level's play changes (its search, its evaluation, not a faster engine that
plays the same games), start a new journal.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

KEPT = ("winner_seats", "ranking", "reason")  # of a game's result: what the ladder reads


class Refused(Exception):
    """A journal that cannot go on: another ladder's, unreadable, or a line no game of it."""


def read(path: Path, settings: dict[str, Any], games: int) -> dict[int, dict[str, Any]]:
    """The games ``path`` holds, by their place in the plan (of ``games``); none if there is no
    such file yet. Refuses a journal of another
    ladder, or a line that is no game of this one (:class:`Refused`, naming the file)."""
    if not path.exists():
        return {}
    try:
        text = path.read_text(encoding="utf-8")
        if not text.endswith("\n"):  # stopped while writing its last line: played again
            text = text[: text.rfind("\n") + 1]
            path.write_text(text, encoding="utf-8")
    except (OSError, UnicodeError) as exc:
        raise Refused(f"cannot read {path} ({exc})") from None
    lines = text.splitlines()
    if not lines:
        return {}
    try:
        head = json.loads(lines[0])["ladder"]
    except (ValueError, KeyError, TypeError):
        raise Refused(f"{path} is not a ladder's journal (its first line is not a ladder's "
                      "settings)") from None  # fmt: skip
    if head != settings:
        differ = ", ".join(sorted(k for k in settings.keys() | head.keys()
                                  if head.get(k) != settings.get(k)))  # fmt: skip
        raise Refused(f"{path} is the journal of another ladder (its {differ} differ): give "
                      "the flags it was started with, or another file")  # fmt: skip
    found: dict[int, dict[str, Any]] = {}
    for number, line in enumerate(lines[1:], start=2):
        try:
            game = json.loads(line)
            place = game["i"]
            if not isinstance(place, int) or not 0 <= place < games:
                raise ValueError(place)
            found[place] = {key: game[key] for key in KEPT}
        except (ValueError, KeyError, TypeError):
            raise Refused(f"{path}, line {number} is no game of this ladder") from None
    return found


@contextmanager
def writer(
    path: Path | None, settings: dict[str, Any]
) -> Iterator[Callable[[int, dict[str, Any]], None]]:
    """A function that adds a finished game (its place, its result) to the journal at once (a
    no-op without a journal); the settings line first, in a new file."""
    if path is None:
        yield lambda place, result: None
        return
    with path.open("a", encoding="utf-8") as out:
        if out.tell() == 0:
            out.write(json.dumps({"ladder": settings}, sort_keys=True) + "\n")

        def keep(place: int, result: dict[str, Any]) -> None:
            out.write(json.dumps({"i": place, **{key: result[key] for key in KEPT}}) + "\n")
            out.flush()  # a run stopped now loses no game that is over

        yield keep
