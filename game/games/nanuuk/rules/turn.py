"""How a Nanuuk! turn unfolds: one small action at a time, from placement to the last homecoming.

``apply`` takes an action already known to be legal and returns the next state. The families of
play differ only at the start of a turn (who may move, who is out, who has won) and in how a move
goes on (bears' double steps, the Inuit player's two Inuit, the bear-then-Inuk turn of N18).
"""

from __future__ import annotations

from collections.abc import Callable

from game.games.nanuuk.rules import moves
from game.games.nanuuk.rules.actions import (
    ANIMALS,
    Banish,
    Choose,
    Crack,
    Deposit,
    EndTurn,
    Exchange,
    Leave,
    Mush,
    NanuukAction,
    Place,
    Stay,
    Step,
    Take,
    choose_action,
)
from game.games.nanuuk.rules.board import Steps
from game.games.nanuuk.rules.codes import DecidedBy, Ending
from game.games.nanuuk.rules.hunt import hunt_is_over, prey_near
from game.games.nanuuk.rules.phases import (
    BANISH,
    CHOOSE,
    CRACK,
    IGLOO,
    OVER,
    PIECES,
    PLACE,
    REMOVED,
    STEP,
    TAKE,
)
from game.games.nanuuk.rules.position import NanuukPosition
from game.games.nanuuk.rules.sheet import (
    BUYS,
    HARPOON,
    HUSKY,
    IGLOO_BONUS,
    KAYAK,
    SLEDGE,
    Sheet,
)
from game.games.nanuuk.rules.spec import (
    BEAR,
    BEAR_FEAR,
    BEAR_HUNT,
    FULL,
    HELPERS,
    INTRO,
    INUK,
    NEIGHBOURHOOD,
    PARTNER,
    SHARED,
    Spec,
)

INUIT, BEARS = PIECES.index("inuk"), PIECES.index("bear")
SKIP = "skip"  # internal: never the phase of a state handed out


def apply(st: NanuukPosition, action: NanuukAction) -> NanuukPosition:
    handler = HANDLERS[type(action)]
    return handler(st, action)


# -- placement ----------------------------------------------------------------------------------
def _place(st: NanuukPosition, a: Place) -> NanuukPosition:
    i = st.spec.index[a.mover]
    pos = list(st.pos)
    pos[i] = a.to
    placed = st.placed + 1
    spec = st.spec
    if placed < len(spec.placing):  # the next to place, in the same copy
        return st.with_(pos=tuple(pos), placed=placed, seat=spec.placing[placed][0] % spec.players)
    return start_turn(st.with_(pos=tuple(pos), placed=placed), 0)  # the first begins (N10, N20)


# -- the start of a turn: who may move, who is out, who has won -----------------------------------
Fresh = dict[str, object]  # the turn fields of a new turn, set together with its first step


def start_turn(st: NanuukPosition, seat: int, **changes: object) -> NanuukPosition:
    """Hand the turn to ``seat`` or, if he cannot take it, on round the table.

    ``changes`` (e.g. the finished turn's count) are applied together with the new turn.
    """
    n = st.spec.players
    start = _STARTS[st.spec.variant]
    pending: dict[str, object] = {"skipped": (), **changes}
    for round_trip in range(2 * n + 1):
        if round_trip == n:  # once round the table: the counts decide the first-round ban (N23)
            st = st.with_(**pending)
        fresh: Fresh = {**_NEW_TURN, "seat": seat, **pending}
        result = start(st, seat, fresh)
        if not isinstance(result, _Skipped):
            return result
        now = {}
        for key, value in result.changes.items():
            if key in _CARRIED:
                pending[key] = value
            else:
                now[key] = value
        if now:  # a hunter removed, a bear out of the fight: later seats must see it
            st = st.with_(**now)
        seat = (seat + 1) % n
    st = st.with_(**pending)
    return game_over(st, _deadlock_winners(st), Ending.NO_MOVES)  # N31


_CARRIED = frozenset({"turns", "skipped"})  # applied with the next turn that begins
_NEW_TURN: Fresh = {
    "mover": -1, "steps": 0, "stepped": 0, "owed": False, "quiet": 0, "at": -1, "closing": False,
    "moved": 0, "phase": CHOOSE,
}  # fmt: skip


class _Skipped:
    """This seat cannot take its turn (out, home or blocked); what changed because of it."""

    __slots__ = ("changes",)

    def __init__(self, changes: dict[str, object]) -> None:
        self.changes = changes


