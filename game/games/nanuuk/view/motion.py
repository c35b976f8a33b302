"""The Nanuuk! table's animations: a played action tweened from the old state to the new.

:class:`Motion` holds what moves on the floe now (sliding movers, a kayak crossing, cracks
spreading, pieces flying) and starts it, with its sound, when an action is played; the drawing
reads it. It writes nothing of the game's state.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from game.engine.tween import Path, Tween, Tweener, ease_in_out, ease_out
from game.games.nanuuk.rules import NanuukState
from game.games.nanuuk.rules.actions import Banish, Crack, NanuukAction, Step, Take
from game.games.nanuuk.rules.board import bits
from game.games.nanuuk.view.floe import FloeLayout

STEP_SECONDS = 0.32
CRACK_SECONDS = 0.35
FLY_SECONDS = 0.6
BANISH_SECONDS = 0.8
BIG_GAME = ("walrus", "whale")  # taken with the harpoon

Point = tuple[float, float]


@dataclass
class Flight:
    """A piece drawn on its way somewhere (a banished bear, a taken animal)."""

    kind: str
    path: Tween


class Motion:
    """What moves on the floe now, and how a played action sets it moving."""

    def __init__(self, tweener: Tweener, layout: FloeLayout, sound: Callable[[str], None]):
        self.tweener = tweener
        self.layout = layout
        self.sound = sound
        self.tracks: dict[int, Path] = {}  # mover -> its slide, while it runs
        self.kayaks: set[int] = set()  # movers crossing by kayak now
        self.growing: dict[int, Tween] = {}  # crack edge -> spreading
        self.flights: list[Flight] = []
        self.hidden: set[int] = set()  # fields whose piece is drawn flying instead

    def start(self, old: NanuukState, action: NanuukAction, new: NanuukState, sheet: Point) -> None:
        """Animate ``action`` (``sheet``: where a taken animal flies to)."""
        tw, centre = self.tweener, self.layout.centre
        if isinstance(action, Step):
            i = old.spec.index[action.mover]
            path = Path([centre(old.pos[i]), centre(action.to)], STEP_SECONDS, ease_in_out)
            tw.add(path)
            self.tracks[i] = path
            if action.kayak:
                self.kayaks.add(i)
                tw.after(STEP_SECONDS, lambda: self.kayaks.discard(i))
            self.sound("splash" if action.kayak else "step")  # by kayak through water
        elif isinstance(action, Crack):
            self.growing[action.edge] = tw.animate(0.0, 1.0, CRACK_SECONDS, ease_out)
            self.sound("crack")
        elif isinstance(action, Banish):
            self.fly("bear", centre(old.at), centre(action.to), BANISH_SECONDS)
            self.hidden.add(action.to)
            self.sound("harpoon")  # N23: the harpoon thrown drives the bear away
        elif isinstance(action, Take):
            self.fly(action.animal, centre(old.at), sheet, FLY_SECONDS)
            self.sound("harpoon" if action.animal in BIG_GAME else "good")
        else:
            self.sound("click")  # a placing, a choice, a button
        # cracks the rules laid at the end of a move (a bear's one crack) spread too
        for e in (1 << b for b in bits(new.cracks & ~old.cracks)):
            if e not in self.growing:
                self.growing[e] = tw.animate(0.0, 1.0, CRACK_SECONDS, ease_out)

    def fly(self, kind: str, start: Point, end: Point, seconds: float) -> None:
        tween = self.tweener.animate(start, end, seconds, ease_in_out)
        self.flights.append(Flight(kind, tween))

    def cracks(self, alpha: float) -> dict[int, float]:
        """The cracks still spreading, by edge, with how far they have come."""
        self.growing = {e: t for e, t in self.growing.items() if not t.finished}
        return {e: t.progress(alpha) for e, t in self.growing.items()}

    def prune(self) -> None:
        """Flights that have landed are no longer drawn; the fields they left show again."""
        self.flights = [f for f in self.flights if not f.path.finished]
        if not self.flights:
            self.hidden.clear()

    def clear(self) -> None:
        """Everything stands where the rules put it (the animations are over)."""
        self.tracks.clear()
        self.kayaks.clear()
        self.growing.clear()
        self.flights.clear()
        self.hidden.clear()
