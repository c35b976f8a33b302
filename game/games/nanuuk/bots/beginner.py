"""Nanuuk!'s Easy (a beginner) and its one-ply greedy player, over the shared bots in
``game.protocol.bots`` (:class:`BeginnerBot`, :class:`GreedyBot`).

A beginner's move is a whole turn in the introduction games (choose a piece, step, crack: all
the ways to play it, ``whole_turns``) and one small action in the full game (whose turns branch
too much to list, and whose end is counted in points, not in one enclosure). It takes a turn
that wins at once (the other hunter enclosed), never one after which a piece that matters to it
is enclosed, and none that leaves such a piece one way out that the next player can crack, while
another is left. Among the rest, ``plausibility``: hunting (taking ways out from the pieces it
wants to enclose) and keeping room for its own pieces in the introduction games; in the full
game taking an animal, exchanging in the igloo and any step that brings the hunter on (by the
evaluation's sign only: better, no matter how much). Perfect information: the view is the game.

The greedy player (measurement only) plays the whole turn whose end the Normal level's
:class:`Evaluator` likes best, without looking at the replies.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from game.games.nanuuk.bots.simple import _enclosed, evaluator
from game.games.nanuuk.rules import NanuukState, moves
from game.games.nanuuk.rules.actions import (
    Banish,
    Deposit,
    EndTurn,
    Exchange,
    Leave,
    NanuukAction,
    Take,
)
from game.games.nanuuk.rules.phases import PLACE
from game.games.nanuuk.rules.spec import (
    BEAR_FEAR,
    BEAR_HUNT,
    FULL,
    HELPERS,
    INTRO,
    NEIGHBOURHOOD,
    PARTNER,
)
from game.games.nanuuk.rules.turn import neighbourhood_winner
from game.protocol.bots import BeginnerBot, GreedyBot, Line, whole_turns

HUNT = 2.0  # per way out taken from a piece the beginner wants enclosed
ROOM = 0.5  # per way out of its own most cramped piece (up to ROOM_CAP)
ROOM_CAP = 4
# the full game, per small action
TAKE = 10.0
LEAVE = 0.0  # a beginner always takes what he may take
EXCHANGE = 3.0
BETTER, SAME, WORSE = 4.0, 1.0, 0.4


TurnKey = tuple[int, int, bool]


def turn_key(view: NanuukState) -> TurnKey:
    seat = view.seat
    return (seat, view.turns[seat], view.phase == PLACE)


def turn_lines(view: NanuukState) -> list[Line]:
    """Every way to play the mover's turn (the introduction games), or each action (full)."""
    if view.spec.variant == FULL or view.phase == PLACE:  # a placement is a move of its own
        return [Line((a,), view.apply(a)) for a in view.legal_actions()]
    seat, turns, placing = turn_key(view)

    def within(st: NanuukState) -> bool:
        return (
            not st.is_over()
            and st.seat == seat
            and st.turns[seat] == turns
            and (st.phase == PLACE) == placing
        )

    return whole_turns(view, within)


def critical(st: NanuukState, seat: int) -> list[int]:
    """The pieces whose enclosure loses the game for ``seat`` (as ``_enclosed`` reads them)."""
    spec = st.spec
    variant = spec.variant
    if variant == BEAR_FEAR:
        return [spec.index[f"Inuk {seat + 1}"]]
    if variant == HELPERS:
        return [spec.of_seat(seat)[0]]
    if variant == BEAR_HUNT:
        bear = spec.index["bear"]
        if spec.movers[bear].seat == seat:
            return [bear]
        return [spec.index["Inuk 1"], spec.index["Inuk 2"]]
    return list(spec.of_seat(seat))


def prey(st: NanuukState, seat: int) -> list[int]:
    """The pieces whose enclosure ``seat`` wants (the others', the partner's, the bear ...)."""
    spec = st.spec
    variant = spec.variant
    n = spec.players
    if variant == PARTNER:
        return list(spec.of_seat((seat + 2) % n))
    if variant == NEIGHBOURHOOD:
        side = spec.opt("winner")
        target = next(s for s in range(n) if neighbourhood_winner(side, s, n) == seat)
        return list(spec.of_seat(target))
    if variant == HELPERS:
        return [spec.of_seat(1 - seat)[0]]
    if variant == BEAR_HUNT:
        bear = spec.index["bear"]
        if spec.movers[bear].seat == seat:
            return [spec.index["Inuk 1"], spec.index["Inuk 2"]]
        return [bear]
    if variant == BEAR_FEAR:
        return [spec.index[f"Inuk {2 - seat}"]]
    mine = set(spec.of_seat(seat))
    return [i for i, m in enumerate(spec.movers) if m.seat >= 0 and i not in mine]