def _skip(st: NanuukPosition, fresh: Fresh, **changes: object) -> _Skipped:
    return _Skipped(changes)


def _ready(st: NanuukPosition, movers: list[int], fresh: Fresh) -> NanuukPosition:
    """The turn begins: one mover goes straight to its step, several are a choice."""
    if len(movers) == 1:
        return begin_move(st, movers[0], fresh)
    st = st.with_all(fresh)
    # nobody has moved yet, so the choice is between these (``choosable``): the legal list
    who = st.spec.movers
    st.__dict__["_legal"] = tuple([choose_action(who[i].id) for i in movers])
    return st


def begin_move(st: NanuukPosition, i: int, fresh: Fresh | None = None) -> NanuukPosition:
    """Mover ``i`` moves next: within this turn, or as the first move of the ``fresh`` one."""
    if fresh is None:
        moved = st.moved | 1 << i
        return st.with_turn({"phase": STEP, "mover": i, "steps": _steps(st, i), "stepped": 0,
                             "moved": moved})  # fmt: skip
    steps = _steps(st, i)
    return st.with_all({**fresh, "phase": STEP, "mover": i, "steps": steps, "stepped": 0,
                        "moved": 1 << i})  # fmt: skip


def _steps(st: NanuukPosition, i: int) -> int:
    """Steps a move may have: a bear in the hunt twice (N16), in the fear once unless (b) (N39)."""
    spec = st.spec
    if spec.movers[i].kind != BEAR:
        return 1
    if spec.variant == BEAR_HUNT:
        return 2
    if spec.variant == BEAR_FEAR and spec.opt("b"):
        return 2
    return 1


def mobile(st: NanuukPosition, i: int) -> bool:
    return bool(moves.targets(st, i))


def passed_over(st: NanuukPosition) -> tuple[int, ...]:
    """The movers passed over at the start of this turn because they cannot move, when the
    rules then set the only one that can on its way without asking (``_ready`` with one mover;
    N18: the Inuk at once when no polar bear can move). Empty at any other question.

    Asked at the first question of the turn's first move: nothing has moved since it began, so
    who is stuck now was stuck then."""
    if st.phase != STEP or st.stepped or st.mover < 0 or st.moved != 1 << st.mover:
        return ()
    return tuple(i for i in turn_movers(st) if i != st.mover and not mobile(st, i))


def turn_movers(st: NanuukPosition) -> tuple[int, ...]:
    """The movers a turn of the seat to move begins with, stuck or not: his own (in the full
    game those still playing, N26), or the polar bears everybody moves (N18)."""
    spec = st.spec
    if spec.variant == BEAR_FEAR:
        return tuple(i for i, m in enumerate(spec.movers) if m.kind == BEAR)
    return tuple(i for i in spec.of_seat(st.seat) if _still_playing(st, i))


def stuck(st: NanuukPosition, seat: int) -> tuple[int, ...]:
    """The pieces ``seat`` moves that cannot move now (no free neighbouring field): his own on
    the ice, and the polar bears everybody moves (N18) when not one of them can. Nothing while
    the pieces are placed. What his sheet says instead of "moves hunter 1 and hunter 2"."""
    spec = st.spec
    if st.phase == PLACE:
        return ()
    own = [i for i in spec.of_seat(seat) if st.pos[i] >= 0 and _still_playing(st, i)]
    out = [i for i in own if not mobile(st, i)]
    shared = [i for i, m in enumerate(spec.movers) if m.seat == SHARED and st.pos[i] >= 0]
    if shared and not any(mobile(st, i) for i in shared):
        out = shared + out
    return tuple(out)


def _start_elimination(st: NanuukPosition, seat: int, fresh: Fresh) -> NanuukPosition | _Skipped:
    """N12 and N14: one hunter each; a hunter that cannot move ends its player (or the game)."""
    if seat in st.out:
        return _skip(st, fresh)
    (i,) = st.spec.of_seat(seat)
    if mobile(st, i):
        return begin_move(st, i, fresh)
    variant, n = st.spec.variant, st.spec.players
    if variant == PARTNER:
        return game_over(st, ((seat + 2) % 4,), Ending.PARTNER)  # N14
    if variant == NEIGHBOURHOOD:
        winner = neighbourhood_winner(st.spec.opt("winner"), seat, n)
        side = st.spec.opt("winner")
        return game_over(st, (winner,), Ending(f"{side}_neighbour"))  # N14
    pos = list(st.pos)
    pos[i] = REMOVED
    out = (*st.out, seat)
    left = [s for s in range(n) if s not in out]
    if len(left) == 1:
        return game_over(st.with_(pos=tuple(pos), out=out), (left[0],), Ending.LAST_HUNTER)  # N12
    return _skip(st, fresh, pos=tuple(pos), out=out)


