"""How Kap Hoorn's table is steered: the pointer, keys and gamepad on the chart, the hand and
the buttons (a card dragged onto the chart, a field clicked), and the camera over the chart
(panning, zooming, following the ship). The table's class chain: ``KapHoornScene`` is a
``KapDrawing`` is a ``KapSteering`` is a ``KapKeys`` (``keys.py``: the keyboard's and gamepad's
focus) is a :class:`~game.play.table.PlayTable`."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.engine.intents import Intent, Kind
from game.games.kaphoorn.keys import BUTTONS, KapKeys
from game.games.kaphoorn.rules.actions import (
    KapAction,
    ignore,
    play,
    replace,
    sail,
)
from game.games.kaphoorn.rules.chart import STEPS
from game.games.kaphoorn.rules.turn import AGAIN_PHASE, LAY
from game.games.kaphoorn.view import hand
from game.games.kaphoorn.view.chartview import Subject
from game.games.kaphoorn.view.layout import (
    BOARD_RECT,
    WIND_RECT,
    ZOOM_RECTS,
)
from game.ui.kit import SKIP_KINDS

if TYPE_CHECKING:
    from game.engine.tween import Path
    from game.games.kaphoorn.view.chart import Flight, Motion
    from game.games.kaphoorn.view.chartview import ChartView

GAIN_SECONDS = 1.4  # how long the +1 sail point of a new turn shows
GAIN_RISE = 24  # pixels it rises meanwhile
ZOOM_KEYS = {pygame.K_PLUS: 1, pygame.K_EQUALS: 1, pygame.K_KP_PLUS: 1,
             pygame.K_MINUS: -1, pygame.K_KP_MINUS: -1}  # fmt: skip
ZOOM_TIPS = {1: "kaphoorn.button.zoom_in", -1: "kaphoorn.button.zoom_out"}
CAMERA_STEPS = {Kind.LEFT: (-1, 0), Kind.RIGHT: (1, 0), Kind.UP: (0, -1), Kind.DOWN: (0, 1)}


class KapSteering(KapKeys):
    """Input and the camera of the Kap Hoorn table (see the module)."""

    # what the steering relies on, set by KapHoornScene.setup (scene.py)
    chart_view: ChartView
    motion: Motion
    tracks: dict[int, Path]  # the motion's voyages and flights, under the scene's names
    flights: list[Flight]
    selected: int | None
    ignoring: bool
    drag: tuple[int, tuple[int, int], tuple[int, int]] | None
    press: tuple[tuple[int, int], tuple[int, int], bool] | None
    hover: tuple[int, int] | None

    # ---- input --------------------------------------------------------------------------------
    def handle(self, intent: Intent) -> None:
        kind, pos = intent.kind, intent.pos
        if self.guide.handle(intent):
            return
        if kind in (Kind.BACK, Kind.PAUSE):
            if self.ignoring or self.selected is not None:
                put_down = self.selected  # the keys go back to the card put down
                self.ignoring, self.selected = False, None
                self._built_key = None
                if put_down is not None:
                    self.focus_now("card", put_down)
                else:  # or to the Ignore button that became Cancel
                    self.focus_now("button", BUTTONS.index("ignore"))
                return
            self.services.menus.pause(self.config.game)
            return
        if self.busy and kind in SKIP_KINDS:
            self.skip()
            return
        if self._camera_intent(intent):
            return
        if kind is Kind.POINT_MOVE and pos is not None:
            self.hover = pos
            if self._panned_to(pos):
                return
            self._pointer_moved(pos)
        if kind is Kind.POINT_DOWN and pos is not None and self._press_at(pos):
            return
        if kind is Kind.POINT_UP and pos is not None and self.drag is not None:
            self._drop(pos)
            return
        if kind is Kind.POINT_UP and pos is not None and self.press is not None:
            start, _, panned = self.press
            self.press = None
            self.chart_view.held = False
            if not panned:
                self._click_board(start)  # a tap (not a drag): where the finger went down
            return
        if self.handle_keys(kind):
            return
        super().handle(intent)

    def _pointer_moved(self, pos: tuple[int, int]) -> None:
        if self.drag is not None:
            self.drag = (self.drag[0], self.drag[1], pos)
            return
        field = self.layout.field_at(pos) if BOARD_RECT.collidepoint(pos) else None
        if field is not None and any(f == field for f, _, _ in self.board_targets()):
            self.focus_on(("field", field, None))  # the pointer over a choice focuses it

    def _press_at(self, pos: tuple[int, int]) -> bool:
        """A press on a hand card (select, start a drag) or on the chart; True if used."""
        for rect, wind in reversed(self.hand_slots()):
            if rect.collidepoint(pos):
                if self.human_turn:
                    if self.selected != wind:
                        self.select(wind)
                    self.drag = (wind, pos, pos) if wind in self.playable_winds() else None
                return True
        if not self.replaying and any(r.collidepoint(pos) for r in ZOOM_RECTS):
            return False  # the zoom buttons lie over the chart: theirs
        if WIND_RECT.collidepoint(pos) and not self.state.is_over():
            self.chart_view.home()  # the ship's wind card: back to the ship
            return True
        if BOARD_RECT.collidepoint(pos):
            self.press = (pos, pos, False)  # a tap, or the start of a drag that pans the chart
            self.chart_view.held = True  # the chart holds still under a finger
            return True
        return False

    def _panned_to(self, pos: tuple[int, int]) -> bool:
        """A press on the chart that moves drags the chart along; True while it does."""
        if self.press is None:
            return False
        start, last, panned = self.press
        if not panned and not hand.is_drag(start, pos):
            return False
        self.chart_view.pan(pos[0] - last[0], pos[1] - last[1])
        self.press = (start, pos, True)
        return True

    def _drop(self, pos: tuple[int, int]) -> None:
        wind, start = (self.drag[0], self.drag[1]) if self.drag else (None, pos)
        self.drag = None
        if wind is None or not BOARD_RECT.collidepoint(pos):
            return
        if hand.is_drag(start, pos):  # a tap on the card leaves it selected
            self._click_board(pos)

    # ---- the camera ---------------------------------------------------------------------------
    def _camera_subject(self) -> Subject:
        """What the chart shows: a sailing ship, a card on its way (with the ship to move if
        both fit), a field the keys point at, else the ship to move."""
        view, st = self.chart_view, self.state
        for seat in sorted(self.tracks):
            at = self.motion.voyage(seat)
            if at is not None:
                return (("sail", id(self.tracks[seat])), view.grid_point(*at), "track")
        mover = st.ships[st.seat]
        ship = view.field_point(mover)
        for flight in self.flights:
            if flight.kind == "card" and isinstance(flight.end, int):
                card = view.field_point(flight.end)
                if view.fits(card, ship):
                    card = ((card[0] + ship[0]) / 2, (card[1] + ship[1]) / 2)
                return (("card", id(flight)), card, "go")
        focused = self.focused() if self.services.show_focus else None  # keys, a pad
        if focused is not None and focused[0] == "field":
            return (("focus", focused[1]), view.field_point(focused[1]), "keep")
        hint = self.guide_hint() if self.human_turn else None
        if hint is not None and hint.target[0] == "field":  # the guided game's ring in sight
            return (("guide", hint.target[1]), view.field_point(hint.target[1]), "keep")
        return (("turn", st.turn, st.seat), ship, "go")

    def _camera_intent(self, intent: Intent) -> bool:
        """Zoom and pan: the wheel, a pinch, the keys (+ - Home, Shift+arrows), a pad's right
        stick and triggers, and the arrows while nothing on the chart can be chosen."""
        kind, event, view = intent.kind, intent.event, self.chart_view
        if kind is Kind.SCROLL and intent.pos is not None:
            over = self.hover if self.hover and BOARD_RECT.collidepoint(self.hover) else None
            view.zoom(-intent.pos[1], over)
            return True
        if kind is Kind.ZOOM and event is not None:
            if getattr(event, "spread", None):
                view.pinched(event.spread, intent.pos or BOARD_RECT.center)
                self.press, view.held = None, False  # two fingers: neither a tap nor a drag
            else:
                view.zoom(event.steps)
            return True
        step = CAMERA_STEPS.get(kind)
        if kind is Kind.PAN and event is not None:
            self._pan_step((event.dx, event.dy))
            return True
        if event is None or event.type != pygame.KEYDOWN:
            return step is not None and intent.source == "pad" and self._watching(step)
        if event.key in ZOOM_KEYS:
            view.zoom(ZOOM_KEYS[event.key])
            return True
        if event.key == pygame.K_HOME:
            view.home()
            return True
        if step is not None and event.mod & pygame.KMOD_SHIFT:
            self._pan_step(step)
            return True
        return step is not None and self._watching(step)

    def _watching(self, step: tuple[int, int]) -> bool:
        """Arrows pan the chart while there is nothing on it to choose (a computer's turn)."""
        if self.human_turn or self.spots():
            return False
        self._pan_step(step)
        return True

    def _pan_step(self, step: tuple[int, int]) -> None:
        """Look a quarter of the window further that way (the chart moves the other), as far
        as the chart's edge (issue 29, item 10: no empty sea past it)."""
        self.chart_view.nudge(-step[0] * BOARD_RECT.w / 4, -step[1] * BOARD_RECT.h / 4)

    def _click_board(self, pos: tuple[int, int]) -> None:
        field = self.layout.field_at(pos)
        if field is None:
            return
        chosen = next((a for f, a, _ in self.board_targets() if f == field), None)
        self.play_pick(chosen, lambda: self._guess_action(field))

    def _guess_action(self, field: int) -> KapAction | None:
        """What a tap on a field that is not highlighted would mean, to explain the refusal."""
        st = self.state
        if self.ignoring:
            return ignore(field)
        if self.selected is not None:
            covered = st.laid >> field & 1
            return (replace if covered else play)(self.selected, field)
        if st.phase in (LAY, AGAIN_PHASE):
            ship = st.ships[st.seat]
            sr, sc = divmod(ship, st.chart.width)
            fr, fc = divmod(field, st.chart.width)
            dr, dc = fr - sr, fc - sc
            span = max(abs(dr), abs(dc))
            if span and abs(dr) in (0, span) and abs(dc) in (0, span):  # in line with the ship
                if (dr // span, dc // span) in STEPS:
                    return sail(STEPS.index((dr // span, dc // span)), field)
        return None
