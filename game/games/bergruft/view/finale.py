"""Der Berg ruft's end told on the table (issue 29): every Peter ringed with his avalanche,
the one on the summit first, and a sentence saying why the game ended and who won; and the
question before the caller's move that ends the game."""

from __future__ import annotations

import pygame

from game.games.bergruft.rules import BergAction, BergState
from game.games.bergruft.rules.mountain import SUMMIT
from game.games.bergruft.view import mountain as board
from game.i18n import tr
from game.play.finale import Marked, winners_text


def marks(st: BergState) -> list[Marked]:
    """Each pair's Peter where he stands, labelled with his avalanche (stones x free steps);
    the Peter on the summit first."""
    players = len(st.names)
    seats = sorted(range(players), key=lambda s: st.peter[s] != SUMMIT)
    out = []
    for seat in seats:
        x, y = board.anchor(st.peter[seat], seat, players)
        rect = pygame.Rect((0, 0), board.FIGURE_SIZE)
        rect.midbottom = (round(x), round(y) + 4)
        label = tr("bergruft.finale.avalanche", n=st.avalanche(seat))
        out.append(Marked(f"peter {seat}", rect, label))
    return out


def sentence(st: BergState) -> str:
    """Who reached the summit (or that the turns ran out), what decides, who won."""
    out = st.outcome()
    assert out is not None
    summit = next((s for s in range(len(st.names)) if st.peter[s] == SUMMIT), None)
    head = (tr("bergruft.finale.summit", name=st.names[summit]) if summit is not None
            else tr("bergruft.finale.limit"))  # fmt: skip
    return " ".join((head, tr(f"results.reason.bergruft_{out.reason_code}"),
                     winners_text([st.names[s] for s in out.winners])))  # fmt: skip


def question(old: BergState, action: BergAction, new: BergState, seat: int) -> str | None:
    """Before the caller's move (lifting the screen, punishing or waiving) that ends the game:
    his Peter reaches the summit, or the last turn is played."""
    if not new.is_over():
        return None
    return tr("bergruft.confirm.summit" if new.peter[seat] == SUMMIT else "bergruft.confirm.limit")