def neighbourhood_winner(side: str, enclosed: int, players: int) -> int:
    """N14: the player *whose* left (``side="right"``: right) neighbour is enclosed first wins.

    N35: a player's left neighbour is the next seat, his right neighbour the previous one; so
    the winner sits just before (right: just after) the enclosed player.
    """
    return (enclosed - 1) % players if side == "left" else (enclosed + 1) % players


def _start_intro(st: NanuukPosition, seat: int, fresh: Fresh) -> NanuukPosition | _Skipped:
    if st.spec.players > 2:
        return _start_elimination(st, seat, fresh)
    mine = st.spec.of_seat(seat)
    able = _mobile_ones(st, mine)
    # N13: both hunters stuck, or one stuck by cracks and the edge alone, loses
    if len(able) < len(mine):  # one that can move is not stuck by the ice (a quick answer)
        if not able or any(moves.is_stuck_by_ice(st, i) for i in mine):
            return game_over(st, (1 - seat,), Ending.TWO_PLAYER_ENCLOSED)
    return _ready(st, able, fresh)


def _start_helpers(st: NanuukPosition, seat: int, fresh: Fresh) -> NanuukPosition | _Skipped:
    bear, inuk = st.spec.of_seat(seat)
    if not mobile(st, bear):
        return game_over(st, (1 - seat,), Ending.BEAR_ENCLOSED)  # N15
    return _ready(st, [i for i in (bear, inuk) if mobile(st, i)], fresh)


def _start_bear_hunt(st: NanuukPosition, seat: int, fresh: Fresh) -> NanuukPosition | _Skipped:
    spec = st.spec
    bear = spec.index["bear"]
    inuit = [spec.index["Inuk 1"], spec.index["Inuk 2"]]
    inuk_seats = sorted({spec.movers[i].seat for i in inuit})
    if spec.movers[bear].seat == seat:
        if st.fur:
            return _skip(st, fresh)  # N16 d: the bear is out of the fight
        if mobile(st, bear):
            return begin_move(st, bear, fresh)
        if spec.opt("d"):
            return _skip(st, fresh, fur=True, out=(*st.out, seat))
        return game_over(st, tuple(inuk_seats), Ending.INUIT_WIN)  # N16
    mine = [i for i in inuit if spec.movers[i].seat == seat]
    if not all(mobile(st, i) for i in mine):
        if st.fur:
            others = tuple(s for s in inuk_seats if s != seat)
            return game_over(st, others, Ending.FUR)  # N16 d
        return game_over(st, (spec.movers[bear].seat,), Ending.BEAR_WINS)  # N16
    return _ready(st, mine, fresh)


def _start_bear_fear(st: NanuukPosition, seat: int, fresh: Fresh) -> NanuukPosition | _Skipped:
    spec = st.spec
    inuk = spec.index[f"Inuk {seat + 1}"]
    if not mobile(st, inuk):
        return game_over(st, (1 - seat,), Ending.INUK_ENCLOSED)  # N18
    bears = [i for i, m in enumerate(spec.movers) if m.kind == BEAR and mobile(st, i)]
    return _ready(st, bears, fresh) if bears else begin_move(st, inuk, fresh)


def _start_full(st: NanuukPosition, seat: int, fresh: Fresh) -> NanuukPosition | _Skipped:
    mine = st.spec.of_seat(seat)
    if st.home:  # in the hunt every hunter plays
        mine = tuple(i for i in mine if _still_playing(st, i))
        if not mine:
            return _skip(st, fresh)  # N26: home or stranded, his turns are skipped
    able = _mobile_ones(st, mine)
    if able:
        return _ready(st, able, fresh)
    turns = list(fresh.get("turns", st.turns))  # type: ignore[call-overload]
    turns[seat] += 1  # N21: he stays, no crack arises, and the turn passes
    skipped = (*fresh["skipped"], seat)  # type: ignore[misc]
    return _skip(st, fresh, turns=tuple(turns), skipped=skipped)


