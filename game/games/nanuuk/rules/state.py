"""The state of a game of Nanuuk!: an immutable position and its small actions.

A turn is a short sequence of small actions (choose, step, crack, take or leave, banish, igloo,
done); ``phase`` says which question is open. The turn flow lives in ``turn.py``; this module
keeps the legal actions per phase, the checks and the (de)serialisation; the data is the
position's (``position.py``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, fields
from typing import Any, ClassVar

from game.games.nanuuk.rules import moves, turn, why
from game.games.nanuuk.rules.actions import (
    ANIMALS,
    Deposit,
    EndTurn,
    Exchange,
    Mush,
    NanuukAction,
    Stay,
    action_from_dict,
    banish_action,
    choose_action,
    crack_action,
    leave_action,
    places_on,
    take_action,
)
from game.games.nanuuk.rules.board import bits
from game.games.nanuuk.rules.phases import (
    BANISH,
    CHOOSE,
    CRACK,
    IGLOO,
    NOT_PLACED,
    OVER,
    PIECE_OF_KIND,
    PIECES,
    PLACE,
    STEP,
    TAKE,
)
from game.games.nanuuk.rules.position import NanuukPosition
from game.games.nanuuk.rules.sheet import HUSKY, SLEDGE, Sheet
from game.games.nanuuk.rules.spec import (
    BEAR_FEAR,
    BEAR_HUNT,
    FULL,
    SHARED,
    VARIANTS,
    Spec,
    make_spec,
)
from game.protocol.base import NewGame, Outcome, Refusal, Seat, State, checked_save

_TURN_FIELDS = (
    "phase", "seat", "mover", "steps", "stepped", "owed", "quiet", "at", "closing", "moved",
    "placed", "turns", "out", "home", "fur", "skipped", "winners", "reason",
)  # fmt: skip
# Saves and replays written before the reasons became codes (issue 17) hold the engine's English
# sentence, in the full game followed by "; " and the tie-break: they are read as the code.
LEGACY_REASONS = {
    "the last hunter able to move": "last_hunter",
    "a hunter of the loser is enclosed (N13)": "two_player_enclosed",
    "the partner of the enclosed hunter wins": "partner",
    "whose left neighbour is enclosed first wins (N14)": "left_neighbour",
    "whose right neighbour is enclosed first wins (N14)": "right_neighbour",
    "the opponent's polar bear is enclosed (N15)": "bear_enclosed",
    "the polar bear is enclosed (N16)": "inuit_win",
    "an Inuk is enclosed (N16)": "bear_wins",
    "the last Inuk able to move wins the fur (N16 d)": "fur",
    "his Inuk is enclosed (N18)": "inuk_enclosed",
    "every hunter is home or stranded (N26)": "hunt_over",
    "no hunter can move any more (N31)": "no_moves",
}


@dataclass(frozen=True)
class NanuukState(NanuukPosition, State[NanuukAction]):
    """A position (:class:`NanuukPosition`: its fields) as the rules protocol's state."""

    VERSION: ClassVar[int] = 1
    __hash__ = NanuukPosition.__hash__  # kept (the dataclass would make its own again)

    # -- the protocol ----------------------------------------------------------------------
    @property
    def current_player(self) -> Seat | None:
        return None if self.phase == OVER else self.seat

    @property
    def names(self) -> tuple[str, ...]:
        return self.spec.names

    @property
    def variant(self) -> str:
        return self.spec.variant

    def is_over(self) -> bool:
        return self.phase == OVER

    def view(self, seat: Seat) -> NanuukState:
        return self  # Nanuuk! has no hidden information

    def legal_actions(self) -> tuple[NanuukAction, ...]:
        cached = self._legal
        if cached is None:
            cached = _LEGAL[self.phase](self)
            object.__setattr__(self, "_legal", cached)
        return cached

    def apply(self, action: Any) -> NanuukState:
        legal = self._legal
        if legal is None:
            legal = self.legal_actions()
        for known in legal:  # an interned action: found by identity, mostly; ``in`` would
            if known is action:  # call the dataclass's ``__eq__`` on each one before it
                break
        else:
            if action not in legal:  # an equal action made elsewhere (a save, a phone)
                self.refuse(action)  # raises IllegalAction with why_not's reason
        # the flow copies a position with ``with_``, which keeps its class: this state's (no
        # ``cast``: a call of its own at every action)
        return _HANDLERS[type(action)](self, action)  # type: ignore[return-value]

    def apply_legal(self, action: NanuukAction) -> NanuukState:
        """``apply`` for an action of this state's ``legal_actions()``, not checked again."""
        return _HANDLERS[type(action)](self, action)  # type: ignore[return-value]

    def why_not(self, action: Any) -> Refusal | None:
        """The refusal ``apply`` would raise, without applying: the legal list is cached."""
        return None if action in self.legal_actions() else why.why_illegal(self, action)

    def english(self, refusal: Refusal) -> str:
        return why.english(refusal)

    def outcome(self) -> Outcome | None:
        if self.phase != OVER:
            return None
        scores = turn.final_scores(self)
        order = sorted(
            range(self.spec.players), key=lambda s: (s not in self.winners, -scores[s], s)
        )
        details: dict[str, Any] = {}
        if self.spec.variant == FULL:
            order = sorted(range(self.spec.players), key=lambda s: _full_rank(self, scores, s))
            details["decided_by"] = turn.full_result(self)[1]  # N27: what separated them
        return Outcome(tuple(scores), tuple(order), self.winners, self.reason, details)

    def describe(self, action: NanuukAction) -> str:
        """The move log line: ``Ann: hunter 1 -> F23``."""
        return f"{self.spec.names[self.seat]}: {action}"

    # -- the first position, the score ------------------------------------------------------
    @classmethod
    def first(cls, spec: Spec) -> NanuukState:
        """The position before the first piece is placed."""
        moves.crack_lists(spec.board)  # the board's crack questions, once per process
        by_piece = {PIECE_OF_KIND[k]: mask for k, mask in spec.pieces.items()}
        return cls(
            spec=spec,
            pos=(NOT_PLACED,) * len(spec.movers),
            cracks=spec.cracks,
            pieces=tuple(by_piece.get(p, 0) for p in PIECES),
            sheets=(Sheet(),) * len(spec.movers) if spec.variant == FULL else (),
            seat=spec.placing[0][0] % spec.players,
            turns=(0,) * spec.players,
        )

    def score(self, seat: Seat) -> int:
        """Points so far (N27): animals carried or deposited, +2 per hunter in an igloo."""
        return turn.seat_score(self, seat)

    # -- saves ---------------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        floe = self.spec.board.floe
        lab = floe.label
        turn = {f.name: getattr(self, f.name) for f in fields(self) if f.name in _TURN_FIELDS}
        if self.at >= 0:
            turn["at"] = lab(self.at)
        return {
            "game": "nanuuk",
            "version": self.VERSION,
            "variant": self.spec.variant,
            "names": list(self.spec.names),
            "seed": self.spec.seed,
            "options": self.spec.options,
            "pos": [lab(p) if p >= 0 else p for p in self.pos],
            "cracks": sorted(floe.edge_label(1 << b) for b in bits(self.cracks)),
            "pieces": {
                n: [lab(f) for f in bits(m)] for n, m in zip(PIECES, self.pieces, strict=True)
            },
            "sheets": [s.to_dict() for s in self.sheets],
            "turn": turn,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> NanuukState:
        """Rebuild a saved state; a broken save raises ``ValueError`` saying what is wrong."""
        checked_save(data, "nanuuk", "Nanuuk!", cls.VERSION)
        try:
            return cls._from_dict(cls.upgrade_dict(data))
        except (KeyError, TypeError, AttributeError, IndexError) as exc:
            raise ValueError(f"broken Nanuuk! save: {type(exc).__name__} {exc}") from None

    @classmethod
    def upgrade_dict(cls, data: dict[str, Any]) -> dict[str, Any]:
        """A save written before the reasons became codes holds the old sentence: its code."""
        turn = data.get("turn")
        if not isinstance(turn, dict) or not isinstance(turn.get("reason"), str):
            return data
        code = reason_code(turn["reason"])
        return data if code == turn["reason"] else {**data, "turn": {**turn, "reason": code}}

    @classmethod
    def _from_dict(cls, data: dict[str, Any]) -> NanuukState:
        game = NewGame.checked(
            "nanuuk", VARIANTS, data["variant"], data["names"], data["seed"], data["options"]
        )
        start = cls.first(make_spec(game))
        floe = start.spec.board.floe
        field = floe.field
        cracks = 0
        for text in data["cracks"]:
            a, _, b = text.partition("|")
            cracks |= floe.edge_bit(field(a), field(b))
        turn = {key: data["turn"][key] for key in _TURN_FIELDS}
        if isinstance(turn["at"], str):
            turn["at"] = field(turn["at"])
        for key in ("turns", "out", "winners", "skipped"):
            turn[key] = tuple(turn[key])
        pos = tuple(field(p) if isinstance(p, str) else int(p) for p in data["pos"])
        sheets = tuple(Sheet.from_dict(s) for s in data["sheets"])
        if len(pos) != len(start.pos) or len(sheets) != len(start.sheets):
            raise ValueError("broken Nanuuk! save: wrong number of pieces or sheets")
        return start.with_(
            pos=pos,
            cracks=cracks,
            pieces=tuple(sum(1 << field(f) for f in data["pieces"][n]) for n in PIECES),
            sheets=sheets,
            **turn,
        )

    def action_from_dict(self, data: dict[str, Any]) -> NanuukAction:
        return action_from_dict(data)


def reason_code(reason: str) -> str:
    """The outcome's code; an old save's sentence (see :data:`LEGACY_REASONS`) becomes its code."""
    return LEGACY_REASONS.get(reason.partition("; ")[0], reason)


def _full_rank(state: NanuukState, scores: list[int], seat: int) -> tuple[int, int, int]:
    return (-scores[seat], -turn.seat_equipment(state, seat), seat)


_HANDLERS = turn.HANDLERS  # read at every action: a global look-up less

# -- legal actions per phase ---------------------------------------------------------------
# Actions are immutable values, interned (``actions.py``): the legal lists are cheap to build
# and ``apply``'s membership test is an identity check in the common case.
_choose, _crack, _banish = choose_action, crack_action, banish_action


def _legal_place(st: NanuukState) -> tuple[NanuukAction, ...]:
    seat, kind = st.spec.placing[st.placed]
    seen: set[str] = set()
    who = []
    for i, m in enumerate(st.spec.movers):
        if st.pos[i] != NOT_PLACED or m.seat not in (seat, SHARED) or m.kind in seen:
            continue
        if kind is None or m.kind == kind:
            seen.add(m.kind)
            who.append(m.id)
    if st.spec.variant == FULL:
        targets = bits(st.spec.board.igloos)  # N20: on an igloo of his choice
    else:
        targets = bits(st.spec.board.mask & ~st.occupied())  # N10: any empty field
    out: list[NanuukAction] = []
    for mover in who:  # ``_place(mover, f) for mover in who for f in targets``, one look-up each
        out += map(places_on(mover).__getitem__, targets)
    return tuple(out)


def _legal_choose(st: NanuukState) -> tuple[NanuukAction, ...]:
    movers = st.spec.movers
    return tuple([_choose(movers[i].id) for i in turn.choosable(st)])


def _legal_step(st: NanuukState) -> tuple[NanuukAction, ...]:
    i = st.mover
    spec = st.spec
    who = spec.movers[i].id
    out: tuple[NanuukAction, ...] = moves.step_actions(who, moves.targets(st, i))
    if st.stepped or spec.variant in _BEAR_GAMES or st.sheets and st.sheets[i].carried & _TEAM:
        return out + _step_extras(st, i, bool(out))  # what else the move may do
    return out


def _step_extras(st: NanuukState, i: int, can_step: bool) -> tuple[NanuukAction, ...]:
    """Besides the steps: husky and sledge (N25), a bear that stays (N16 c), the end of a move
    whose further steps may be forgone."""
    out: list[NanuukAction] = []
    if st.sheets and st.steps > 0 and can_step:
        if st.sheets[i].carried & _TEAM == _TEAM:  # husky and sledge, used only together
            out.append(Mush())
            if st.spec.opt("variant-1"):
                out.append(Mush(one_crack=True))
    if st.stepped == 0 and st.spec.variant in _BEAR_GAMES and turn.may_stay(st):
        out.append(Stay(st.spec.movers[i].id))
    if st.stepped and turn.may_end(st):
        out.append(EndTurn())
    return tuple(out)


_TEAM = HUSKY | SLEDGE
_BEAR_GAMES = frozenset({BEAR_HUNT, BEAR_FEAR})  # where a bear may stay (``may_stay``'s first ask)


def _legal_crack(st: NanuukState) -> tuple[NanuukAction, ...]:
    return tuple(map(_crack, moves.crack_options(st, st.at)))


def _legal_take(st: NanuukState) -> tuple[NanuukAction, ...]:
    animal = st.piece_at(st.at)
    assert animal is not None
    return (take_action(animal), leave_action(animal))


def _legal_banish(st: NanuukState) -> tuple[NanuukAction, ...]:
    return tuple(_banish(f) for f in bits(moves.banish_fields(st)))


def _legal_igloo(st: NanuukState) -> tuple[NanuukAction, ...]:
    sheet = st.sheets[st.mover]
    out: list[NanuukAction] = [Exchange(a) for a in ANIMALS if sheet.can_exchange(a)]
    out += [Deposit(a) for a in ANIMALS if sheet.bag & (1 << ANIMALS.index(a))]
    out.append(EndTurn())
    return tuple(out)


def _legal_none(st: NanuukState) -> tuple[NanuukAction, ...]:
    return ()


_LEGAL: dict[str, Callable[[NanuukState], tuple[NanuukAction, ...]]] = {
    PLACE: _legal_place,
    CHOOSE: _legal_choose,
    STEP: _legal_step,
    CRACK: _legal_crack,
    TAKE: _legal_take,
    BANISH: _legal_banish,
    IGLOO: _legal_igloo,
    OVER: _legal_none,
}