def by_ice(st: NanuukState) -> bool:
    """The 2-player introduction game: a piece is lost when the ice alone encloses it (N13)."""
    return st.spec.variant == INTRO and st.spec.players == 2


def ways(st: NanuukState, i: int) -> int:
    """A placed piece's ways out: open edges (N13's test) or free neighbour fields; -1 when it
    is not (or no longer) on the floe."""
    p = st.pos[i]
    if p < 0:
        return -1
    if by_ice(st):
        return sum(1 for _, e in st.spec.board.steps[p] if not st.cracks & e)
    return len(moves.targets(st, i))


def threatened(st: NanuukState, seat: int) -> bool:
    """A piece that matters to ``seat`` has one way out left, and the player to move next can
    crack it (or, where other pieces block, crack the edge to its one free field)."""
    if st.is_over() or st.phase == PLACE or st.seat == seat:
        return False
    board = st.spec.board
    threats = evaluator(st.spec, seat)._threats(st, st.seat)
    for i in critical(st, seat):
        p = st.pos[i]
        if p < 0:
            continue
        if by_ice(st):
            open_edges = [e for _, e in board.steps[p] if not st.cracks & e]
            if len(open_edges) == 1 and open_edges[0] & threats:
                return True
        else:
            free = moves.targets(st, i)
            if len(free) == 1 and any(e & threats for g, e in board.steps[p] if (g, False) in free):
                return True
    return False


class Beginner:
    """The hook of :class:`BeginnerBot` for Nanuuk!."""

    def turn_key(self, view: NanuukState) -> TurnKey:
        return turn_key(view)

    def lines(self, view: NanuukState, rng: random.Random) -> Sequence[Line]:
        return turn_lines(view)

    def lost(self, after: NanuukState, seat: int) -> bool:
        if after.spec.variant == FULL:
            return False  # a stuck hunter waits; the score decides the full game
        return _enclosed(after, seat)

    def hands_over(self, after: NanuukState, seat: int) -> bool:
        if after.spec.variant == FULL:
            return False
        return threatened(after, seat)

    def plausibility(self, view: NanuukState, line: Line) -> float:
        after: NanuukState = line.after
        if view.spec.variant == FULL:
            return self._full(view, line.actions[0], after)
        seat = view.seat
        hunt = 0
        for i in prey(view, seat):
            before, now = ways(view, i), ways(after, i)
            if before >= 0 and now >= 0:
                hunt += max(0, before - now)
        mine = [ways(after, i) for i in critical(after, seat) if after.pos[i] >= 0]
        room = min(min(mine), ROOM_CAP) if mine else ROOM_CAP
        return 1.0 + HUNT * hunt + ROOM * max(0, room)

    @staticmethod
    def _full(view: NanuukState, action: NanuukAction, after: NanuukState) -> float:
        if isinstance(action, Take):
            return TAKE
        if isinstance(action, Leave):
            return LEAVE
        if isinstance(action, Exchange):
            return EXCHANGE
        if isinstance(action, Deposit | EndTurn | Banish):
            return SAME
        ev = evaluator(view.spec, view.seat)
        gain = ev.seat_value(after, view.seat) - ev.seat_value(view, view.seat)
        return BETTER if gain > 0.05 else WORSE if gain < -0.05 else SAME


class Greedy:
    """The hook of :class:`GreedyBot`: each whole turn, valued by Normal's evaluation."""

    def turn_key(self, view: NanuukState) -> TurnKey:
        return turn_key(view)

    def scored(self, view: NanuukState, rng: random.Random) -> list[tuple[float, Line]]:
        if view.spec.variant == FULL:
            seat, turns, placing = turn_key(view)

            def within(st: NanuukState) -> bool:
                return (
                    not st.is_over()
                    and st.seat == seat
                    and st.turns[seat] == turns
                    and (st.phase == PLACE) == placing
                )

            lines = whole_turns(view, within)
        else:
            lines = turn_lines(view)
        ev = evaluator(view.spec, view.seat)
        return [(ev(line.after), line) for line in lines]


class EasyBot(BeginnerBot):
    """Nanuuk!'s Easy: a beginner (see the module's text)."""

    def __init__(self, iterations: int | None = None, timed: bool = False) -> None:
        super().__init__(Beginner(), iterations, timed)


class GreedyPlayer(GreedyBot):
    """One-ply greedy over whole turns, for the tournament and the ladder (not a level)."""

    def __init__(self, iterations: int | None = None, timed: bool = False) -> None:
        super().__init__(Greedy(), iterations, timed)