def _mobile_ones(st: NanuukPosition, movers: tuple[int, ...]) -> list[int]:
    """The ``movers`` that can step (a loop: asked at every turn, mostly about one mover)."""
    able = []
    for i in movers:
        if moves.targets(st, i):
            able.append(i)
    return able


def _still_playing(st: NanuukPosition, i: int) -> bool:
    """In the hunt every hunter plays; in the homecoming only those on the way home (N26)."""
    if not st.home:
        return True
    board = st.spec.board
    p = st.pos[i]
    if board.igloos >> p & 1:
        return False
    near = st.flood(1 << p)  # ``board.reach``, from the regions
    if near & board.igloos:
        return True
    if not st.sheets[i].carried & KAYAK:
        return False
    return bool(st.flood(board.crossings(near, st.cracks)) & board.igloos)


def choosable(st: NanuukPosition) -> list[int]:
    """The movers the player may choose from now."""
    spec = st.spec
    seat = st.seat
    if spec.variant == BEAR_FEAR:
        return [i for i, m in enumerate(spec.movers) if m.kind == BEAR and mobile(st, i)]
    mine = [i for i in spec.of_seat(seat) if not st.moved >> i & 1]
    if spec.variant == FULL:
        mine = [i for i in mine if _still_playing(st, i)]
    return [i for i in mine if mobile(st, i)]


_STARTS: dict[str, Callable[[NanuukPosition, int, Fresh], NanuukPosition | _Skipped]] = {
    INTRO: _start_intro,
    PARTNER: _start_elimination,
    NEIGHBOURHOOD: _start_elimination,
    HELPERS: _start_helpers,
    BEAR_HUNT: _start_bear_hunt,
    BEAR_FEAR: _start_bear_fear,
    FULL: _start_full,
}


# -- choosing and stepping ----------------------------------------------------------------------
def _choose(st: NanuukPosition, a: Choose) -> NanuukPosition:
    i = st.spec.index[a.mover]
    st = begin_move(st, i)
    if st.spec.variant == INTRO:  # the step question's legal list: his steps alone (N9, N11)
        st.__dict__["_legal"] = moves.step_actions(a.mover, moves.targets(st, i))
    return st


def _mush(st: NanuukPosition, a: Mush) -> NanuukPosition:
    """N25: husky and sledge go back to the igloo side; one more step (variant 1: one crack)."""
    sheets = list(st.sheets)
    s = sheets[st.mover]
    sheets[st.mover] = s._replace(carried=s.carried & ~(HUSKY | SLEDGE))
    return st.with_(sheets=tuple(sheets), steps=st.steps + 1, quiet=st.quiet + a.one_crack)


def _step(st: NanuukPosition, a: Step) -> NanuukPosition:
    i = st.mover
    sheets = st.sheets
    if a.kayak:  # N25: the kayak crosses one crack and goes back to the igloo side
        sheets = _replaced(sheets, i, sheets[i]._replace(carried=sheets[i].carried & ~KAYAK))
    st = st.stepped_to(a.to, sheets)
    if st.steps == 0 and (st.quiet == 0 or not sheets):  # the common case: a crack now
        cracks = moves.crack_actions(st, a.to)  # holds two (N9), he left his alone
        if cracks:
            data = st.__dict__  # still private to this call
            data["phase"], data["closing"], data["owed"] = CRACK, False, False
            data["_legal"] = cracks  # the legal list: the question asked is answered
            return st
        return _entered(st.with_(owed=False) if st.owed else st)
    if not _crack_now(st):
        return _entered(st.with_(owed=True, quiet=max(0, st.quiet - 1)))
    if moves.crack_options(st, a.to):
        return st.with_(phase=CRACK, closing=False, owed=False)
    return _entered(st.with_(owed=False) if st.owed else st)


def _crack_now(st: NanuukPosition) -> bool:
    """Whether the step just taken cracks the ice now or at the end of the move."""
    more = st.steps > 0 and bool(moves.targets(st, st.mover))
    if st.spec.movers[st.mover].kind == BEAR and st.spec.variant in (BEAR_HUNT, BEAR_FEAR):
        return bool(st.spec.opt("a")) or not more  # N16: one crack at the end, (a) each step
    return not (st.quiet > 0 and more)  # N28 variant 1


