"""The play scene of Kap Hoorn: the sea chart, the wind cards, the hands and hot-seat secrecy.

The scene is a :class:`~game.play.table.PlayTable`: the table holds the computer seats, undo,
the move log, the record and the end of the game; this scene adds the chart, the hand and the
buttons, and how they are drawn comes from ``game.games.kaphoorn.view``. The scene never decides
legality: highlighted fields and enabled buttons come from ``state.legal_actions()`` and
``state.why_not``, every pick goes through the rules, and a refused pick shows the rules' reason.
Hands are secret (K10): with two or more humans at the screen a hand-off screen covers
everything before each human's turn; other hands show only as card backs, a computer's hand
never. Undo takes back the player's own decisions of this turn, up to the draw.
"""

from __future__ import annotations

import time
from functools import partial
from typing import Any

import pygame

from game import i18n
from game.engine.intents import Intent, Kind
from game.games.kaphoorn import guide as guide_rules
from game.games.kaphoorn import log as talk
from game.games.kaphoorn.rules import KapState
from game.games.kaphoorn.rules.actions import (
    AGAIN,
    BUY,
    END,
    STAY,
    Ignore,
    KapAction,
    Play,
    Replace,
    Sail,
    ignore,
    play,
    replace,
    sail,
)
from game.games.kaphoorn.rules.chart import FORWARD, STEPS
from game.games.kaphoorn.rules.turn import AGAIN_PHASE, DRAW, LAY, all_winds
from game.games.kaphoorn.view import hand, panels, seachart
from game.games.kaphoorn.view.chart import Motion
from game.games.kaphoorn.view.chartview import ChartView, Subject, window_scale
from game.games.kaphoorn.view.layout import (
    BOARD_RECT,
    GUIDE_PANELS,
    HAND_RECT,
    LOG_LINES,
    LOG_RECT,
    NOTICE_RECT,
    WIND_RECT,
    ZOOM_RECTS,
    book_point,
    book_rect,
    button_rect,
    hand_slots,
    reason_rect,
)
from game.i18n import tr
from game.play.guide.base import Hint, box, pick_panel
from game.play.panels import ONE_LINE_NOTICE, LogLine, draw_log, thinking_dots
from game.play.table import LogEntry, PlayTable
from game.protocol.base import Refusal
from game.ui import theme
from game.ui.kit import SKIP_KINDS, BoardFocus

GAIN_SECONDS = 1.4  # how long the +1 sail point of a new turn shows
GAIN_RISE = 24  # pixels it rises meanwhile
BUTTONS = ("stay", "ignore", "again", "buy", "end", "undo")  # in the order they are built
ZOOM_KEYS = {pygame.K_PLUS: 1, pygame.K_EQUALS: 1, pygame.K_KP_PLUS: 1,
             pygame.K_MINUS: -1, pygame.K_KP_MINUS: -1}  # fmt: skip
ZOOM_TIPS = {1: "kaphoorn.button.zoom_in", -1: "kaphoorn.button.zoom_out"}
CAMERA_STEPS = {Kind.LEFT: (-1, 0), Kind.RIGHT: (1, 0), Kind.UP: (0, -1), Kind.DOWN: (0, 1)}

FocusItem = tuple[str, int, KapAction | None]  # ("card", wind, None) or ("field", f, action)


