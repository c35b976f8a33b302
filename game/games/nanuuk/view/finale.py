"""Nanuuk!'s end told on the table (issue 29): the enclosed pieces ringed with the cracks that
hold them, a sentence saying why; and the question before a move that ends the game or dooms
the mover's own piece. The rules say which pieces (``rules.ending``); this says it in words."""

from __future__ import annotations

from collections.abc import Sequence

from game.games.nanuuk import log as talk
from game.games.nanuuk.rules import NanuukState
from game.games.nanuuk.rules import ending as rules_ending
from game.games.nanuuk.rules.actions import NanuukAction
from game.games.nanuuk.rules.spec import FULL, INTRO
from game.games.nanuuk.view.floelayout import FloeLayout
from game.i18n import tr
from game.play.finale import Marked, winners_text
from game.play.guide.base import box


def field_of(before: NanuukState, after: NanuukState, i: int) -> int:
    """Where mover ``i`` stands at the end (a hunter taken off the floe: where it stood)."""
    return after.pos[i] if after.pos[i] >= 0 else before.pos[i]


def piece(st: NanuukState, i: int) -> str:
    """"Ben's hunter 2" (a shared bear: "polar bear 1")."""
    mover = st.spec.movers[i]
    name = talk.mover_name(st, mover.id)
    if not 0 <= mover.seat < len(st.names):
        return name
    return tr("nanuuk.finale.piece", name=st.names[mover.seat], mover=name)


def marks(before: NanuukState, after: NanuukState, layout: FloeLayout) -> list[Marked]:
    """The enclosed pieces (a ring and their names) and the cracks round them."""
    out: list[Marked] = []
    cracks: set[int] = set()
    board = after.spec.board
    for i in rules_ending.enclosed(before, after):
        f = field_of(before, after, i)
        if f < 0:
            continue
        out.append(Marked(after.spec.movers[i].id, box(layout.centre(f), layout.radius * 1.5),
                          piece(after, i)))  # fmt: skip
        cracks.update(e for _, e in board.steps[f] if after.cracks & e)
    for e in sorted(cracks):
        a, b = layout.edge_segment(e)
        out.append(Marked(f"crack {board.floe.edge_label(e)}", box(a, 1).union(box(b, 1)),
                          line=(a, b)))  # fmt: skip
    return out


def sentence(before: NanuukState, after: NanuukState) -> str:
    """Which piece can no longer move, the rule that ends the game with it, and who wins."""
    out = after.outcome()
    assert out is not None
    enclosed = [i for i in rules_ending.enclosed(before, after)
                if field_of(before, after, i) >= 0]  # fmt: skip
    parts = []
    if after.reason == "no_moves":
        parts.append(tr("nanuuk.finale.no_moves"))
    elif after.reason == "hunt_over":
        parts.append(tr("nanuuk.finale.hunt_over"))
    elif enclosed:
        key = "nanuuk.finale.enclosed" if len(enclosed) == 1 else "nanuuk.finale.enclosed_many"
        parts.append(tr(key, marked=talk_list([piece(after, i) for i in enclosed])))
    parts.append(talk.reason_text(out))
    parts.append(winners(after, out.winners))
    return " ".join(p for p in parts if p)


def winners(st: NanuukState, seats: Sequence[int]) -> str:
    return winners_text([st.names[s] for s in seats])


def talk_list(items: list[str]) -> str:
    return ", ".join(items)


def question(old: NanuukState, action: NanuukAction, new: NanuukState, seat: int) -> str | None:
    """The question before ``seat``'s ``action``: it ends the game (won or lost), or it leaves
    one of his own pieces enclosed by cracks for good; None: play it."""
    if new.is_over():
        out = new.outcome()
        assert out is not None
        enclosed = [piece(new, i) for i in rules_ending.enclosed(old, new)
                    if field_of(old, new, i) >= 0]  # fmt: skip
        if not enclosed or new.spec.variant == FULL:
            return tr("nanuuk.confirm.ends")
        key = "nanuuk.confirm.win" if seat in out.winners else "nanuuk.confirm.lose"
        return tr(key, marked=talk_list(enclosed))
    doomed = rules_ending.dooms(old, new, seat)
    if not doomed:
        return None
    spec = new.spec
    out_only = spec.variant == INTRO and spec.players > 2  # N12: he is out, the others go on
    if out_only:
        return tr("nanuuk.confirm.doomed_out")
    return tr("nanuuk.confirm.doomed", mover=talk.mover_name(new, spec.movers[doomed[0]].id))