def _crack(st: NanuukPosition, a: Crack) -> NanuukPosition:
    cut = st.spec.short_cut
    if cut and not (st.closing or st.steps or st.owed):  # the crack ends the move
        if cut == "intro":  # the two-player introduction game
            found = _next_intro_turn(st, st.cracks | a.edge)
            if found is not None:
                return found
        elif not st.home:  # the full game's hunt
            new = st.cracked(st.cracks | a.edge)
            found = _next_hunt_turn(new)
            # where the short cut declines, its copy goes the long way with all it found out
            # (the hunt's end, the regions, the floods)
            return _cracked(new) if found is None else found
    return crack_step_by_step(st, a)


def crack_step_by_step(st: NanuukPosition, a: Crack) -> NanuukPosition:
    """The crack and all it leads to, one rule after the other (``_crack`` takes a short cut
    where it can: the tests hold the two equal)."""
    return _cracked(st.with_(cracks=st.cracks | a.edge))


def _cracked(st: NanuukPosition) -> NanuukPosition:
    """What follows the crack, in ``st`` that has it."""
    if st.closing:
        return _after_move(st.with_(closing=False))
    if st.steps == 0 and not st.owed and st.spec.variant != FULL:
        return _after_move(st)  # ``_entered``, ``_go_on``, ``_close_move``: the move is over
    return _entered(st)


def _next_intro_turn(st: NanuukPosition, cracks: int) -> NanuukPosition | None:
    """The 2-player introduction game's commonest turn end, in one copy: the crack ends the
    move (one step, N11) and the turn, and the other player's hunters can both move or one of
    them can and the other has an uncracked edge (N13 ends nothing). What ``_after_move``,
    ``end_turn``, ``start_turn`` and ``_start_intro`` do then, without their intermediate
    copies; None where they would do more (N13: a hunter stuck, the game may be over)."""
    spec = st.spec
    board = spec.board
    seat = (st.seat + 1) % 2
    pos = st.pos
    occupied = st.occupied()  # the crack moves nobody
    able = []
    found: dict[object, object] = {"occupied": occupied}  # the new state's memo: ``targets``'
    first: Steps = ()  # the steps of the first that can move
    for i in spec.seat_movers[seat]:
        steps = found[2 * i] = moves.walks(board, pos[i], cracks, occupied)  # (no first turn ban)
        if steps:
            able.append(i)
            first = steps
        elif pos[i] < 0 or cracks & board.around[pos[i]] == board.around[pos[i]]:
            return None  # N13: stuck by the ice, or gone (not in this game): the long way
    if not able:
        return None  # N13: both stuck, he loses
    turns = list(st.turns)
    turns[st.seat] += 1
    new = st.cracked(cracks, _NEW_TURN, found)
    data = new.__dict__  # private to this call until handed out
    data["seat"], data["skipped"], data["turns"] = seat, (), tuple(turns)
    if len(able) > 1:  # ``_ready``: the choice (between both), and its legal list
        data["_legal"] = spec.seat_choices[seat]
    else:  # ``begin_move``: he moves the one that can; the step question's legal list: his
        i = able[0]  # steps alone (no extras in this game)
        data["phase"], data["mover"], data["steps"], data["moved"] = STEP, i, _steps(st, i), 1 << i
        data["_legal"] = moves.step_actions(spec.movers[i].id, first)
    return new


def _next_hunt_turn(new: NanuukPosition) -> NanuukPosition | None:
    """The full game's commonest turn end during the hunt, in one copy: the crack (in the copy
    ``new``, private to the caller) ends the move on a field with nothing to take, meet or
    enter (N22-N24), the hunt goes on (N26), and one of the next players can move (those who
    cannot are passed over, N21). What ``_entered``, ``end_turn``, ``start_turn`` and
    ``_start_full`` do then, without their intermediate copies; None where they would do more
    (``new`` then unchanged but for what it found out)."""
    bit = 1 << new.at
    p = new.pieces
    if (new.spec.board.igloos | p[0] | p[1] | p[2] | p[3] | p[4] | p[5]) & bit:
        return None  # an animal, an Inuk, a bear or an igloo on the field: its questions
    return _next_hunter(new)