class KapHoornScene(PlayTable):
    NOTICE_AREA = NOTICE_RECT
    AI_MIN_SECONDS = 0.45  # an AI's small action shows no earlier (scaled by animation speed)
    FINAL_SOUND = "good"
    reason_rect = staticmethod(reason_rect)

    # ---- life cycle ---------------------------------------------------------------------------
    def setup(self) -> None:
        self.board_focus = BoardFocus()  # keys move over the chart's choices, Tab to the buttons
        self.chart_view = ChartView(self.state.chart, BOARD_RECT, window_scale())
        self.motion = Motion(self.tweener, lambda: self.chart_view.renderer, self.players)
        motion = self.motion  # its voyages and flights, under the scene's names (kept in place)
        self.tracks, self.flights, self.hidden = motion.tracks, motion.flights, motion.hidden
        self.backdrop = panels.Backdrop(self.replaying)
        self.books = panels.LogBooks()
        self.selected: int | None = None  # the wind card picked from the hand
        self.ignoring = False  # the "ignore the wind" button was pressed
        # while a hand card is dragged: (wind, where it was pressed, where the pointer is)
        self.drag: tuple[int, tuple[int, int], tuple[int, int]] | None = None
        # while the chart is pressed: (where, where the pointer was last, whether it pans)
        self.press: tuple[tuple[int, int], tuple[int, int], bool] | None = None
        self.hover: tuple[int, int] | None = None  # the pointer's last place (wheel zoom)
        self._buttons_key: object = None  # what the buttons were last built for (rebuild)
        # the wind's course of one position: (state, talk.course_reasons(state))
        self._course_of: tuple[Any, list[tuple[int, int, str | None]]] = (None, [])
        self.revealed: tuple[int, int] | None = None  # (turn, seat) whose hand may show
        self.handoff_up = False
        self.gain: tuple[int, int, float] = (-1, -1, 0.0)  # (turn, seat, until): "+1" shown
        # every card face is painted before the first move, not in the frame it is first laid,
        # a few a frame while the chart is painted (issue 27, item 9)
        self.faces = [(wind, zone) for wind in all_winds() for zone in (1, 2, 3)]
        self.chart_view.aim(self._camera_subject(), at_once=True)

    @property
    def renderer(self) -> seachart.ChartRenderer:
        """The chart at the camera's zoom, placed where the camera shows it."""
        return self.chart_view.renderer

    @property
    def layout(self) -> seachart.ChartLayout:
        return self.chart_view.renderer.layout

    @property
    def human_turn(self) -> bool:
        st = self.state
        mine = self.revealed == (st.turn, st.current_player)  # past the hand-off screen
        return super().human_turn and not self.handoff_up and mine

    # ---- secrecy (K10) ------------------------------------------------------------------------
    @property
    def shared_screen(self) -> bool:
        """Two or more humans take turns at this screen: hands need hand-off screens."""
        return self.config.humans >= 2

    def hand_owner(self) -> int | None:
        """Whose hand may be shown face up now, if anybody's."""
        st = self.state
        if self.replaying:  # a replay shows the hand of whoever is to move
            return st.current_player
        if not self.shared_screen:
            humans = [s for s in range(self.players) if self.is_human(s)]
            return humans[0] if humans else None
        seat = st.current_player
        if seat is not None and self.is_human(seat) and self.revealed == (st.turn, seat):
            return seat
        return None

    def prepare_human(self) -> None:
        st = self.state
        seat = st.current_player
        if seat is None or not self.is_human(seat) or self.revealed == (st.turn, seat):
            return
        if not self.shared_screen:
            self.revealed = (st.turn, seat)
            return
        self.handoff_up = True
        name = st.names[seat]

        def confirmed() -> None:
            self.handoff_up = False
            self.revealed = (self.state.turn, seat)
            self._built_key = None

        self.services.scenes.push(
            "handoff",
            title=tr("kaphoorn.handoff.title", name=name),
            message=tr("kaphoorn.handoff.message", name=name),
            button=tr("kaphoorn.handoff.button", name=name),
            on_confirm=confirmed,
            game=self.config.game,
            mark=(self.shapes[seat], self.colours[seat]),
        )

    def ready(self) -> bool:
        """Nobody moves before the chart is seen and the card faces are painted (over the
        first frames), nor while a hand-off screen is up."""
        return self.chart_view.painted and not self.faces and not self.handoff_up

    def wait_background(self, limit: float) -> bool:
        return self.chart_view.wait_painting(limit)

    def _paint_ahead(self) -> bool:
        """A slice of the chart's painting and a few card faces, a few milliseconds in all;
        whether the chart is there to be drawn."""
        painted = self.chart_view.paint()
        end = time.perf_counter() + seachart.BUDGET_S
        while self.faces and time.perf_counter() < end:
            wind, zone = self.faces.pop()
            seachart.board_sprite(wind, FORWARD[zone], self.layout.cell)
        return painted

    # ---- the table's hooks --------------------------------------------------------------------
    def update(self, dt: float) -> None:
        super().update(dt)
        self.motion.prune()
        self.chart_view.aim(self._camera_subject(), at_once=self.tweener.reduced)
        self.chart_view.update(dt)
        st = self.state  # step 1 of a turn: show the sail point the new mover gains
        if not st.is_over() and self.gain[0] != st.turn:
            self.gain = (st.turn, st.seat, self.time.now + GAIN_SECONDS)

    def settle(self) -> None:
        self.motion.settle()

    def decision_key(self) -> tuple[Any, ...]:
        st = self.state
        return (len(self.log), st.turn, st.phase, st.played)

    def reveals(self, old: KapState, action: KapAction, new: KapState) -> bool:
        """A card drawn (the free card, a bought one) is never undone, nor a finished turn."""
        return new.phase == DRAW or new.seat != old.seat or new.is_over()

    def log_entries(self, old: KapState, action: KapAction, new: KapState) -> list[LogEntry]:
        seat = old.seat
        entries: list[LogEntry] = [(seat, *talk.entry(action))]
        for stage in range(3):
            if new.roses[seat][stage] != old.roses[seat][stage]:  # K9: a rose taken
                entries.append((seat, *talk.rose_entry(new.roses[seat][stage])))
        return entries

    def log_text(self, entry: LogEntry) -> str:
        """A move-log entry as a line in the current language: ``Anna: lays Gale 4 at N7``."""
        seat, code, params = entry
        assert seat is not None
        return f"{self.state.names[seat]}: {talk.line(code, params)}"

    def refusal_text(self, refusal: Refusal) -> str:
        return talk.refusal_text(refusal)

    def after_play(self, old: KapState, action: KapAction, new: KapState) -> None:
        """A laid card leaves nothing picked, so the sail fields show at once (not the next
        card's lay fields); another move keeps the picked card while it may still go."""
        laid = isinstance(action, Play | Replace)
        keep = not laid and new.phase == LAY and self.selected in new.hands[new.seat]
        self._ask_again(self.selected if keep and not new.replaced else None)

    def after_undo(self) -> None:
        self._ask_again(None)

    def _ask_again(self, selected: int | None) -> None:
        self.selected, self.ignoring = selected, False
        self.press, self.chart_view.held = None, False  # a press that ended elsewhere is over
        self.board_focus.reset()

    def outcome_dict(self) -> dict[str, Any]:
        out = super().outcome_dict()
        final = self.state.outcome()
        assert final is not None
        return {**out, "decided_by": final.details.get("decided_by", "")}  # K15: the round limit

    def seat_details(self, seat: int) -> dict[str, Any]:
        st = self.state
        roses = [talk.colour_name(c) for c in st.roses[seat] if c >= 0]
        return {
            "roses": ", ".join(roses) or tr("kaphoorn.details.none"),
            "to_finish": st.chart.distance[st.ships[seat]],
        }

    def turns(self) -> int:
        return int(self.state.turn)

    # ---- animation ----------------------------------------------------------------------------
    def animate(self, old: KapState, action: KapAction, new: KapState) -> None:
        seat, motion = old.seat, self.motion
        laid = isinstance(action, Play | Replace)
        if isinstance(action, Play | Replace):
            start = self._card_source(old, action.wind)
            motion.card(start, action.to, action.wind, old.chart.zone[action.to])
            self.sound("card")
        elif isinstance(action, Sail | Ignore):
            motion.sail(seat, new.chart, old.ships[seat], action.to)
            self.sound("sails")
        for _ in range(len(new.hands[seat]) - len(old.hands[seat]) + laid):
            motion.back(self._hand_point(seat))  # the free card and bought ones, face down
        for stage in range(3):
            colour = new.roses[seat][stage]
            if colour != old.roses[seat][stage]:
                motion.rose(new.ships[seat], book_point(seat, self.players), colour)
                self.sound("flags")  # a rose taken: the flags go up

    def _card_source(self, st: KapState, wind: int) -> tuple[float, float]:
        if self.hand_owner() == st.seat:
            for rect, w in self.hand_slots():
                if w == wind:
                    return (float(rect.centerx), float(rect.centery))
        return book_point(st.seat, self.players)

    def _hand_point(self, seat: int) -> tuple[float, float]:
        if self.hand_owner() == seat:
            return (float(HAND_RECT.centerx), float(HAND_RECT.centery))
        return book_point(seat, self.players)

    # ---- the question: targets on the board and in the hand -----------------------------------
    def board_targets(self) -> list[tuple[int, KapAction, str]]:
        """(field, action, style) for every pick on the chart now."""
        if not self.human_turn:
            return []
        out: list[tuple[int, KapAction, str]] = []
        offered = self.state.legal_actions()
        if self.selected is not None:
            for a in offered:
                if isinstance(a, Play) and a.wind == self.selected:
                    out.append((a.to, a, "play"))
                elif isinstance(a, Replace) and a.wind == self.selected:
                    out.append((a.to, a, "replace"))
        if self.ignoring:
            out += [(a.to, a, "ignore") for a in offered if isinstance(a, Ignore)]
        else:
            out += [(a.to, a, "sail") for a in offered if isinstance(a, Sail)]
        out.sort(key=lambda t: t[0])
        return out

    def hand_slots(self) -> list[tuple[pygame.Rect, int]]:
        """Where the shown hand's cards lie (face up), in hand order."""
        owner = self.hand_owner()
        return [] if owner is None else hand_slots(self.state.hands[owner])

    def playable_winds(self) -> set[int]:
        if not self.human_turn or self.state.phase != LAY:
            return set()
        return {a.wind for a in self.state.legal_actions() if isinstance(a, Play | Replace)}

    def focus_items(self) -> list[FocusItem]:
        """Keyboard/gamepad cycle: the playable hand cards, then the board's targets."""
        items: list[FocusItem] = [("card", w, None) for w in sorted(self.playable_winds())]
        items += [("field", f, a) for f, a, _ in self.board_targets()]
        return items

    def focused(self) -> FocusItem | None:
        items = self.focus_items()
        shown = self.board_focus.shown(len(items))
        return items[shown] if items and shown is not None else None

    def select(self, wind: int) -> None:
        if wind not in self.playable_winds():
            st = self.state
            refused = st.why_not(play(wind, st.ships[st.seat])) if st.phase == LAY else None
            if self.human_turn and refused is not None:
                self.refuse(refused)  # why this card cannot go anywhere (e.g. K6)
            return
        self.selected = None if self.selected == wind else wind
        self.ignoring = False
        self.board_focus.index = 0
        self._built_key = None

    def toggle_ignore(self) -> None:
        self.ignoring = not self.ignoring
        self.selected = None
        self.board_focus.index = 0
        self._built_key = None

    # ---- buttons with their costs and reasons --------------------------------------------------
    def button_states(self) -> list[tuple[str, Any, bool, str]]:
        """(label, on_press, enabled, reason when disabled) of the special moves and the rest.

        The rules say whether each move is open and why not (``why_not``); only undo is the
        screen's own. Off the human's turn every button is off, without a reason."""
        st, mine = self.state, self.human_turn
        ignore_label = (
            "kaphoorn.button.ignore_cancel" if self.ignoring else "kaphoorn.button.ignore"
        )
        rows: list[tuple[str, Any, Refusal | None]] = [
            ("kaphoorn.button.stay", lambda: self.play(STAY), st.why_not(STAY)),
            (ignore_label, self.toggle_ignore, st.why_not_ignore()),
            ("kaphoorn.button.again", lambda: self.play(AGAIN), st.why_not(AGAIN)),
            ("kaphoorn.button.buy", lambda: self.play(BUY), st.why_not(BUY)),
            ("kaphoorn.button.end", lambda: self.play(END), st.why_not(END)),
        ]
        states = [
            (tr(key), run, mine and refused is None, self._reason(refused) if mine else "")
            for key, run, refused in rows
        ]
        undo = "" if self.history or not mine else tr("kaphoorn.why.undo_none")  # the screen's
        states.append((tr("kaphoorn.button.undo"), self.undo, mine and not undo, undo))
        return states

    @staticmethod
    def _reason(refused: Refusal | None) -> str:
        return "" if refused is None else talk.refusal_text(refused)

    def controls_key(self) -> object:
        # rebuilt only when a label or its state changes (a rebuild costs a few milliseconds)
        buttons = tuple((label, enabled) for label, _, enabled, _ in self.button_states())
        return (i18n.language(), buttons, self._zooms())

    def rebuild(self) -> None:
        """Build the buttons again only when one of them would change (``controls_key``, the
        theme), not at every move: a build costs milliseconds, and while the computers play
        nothing on the buttons changes."""
        key = (self.controls_key(), theme.gui_key())
        if self.restoring or key != self._buttons_key or not self.ring.items:
            super().rebuild()
            if not self.restoring:
                self._buttons_key = key

    def build(self) -> None:
        if self.replaying:  # a replay has no choices to offer, and no undo
            return
        for n, (label, run, enabled, _) in enumerate(self.button_states()):
            self.button(button_rect(n), label, run, "#small_button", enabled=enabled)
        for rect, (label, steps, enabled) in zip(ZOOM_RECTS, self._zooms(), strict=True):
            self.button(rect, label, partial(self._zoom_button, steps), "#small_button",
                        enabled=enabled, tooltip=tr(ZOOM_TIPS[steps]))  # fmt: skip

    def _zooms(self) -> tuple[tuple[str, int, bool], ...]:
        """The chart's zoom buttons, for fingers and mice: (label, steps, whether it can)."""
        camera = self.chart_view.camera
        return (("+", 1, camera.level < len(camera.zooms) - 1), ("\u2212", -1, camera.level > 0))

    def _zoom_button(self, steps: int) -> None:
        self.chart_view.zoom(steps)

    # ---- input --------------------------------------------------------------------------------
    def handle(self, intent: Intent) -> None:
        kind, pos = intent.kind, intent.pos
        if self.guide.handle(intent):
            return
        if kind in (Kind.BACK, Kind.PAUSE):
            if self.ignoring or self.selected is not None:
                self.ignoring, self.selected = False, None
                self._built_key = None
                return
            self.services.scenes.push("pause", game=self.config.game)
            return
        if self.busy and kind in SKIP_KINDS:
            self.skip()
            return
        if self._camera_intent(intent):
            return
        items = self.focus_items()
        if kind is Kind.POINT_MOVE and pos is not None:
            self.hover = pos
            if self._panned_to(pos):
                return
            self._pointer_moved(pos, items)
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
        if self.board_focus.handle(kind, len(items), self.ring, partial(self._activate_nth, items)):
            return
        super().handle(intent)

    def _activate_nth(self, items: list[FocusItem], n: int) -> None:
        self._activate(items[n])

    def _activate(self, item: FocusItem) -> None:
        kind, value, action = item
        if kind == "card":
            self.select(value)
            items = self.focus_items()  # jump to the first field for this card
            fields = [i for i, it in enumerate(items) if it[0] == "field"]
            if fields and self.selected is not None:
                self.board_focus.index = fields[0]
        elif action is not None:
            self.play(action)

    def _pointer_moved(self, pos: tuple[int, int], items: list[FocusItem]) -> None:
        if self.drag is not None:
            self.drag = (self.drag[0], self.drag[1], pos)
            return
        field = self.layout.field_at(pos) if BOARD_RECT.collidepoint(pos) else None
        for n, (kind, value, _) in enumerate(items):
            if kind == "field" and value == field:
                self.board_focus.point(n)

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
        if self.human_turn or self.focus_items():
            return False
        self._pan_step(step)
        return True

    def _pan_step(self, step: tuple[int, int]) -> None:
        """Look a quarter of the window further that way (the chart moves the other)."""
        self.chart_view.pan(-step[0] * BOARD_RECT.w / 4, -step[1] * BOARD_RECT.h / 4)

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

    # ---- drawing ------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        st = self.state
        self._draw_backdrop(surface)
        clip = surface.get_clip()
        surface.set_clip(BOARD_RECT.clip(clip))  # the chart shows through its window only
        if self._paint_ahead():
            self._draw_chart(surface, alpha)
        else:  # a few milliseconds of its painting a frame: the frames go on meanwhile
            self.chart_view.draw_coming(surface, self.time.now, self.tweener.reduced)
        surface.set_clip(clip)
        rounds = tr("kaphoorn.turn", n=min(st.turn // self.players + 1, st.rounds or 10**6))
        panels.draw_banner(surface, tr("games.kaphoorn.title"), rounds)
        shown = self.log[-panels.LOG_STYLE.rows(LOG_LINES) :]
        lines = [LogLine(self.log_text(e), (self.shapes[e[0]], self.colours[e[0]]))
                 for e in shown if e[0] is not None]  # fmt: skip
        draw_log(surface, LOG_RECT.topleft, LOG_RECT.w, lines, panels.LOG_STYLE)
        panels.draw_ask(surface, self._question())
        self._draw_books(surface)
        states = enumerate(self.button_states())
        panels.draw_reasons(surface, [(n, why) for n, (_, _, on, why) in states if why and not on])
        self._draw_hand(surface)
        self._draw_wind(surface)
        self.motion.draw_flights(surface, alpha)
        self.ui.draw_ui(surface)
        current = self.ring.current
        on_chart = self.board_focus.on_board and bool(self.focus_items())
        if self.services.show_focus and current is not None and current.enabled and not on_chart:
            theme.draw_focus(surface, current.element.rect, self.services.clock.now)
        if self.drag is not None and hand.is_drag(self.drag[1], self.drag[2]):
            hand.draw_dragged(surface, self.drag[0], self.drag[2])
        self._draw_guide(surface)
        self.draw_notice(surface, NOTICE_RECT, ONE_LINE_NOTICE)

    def _draw_chart(self, surface: pygame.Surface, alpha: float) -> None:
        st = self.state
        if not self.renderer.covers(BOARD_RECT):
            surface.fill(panels.CHART_WELL, BOARD_RECT)  # round a chart zoomed out or pulled
        self.renderer.draw_board(surface)
        self.renderer.draw_cards(surface, st.cards, self.hidden)
        self.renderer.draw_pile(surface, len(st.pile))
        self._draw_highlights(surface)
        mover = None if st.is_over() else st.current_player
        self.motion.draw_ships(surface, st.ships, self.colours, self.shapes, mover, alpha)

    def _draw_backdrop(self, surface: pygame.Surface) -> None:
        """The still backdrop round the chart's window (under it the chart is drawn anyway)."""
        layer, (w, h), b = self.backdrop.layer(surface), surface.get_size(), BOARD_RECT
        for area in (pygame.Rect(0, 0, w, b.y), pygame.Rect(0, b.y, b.x, b.h),
                     pygame.Rect(b.right, b.y, w - b.right, b.h),
                     pygame.Rect(0, b.bottom, w, h - b.bottom)):  # fmt: skip
            surface.blit(layer, area.topleft, area)

    def _draw_highlights(self, surface: pygame.Surface) -> None:
        fields = self._course(surface)
        fields.update({f: style for f, _, style in self.board_targets()})
        focused = self.focused()
        if focused is not None and focused[0] == "field":
            fields[focused[1]] = "focus"
        st = self.state
        if self.human_turn:
            fields.setdefault(st.ships[st.seat], "ship")
        self.renderer.draw_highlights(surface, fields, self.time.now)

    def _course(self, surface: pygame.Surface) -> dict[int, str]:
        """The wind's course from the ship to move, before it moves (step 3): a dotted line
        along each arrow; an end with no card yet is outlined (a card laid there makes it a
        sail field). Public knowledge, so it shows on every turn."""
        st = self.state
        if st.is_over() or st.phase not in (LAY, AGAIN_PHASE) or self.ignoring:
            return {}
        ship = st.ships[st.seat]
        distance = all_winds()[st.cards[ship]].distance
        legs, ends = [], {}
        for direction, end, code in self._reasons():
            if end < 0:  # stopped short: as far as the sea goes
                legs.append((direction, len(st.chart.rays[ship][direction]), True))
                continue
            legs.append((direction, distance, False))
            if code == "no_card_there":
                ends[end] = "course"
        self.renderer.draw_course(surface, ship, legs)
        return ends

    def _reasons(self) -> list[tuple[int, int, str | None]]:
        """``talk.course_reasons`` of this position, worked out once (drawn every frame)."""
        if self._course_of[0] is not self.state:
            self._course_of = (self.state, talk.course_reasons(self.state))
        return self._course_of[1]

    def _draw_wind(self, surface: pygame.Surface) -> None:
        """The wind card under the ship to move, large in the chart's corner: the ship on the
        chart covers its arrows."""
        st = self.state
        if st.is_over():
            return
        ship = st.ships[st.seat]
        room = WIND_RECT
        title = tr("kaphoorn.wind_for", name=st.names[st.seat])
        theme.panel(surface, room, panels.PANEL, 14)
        theme.text(surface, title, (room.centerx, room.y + 10), 24, theme.SNOW, True, "midtop",
                   width=room.w - 20, least=18)  # fmt: skip
        wind = all_winds()[st.cards[ship]]
        side = room.w - 36
        sprite = seachart.board_sprite(wind, FORWARD[st.chart.zone[ship]], side, -1,
                                       ship in st.chart.starts)  # fmt: skip
        surface.blit(sprite, sprite.get_rect(midbottom=(room.centerx, room.bottom - 10)))

    def _question(self) -> str:
        st = self.state
        if st.is_over():
            return talk.over_text(st)
        if self.replaying:
            return tr("saves.to_move", name=st.names[st.seat])
        if self.handoff_up or (st.current_player is not None and not self.is_human(st.seat)):
            thinking = tr("kaphoorn.ask.thinking", name=st.names[st.seat])
            return thinking + thinking_dots(self.time.now)
        reasons = self._reasons() if st.phase == LAY else None
        return talk.question(st, self.selected, self.ignoring, reasons)

    def _draw_books(self, surface: pygame.Surface) -> None:
        st = self.state
        for seat in range(self.players):
            page = dict(
                name=st.names[seat],
                colour=self.colours[seat],
                shape=self.shapes[seat],
                sail=st.sail[seat],
                roses=st.roses[seat],
                hand=len(st.hands[seat]),
                current=seat == st.current_player,
                ai=not self.is_human(seat),
            )
            self.books.draw(surface, book_rect(seat, self.players), page)
        turn_no, seat, until = self.gain
        if seat >= 0 and self.time.now < until and turn_no == st.turn:  # the +1 of step 1 rises
            rise = 0.0 if self.tweener.reduced else (1 - (until - self.time.now) / GAIN_SECONDS)
            book = book_rect(seat, self.players)
            panels.draw_gain(surface, book, tr("kaphoorn.gain"), rise * GAIN_RISE)

    def _draw_hand(self, surface: pygame.Surface) -> None:
        st = self.state
        if self.replaying:  # a replay hides nothing: every hand, face up
            hand.draw_all(surface, tr("kaphoorn.all_hands"), st.names, st.hands, st.current_player)
            return
        owner = self.hand_owner()
        if owner is None:
            seat = st.current_player
            ai = seat is not None and not self.is_human(seat)
            hand.draw_title(surface, tr("kaphoorn.ai_hand", name=st.names[seat]) if ai
                            else tr("kaphoorn.hand_hidden"))  # fmt: skip
            hand.draw_backs(surface, len(st.hands[seat]) if seat is not None else 0)
            return
        hand.draw_title(surface, tr("kaphoorn.your_hand", name=st.names[owner]))
        focused = self.focused()
        card = focused[1] if focused is not None and focused[0] == "card" else None
        drag = self.drag
        dragged = drag[0] if drag is not None and drag[1] != drag[2] else None
        playable = self.playable_winds()
        forward = FORWARD[st.chart.zone[st.ships[owner]]]  # as it will lie by the ship
        hand.draw_faces(surface, self.hand_slots(), playable, self.selected, card, dragged,
                        forward)  # fmt: skip

    # ---- the guided first game ------------------------------------------------------------------
    def guide_key(self) -> object:
        return (len(self.log), self.selected, self.ignoring)

    def suggest(self, view: KapState, seat: int, secret: int) -> Hint:
        return guide_rules.hint(view, seat, self.selected, self.ignoring, secret)

    def guide_rect(self, target: tuple[Any, ...]) -> pygame.Rect | None:
        """Where the guide's target is: a card in the hand, a field of the chart, a button."""
        kind, where = target
        if kind == "card":
            for rect, wind in self.hand_slots():
                if wind == where:
                    return hand.lifted(rect, wind, self.selected)
            return None
        if kind == "field":
            ring = box(self.layout.centre(where), self.layout.cell * 1.2)
            return ring if BOARD_RECT.contains(ring) else None  # never over the panels
        return button_rect(BUTTONS.index(where)) if where in BUTTONS else None

    def _draw_guide(self, surface: pygame.Surface) -> None:
        hint = self.guide_hint()
        target = self.guide_rect(hint.target) if hint is not None else None
        # the ring alone: an arrow would hide the next field, the hand's title or a button's name
        panel = self._guide_panel(target)
        self.guide.draw(surface, hint, target, panel, self.time.now, arrow=False)

    def _guide_panel(self, target: pygame.Rect | None) -> pygame.Rect:
        """A corner of the chart that hides neither the target nor the choices and ships."""
        st, cell = self.state, self.layout.cell
        avoid = [(target, 1000)] if target is not None else []
        avoid += [(box(self.layout.centre(f), cell), 100) for f, _, _ in self.board_targets()]
        avoid += [(box(self.layout.centre(f), cell), 50) for f in st.ships]
        avoid += [(box(self.layout.centre(f), cell), 1) for f, c in enumerate(st.cards) if c >= 0]
        avoid += [(box(self.layout.centre(f), cell), 5) for f in st.chart.station]
        avoid.append((WIND_RECT, 500))
        return pick_panel(GUIDE_PANELS, avoid)
