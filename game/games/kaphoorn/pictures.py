"""Kap Hoorn pictures for the rules help: a real game played a few turns (seeded), drawn with the
sea chart, wind-card and clipper renderers, labelled in the reader's language."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import cast

import pygame

from game.games.kaphoorn.rules import RULES
from game.games.kaphoorn.rules.actions import KapAction, Play, Replace, Sail
from game.games.kaphoorn.rules.chart import FORWARD
from game.games.kaphoorn.rules.state import EMPTY, KapState
from game.games.kaphoorn.rules.turn import all_winds
from game.games.kaphoorn.view.seachart import (
    ChartLayout,
    ChartRenderer,
    draw_card_back,
    draw_logbook,
    draw_rose,
    draw_ship,
    draw_wind_card,
    prepare_board,
    ship_offsets,
    ship_size,
)
from game.i18n import tr
from game.play.pictures.common import arrow, crop, label, paper
from game.ui import theme
from game.ui.steps import BUDGET_S

Size = tuple[int, int]
CLOSE = 60  # cell size of a close-up, in pixels (larger paints a huge chart: 76 took 4 s)
SEATS = ("red", "blue", "yellow")


def words(key: str, **params: object) -> str:
    return tr(f"rules_pictures.{key}", **params)


# ---- positions ------------------------------------------------------------------------------
def start() -> KapState:
    return cast(KapState, RULES.new_game("standard", len(SEATS), seed=1))


def played_until(test: Callable[[KapState], bool], least: int = 30) -> KapState:
    """A seeded game that mostly lays cards, up to the first position (after ``least``
    actions) that passes ``test``."""
    state = start()
    rng = random.Random(1)
    for n in range(2000):
        if n >= least and test(state) or state.is_over():
            return state
        actions = state.legal_actions()
        lays: list[KapAction] = [a for a in actions if isinstance(a, Play)]
        others: list[KapAction] = [a for a in actions if not isinstance(a, Replace)]
        others = others or list(actions)
        state = state.apply(rng.choice(lays if lays and rng.random() < 0.8 else others))
    return state


def sails(state: KapState) -> list[Sail]:
    return [a for a in state.legal_actions() if isinstance(a, Sail)]


def plays(state: KapState) -> list[Play]:
    return [a for a in state.legal_actions() if isinstance(a, Play)]


# ---- drawing ----------------------------------------------------------------------------------
def chart_size(state: KapState, size: Size, cell: int) -> Size:
    """The whole chart's size in pixels when its fields are ``cell`` wide (a close-up shows a
    ``size`` window of it)."""
    scale = cell / ChartLayout(state.chart, pygame.Rect(0, 0, *size)).cell
    return round(size[0] * scale) + 1, round(size[1] * scale) + 1


def close_up_ready(variant: str, size: Size) -> bool:
    """Whether a close-up can be drawn at once: the first paints the whole chart large
    (seconds), so it is painted over frames, its textures first in the background."""
    state = start()
    return prepare_board(state.chart, chart_size(state, size, CLOSE), BUDGET_S)


def whole_ready(variant: str, size: Size) -> bool:
    """Whether the whole chart's picture can be drawn at once: its board is painted over
    frames first (a few hundred milliseconds in one would stop the page)."""
    return prepare_board(start().chart, size, BUDGET_S)


class ChartView:
    """The chart with the state's cards and ships; a close-up with ``focus`` and ``cell``."""

    def __init__(
        self, state: KapState, size: Size, focus: int | None = None, cell: int | None = None
    ) -> None:
        rect = pygame.Rect(0, 0, *size)
        if focus is not None and cell is not None:
            rect = pygame.Rect(0, 0, *chart_size(state, size, cell))
        self.state = state
        self.size = size
        self.renderer = ChartRenderer(state.chart, rect)
        self.layout = self.renderer.layout
        self.canvas = pygame.Surface(rect.size)
        self.canvas.fill((30, 40, 56))
        self.renderer.draw_board(self.canvas)
        self.renderer.draw_cards(self.canvas, state.cards)
        self.offset = (0.0, 0.0)
        if focus is not None:
            view = pygame.Rect(0, 0, *size)
            view.center = tuple(round(v) for v in self.layout.centre(focus))
            view.clamp_ip(self.canvas.get_rect())
            self.offset = (float(view.x), float(view.y))

    def centre(self, field: int) -> tuple[float, float]:
        x, y = self.layout.centre(field)
        return x - self.offset[0], y - self.offset[1]

    def highlight(self, fields: dict[int, str]) -> None:
        self.renderer.draw_highlights(self.canvas, fields, 0.0)

    def finish(self) -> pygame.Surface:
        cell = self.layout.cell
        by_field: dict[int, list[int]] = {}
        for seat, f in enumerate(self.state.ships):
            by_field.setdefault(f, []).append(seat)
        for f, seats in by_field.items():
            size = ship_size(cell, len(seats)) * 0.8
            for (dx, dy), seat in zip(ship_offsets(len(seats)), seats, strict=True):
                cx, cy = self.layout.centre(f)
                colour = theme.colour_rgb(SEATS[seat])
                at = (cx + dx * cell, cy + dy * cell)
                draw_ship(self.canvas, at, size, colour, theme.seat_shape(seat), 6)
        centre = (self.offset[0] + self.size[0] / 2, self.offset[1] + self.size[1] / 2)
        return crop(self.canvas, centre, self.size)