def _next_hunter(new: NanuukPosition) -> NanuukPosition | None:
    """``end_turn`` during the hunt, in the copy ``new`` (private to the caller, changed in
    place if it is the next turn): the turn is counted, the hunt goes on (N26) and one of the
    next players can move (those who cannot are passed over, N21). What ``end_turn``,
    ``start_turn`` and ``_start_full`` do then, without their intermediate copies; None where
    they would do more (the homecoming; nobody able to move once round the table, where the
    first-round ban may change, N23, and the game may end, N31), ``new`` then unchanged but
    for what it found out (the caches)."""
    if not prey_near(new) and hunt_is_over(new):  # the quick yes first, then N26 in full
        return None  # N26: the homecoming
    spec = new.spec
    n = spec.players
    seat = new.seat
    turns = list(new.turns)
    turns[seat] += 1
    skipped: list[int] = []
    first: Steps = ()
    enclosed = new._enclosed  # no need to ask them (N9, N25)
    for _ in range(n):  # as ``start_turn``, once round the table
        seat = (seat + 1) % n
        able = []  # ``_mobile_ones``, written out
        for i in spec.seat_movers[seat]:
            if enclosed >> i & 1:
                continue
            steps = moves.targets(new, i)
            if steps:
                able.append(i)
                first = steps  # the steps of the first (and maybe only) one able
            elif moves.is_enclosed(new, i):
                enclosed |= 1 << i
        if able:
            break
        turns[seat] += 1  # N21: he stays, no crack arises, and the turn passes
        skipped.append(seat)
    else:
        new.__dict__["_enclosed"] = enclosed
        return None  # nobody can move: the long way
    data = new.__dict__  # the new turn's fields: none of them is a board field (the memo holds)
    data["_enclosed"] = enclosed
    if len(able) == 1:  # ``begin_move``: he moves the one that can, one step (N8)
        i = able[0]
        data.update(_HUNTER_MOVES)
        data["mover"], data["moved"] = i, 1 << i
        if not new.sheets[i].carried & (HUSKY | SLEDGE):  # no double move to offer (N25)
            data["_legal"] = moves.step_actions(spec.movers[i].id, first)
    else:  # ``_ready``: the choice, and its legal list
        data.update(_NEW_TURN)
        data["_legal"] = _choices(spec, seat, able)
    data["seat"], data["turns"] = seat, tuple(turns)
    data["skipped"] = tuple(skipped) if skipped else ()
    return new


def _choices(spec: Spec, seat: int, able: list[int]) -> tuple[NanuukAction, ...]:
    """The legal list of the choice between the movers ``able`` of ``seat`` (in his order)."""
    if len(able) == len(spec.seat_movers[seat]):
        return spec.seat_choices[seat]  # all of them
    who = spec.movers
    return tuple([choose_action(who[i].id) for i in able])


_HUNTER_MOVES: Fresh = {**_NEW_TURN, "phase": STEP, "steps": 1}  # the rest: ``mover``, ``moved``


def _stay(st: NanuukPosition, a: Stay) -> NanuukPosition:
    """N16 (c): the bear stays; a crack arises at its own field."""
    return _close_move(st.with_(owed=True, at=st.pos[st.mover]))


def _end(st: NanuukPosition, a: EndTurn) -> NanuukPosition:
    if st.phase == IGLOO:
        return _go_on(st)
    return _close_move(st)


# -- entering a field (N22-N24, N26a) ------------------------------------------------------------
def _entered(st: NanuukPosition) -> NanuukPosition:
    if st.spec.variant != FULL:
        return _go_on(st)
    g, i = st.at, st.mover
    bit = 1 << g
    sheet = st.sheets[i]
    if st.pieces[INUIT] & bit and not sheet.inuk:  # N22: the Inuk follows him
        sheets = _replaced(st.sheets, i, sheet._replace(inuk=True))
        return _go_on(st.with_(pieces=_without(st.pieces, INUIT, bit), sheets=sheets))
    if st.pieces[BEARS] & bit:
        return st.with_(phase=BANISH)
    for k, animal in enumerate(ANIMALS):  # PIECES begins with the animals, in the same order
        if st.pieces[k] & bit:
            return st.with_(phase=TAKE) if sheet.can_take(animal) else _go_on(st)
    if st.spec.board.igloos & bit:  # N24: a lost harpoon comes back free
        if not sheet.carried & HARPOON:  # (his sheet as it is else: the same copy, caches kept)
            st = _set_sheet(st, i, sheet._replace(carried=sheet.carried | HARPOON))
        return st.with_(phase=IGLOO) if sheet.bag else _go_on(st)
    return _go_on(st)


