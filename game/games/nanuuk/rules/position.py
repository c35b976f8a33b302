"""What a Nanuuk! position holds: the fields of a state, and the copies and masks read of them.

The turn flow (``turn.py``), the moves (``moves.py``) and the refusals (``why.py``) read and copy
a position; ``state.py`` builds on it the rules protocol's :class:`NanuukState`, which calls them.
This module is below all of them, so they import it and not the state (no import cycle).
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from operator import attrgetter
from typing import Any, ClassVar, Self

from game.games.nanuuk.rules.actions import NanuukAction
from game.games.nanuuk.rules.board import Board
from game.games.nanuuk.rules.phases import PIECES, PLACE
from game.games.nanuuk.rules.sheet import Sheet
from game.games.nanuuk.rules.spec import Spec

_NEW, _SET = object.__new__, object.__setattr__
_BOARD_FIELDS = frozenset({"spec", "pos", "cracks", "pieces", "sheets"})


@dataclass(frozen=True)
class NanuukPosition:
    """A position. Fields are bit indices of the floe; ``cracks`` is the crack mask.

    ``pos`` per mover (``NOT_PLACED`` before placement, ``REMOVED`` when out, N12); ``pieces``
    per kind of :data:`PIECES` a mask of fields (the full game's animals, Inuit and bears);
    ``sheets`` per mover (hunters in the full game, else empty). The turn: ``seat`` moves
    ``mover`` (-1 before the choice); ``steps`` more steps may follow, ``stepped`` were taken;
    ``owed`` means a crack is due at the end of the move; ``quiet`` counts steps whose crack is
    postponed (variant 1); ``at`` is the field a pending question is about; ``closing`` marks
    the crack that ends a move. ``moved`` masks movers that moved this turn; ``turns`` counts
    each seat's finished turns; ``out`` lists the seats out in order; ``home`` is the homecoming
    after the hunt (N26); ``fur`` the Inuit's fight after the bear is enclosed (N16 d);
    ``skipped`` the seats whose turn just passed because no hunter of theirs could move (N21).
    Once over, ``winners`` and ``reason``, the code of how it ended (``hunt_over``, ``partner``
    ...; the screen shows ``results.reason.nanuuk_<code>``).
    """

    spec: Spec
    pos: tuple[int, ...]
    cracks: int
    pieces: tuple[int, ...] = (0, 0, 0, 0, 0, 0)
    sheets: tuple[Sheet, ...] = ()
    phase: str = PLACE
    seat: int = 0
    mover: int = -1
    steps: int = 0
    stepped: int = 0
    owed: bool = False
    quiet: int = 0
    at: int = -1
    closing: bool = False
    moved: int = 0
    placed: int = 0
    turns: tuple[int, ...] = ()
    out: tuple[int, ...] = ()
    home: bool = False
    fur: bool = False
    skipped: tuple[int, ...] = ()
    winners: tuple[int, ...] = ()
    reason: str = ""

    # Caches, not fields: in the instance ``__dict__`` (frozen does not apply to that).
    # ``memo`` holds values derived only from the board fields (``_BOARD_FIELDS``); ``with_``
    # passes it on while those stay the same. ``_legal`` holds ``legal_actions()``.
    # ``_regions`` holds ``regions()`` with the board and cracks it is for: every copy takes it
    # along, and the next crack updates it (see ``regions``).
    memo: ClassVar[dict[Any, Any]]
    _legal: ClassVar[tuple[NanuukAction, ...] | None]
    _regions: ClassVar[tuple[Board, int, tuple[int, ...]] | None]
    # ``_quarry`` holds ``hunt.quarry()``, what each hunter may hunt, with the pieces, sheets
    # and cracks it is for; ``_witness`` the hunter ``hunt.prey_near`` last found with prey in
    # his region, with that quarry and the cracks then (or None)
    _quarry: ClassVar[Any]
    _witness: ClassVar[Any]
    # ``_enclosed`` masks the movers found with every edge round them cracked and no kayak: no
    # step for good (N9, N25), as long as no piece, sheet or crack changes but by the turn
    # flow's steps and cracks (``stepped_to``, ``cracked``: cracks only come, and a mover that
    # steps is not enclosed); ``with_`` starts it afresh when a board field changes
    _enclosed: ClassVar[int]
    # ``_hash`` holds ``hash(self)`` once asked (None before): the bots' searches look a
    # position up in their tables several times (seen, judged, its line), and the hash of all
    # its fields took a tenth of a search's time. Every copy starts without it.
    _hash: ClassVar[int | None]

    def __hash__(self) -> int:
        """The hash the dataclass would give (of all the fields, in their order), kept."""
        found: int | None = self.__dict__["_hash"]
        if found is None:
            found = self.__dict__["_hash"] = hash(_FIELDS(self))
        return found

    def __getstate__(self) -> dict[str, Any]:
        """A copy in another process hashes anew: a string's hash differs from one process to
        the next (``PYTHONHASHSEED``)."""
        return {**self.__dict__, "_hash": None}

    def __post_init__(self) -> None:
        # A plain dict of its own, caches included: a fresh instance shares its keys with the
        # class (a "split" dict), which ``with_``'s copies would inherit, and attribute reads of
        # such a dict miss the interpreter's attribute caches (as do reads of a descriptor).
        caches: dict[str, Any] = {
            "_legal": None, "memo": {}, "_regions": None, "_quarry": None, "_witness": None,
            "_enclosed": 0, "_hash": None,
        }  # fmt: skip
        _SET(self, "__dict__", {**self.__dict__, **caches})

    def with_(self, **changes: Any) -> Self:
        """A copy with some fields changed (cheaper than ``dataclasses.replace``).

        Keys of the ``__dict__`` are replaced, never deleted: a dict without holes is copied as
        one block, a dict with holes key by key (and playouts make a few copies per action).
        """
        data = self.__dict__.copy()  # ``with_all``'s body: a call less on the hottest path
        data.update(changes)
        data["_legal"] = data["_hash"] = None
        if not _BOARD_FIELDS.isdisjoint(changes):
            data["memo"], data["_enclosed"] = {}, 0
            if "pos" in changes:  # not a step of the turn flow's: who is cut off from what
                data["_quarry"] = None  # is to be worked out again (``hunt.Quarry``)
        new = _NEW(type(self))
        _SET(new, "__dict__", data)
        return new

    def with_all(self, changes: dict[str, Any]) -> Self:
        """``with_(**changes)`` for a dict the caller made (the turn flow's new turns)."""
        data = self.__dict__.copy()
        data.update(changes)
        data["_legal"] = data["_hash"] = None
        if not _BOARD_FIELDS.isdisjoint(changes):  # the memo holds what depends on the
            data["memo"], data["_enclosed"] = {}, 0  # board only: keep it if it can
            if "pos" in changes:  # as in ``with_``
                data["_quarry"] = None
        new = _NEW(type(self))  # a state's copy is a state
        _SET(new, "__dict__", data)
        return new

    def with_turn(self, changes: dict[str, Any]) -> Self:
        """``with_all(changes)`` for changes to the turn's fields alone (no board field, so the
        memo and the other caches go on), in fewer steps: the flow's moves within a turn."""
        data = self.__dict__.copy()
        data.update(changes)
        data["_legal"] = data["_hash"] = None
        new = _NEW(type(self))
        _SET(new, "__dict__", data)
        return new

    def stepped_to(self, to: int, sheets: tuple[Sheet, ...]) -> Self:
        """The mover's step to ``to``: ``with_(pos=..., sheets=sheets, steps=steps - 1,
        stepped=stepped + 1, at=to)`` in fewer steps. Who is cut off from what stays so (a
        step stays in the hunter's region, one by kayak changes his sheet: ``hunt.Quarry``);
        the fields with a mover are known but where he left an igloo (it may hold another)."""
        i = self.mover
        old = self.pos[i]
        pos = list(self.pos)
        pos[i] = to
        data = self.__dict__.copy()
        data["pos"], data["sheets"], data["at"], data["_legal"] = tuple(pos), sheets, to, None
        data["_hash"] = None
        data["steps"], data["stepped"] = self.steps - 1, self.stepped + 1
        memo = data["memo"] = {}
        occupied = self.memo.get("occupied")
        if occupied is not None and not self.spec.board.igloos >> old & 1:
            memo["occupied"] = occupied & ~(1 << old) | 1 << to
        new = _NEW(type(self))
        _SET(new, "__dict__", data)
        return new

    def cracked(
        self, cracks: int, changes: dict[str, Any] | None = None, memo: dict[Any, Any] | None = None
    ) -> Self:
        """``with_(cracks=cracks, **changes)`` for the turn flow's short cuts after a crack, in
        fewer steps: ``changes`` holds no board field, and the new memo is ``memo`` (what the
        caller worked out of the new position) or starts with the fields that hold a mover (a
        crack moves nobody). The caller may fill the memo and the legal list, and change the
        copy, before it hands it out."""
        data = self.__dict__.copy()
        if changes:
            data.update(changes)
        data["cracks"], data["_legal"], data["_hash"] = cracks, None, None
        data["memo"] = {"occupied": self.occupied()} if memo is None else memo
        new = _NEW(type(self))
        _SET(new, "__dict__", data)
        return new

    def regions(self) -> tuple[int, ...]:
        """The floe's regions now: masks of the fields that uncracked edges connect (N6), the
        whole board between them. A flood over uncracked edges from a field fills its region.

        Found once and then passed on from copy to copy: a new crack splits at most the one
        region it lies in, and mostly not even that (a short flood around the crack shows it).
        """
        board, cracks = self.spec.board, self.cracks
        known = self._regions
        if known is not None and known[0] is board:
            _, before, regions = known
            if before == cracks:
                return regions
            new = cracks & ~before
            if before & ~cracks or new & (new - 1):  # not just one more crack
                regions = board.regions(cracks)
            else:
                regions = board.split(regions, cracks, new)
        else:
            regions = board.regions(cracks)
        self.__dict__["_regions"] = (board, cracks, regions)
        return regions

    def flood(self, seeds: int) -> int:
        """``spec.board.flood(seeds, cracks)``: the regions of the fields in ``seeds``."""
        out = 0
        for region in self.regions():
            if region & seeds:
                out |= region
        return out

    def position(self, mover_id: str) -> int:
        return self.pos[self.spec.index[mover_id]]

    def occupied(self) -> int:
        """Fields holding a mover (hunters, or the introduction games' bears and Inuit)."""
        memo = self.memo
        mask: int | None = memo.get("occupied")
        if mask is None:
            mask = 0
            for p in self.pos:  # not sum(): hunters may share an igloo
                if p >= 0:
                    mask |= 1 << p
            memo["occupied"] = mask
        return mask

    def piece_at(self, field: int) -> str | None:
        """The animal, Inuk or bear on ``field`` (N5: at most one), or None."""
        bit = 1 << field
        for k, mask in enumerate(self.pieces):
            if mask & bit:
                return PIECES[k]
        return None


_FIELDS = attrgetter(*(f.name for f in fields(NanuukPosition)))  # all of them, as a tuple
