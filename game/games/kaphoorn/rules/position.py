"""What a Kap Hoorn position holds: the fields of a state, the values they take, and copies.

The turn flow (``turn.py``), the refusals (``why.py``) and the saves (``saves.py``) read and copy
a position; ``state.py`` builds on it the rules protocol's :class:`KapState`, which calls them.
This module is below all of them, so they import it and not the state (no import cycle).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar, Self

from game.games.kaphoorn.rules.chart import Chart, default_chart
from game.games.kaphoorn.rules.winds import Deck, default_deck

_NEW, _SET = object.__new__, object.__setattr__
HIDDEN = -1  # a card whose face the viewer may not see (other hands, the draw pile)
EMPTY = -1  # no card on a field; no wind rose in a log-book slot
LAY, MOVED, AGAIN_PHASE, DRAW, OVER = "lay", "moved", "again", "draw", "over"
PHASES = (LAY, MOVED, AGAIN_PHASE, DRAW, OVER)


@dataclass(frozen=True)
class KapPosition:
    """One position. ``cards[f]`` is the wind index on field ``f`` (see :func:`winds`) or
    ``EMPTY``; ``laid`` is the same as a bit mask. ``pile`` has its top card last. ``roses[s]``
    holds a colour index per stage (log-book slots 1-3). In a view (``viewer >= 0``) the other
    hands, the pile and the seed (which would give away the draw order) are hidden."""

    VERSION: ClassVar[int] = 1  # of the saved fields (``to_dict``)

    names: tuple[str, ...]
    seed: int
    rounds: int  # K15: the game ends after this many rounds (0 = no limit)
    start_player: int
    cards: tuple[int, ...]
    laid: int
    ships: tuple[int, ...]
    sail: tuple[int, ...]
    roses: tuple[tuple[int, int, int], ...]
    hands: tuple[tuple[int, ...], ...]
    pile: tuple[int, ...]
    discard: tuple[int, ...] = ()
    reshuffles: int = 0
    seat: int = 0
    turn: int = 0  # turns completed in the whole game
    phase: str = LAY
    played: int = 0  # cards played (or replaced) this turn
    replaced: bool = False
    winner: int = -1
    reason: str = ""
    viewer: int = -1  # -1: the full state; else the seat whose view this is

    @property
    def players(self) -> int:
        return len(self.names)

    @property
    def chart(self) -> Chart:
        return default_chart()

    @property
    def deck(self) -> Deck:
        return default_deck()

    # --- copies and the per-state memo --------------------------------------------------------

    def with_(self, **changes: Any) -> Self:
        """A copy with ``changes``; cheaper than ``dataclasses.replace`` (no re-validation)."""
        return self._with(changes)

    def _with(self, changes: dict[str, Any]) -> Self:
        """``with_`` for a dict of changes the turn flow has gathered (not copied once more)."""
        data = self.__dict__.copy()
        data.update(changes)
        data["_cache"] = {}  # the copy's own memo (replaced, not removed: a dict without holes
        new = _NEW(type(self))  # copies quicker); a state's copy is a state
        _SET(new, "__dict__", data)
        return new

    def __getstate__(self) -> dict[str, Any]:
        """The fields alone: a view pickled to a bot's worker leaves the memo and the carried
        lists behind (the worker works them out again), so a request stays small."""
        return {k: v for k, v in self.__dict__.items() if not k.startswith("_")}

    def _carried(self, key: str) -> Any:
        """A value kept for the copies (``with_`` copies it on, unlike the memo), or None: the
        field lists of ``turn.py``, each with the mask it lists, to be edited, not read afresh."""
        return self.__dict__.get(key)

    def _carry(self, key: str, value: Any) -> None:
        self.__dict__[key] = value  # not a field: equality, hashing and saves ignore it

    def _memo(self) -> dict[str, Any]:
        try:
            return self.__dict__["_cache"]  # type: ignore[no-any-return]
        except KeyError:
            memo: dict[str, Any] = {}
            self.__dict__["_cache"] = memo  # not a field: equality and hashing ignore it
            return memo
