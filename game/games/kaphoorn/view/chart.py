"""What moves over the Kap Hoorn sea chart: the ships on their voyages and the things in flight
(a wind card to its field, a card back from the pile to a hand, a wind rose to a log book).

:class:`Motion` starts these animations on the table's tweener and draws them; the scene says
which to start for a played action. Its lists and sets change in place, so a scene may keep
names for them.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import pygame

from game.engine.tween import Path, Tween, Tweener, ease_in_out
from game.games.kaphoorn.rules.chart import FORWARD, STEPS, Chart
from game.games.kaphoorn.view import seachart
from game.games.kaphoorn.view.layout import Point

SAIL_STEP_SECONDS = 0.2  # per field of a ship's path
CARD_SECONDS = 0.45
ROSE_SECONDS = 0.8


Anchor = tuple[float, float] | int  # a point on screen, or a field of the chart (it moves)


@dataclass
class Flight:
    """Something drawn on its way: a wind card, a card back or a wind rose. It flies between
    two anchors: a field goes where the camera shows it now, so a flight lands on its field
    however the chart moves meanwhile."""

    kind: str  # "card", "back", "rose"
    path: Tween  # from 0.0 to 1.0: how far it has come
    start: Anchor
    end: Anchor
    value: int = 0  # the wind (card) or colour (rose)
    zone: int = 1  # the zone that turns a flying card


class Motion:
    """The ships' voyages and the flights of one table, on its tweener. ``view`` gives the
    chart as it is drawn now (its zoom and place change while things move)."""

    def __init__(
        self, tweener: Tweener, view: Callable[[], seachart.ChartRenderer], players: int
    ) -> None:
        self.tweener = tweener
        self.view = view
        # seat -> its ship's voyage, while it runs: a path over the chart in fields (col, row)
        self.tracks: dict[int, Path] = {}
        self.heading = [FORWARD[1]] * players  # where each ship's bow points
        self.flights: list[Flight] = []
        self.hidden: set[int] = set()  # fields whose new card is still flying there

    def where(self, anchor: Anchor) -> Point:
        """An anchor on screen now."""
        if isinstance(anchor, int):
            return self.view().layout.centre(anchor)
        return anchor

    def _fly(self, kind: str, start: Anchor, end: Anchor, seconds: float, value: int = 0,
             zone: int = 1) -> None:  # fmt: skip
        tween = self.tweener.animate(0.0, 1.0, seconds, ease_in_out)
        self.flights.append(Flight(kind, tween, start, end, value, zone))

    # ---- starting ----------------------------------------------------------------------------
    def card(self, start: Point, field: int, wind: int, zone: int) -> None:
        """A wind card flies from ``start`` to ``field``; the field shows it once it is there."""
        self._fly("card", start, field, CARD_SECONDS, wind, zone)
        self.hidden.add(field)

    def back(self, end: Point) -> None:
        """A card back flies from the draw pile to ``end`` (a hand, a log book)."""
        self._fly("back", self.view().pile_point(), end, CARD_SECONDS)

    def rose(self, field: int, end: Point, colour: int) -> None:
        """A wind rose flies from the station at ``field`` to a log book at ``end``."""
        self._fly("rose", field, end, ROSE_SECONDS, colour)

    def sail(self, seat: int, chart: Chart, start: int, end: int) -> None:
        """The ship of ``seat`` sails field by field from ``start`` to ``end``, bow ahead."""
        sr, sc = divmod(start, chart.width)
        er, ec = divmod(end, chart.width)
        steps = max(abs(er - sr), abs(ec - sc))
        dr, dc = (er - sr) // max(1, steps), (ec - sc) // max(1, steps)
        if (dr, dc) in STEPS:
            self.heading[seat] = STEPS.index((dr, dc))
        points = [(sc + k * dc + 0.5, sr + k * dr + 0.5) for k in range(steps + 1)]
        path = Path(points, SAIL_STEP_SECONDS * max(1, steps), ease_in_out)
        self.tweener.add(path)
        self.tracks[seat] = path

    def voyage(self, seat: int, alpha: float = 1.0) -> Point | None:
        """Where the running voyage of ``seat`` has got to, in fields (col, row), if one runs."""
        path = self.tracks.get(seat)
        if path is None or path.finished:
            return None
        x, y = path.value(alpha)  # type: ignore[misc]
        return (x, y)

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
        layout = self.view().layout
        cell = layout.cell
        by_field: dict[int, list[int]] = {}
        for seat, f in enumerate(ships):
            by_field.setdefault(f, []).append(seat)
        for f, seats in by_field.items():
            offsets = seachart.ship_offsets(len(seats))
            size = seachart.ship_size(cell, len(seats)) * 0.8  # the card shows round it
            for (dx, dy), seat in zip(offsets, seats, strict=True):
                at = self.voyage(seat, alpha)
                if at is not None:
                    x, y = layout.point(*at)
                else:
                    cx, cy = layout.centre(f)
                    x, y = cx + dx * cell, cy + dy * cell
                seachart.draw_ship(
                    surface, (x, y), size, colours[seat], shapes[seat], self.heading[seat],
                    seat == mover,
                )  # fmt: skip

    def draw_flights(self, surface: pygame.Surface, alpha: float) -> None:
        view = self.view()
        cell = view.layout.cell
        for flight in self.flights:
            t = float(flight.path.value(alpha))  # type: ignore[arg-type]
            (x0, y0), (x1, y1) = self.where(flight.start), self.where(flight.end)
            x, y = x0 + (x1 - x0) * t, y0 + (y1 - y0) * t
            rect = pygame.Rect(0, 0, cell, cell * 1.35)
            rect.center = (int(x), int(y))
            if flight.kind == "card":
                view.draw_card_at(surface, flight.value, (x, y), flight.zone)
            elif flight.kind == "back":
                seachart.draw_card_back(surface, rect)
            else:
                seachart.draw_rose(surface, (x, y), cell * 0.8, flight.value)
