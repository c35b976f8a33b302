"""Kap Hoorn's end told on the table (issue 29): the winning clipper ringed (past the finish,
with its third wind rose, or the best placed at the round limit) and a sentence saying why;
and the question before a move that ends the game."""

from __future__ import annotations

from game.games.kaphoorn import log as talk
from game.games.kaphoorn.rules import KapState
from game.games.kaphoorn.rules.actions import KapAction
from game.games.kaphoorn.view.chartlayout import ChartLayout
from game.games.kaphoorn.view.layout import BOARD_RECT
from game.i18n import tr
from game.play.finale import Marked, winners_text
from game.play.guide.base import box


def marks(st: KapState, layout: ChartLayout) -> list[Marked]:
    """The winners' clippers where the chart shows them, labelled with what won."""
    out = st.outcome()
    assert out is not None
    reason = out.reason_code
    marked = []
    for seat in out.winners:
        ring = box(layout.centre(st.ships[seat]), layout.cell * 1.3)
        if not BOARD_RECT.contains(ring):
            continue  # off the chart's window
        if reason in ("roses", "finish"):
            label = tr(f"kaphoorn.finale.{reason}")
        else:
            label = tr("kaphoorn.finale.ship", n=st.rose_count(seat))
        marked.append(Marked(f"ship {seat}", ring, f"{st.names[seat]} · {label}"))
    return marked


def sentence(st: KapState) -> str:
    """How the game ended and who won (at the round limit, what decided)."""
    out = st.outcome()
    assert out is not None
    if out.reason_code != "rounds":
        return talk.over_text(st)  # "Anna crosses the finish line with two wind roses and wins!"
    decided = out.details.get("decided_by")
    key = f"kaphoorn_rounds_{decided}" if decided else "kaphoorn_rounds"
    return " ".join((tr(f"results.reason.{key}"), winners_text([st.names[s] for s in out.winners])))


def question(old: KapState, action: KapAction, new: KapState, seat: int) -> str | None:
    """Before a move that ends the game: a win by roses or the finish, or the last turn."""
    if not new.is_over():
        return None
    return tr(f"kaphoorn.confirm.{new.reason or 'rounds'}")
