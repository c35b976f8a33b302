"""Heidi and Peter on the mountain: where each figure is drawn, its climbs and slides as paths
on the table's tweener, and the figures drawn in depth order with the thinking bubble."""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import partial

import pygame

from game.engine.tween import Path, Tweener, ease_in_out, linear
from game.games.bergruft.rules import HEIDI_START, PETER_START, BergState, TurnResult
from game.games.bergruft.view import mountain as board
from game.play.panels import Mark, thought_bubble
from game.ui import theme

CLIMB_LEG = 0.30  # seconds per step when climbing
SLIDE_LEG = 0.07  # seconds per step when sliding back down on a restart

FIGURES = ("heidi", "peter")


@dataclass
class Segment:
    """One move of a figure being shown: the path over the steps it passes."""

    path: Path
    steps: list[int]
    hop: bool


@dataclass
class Track:
    """A figure's drawn position: its resting step, or the moves (paths) still being shown."""

    position: int
    segments: list[Segment] = field(default_factory=list)

    def shown_step(self) -> int:
        """The step the figure is on as drawn (for the live avalanche figure)."""
        for seg in self.segments:
            if not seg.path.finished:
                passed = sum(1 for leg in seg.path.legs if leg.progress() >= 0.5)
                return seg.steps[passed]
        return self.position

    def point(
        self, alpha: float, where: Callable[[int], tuple[float, float]]
    ) -> tuple[float, float]:
        for seg in self.segments:
            if seg.path.finished:
                continue
            x, y = seg.path.value(alpha)  # type: ignore[misc]
            if seg.hop and not theme.access().reduced_motion:  # reduced motion: no hops
                for leg in seg.path.legs:
                    p = leg.progress(alpha)
                    if 0.0 < p < 1.0:
                        y -= math.sin(math.pi * p) * 16
                        break
            return x, y
        return where(self.position)


Tracks = dict[tuple[int, str], Track]  # (seat, "heidi" | "peter") -> its track


class Climbs:
    """The figures' moves of a resolved turn, shown step by step on the table's ``tweener``;
    ``sound`` plays a sound by name (the table keeps it quiet when it must)."""

    def __init__(self, players: int, tweener: Tweener, sound: Callable[[str], None]) -> None:
        self.players = players
        self.tweener = tweener
        self.sound = sound
        self.tracks: Tracks = {
            (s, f): Track(HEIDI_START if f == "heidi" else PETER_START)
            for s in range(players)
            for f in FIGURES
        }

    def settle(self, st: BergState) -> None:
        """Every figure stands where the rules put it."""
        for (seat, figure), track in self.tracks.items():
            track.position = (st.heidi if figure == "heidi" else st.peter)[seat]
            track.segments.clear()

    def shown_steps(self, seat: int) -> tuple[int, int]:
        """Heidi's and Peter's steps as drawn now."""
        return self.tracks[(seat, "heidi")].shown_step(), self.tracks[(seat, "peter")].shown_step()

    def _later(self, name: str) -> Callable[[], None]:
        return lambda: self.sound(name)

    def show(self, r: TurnResult, t: float) -> float:
        """The turn's climbs from ``t`` on; returns when they end."""
        c, g = r.caller, r.guesser
        hb, pb, ha, pa = r.heidi_before, r.peter_before, r.heidi_after, r.peter_after
        if r.guessed:
            self.tweener.after(t, self._later("good"))
            t = self._slide(c, hb[c], pb[c], t)
            t = self._move(g, "peter", pb[g], pa[g], t, CLIMB_LEG)
            return self._move(g, "heidi", hb[g], ha[g], t, CLIMB_LEG)
        peter_top = pb[c] + r.caller_peter_climb
        heidi_top = hb[c] + r.caller_heidi_climb
        t = self._move(c, "peter", pb[c], peter_top, t, CLIMB_LEG)
        t = self._move(c, "heidi", hb[c], heidi_top, t, CLIMB_LEG)
        if r.caller_restart:
            t = self._slide(c, heidi_top, peter_top, t + 0.2)
        if r.capped:  # the guesser is punished: Peter down 1, Heidi down 3 (B13)
            self.tweener.after(t, self._later("bad"))
            down = max(PETER_START, pb[g] - 1)
            t = self._move(g, "peter", pb[g], down, t, CLIMB_LEG)
            t = self._move(g, "heidi", hb[g], ha[g], t, CLIMB_LEG)
            if pa[g] != down:
                t = self._move(g, "peter", down, pa[g], t, SLIDE_LEG * 2, hop=False)
        return t

    def _slide(self, seat: int, heidi: int, peter: int, t: float) -> float:
        """A restart: the pair slides back down to its start fields together."""
        self.tweener.after(t, self._later("rockslide"))
        end_p = self._move(seat, "peter", peter, PETER_START, t, SLIDE_LEG, hop=False)
        end_h = self._move(seat, "heidi", heidi, HEIDI_START, t, SLIDE_LEG, hop=False)
        return max(end_p, end_h)

    def _move(
        self, seat: int, figure: str, start: int, end: int, t: float, leg: float, hop: bool = True
    ) -> float:
        track = self.tracks[(seat, figure)]
        track.position = end
        if start == end:
            return t
        direction = 1 if end > start else -1
        steps = list(range(start, end + direction, direction))
        points = [board.anchor(s, seat, self.players) for s in steps]
        path = Path(points, leg, ease_in_out if hop else linear, delay=t)
        self.tweener.add(path)
        track.segments = [s for s in track.segments if not s.path.finished]
        track.segments.append(Segment(path, steps, hop))
        if hop:
            for i in range(1, len(steps)):
                self.tweener.after(t + i * leg - leg * 0.2, self._later("step"))
        return path.duration


def draw_figures(
    surface: pygame.Surface,
    tracks: Tracks,
    alpha: float,
    marks: Sequence[Mark],
    thinking: int | None,
    seconds: float,
) -> None:
    """The figures where their tracks put them, the lower in front; the thinking seat's Peter
    with a thought bubble."""
    players = len(marks)
    placed = []
    for (seat, figure), track in tracks.items():
        feet = track.point(alpha, partial(board.anchor, seat=seat, players=players))
        placed.append((feet[1], seat, figure, feet))
    placed.sort()
    for _, seat, figure, feet in placed:
        shape, colour = marks[seat]
        rect = board.draw_figure(surface, figure, colour, shape, feet)
        if figure == "peter" and thinking == seat:
            thought_bubble(surface, rect.midtop, theme.idle(seconds))  # still if reduced