def _take(st: NanuukPosition, a: Take) -> NanuukPosition:
    pieces = _without(st.pieces, PIECES.index(a.animal), 1 << st.at)
    sheet = st.sheets[st.mover]
    sheet = sheet._replace(bag=sheet.bag | 1 << ANIMALS.index(a.animal))
    return _go_on(st.with_(pieces=pieces, sheets=_replaced(st.sheets, st.mover, sheet)))


def _leave(st: NanuukPosition, a: Leave) -> NanuukPosition:
    return _go_on(st)


def _banish(st: NanuukPosition, a: Banish) -> NanuukPosition:
    """N23: the bear goes to an empty field; the harpoon goes to the igloo side."""
    pieces = list(st.pieces)
    pieces[BEARS] = (pieces[BEARS] & ~(1 << st.at)) | 1 << a.to
    sheet = st.sheets[st.mover]
    sheet = sheet._replace(carried=sheet.carried & ~HARPOON)
    return _go_on(st.with_(pieces=tuple(pieces), sheets=_replaced(st.sheets, st.mover, sheet)))


def _exchange(st: NanuukPosition, a: Exchange) -> NanuukPosition:
    sheet = st.sheets[st.mover]
    return _set_sheet(st, st.mover, sheet.to_igloo(a.animal, BUYS[a.animal]))


def _deposit(st: NanuukPosition, a: Deposit) -> NanuukPosition:
    return _set_sheet(st, st.mover, st.sheets[st.mover].to_igloo(a.animal))


def _set_sheet(st: NanuukPosition, i: int, sheet: Sheet) -> NanuukPosition:
    return st.with_(sheets=_replaced(st.sheets, i, sheet))


def _replaced(sheets: tuple[Sheet, ...], i: int, sheet: Sheet) -> tuple[Sheet, ...]:
    changed = list(sheets)  # quicker than slicing and joining three tuples
    changed[i] = sheet
    return tuple(changed)


def _without(pieces: tuple[int, ...], kind: int, bit: int) -> tuple[int, ...]:
    out = list(pieces)
    out[kind] &= ~bit
    return tuple(out)


# -- how a move goes on and ends ----------------------------------------------------------------
def _go_on(st: NanuukPosition) -> NanuukPosition:
    """After the questions of one field: step again if steps remain, else the move ends."""
    at_home = st.home and st.spec.board.igloos >> st.pos[st.mover] & 1
    if st.steps > 0 and not at_home and mobile(st, st.mover):
        return st.with_(phase=STEP, at=-1)
    return _close_move(st)


def _close_move(st: NanuukPosition) -> NanuukPosition:
    """The move is over: a crack still owed arises at the mover's field (N16, N28 v1)."""
    if st.owed:
        f = st.pos[st.mover]
        st = st.with_(owed=False, at=f)
        if moves.crack_options(st, f):
            return st.with_(phase=CRACK, closing=True)
    return _after_move(st)


def _after_move(st: NanuukPosition) -> NanuukPosition:
    """What follows one mover's move within the same turn (N17, N18), else the turn ends."""
    spec = st.spec
    if spec.variant not in _FOLLOW_ON:
        return end_turn(st)
    kind = spec.movers[st.mover].kind
    if spec.variant == BEAR_HUNT and kind == INUK and spec.players == 2 and not spec.opt("e"):
        other = [i for i in spec.of_seat(st.seat) if not st.moved >> i & 1 and mobile(st, i)]
        if other:
            return begin_move(st, other[0])  # N17: he moves both Inuit
    if spec.variant == BEAR_FEAR and kind == BEAR:
        inuk = spec.index[f"Inuk {st.seat + 1}"]
        if mobile(st, inuk):
            return begin_move(st, inuk)  # N18: then his own Inuk
    return end_turn(st)


_FOLLOW_ON = frozenset({BEAR_HUNT, BEAR_FEAR})  # where a second mover may follow the first


def may_end(st: NanuukPosition) -> bool:
    """May the mover stop before using its remaining steps?"""
    if st.stepped == 0:
        return False
    if st.spec.variant in (BEAR_HUNT, BEAR_FEAR) and st.spec.movers[st.mover].kind == BEAR:
        return not st.spec.opt("b")  # N16: once or twice; (b) always twice
    return True  # N25/N37: the steps husky and sledge give may be forgone


