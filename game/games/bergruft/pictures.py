"""Der Berg ruft pictures for the rules help: real turns played with legal actions, drawn with the
mountain and flag-screen renderers, labelled in the reader's language."""

from __future__ import annotations

from collections.abc import Sequence
from typing import cast

import pygame

from game.games.bergruft.rules import RULES
from game.games.bergruft.rules.actions import AllowGuess, Guess, LiftScreen, Punish, SetFlags
from game.games.bergruft.rules.state import BergState
from game.games.bergruft.view import flagscreen
from game.games.bergruft.view import mountain as board
from game.i18n import tr
from game.play.pictures.common import arrow, label, paper
from game.ui import theme

Size = tuple[int, int]
SEATS = ("red", "blue")
MOUNTAIN = pygame.Rect(0, 0, board.BOARD_WIDTH, 1080)
UP, DOWN = (60, 170, 80), (214, 64, 52)


def words(key: str, **params: object) -> str:
    return tr(f"rules_pictures.{key}", **params)


# ---- positions ------------------------------------------------------------------------------
def start() -> BergState:
    return cast(BergState, RULES.new_game("standard", len(SEATS), seed=1))


def turn(state: BergState, flags: int, guesses: Sequence[int], end: type = LiftScreen) -> BergState:
    """One turn: the caller sets ``flags``, the guesser guesses in order (the caller allows each
    next guess), then the caller ends it with ``end`` when it is offered."""
    state = state.apply(_pick(state, SetFlags, "flags", flags))
    for n, value in enumerate(guesses):
        state = state.apply(_pick(state, Guess, "value", value))
        if n < len(guesses) - 1:
            state = state.apply(_pick(state, AllowGuess))
    ends = [a for a in state.legal_actions() if isinstance(a, end)]
    return state.apply(ends[0]) if ends else state


def _pick(state: BergState, kind: type, attr: str | None = None, value: int = 0) -> object:
    for action in state.legal_actions():
        if isinstance(action, kind) and (attr is None or getattr(action, attr) == value):
            return action
    raise ValueError(f"no {kind.__name__} {value} in {state.phase}")


