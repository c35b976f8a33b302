"""What moves over the Kap Hoorn sea chart: the ships on their voyages and the things in flight
(a wind card to its field, a card back from the pile to a hand, a wind rose to a log book).

:class:`Motion` starts these animations on the table's tweener and draws them; the scene says
which to start for a played action. Its lists and sets change in place, so a scene may keep
names for them.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import pygame

from game.engine.tween import Path, Tween, Tweener, ease_in_out
from game.games.kaphoorn.rules.chart import FORWARD, STEPS, Chart
from game.games.kaphoorn.view import seachart
from game.games.kaphoorn.view.layout import Point

SAIL_STEP_SECONDS = 0.2  # per field of a ship's path
CARD_SECONDS = 0.45
ROSE_SECONDS = 0.8


@dataclass
class Flight:
    """Something drawn on its way: a wind card, a card back or a wind rose."""

    kind: str  # "card", "back", "rose"
    path: Tween
    value: int = 0  # the wind (card) or colour (rose)
    zone: int = 1  # the zone that turns a flying card


class Motion:
    """The ships' voyages and the flights of one table, on its tweener."""

    def __init__(self, tweener: Tweener, renderer: seachart.ChartRenderer, players: int) -> None:
        self.tweener = tweener
        self.renderer = renderer
        self.layout = renderer.layout
        self.tracks: dict[int, Path] = {}  # seat -> its ship's voyage, while it runs
        self.heading = [FORWARD[1]] * players  # where each ship's bow points
        self.flights: list[Flight] = []
        self.hidden: set[int] = set()  # fields whose new card is still flying there

    # ---- starting ----------------------------------------------------------------------------
    def card(self, start: Point, field: int, wind: int, zone: int) -> None:
        """A wind card flies from ``start`` to ``field``; the field shows it once it is there."""
        end = self.layout.centre(field)
        tween = self.tweener.animate(start, end, CARD_SECONDS, ease_in_out)
        self.flights.append(Flight("card", tween, wind, zone))
        self.hidden.add(field)

    def back(self, end: Point) -> None:
        """A card back flies from the draw pile to ``end`` (a hand, a log book)."""
        start = self.renderer.pile_point()
        tween = self.tweener.animate(start, end, CARD_SECONDS, ease_in_out)
        self.flights.append(Flight("back", tween))

    def rose(self, field: int, end: Point, colour: int) -> None:
        """A wind rose flies from the station at ``field`` to a log book at ``end``."""
        start = self.layout.centre(field)
        tween = self.tweener.animate(start, end, ROSE_SECONDS, ease_in_out)
        self.flights.append(Flight("rose", tween, colour))

    def sail(self, seat: int, chart: Chart, start: int, end: int) -> None:
        """The ship of ``seat`` sails field by field from ``start`` to ``end``, bow ahead."""
        sr, sc = divmod(start, chart.width)
        er, ec = divmod(end, chart.width)
        steps = max(abs(er - sr), abs(ec - sc))
        dr, dc = (er - sr) // max(1, steps), (ec - sc) // max(1, steps)
        if (dr, dc) in STEPS:
            self.heading[seat] = STEPS.index((dr, dc))
        points = [self.layout.centre(start + k * (dr * chart.width + dc)) for k in range(steps + 1)]
        path = Path(points, SAIL_STEP_SECONDS * max(1, steps), ease_in_out)
        self.tweener.add(path)
        self.tracks[seat] = path

    # ---- the frame ---------------------------------------------------------------------------
    def prune(self) -> None:
        """Forget the flights that have landed; a laid card shows once none flies any more."""
        self.flights[:] = [f for f in self.flights if not f.path.finished]
        if not any(f.kind == "card" for f in self.flights):
            self.hidden.clear()

    def settle(self) -> None:
        self.flights.clear()
        self.hidden.clear()

    def draw_ships(
        self,
        surface: pygame.Surface,
        ships: Sequence[int],
        colours: Sequence[tuple[int, int, int]],
        shapes: Sequence[str],
        mover: int | None,
        alpha: float,
    ) -> None:
        """Every ship on its field (several share one), or where its voyage has got to."""
        cell = self.layout.cell
        by_field: dict[int, list[int]] = {}
        for seat, f in enumerate(ships):
            by_field.setdefault(f, []).append(seat)
        for f, seats in by_field.items():
            offsets = seachart.ship_offsets(len(seats))
            size = seachart.ship_size(cell, len(seats)) * 0.8  # the card shows round it
            for (dx, dy), seat in zip(offsets, seats, strict=True):
                path = self.tracks.get(seat)
                if path is not None and not path.finished:
                    x, y = path.value(alpha)  # type: ignore[misc]
                else:
                    cx, cy = self.layout.centre(f)
                    x, y = cx + dx * cell, cy + dy * cell
                seachart.draw_ship(
                    surface, (x, y), size, colours[seat], shapes[seat], self.heading[seat],
                    seat == mover,
                )  # fmt: skip

    def draw_flights(self, surface: pygame.Surface, alpha: float) -> None:
        cell = self.layout.cell
        for flight in self.flights:
            x, y = flight.path.value(alpha)  # type: ignore[misc]
            rect = pygame.Rect(0, 0, cell, cell * 1.35)
            rect.center = (int(x), int(y))
            if flight.kind == "card":
                self.renderer.draw_card_at(surface, flight.value, (x, y), flight.zone)
            elif flight.kind == "back":
                seachart.draw_card_back(surface, rect)
            else:
                seachart.draw_rose(surface, (x, y), cell * 0.8, flight.value)