def may_stay(st: NanuukPosition) -> bool:
    spec = st.spec
    return (
        spec.variant in (BEAR_HUNT, BEAR_FEAR)
        and bool(spec.opt("c"))
        and spec.movers[st.mover].kind == BEAR
        and st.stepped == 0
    )


def end_turn(st: NanuukPosition) -> NanuukPosition:
    if st.spec.variant == FULL and not st.home:  # the hunt: the next turn in one copy where it
        found = _next_hunter(st.with_turn({}))  # can (the same turn)
        if found is not None:
            return found
    seat = st.seat
    counts = list(st.turns)
    counts[seat] += 1
    turns = tuple(counts)
    if st.spec.variant == FULL:
        if not st.home and hunt_is_over(st):
            st = st.with_(home=True)  # N26: the homecoming
        if st.home and not any(_still_playing(st, i) for i in range(len(st.spec.movers))):
            return game_over(st.with_(turns=turns), (), Ending.HUNT_OVER)  # N26
    return start_turn(st, (seat + 1) % st.spec.players, turns=turns)


# -- the score ----------------------------------------------------------
def seat_score(st: NanuukPosition, seat: int) -> int:
    if st.spec.variant != FULL:
        return 0
    igloos = st.spec.board.igloos
    total = 0
    for i in st.spec.of_seat(seat):
        total += st.sheets[i].points
        if st.pos[i] >= 0 and igloos >> st.pos[i] & 1:
            total += IGLOO_BONUS
    return total


def seat_equipment(st: NanuukPosition, seat: int) -> int:
    return sum(st.sheets[i].equipment for i in st.spec.of_seat(seat))


def full_scores(st: NanuukPosition) -> tuple[int, ...]:
    """Every seat's score (N27), worked out once for the board fields (the end's result and
    the outcome ask it of the same sheets and fields)."""
    memo = st.memo
    found: tuple[int, ...] | None = memo.get("scores")
    if found is None:
        found = memo["scores"] = tuple([seat_score(st, s) for s in range(st.spec.players)])
    return found


def final_scores(st: NanuukPosition) -> list[int]:
    n = st.spec.players
    if st.spec.variant == FULL:
        return list(full_scores(st))
    if st.spec.variant == INTRO and n > 2:  # players outlasted; the winner outlasted all
        return [n - 1 if s in st.winners else st.out.index(s) for s in range(n)]
    return [1 if s in st.winners else 0 for s in range(n)]


def game_over(st: NanuukPosition, winners: tuple[int, ...], reason: str) -> NanuukPosition:
    """The game ends; ``reason`` is the outcome's code (``results.reason.nanuuk_<code>``)."""
    st = st.with_(phase=OVER, mover=-1, at=-1, steps=0)
    if st.spec.variant == FULL:
        winners = full_result(st)[0]
    return st.with_(winners=tuple(sorted(winners)), reason=reason)


def full_result(st: NanuukPosition) -> tuple[tuple[int, ...], str]:
    """N27: the winners and what decided it: "most_points"; a tie: more carried equipment
    ("equipment"); still tied: "shared"."""
    n = st.spec.players
    scores = full_scores(st)
    top = max(scores)
    best = [s for s in range(n) if scores[s] == top]
    if len(best) == 1:
        return (best[0],), DecidedBy.MOST_POINTS
    kit = {s: seat_equipment(st, s) for s in best}
    most = max(kit.values())
    winners = tuple(s for s in best if kit[s] == most)
    return winners, DecidedBy.EQUIPMENT if len(winners) == 1 else DecidedBy.SHARED


def _deadlock_winners(st: NanuukPosition) -> tuple[int, ...]:
    return tuple(s for s in range(st.spec.players) if s not in st.out)


HANDLERS: dict[type, Callable[[NanuukPosition, NanuukAction], NanuukPosition]] = {
    Place: _place,  # type: ignore[dict-item]
    Choose: _choose,  # type: ignore[dict-item]
    Mush: _mush,  # type: ignore[dict-item]
    Step: _step,  # type: ignore[dict-item]
    Crack: _crack,  # type: ignore[dict-item]
    Stay: _stay,  # type: ignore[dict-item]
    EndTurn: _end,  # type: ignore[dict-item]
    Take: _take,  # type: ignore[dict-item]
    Leave: _leave,  # type: ignore[dict-item]
    Banish: _banish,  # type: ignore[dict-item]
    Exchange: _exchange,  # type: ignore[dict-item]
    Deposit: _deposit,  # type: ignore[dict-item]
}
