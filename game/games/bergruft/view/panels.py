"""The side panels of Der Berg ruft: the banner (whose turn, who calls, who guesses), one card per
seat with its pair's steps and its avalanche, and the box that says how the game ended."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

import pygame

from game.games.bergruft.rules import SUMMIT, BergState, Phase
from game.i18n import tr
from game.play.panels import Mark, layer, name_chip, phone_mark, thinking_dots
from game.ui import theme

from .layout import BANNER_RECT, CARD_H, CARD_W, PANEL_X

PHONE_MARK = 26  # the height of the phone beside a name


def draw_banner(surface: pygame.Surface, st: BergState, marks: Sequence[Mark]) -> None:
    """The turn's number, the caller and the guesser, and which guess of three this is."""
    surface.blit(layer(BANNER_RECT.size, (10, 16, 30, 190)), BANNER_RECT)
    y = BANNER_RECT.centery

    def words(text: str, x: int, size: int, colour: tuple[int, int, int], bold: bool) -> int:
        return theme.text(surface, text, (x, y), size, colour, bold, "midleft").right + 28

    turn = tr("bergruft.banner.turn", n=st.turn + (0 if st.is_over() else 1))
    x = words(turn, 24, 30, theme.palette().accent, True)
    if st.is_over():
        words(tr("bergruft.banner.over"), x, 30, theme.WHITE, True)
        return
    x = name_chip(surface, st.names[st.caller], marks[st.caller], (x, y), 28) + 12
    x = words(tr("bergruft.banner.calls"), x, 28, theme.WHITE, False)
    x = name_chip(surface, st.names[st.guesser], marks[st.guesser], (x, y), 28) + 12
    words(tr("bergruft.banner.guesses"), x, 28, theme.WHITE, False)
    if st.phase is not Phase.SET:
        count = len(st.guesses) + (1 if st.phase is Phase.GUESS else 0)
        theme.text(surface, tr("bergruft.banner.guess_count", n=min(3, count)),
                   (BANNER_RECT.right - 20, y), 28, theme.SNOW, False, "midright")  # fmt: skip


def card_rect(seat: int) -> pygame.Rect:
    row, col = divmod(seat, 2)
    return pygame.Rect(PANEL_X + col * (CARD_W + 8), 96 + row * (CARD_H + 10), CARD_W, CARD_H)


def draw_cards(
    surface: pygame.Surface,
    st: BergState,
    marks: Sequence[Mark],
    steps: Callable[[int], tuple[int, int]],
    thinking: int | None,
    seconds: float,
    phones: Mapping[int, bool] | None = None,
) -> None:
    """A card per seat: its mark and name, its role this turn (or that it thinks), a phone
    beside the name of a seat played from a phone (``phones``: lit while it is connected),
    Heidi's and Peter's steps as drawn (``steps(seat)``) and the avalanche they make."""
    phones = phones or {}
    for seat, (shape, colour) in enumerate(marks):
        rect = card_rect(seat)
        surface.blit(layer(rect.size, (34, 46, 72, 235), 14), rect)
        pygame.draw.rect(surface, colour, (rect.x, rect.y, 10, rect.height),
                         border_top_left_radius=14, border_bottom_left_radius=14)  # fmt: skip
        role = "calls" if seat == st.caller else "guesses" if seat == st.guesser else None
        if st.is_over():
            role = None
        if role is not None:
            edge = theme.palette().accent if role == "calls" else theme.SNOW
            pygame.draw.rect(surface, edge, rect, 3, border_radius=14)
        theme.draw_mark(surface, shape, colour, (rect.x + 36, rect.y + 30), 15)
        label_x = rect.right - 14  # the name stops short of the label on its right
        label = None
        if thinking == seat:
            label = tr("bergruft.card.thinking") + thinking_dots(seconds), theme.palette().accent
        elif role is not None:
            label = (
                tr(f"bergruft.card.{role}"),
                theme.palette().accent if role == "calls" else theme.SNOW,
            )
        if label is not None:  # at most half the row, and smaller before it loses letters
            at = (rect.right - 14, rect.y + 30)
            label_x = theme.text(surface, label[0], at, 18, label[1], True, "midright",
                                 width=(rect.w - 70) // 2, least=14).x  # fmt: skip
        if seat in phones:
            mark = phone_mark(surface, (label_x - 18, rect.y + 30), PHONE_MARK, phones[seat])
            label_x = mark.x - 4
        at, room = (rect.x + 60, rect.y + 30), label_x - rect.x - 70
        theme.text(surface, st.names[seat], at, 28, theme.WHITE, True, "midleft", width=room,
                   least=16)  # a name beside "thinking" gets smaller before it loses letters
        _draw_avalanche(surface, rect, st, *steps(seat))


def _draw_avalanche(
    surface: pygame.Surface, rect: pygame.Rect, st: BergState, heidi: int, peter: int
) -> None:
    """The pair's steps, the stones under Peter times the free steps, and the product."""
    free = max(0, peter - heidi - 1)
    stones = st.mountain[peter]
    at = (rect.right - 16, rect.bottom - 6)
    score = theme.text(surface, str(stones * free), at, 44, theme.WHITE, True, "bottomright")
    room = score.x - rect.x - 30  # the lines stop short of the score
    positions = tr("bergruft.card.positions", heidi=heidi, peter=peter)
    theme.text(surface, positions, (rect.x + 22, rect.y + 66), 22, (214, 220, 232), False,
               "midleft", width=room, least=18)  # fmt: skip
    stones_text = tr("bergruft.card.stones", n=stones)
    formula = tr("bergruft.card.formula", stones=stones_text, free=free)
    muted = theme.palette().muted
    theme.text(surface, formula, (rect.x + 22, rect.y + 94), 20, muted, False, "midleft",
               width=room, least=16)  # fmt: skip


def game_over_lines(st: BergState) -> tuple[str, str]:
    """Who reached the summit (or that the turns ran out), and who won."""
    out = st.outcome()
    assert out is not None
    summit = next((s for s in range(len(st.names)) if st.peter[s] == SUMMIT), None)
    head = (
        tr("bergruft.over.summit", name=st.names[summit])
        if summit is not None
        else tr("bergruft.over.limit")
    )
    winners = ", ".join(st.names[s] for s in out.winners)
    return head, tr("bergruft.over.winner", names=winners)