# ---- pictures -------------------------------------------------------------------------------
def chart(variant: str, size: Size) -> pygame.Surface:
    """The whole route: New York's start fields, Cape Horn, the finish near San Francisco."""
    state = start()
    view = ChartView(state, size)
    image = view.finish()
    c = state.chart
    first = view.centre(c.starts[0])
    label(image, words("start"), (first[0] - 150, first[1] + 60), first)
    finish = [f for f in range(len(c.zone)) if c.finish >> f & 1]
    end = view.centre(finish[len(finish) // 2])
    label(image, words("finish"), (end[0] + 40, end[1] - 90), end)
    return image


def roses(variant: str, size: Size) -> pygame.Surface:
    """A log book with two wind roses of two colours from two stages: on to the finish."""
    surface = paper(size, (214, 200, 170))
    book = pygame.Rect(40, 60, size[0] - 80, 250)
    draw_logbook(surface, book, name=words("player", n=1), colour=theme.colour_rgb("red"),
                 shape=theme.seat_shape(0), sail=4, roses=(0, 1, EMPTY), hand=3,
                 current=True, ai=False)  # fmt: skip
    label(surface, words("two_roses"), (size[0] / 2, book.bottom + 50))
    y = book.bottom + 200
    for i in range(3):
        x = size[0] / 2 + (i - 1) * 220
        draw_rose(surface, (x, y), 70, i)
        theme.text(surface, ("I", "II", "III")[i], (x, y + 100), 40, (60, 44, 30), True, "center")
    label(surface, words("three_roses"), (size[0] / 2, size[1] - 50))
    return surface


def card(variant: str, size: Size) -> pygame.Surface:
    """A wind card of the deck, upright, and how each stage turns it (I south, II west,
    III north)."""
    surface = paper(size, (28, 60, 92))
    winds = all_winds()
    wind = next((w for w in winds if w.name == "breeze"), winds[0])  # arrows ahead and aslant
    big = pygame.Rect(90, 50, 300, 300)
    draw_wind_card(surface, big, wind)
    label(surface, words("arrows"), (big.right + 190, big.top + 60), (big.centerx, big.top + 50))
    label(surface, words("distance"), (big.right + 190, big.centery + 80), big.center)
    third = size[0] // 3
    for zone in (1, 2, 3):
        rect = pygame.Rect(0, 0, 170, 170)
        rect.center = (third * (zone - 1) + third // 2, 500)
        draw_wind_card(surface, rect, wind, FORWARD[zone])
        label(surface, words(f"stage{zone}"), (rect.centerx, rect.bottom + 50))
    return surface


def lay(variant: str, size: Size) -> pygame.Surface:
    """Where a card may be laid: empty sea touching a card on the chart (diagonals too)."""
    state = played_until(lambda s: len(plays(s)) >= 6)
    spots = plays(state)
    fields = sorted({a.to for a in spots})
    view = ChartView(state, size, fields[len(fields) // 2], CLOSE)
    view.highlight({f: "play" for f in fields})
    image = view.finish()
    at = view.centre(fields[0])
    label(image, words("lay_here"), (at[0] - 40, at[1] + 150), at)
    return image


def sail(variant: str, size: Size) -> pygame.Surface:
    """A ship sails exactly the card's number of fields along one of its arrows."""
    state = played_until(lambda s: len(sails(s)) >= 2, least=150)
    here = state.ships[state.seat]
    targets = sails(state)
    view = ChartView(state, size, here, CLOSE)
    view.highlight({a.to: "sail" for a in targets} | {here: "ship"})
    image = view.finish()
    for move in targets:
        arrow(image, view.centre(here), view.centre(move.to), (20, 120, 200))
    at = view.centre(targets[0].to)
    label(image, words("sail_to"), (at[0] + 20, at[1] + 140), at, (20, 110, 190))
    return image


def logbook(variant: str, size: Size) -> pygame.Surface:
    """The sail points on the log book's track (at most 8) and what they buy."""
    surface = paper(size, (214, 200, 170))
    book = pygame.Rect(40, 50, size[0] - 80, 250)
    draw_logbook(surface, book, name=words("player", n=1), colour=theme.colour_rgb("red"),
                 shape=theme.seat_shape(0), sail=6, roses=(0, EMPTY, EMPTY), hand=4,
                 current=True, ai=False)  # fmt: skip
    label(surface, words("sail_points"), (size[0] / 2, book.bottom + 44))
    costs = (("stay", "+1"), ("ignore", "−3"), ("again", "−5"), ("buy", "−1"))
    for i, (key, cost) in enumerate(costs):
        y = book.bottom + 130 + i * 82
        theme.text(surface, cost, (150, y), 48, (60, 44, 30), True, "center")
        theme.text(surface, words(key), (220, y), 32, (40, 30, 20), False, "midleft")
    return surface


def stations(variant: str, size: Size) -> pygame.Surface:
    """A sea station of stage I and the wind rose a ship takes there."""
    state = start()
    c = state.chart
    station = min(c.station, key=lambda f: (c.zone[f], -f))
    view = ChartView(state, size, station, CLOSE)
    view.highlight({station: "focus"})
    image = view.finish()
    at = view.centre(station)
    rose = (at[0] + CLOSE * 2.2, at[1] + CLOSE * 0.2)
    arrow(image, (at[0] + CLOSE * 0.6, at[1]), (rose[0] - 60, rose[1]), (150, 44, 32), 6)
    draw_rose(image, rose, 52, c.station[station])
    label(image, words("station"), (at[0] - 40, at[1] + 170), at)
    return image


def hand(variant: str, size: Size) -> pygame.Surface:
    """A secret hand: the player's own cards face up, the others' backs only."""
    state = start()
    surface = paper(size, (28, 60, 92))
    winds = all_winds()
    cards = state.hands[state.seat]
    w, h = 170, 210
    for i, wind in enumerate(cards):
        draw_wind_card(surface, pygame.Rect(80 + i * (w + 30), 110, w, h), winds[wind])
    label(surface, words("your_hand"), (size[0] / 2, 50))
    for i in range(4):
        draw_card_back(surface, pygame.Rect(size[0] // 2 - 180 + i * 70, 440, 150, 185))
    label(surface, words("secret"), (size[0] / 2, 680))
    return surface


# pictures that may need a frame or more to get ready (drawn at once when they are)
READY = {name: close_up_ready for name in ("kaphoorn.lay", "kaphoorn.sail", "kaphoorn.stations")}
READY["kaphoorn.chart"] = whole_ready

FIGURES = {
    "kaphoorn.chart": chart,
    "kaphoorn.roses": roses,
    "kaphoorn.card": card,
    "kaphoorn.lay": lay,
    "kaphoorn.sail": sail,
    "kaphoorn.logbook": logbook,
    "kaphoorn.stations": stations,
    "kaphoorn.hand": hand,
}
