"""The play scene of Kap Hoorn: the sea chart, the wind cards, the hands and hot-seat secrecy.

The scene is a :class:`~game.play.table.PlayTable`: the table holds the computer seats, undo,
the move log, the record and the end of the game; this scene adds the chart, the hand and the
buttons (its input and camera in ``steering.py``, the keys' and pad's focus in ``keys.py``, its
frame in ``drawing.py``), and how they are drawn comes from ``game.games.kaphoorn.view``. The
scene never decides legality: highlighted fields and enabled buttons come from
``state.legal_actions()`` and ``state.why_not``, every pick goes through the rules, and a refused
pick shows the rules' reason. Hands are secret (K10): with two or more humans at the screen a
hand-off screen covers everything before each human's turn; other hands show only as card
backs, a computer's hand never. A seat played from a phone (issue 30) has its hand on the phone
only: no hand-off screen for it, its cards never on the TV, and while it chooses the TV writes
a letter on each field the phone offers (``phone.py``). Undo takes back the player's own
decisions of this turn, up to the draw.
"""

from __future__ import annotations

import time
from functools import partial
from typing import Any

import pygame

from game import i18n
from game.games.kaphoorn import log as talk
from game.games.kaphoorn import phone
from game.games.kaphoorn.drawing import KapDrawing
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
    play,
)
from game.games.kaphoorn.rules.chart import FORWARD
from game.games.kaphoorn.rules.turn import DRAW, LAY, all_winds
from game.games.kaphoorn.steering import GAIN_SECONDS, ZOOM_TIPS
from game.games.kaphoorn.view import finale, hand, panels, seachart, wake
from game.games.kaphoorn.view.chart import Motion
from game.games.kaphoorn.view.chartview import ChartView, window_scale
from game.games.kaphoorn.view.layout import (
    BOARD_RECT,
    HAND_RECT,
    LOG_BUTTON,
    LOG_RECT,
    NOTICE_RECT,
    WIND_RECT,
    ZOOM_RECTS,
    book_point,
    button_rect,
    hand_slots,
    reason_rect,
)
from game.i18n import tr
from game.menus.handoff import HandoffScene
from game.play.finale import Marked
from game.play.panels import ONE_LINE_NOTICE
from game.play.table import NOTICE_SECONDS, LogEntry
from game.play.trails import TrailEntry
from game.protocol.base import Refusal
from game.ui import theme
from game.ui.steps import BUDGET_S


