"""What the panel says: the guesses so far as chips with their hints, the question for the person
at the table (or who is deciding), and the story box with the last turn's account."""

from __future__ import annotations

from typing import Any

import pygame

from game.games.bergruft.rules import BergState, Hint, Phase
from game.i18n import tr
from game.play import panels
from game.ui import theme

from .layout import CHIPS_Y, CONTROLS_Y, PANEL_W, PANEL_X, PROMPT_Y, STORY_RECT

Narration = tuple[str, dict[str, Any]]  # the story's key and its parameters


# ---- the words --------------------------------------------------------------------------------
def chips(st: BergState, reveal: int | None) -> tuple[tuple[int, ...], tuple[Hint, ...]]:
    """The guesses to show with their hints: this turn's, or the last turn's while its screen
    is up or the game is over."""
    if st.guesses or st.phase not in (Phase.SET, Phase.OVER):
        return st.guesses, st.hints
    if (reveal is not None or st.is_over()) and st.last_result is not None:
        return st.last_result.guesses, st.last_result.hints
    return (), ()


def hint_text(st: BergState) -> str:
    """The caller's last hint, for the guesser: "Higher than 5!"."""
    if not st.hints or st.phase is not Phase.GUESS:
        return ""
    last = st.guesses[len(st.hints) - 1]
    return tr(f"bergruft.hint.{st.hints[-1]}", n=last)


def prompt_lines(
    st: BergState,
    question: str | None,
    selected: int | None,
    number: int | None,
    telling: bool,
    phone: bool = False,
) -> tuple[str, str]:
    """The prompt's two lines: the ``question`` a person here answers (``selected``: the caller's
    pick; ``number``: what the deciding caller sees), or who is deciding now (``phone``: on his
    phone). ``telling``: the story box tells what happens, the prompt says nothing."""
    names = st.names
    caller, guesser = names[st.caller], names[st.guesser]
    if st.is_over():
        return tr("bergruft.prompt.over"), ""
    if telling:
        return "", ""
    hint = hint_text(st)
    if question == "set":
        second = tr("bergruft.prompt.set_picked", n=selected) if selected is not None else ""
        return tr("bergruft.prompt.set", name=caller), second
    if question == "guess":
        return tr("bergruft.prompt.guess", name=guesser), hint
    if question == "decide":
        assert number is not None
        key = "higher" if number > st.guesses[-1] else "lower"
        first = tr("bergruft.prompt.decide", guesser=guesser, value=st.guesses[-1])
        return first, tr(f"bergruft.prompt.decide_{key}")
    if question == "punish":
        first = tr("bergruft.prompt.punish", guesser=guesser, value=st.guesses[-1])
        return first, tr("bergruft.prompt.punish2")
    seat = st.current_player
    assert seat is not None
    phase = str(st.phase)
    wait = "bergruft.phone.wait" if phone else "bergruft.wait"
    return tr(f"{wait}.{phase}", name=names[seat], caller=caller, guesser=guesser), hint


def story(st: BergState, narration: Narration | None) -> str:
    """The story box: the last turn's account, or how the game begins, or how it is scored."""
    if narration is not None:
        key, params = narration
        return tr(f"bergruft.story.{key}", **params)
    if st.turn == 0 and st.phase is Phase.SET:
        return tr("bergruft.story.start")
    return tr("bergruft.story.rules")


# ---- the drawing ------------------------------------------------------------------------------
def draw_prompt(
    surface: pygame.Surface,
    st: BergState,
    shown: tuple[tuple[int, ...], tuple[Hint, ...]],
    reveal: int | None,
    lines: tuple[str, str],
) -> None:
    """The guesses ``shown`` as chips (the right one green once the screen is up, the wrong
    last one crossed), the range the hints leave, and the prompt's ``lines``."""
    guesses, hints = shown
    x = PANEL_X
    if guesses:
        label = tr("bergruft.guesses")
        theme.text(surface, label, (x, CHIPS_Y + 26), 24, theme.palette().muted, False, "midleft")
        x += theme.font(24).size(label)[0] + 14
    for i, value in enumerate(guesses):
        chip = pygame.Rect(x, CHIPS_Y, 92, 52)
        right = reveal is not None and value == reveal
        fill = (40, 130, 80) if right else (58, 72, 100)
        pygame.draw.rect(surface, fill, chip, border_radius=14)
        pygame.draw.rect(surface, theme.SNOW, chip, 2, border_radius=14)
        at = (chip.x + 30, chip.centery)
        theme.text(surface, str(value), at, 32, theme.WHITE, True, "center")
        if i < len(hints):
            _arrow(surface, (chip.x + 68, chip.centery), hints[i] is Hint.HIGHER)
        elif reveal is not None and not right:  # the last guess, wrong
            _cross(surface, (chip.x + 68, chip.centery))
        x = chip.right + 10
    if st.phase is Phase.GUESS and (st.low, st.high) != (0, 15):
        at = (PANEL_X + PANEL_W, CHIPS_Y + 26)
        text = tr("bergruft.range", low=st.low, high=st.high)
        theme.text(surface, text, at, 28, theme.palette().accent, True, "midright")
    panels.draw_prompt(surface, (PANEL_X, PROMPT_Y + 18), PANEL_W, *lines)


def draw_story(surface: pygame.Surface, text: str) -> None:
    """While nobody here has to answer: the last result, or how the game is scored."""
    width = STORY_RECT.width - 48
    size = next((s for s in STORY_SIZES if len(theme.wrap(text, s, width)) <= STORY_LINES),
                STORY_SIZES[-1])  # a large UI scale sets a long story smaller, not shorter
    lines = theme.wrap_lines(text, size, width, STORY_LINES)
    box = STORY_RECT.copy()
    step = theme.spaced(38 * size / 30, size)  # lines grow apart with a larger UI scale
    box.height = 44 + step * max(2, len(lines))
    surface.blit(panels.layer(box.size, (34, 46, 72, 200), 16), box)
    for i, line in enumerate(lines):
        theme.text(surface, line, (box.x + 24, box.y + 22 + step * i), size, theme.SNOW)


STORY_SIZES, STORY_LINES = (30, 28, 26, 24), 7


def draw_summit_rule(surface: pygame.Surface) -> None:
    """Under the caller's buttons: why he may not lift the screen now (B6)."""
    lines = theme.wrap(tr("bergruft.decide.summit_rule"), 26, PANEL_W)
    for i, line in enumerate(lines[:2]):
        y = CONTROLS_Y + 250 + theme.spaced(34, 26) * i
        theme.text(surface, line, (PANEL_X, y), 26, theme.SNOW, False, "topleft")


def _arrow(surface: pygame.Surface, centre: tuple[int, int], up: bool) -> None:
    x, y = centre
    s = 1 if up else -1
    points = [
        (x, y - 14 * s),
        (x + 12, y + 2 * s),
        (x + 5, y + 2 * s),
        (x + 5, y + 14 * s),
        (x - 5, y + 14 * s),
        (x - 5, y + 2 * s),
        (x - 12, y + 2 * s),
    ]
    pygame.draw.polygon(surface, theme.palette().accent, points)


def _cross(surface: pygame.Surface, centre: tuple[int, int]) -> None:
    cx, cy = centre
    for d in (-1, 1):
        pygame.draw.line(
            surface, theme.palette().danger, (cx - 10, cy - 10 * d), (cx + 10, cy + 10 * d), 5
        )