# ---- drawing --------------------------------------------------------------------------------
class MountainView:
    """The mountain part of the board with the pairs' figures, scaled into the picture."""

    def __init__(self, state: BergState, size: Size) -> None:
        self.size = size
        self.scale = min(size[0] / MOUNTAIN.width, size[1] / MOUNTAIN.height)
        canvas = board.board_surface(state.mountain).subsurface(MOUNTAIN).copy()
        figures = []
        for seat in range(len(state.peter)):
            figures.append(("heidi", seat, state.heidi[seat]))
            figures.append(("peter", seat, state.peter[seat]))
        figures.sort(key=lambda f: board.anchor(f[2], f[1], len(SEATS))[1])
        for kind, seat, position in figures:
            feet = board.anchor(position, seat, len(SEATS))
            colour = theme.colour_rgb(SEATS[seat])
            board.draw_figure(canvas, kind, colour, theme.seat_shape(seat), feet)
        scaled = pygame.transform.smoothscale(
            canvas, (round(MOUNTAIN.width * self.scale), round(MOUNTAIN.height * self.scale))
        )
        self.image = pygame.Surface(size)
        self.image.fill((120, 170, 220))
        self.image.blit(scaled, scaled.get_rect(center=(size[0] // 2, size[1] // 2)))
        self.left = (size[0] - scaled.get_width()) / 2
        self.top = (size[1] - scaled.get_height()) / 2

    def at(self, position: int, seat: int, lift: float = 40) -> tuple[float, float]:
        """A point on a figure at ``position`` (``lift`` board pixels above its feet)."""
        x, y = board.anchor(position, seat, len(SEATS))
        return self.left + x * self.scale, self.top + (y - lift) * self.scale

    def climb(self, before: int, after: int, seat: int) -> None:
        """The way a figure went, step by step along the path, with an arrowhead."""
        if before == after:
            return
        colour = UP if after > before else DOWN
        way = range(before, after + 1) if after > before else range(before, after - 1, -1)
        points = [self.at(p, seat, 100) for p in way]
        for a, b in zip(points, points[1:-1], strict=False):
            pygame.draw.line(self.image, (20, 20, 20), a, b, 10)
            pygame.draw.line(self.image, colour, a, b, 6)
        arrow(self.image, points[-2], points[-1], colour, 6)


def mountain(variant: str, size: Size) -> pygame.Surface:
    """B1: the meadow, the brook, 17 steps with their stones, the summit."""
    view = MountainView(start(), size)
    image = view.image
    heidi, peter = view.at(0, 0), view.at(1, 1)
    label(image, words("heidi"), (heidi[0] + 20, heidi[1] - 190), heidi)
    label(image, words("peter"), (peter[0] + 190, peter[1] - 110), peter)
    label(image, words("summit"), (view.at(17, 0)[0] + 150, view.at(17, 0)[1] - 40))
    step = view.at(4, 0, -12)
    label(image, words("rocks"), (step[0] + 60, step[1] + 70), step)
    return image


def flags(variant: str, size: Size) -> pygame.Surface:
    """The caller's view: the flags he set, behind the screen the guesser sees."""
    surface = paper(size, (92, 120, 150))
    count = 6
    heights = [1.0 if i < count else 0.0 for i in range(flagscreen.FLAGS)]
    behind = pygame.Rect(40, 90, size[0] - 80, 240)
    flagscreen.draw_flag_screen(surface, behind, heights, 0.0, True)
    label(surface, words("caller_sees", n=count), (size[0] / 2, 44))
    front = pygame.Rect(40, 450, size[0] - 80, 240)
    flagscreen.draw_flag_screen(surface, front, heights, 0.0, False)
    label(surface, words("guesser_sees"), (size[0] / 2, 404))
    return surface


def guesses(variant: str, size: Size) -> pygame.Surface:
    """Three guesses with the caller's hints (B3), then the screen is lifted."""
    number, tries = 6, (10, 4, 7)
    state = start().apply(_pick(start(), SetFlags, "flags", number))
    hints = []
    for n, value in enumerate(tries):
        state = state.apply(_pick(state, Guess, "value", value))
        allow = [a for a in state.legal_actions() if isinstance(a, AllowGuess)]
        if n < len(tries) - 1 and allow:
            hints.append(allow[0].hint)
            state = state.apply(allow[0])
    surface = paper(size, (92, 120, 150))
    heights = [1.0 if i < number else 0.0 for i in range(flagscreen.FLAGS)]
    flagscreen.draw_flag_screen(
        surface, pygame.Rect(40, 420, size[0] - 80, 240), heights, 1.0, False
    )
    for n, value in enumerate(tries):
        hint = hints[n] if n < len(hints) else None
        text = words("guess_n", n=n + 1, value=value)
        if hint is not None:
            text += "  " + words(f"hint_{hint.value}")
        label(surface, text, (size[0] / 2, 70 + n * 90))
    label(surface, words("lifted", n=number), (size[0] / 2, 370))
    return surface


def climb(variant: str, size: Size) -> pygame.Surface:
    """Not guessed: the caller's Peter climbs the difference, his Heidi one step per guess."""
    before = start()
    after = turn(before, 9, (3,))
    return _moves(before, after, size, "climb_peter", "climb_heidi")


def _moves(
    before: BergState, after: BergState, size: Size, peter: str, heidi: str
) -> pygame.Surface:
    view = MountainView(after, size)
    for seat in range(len(SEATS)):
        view.climb(before.peter[seat], after.peter[seat], seat)
        view.climb(before.heidi[seat], after.heidi[seat], seat)
    caller = before.caller
    at = view.at(after.peter[caller], caller, 150)
    label(view.image, words(peter), (at[0] + 30, at[1] - 70))
    at = view.at(after.heidi[caller], caller, 150)
    label(view.image, words(heidi), (at[0] + 120, at[1] - 40))
    return view.image


def punish(variant: str, size: Size) -> pygame.Surface:
    """B4: third guess still more than 3 off: the caller's Peter climbs 3, the guesser falls."""
    state = turn(start(), 5, (5,))  # guessed at once: the guesser's pair climbs 3 steps
    state = turn(state, 9, (3,))  # not guessed: that pair climbs on as the caller
    before = state
    after = turn(state, 15, (2, 6, 9), Punish)
    view = MountainView(after, size)
    for seat in range(len(SEATS)):
        view.climb(before.peter[seat], after.peter[seat], seat)
        view.climb(before.heidi[seat], after.heidi[seat], seat)
    guesser = 1 - before.caller
    at = view.at(after.peter[guesser], guesser, 150)
    label(view.image, words("punished"), (at[0] + 60, at[1] - 90), at, DOWN)
    at = view.at(after.peter[before.caller], before.caller, 150)
    label(view.image, words("capped"), (at[0] - 40, at[1] - 90))
    return view.image


def guessed(variant: str, size: Size) -> pygame.Surface:
    """Guessed: the caller's pair back to the start, the guesser's pair climbs 3, 2 or 1."""
    state = turn(turn(start(), 9, (3,)), 9, (3,))  # both pairs climb as callers first
    before = state
    after = turn(state, 4, (4,))
    view = MountainView(after, size)
    for seat in range(len(SEATS)):
        view.climb(before.peter[seat], after.peter[seat], seat)
        view.climb(before.heidi[seat], after.heidi[seat], seat)
    guesser, caller = 1 - before.caller, before.caller
    at = view.at(after.peter[guesser], guesser, 150)
    label(view.image, words("plus_three"), (at[0] + 90, at[1] - 100), at, UP)
    at = view.at(after.peter[caller], caller, 150)
    label(view.image, words("restart"), (at[0] + 60, at[1] - 150), at, DOWN)
    return view.image


def summit(variant: str, size: Size) -> pygame.Surface:
    """The summit rule: after a first guess only with Heidi at most 3 steps below it."""
    state = start().with_positions(heidi=(14, 6), peter=(15, 8))
    view = MountainView(state, size)
    top = view.at(17, 0, 60)
    label(view.image, words("summit"), (top[0] + 140, top[1] - 60), top)
    edge = view.at(14, 0, 10)
    label(view.image, words("three_below"), (edge[0] - 60, edge[1] + 110), edge)
    return view.image


def summit_restart(variant: str, size: Size) -> pygame.Surface:
    """B19: the caller's Peter climbs onto the summit, but his Heidi catches up with him there:
    the pair starts again and the game goes on (the turn played by the rules)."""
    before = start().with_positions(heidi=(15, 6), peter=(16, 8), caller=0)
    after = turn(before, 9, (5, 8))
    result = after.last_result
    assert result is not None and result.caller_restart and not after.is_over()
    view = MountainView(before, size)
    view.climb(before.peter[0], before.peter[0] + result.caller_peter_climb, 0)
    view.climb(before.heidi[0], before.heidi[0] + result.caller_heidi_climb, 0)
    top = view.at(17, 0, 60)
    label(view.image, words("summit_catch"), (size[0] / 2, top[1] - 70), top, DOWN)
    home = view.at(after.peter[0], 0, 60)
    label(view.image, words("restart_goes_on"), (home[0] + 190, home[1] - 120), home, DOWN)
    return view.image


def avalanche(variant: str, size: Size) -> pygame.Surface:
    """Scoring: the stones on Peter's step times the free steps between Peter and Heidi."""
    state = start().with_positions(heidi=(14, 9), peter=(17, 12))
    view = MountainView(state, size)
    for seat in range(len(SEATS)):
        peter, heidi = state.peter[seat], state.heidi[seat]
        free = peter - heidi - 1
        stones = state.mountain[peter]
        at = view.at(peter, seat, 160)
        stones_text = tr("bergruft.card.stones", n=stones)
        text = words("avalanche", stones=stones_text, free=free, total=stones * free)
        label(view.image, text, (at[0] + (160 if seat else -40), at[1] - 60 - seat * 30), at)
    return view.image


FIGURES = {
    "bergruft.mountain": mountain,
    "bergruft.flags": flags,
    "bergruft.guesses": guesses,
    "bergruft.climb": climb,
    "bergruft.punish": punish,
    "bergruft.guessed": guessed,
    "bergruft.summit": summit,
    "bergruft.summit_restart": summit_restart,
    "bergruft.avalanche": avalanche,
}