class KapHoornScene(KapDrawing):
    FINALE_AREA = BOARD_RECT
    NOTICE_AREA = NOTICE_RECT
    NOTICE_STYLE = ONE_LINE_NOTICE
    AI_MIN_SECONDS = 0.45  # an AI's small action shows no earlier (scaled by animation speed)
    FINAL_SOUND = "good"
    reason_rect = staticmethod(reason_rect)

    # ---- life cycle ---------------------------------------------------------------------------
    def setup(self) -> None:
        # the camera brings a field the keys go to out from under the wind card
        self.chart_view = ChartView(self.state.chart, BOARD_RECT, window_scale(), [WIND_RECT])
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
        # the letters of a phone's fields: (the position they were worked out for, them)
        self._phone_marks: tuple[object, tuple[dict[int, str], dict[int, str]]] = (None, ({}, {}))
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
        """Two or more people see this screen: a hand shown on it needs a hand-off screen first.
        A player on a phone counts too: the phone holds their own hand, but their eyes are on
        the TV, where a hand of a player at the TV is shown (K10)."""
        return self.config.humans >= 2

    def at_tv(self, seat: int) -> bool:
        """Whether ``seat`` is a person who plays at the TV (not a computer, not a phone)."""
        return self.is_human(seat) and not self.on_phone(seat)

    def hand_owner(self) -> int | None:
        """Whose hand may be shown face up now, if anybody's: never a phone's (issue 30)."""
        st = self.state
        if self.replaying:  # a replay shows the hand of whoever is to move
            return st.current_player
        if not self.shared_screen:
            humans = [s for s in range(self.players) if self.at_tv(s)]
            return humans[0] if humans else None
        seat = st.current_player
        if seat is not None and self.at_tv(seat) and self.revealed == (st.turn, seat):
            return seat
        return None

    def prepare_human(self) -> None:
        """Before a person at the TV plays: the hand-off screen (K10). A phone's seat needs
        none: its hand is on the phone, and the TV never shows it."""
        st = self.state
        seat = st.current_player
        if seat is None or not self.at_tv(seat) or self.revealed == (st.turn, seat):
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
            HandoffScene,
            title=tr("kaphoorn.handoff.title", name=name),
            message=tr("kaphoorn.handoff.message", name=name),
            button=tr("kaphoorn.handoff.button", name=name),
            on_confirm=confirmed,
            game=self.config.game,
            mark=(self.shapes[seat], self.colours[seat]),
        )

    # ---- a seat on a phone (issue 30) ---------------------------------------------------------
    def phone_mover(self) -> int | None:
        """The phone seat whose turn it is, if it is one's (not in a replay, nor at the end)."""
        seat = self.state.current_player
        if seat is None or self.replaying or not self.on_phone(seat):
            return None
        return int(seat)

    def phone_marks(self) -> tuple[dict[int, str], dict[int, str]]:
        """While a phone chooses: each field it offers with its letter, and with its move's
        highlight style; worked out once a position (from the mover's own view, as the phone)."""
        seat = self.phone_mover()
        if seat is None:
            return {}, {}
        if self._phone_marks[0] is not self.state:
            view = self.state.view(seat)
            self._phone_marks = (self.state, (phone.letters(view), phone.fields_by_kind(view)))
        return self._phone_marks[1]

    def phone_page(self, view: KapState, seat: int) -> dict[str, Any]:
        return phone.page(view, seat)

    def phone_choices(self, view: KapState, seat: int) -> list[dict[str, Any]]:
        return phone.choices(view, seat)

    def phone_question(self, view: KapState, seat: int) -> str:
        return phone.question(view, seat)

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
        end = time.perf_counter() + BUDGET_S
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
        entries: list[LogEntry] = [(seat, *talk.entry(action, old))]
        entries += [(seat, *said) for said in talk.landing(old, action)]  # K9: no wind rose
        for stage in range(3):
            if new.roses[seat][stage] != old.roses[seat][stage]:  # K9: a rose taken
                entries.append((seat, *talk.rose_entry(new.roses[seat][stage])))
        return entries

    def trail(self, old: KapState, action: KapAction, new: KapState) -> list[TrailEntry]:
        return wake.entries(old, action, new)

    def log_area(self) -> pygame.Rect:
        return LOG_RECT  # the banner's last lines: a press opens the whole log

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
        said = talk.landing(old, action)  # K9: a station that gives nothing says so, where
        if said and self.is_human(old.seat) and not self.restoring:  # the mover looks
            code, params = said[0]
            text = tr(f"kaphoorn.notice.{code}", **talk.spoken(params))
            self.notice = (text, self.time.now + NOTICE_SECONDS)

    def after_undo(self) -> None:
        self._ask_again(None)

    def _ask_again(self, selected: int | None) -> None:
        self.selected, self.ignoring = selected, False
        self.press, self.chart_view.held = None, False  # a press that ended elsewhere is over

    def ending_question(self, old: KapState, action: KapAction, new: KapState,
                        seat: int) -> str | None:  # fmt: skip
        return finale.question(old, action, new, seat)

    def finale_sentence(self) -> str:
        return finale.sentence(self.state)

    def finale_marks(self) -> list[Marked]:
        return finale.marks(self.state, self.layout)

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

    def drawn_controls(self) -> list[pygame.Rect]:
        """The cards of the hand shown face up, where they are drawn (the picked one lifted)."""
        if self.replaying:
            return []
        return [hand.lifted(rect, wind, self.selected) for rect, wind in self.hand_slots()]

    def playable_winds(self) -> set[int]:
        if not self.human_turn or self.state.phase != LAY:
            return set()
        return {a.wind for a in self.state.legal_actions() if isinstance(a, Play | Replace)}

    def select(self, wind: int) -> None:
        if wind not in self.playable_winds():
            st = self.state
            refused = st.why_not(play(wind, st.ships[st.seat])) if st.phase == LAY else None
            if self.human_turn and refused is not None:
                self.refuse(refused)  # why this card cannot go anywhere (e.g. K6)
            return
        self.selected = None if self.selected == wind else wind
        self.ignoring = False
        self._built_key = None

    def toggle_ignore(self) -> None:
        self.ignoring = not self.ignoring
        self.selected = None
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
        states = self.button_states()
        labels = [label for label, _, _, _ in states]  # one font for them all
        for n, (label, run, enabled, _) in enumerate(states):
            self.button(button_rect(n), label, run, "#small_button", enabled=enabled,
                        peers=labels)  # fmt: skip
        for rect, (label, steps, enabled) in zip(ZOOM_RECTS, self._zooms(), strict=True):
            self.button(rect, label, partial(self._zoom_button, steps), "#small_button",
                        enabled=enabled, tooltip=tr(ZOOM_TIPS[steps]))  # fmt: skip
        self.log_button(LOG_BUTTON)

    def _zooms(self) -> tuple[tuple[str, int, bool], ...]:
        """The chart's zoom buttons, for fingers and mice: (label, steps, whether it can)."""
        camera = self.chart_view.camera
        return (("+", 1, camera.level < len(camera.zooms) - 1), ("\u2212", -1, camera.level > 0))

    def _zoom_button(self, steps: int) -> None:
        self.chart_view.zoom(steps)
