"""How Kap Hoorn's table is drawn each frame: the chart through its window, the banner, the log,
the question, the log books, the hand, the wind card being laid and the guide's hint."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from game.games.kaphoorn import guide as guide_rules
from game.games.kaphoorn import log as talk
from game.games.kaphoorn.keys import BUTTONS, FocusItem
from game.games.kaphoorn.rules import KapState
from game.games.kaphoorn.rules.chart import FORWARD
from game.games.kaphoorn.rules.turn import AGAIN_PHASE, LAY, all_winds
from game.games.kaphoorn.steering import GAIN_RISE, GAIN_SECONDS, KapSteering
from game.games.kaphoorn.view import hand, highlight, panels, seachart, wake
from game.games.kaphoorn.view.layout import (
    BOARD_RECT,
    GUIDE_PANELS,
    LOG_LINES,
    LOG_RECT,
    WIND_RECT,
    ZOOM_PANEL,
    book_rect,
    button_rect,
)
from game.i18n import tr
from game.play.guide.base import Hint, box, pick_panel
from game.play.panels import draw_log, thinking_dots
from game.play.tabledraw import GuidePlace
from game.ui import theme

if TYPE_CHECKING:
    from game.games.kaphoorn.view.seachart import ChartRenderer


class KapDrawing(KapSteering):
    """The drawing of the Kap Hoorn table (see the module)."""

    # what the drawing relies on besides the steering's, set by KapHoornScene.setup (scene.py)
    hidden: set[int]  # the motion's fields whose new card is still flying there
    backdrop: panels.Backdrop
    books: panels.LogBooks
    handoff_up: bool
    gain: tuple[int, int, float]
    _course_of: tuple[Any, list[tuple[int, int, str | None]]]

    if TYPE_CHECKING:  # and what it asks of KapHoornScene (scene.py)

        @property
        def renderer(self) -> ChartRenderer: ...
        def _paint_ahead(self) -> bool: ...
        def hand_owner(self) -> int | None: ...
        def phone_marks(self) -> tuple[dict[int, str], dict[int, str]]: ...
        def phone_mover(self) -> int | None: ...
        def button_states(self) -> list[tuple[str, Any, bool, str]]: ...

    # ---- drawing ------------------------------------------------------------------------------
    def draw_board(self, surface: pygame.Surface, alpha: float) -> None:
        st = self.state
        self._draw_backdrop(surface)
        clip = surface.get_clip()
        surface.set_clip(BOARD_RECT.clip(clip))  # the chart shows through its window only
        if self._paint_ahead():
            self._draw_chart(surface, alpha)
        else:  # a few milliseconds of its painting a frame: the frames go on meanwhile
            self.chart_view.draw_coming(surface, self.time.now, self.tweener.reduced)
        surface.set_clip(clip)
        if not self.replaying:  # a replay has no zoom buttons: no empty plate either
            theme.panel(surface, ZOOM_PANEL, (16, 24, 40, 200), 16)
        rounds = tr("kaphoorn.turn", n=min(st.turn // self.players + 1, st.rounds or 10**6))
        panels.draw_banner(surface, tr("games.kaphoorn.title"), rounds)
        lines = self.log_lines(panels.LOG_STYLE.rows(LOG_LINES))
        draw_log(surface, LOG_RECT.topleft, LOG_RECT.w, lines, panels.LOG_STYLE)
        panels.draw_ask(surface, self._question())
        self._draw_books(surface)
        states = enumerate(self.button_states())
        panels.draw_reasons(surface, [(n, why) for n, (_, _, on, why) in states if why and not on])
        self._draw_hand(surface)
        self._draw_wind(surface)
        self.motion.draw_flights(surface, alpha)

    def draw_over_controls(self, surface: pygame.Surface) -> None:
        if self.drag is not None and hand.is_drag(self.drag[1], self.drag[2]):
            at = self.drag[2]
            hand.draw_dragged(surface, self.drag[0], at, self.forward_at(at))

    def forward_at(self, pos: tuple[int, int]) -> int:
        """Where the forward arrow of a card dragged to ``pos`` points: as it will lie on the
        sea field there (its stage turns it), else as in the hand (the ship's stage)."""
        st = self.state
        chart = st.chart
        field = self.layout.field_at(pos) if BOARD_RECT.collidepoint(pos) else None
        zone = chart.zone[field] if field is not None else 0
        return FORWARD.get(zone, FORWARD[chart.zone[st.ships[st.seat]]])

    def _draw_chart(self, surface: pygame.Surface, alpha: float) -> None:
        st = self.state
        if not self.renderer.covers(BOARD_RECT):
            surface.fill(panels.CHART_WELL, BOARD_RECT)  # round a chart zoomed out or pulled
        self.renderer.draw_board(surface)
        self.renderer.draw_cards(surface, st.cards, self.hidden)
        self.renderer.draw_pile(surface, len(st.pile))
        marks = list(zip(self.shapes, self.colours, strict=True))
        self.trail_drawn = wake.draw(surface, self.layout, self.trail_marks(), marks)
        self._draw_highlights(surface)
        mover = None if st.is_over() else st.current_player
        self.motion.draw_ships(surface, st.ships, self.colours, self.shapes, mover, alpha)
        self._draw_letters(surface)

    def _draw_letters(self, surface: pygame.Surface) -> None:
        """While a phone chooses: the letter of each field it offers, over the ships (in the
        field's corner), as the phone lists them (issue 30)."""
        letters, _ = self.phone_marks()
        for field, label in letters.items():
            if field not in self.hidden:  # not under a card still flying there
                highlight.tag(surface, self.layout.field_rect(field), label)

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
        fields.update(self.phone_marks()[1])  # a phone's fields, each in its move's style
        focused = self._focus_shown()
        focus = focused[1] if focused is not None and focused[0] == "field" else None
        st = self.state
        if self.human_turn or self.phone_mover() is not None:
            fields.setdefault(st.ships[st.seat], "ship")
        self.renderer.draw_highlights(surface, fields, self.time.now, focus=focus)

    def _focus_shown(self) -> FocusItem | None:
        """The focused field or card as drawn: once keys or a pad are used, as a button's ring
        (``show_focus``); for a mouse only the choice under the pointer (it lights up)."""
        focused = self.focused()
        if focused is None or self.services.show_focus:
            return focused
        at = self.hover
        if focused[0] == "field" and at is not None and BOARD_RECT.collidepoint(at):
            return focused if self.layout.field_at(at) == focused[1] else None
        return None

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
        if self.phone_mover() is not None:
            return tr("kaphoorn.tv.phone_ask", name=st.names[st.seat])
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
            if seat is not None and self.phone_mover() == seat:  # K10: never on the TV
                title = tr("kaphoorn.tv.phone_hand", name=st.names[seat])
            elif ai:
                title = tr("kaphoorn.ai_hand", name=st.names[seat])
            else:
                title = tr("kaphoorn.hand_hidden")
            hand.draw_title(surface, title)
            hand.draw_backs(surface, len(st.hands[seat]) if seat is not None else 0)
            return
        hand.draw_title(surface, tr("kaphoorn.your_hand", name=st.names[owner]))
        focused = self._focus_shown()
        card = focused[1] if focused is not None and focused[0] == "card" else None
        drag = self.drag
        dragged = drag[0] if drag is not None and drag[1] != drag[2] else None
        playable = self.playable_winds()
        forward = FORWARD[st.chart.zone[st.ships[owner]]]  # as it will lie by the ship
        hand.draw_faces(surface, self.hand_slots(), playable, self.selected, card, dragged,
                        forward, clock=self.time.now)  # fmt: skip

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

    def focus_target(self, target: tuple[Any, ...]) -> None:
        """The keys' focus on the guide's card in the hand or field of the chart, or on its
        button (``KapKeys.likely`` takes the guide's target too)."""
        kind, where = target[0], target[1]
        if kind == "button":
            if where in BUTTONS:
                self.focus_now("button", BUTTONS.index(where))
        elif kind in ("card", "field"):
            self.focus_now(kind, where)

    def guide_place(self, hint: Hint, target: pygame.Rect | None) -> GuidePlace:
        # the ring alone: an arrow would hide the next field, the hand's title or a button's name
        return GuidePlace(self._guide_panel(target), arrow=False)

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
