"""The play scene of Nanuuk!: the ice floe, its pieces and cracks, one question at a time.

The scene is a :class:`~game.play.table.PlayTable`: the table holds the computer seats and
their pacing, undo (the last human decisions, never an AI move), the move log, saves and
replays, and the end of the game. This scene adds the floe, its panels and its questions; what
it draws lives in ``game.games.nanuuk.view``.

The scene never decides legality: the highlighted fields, crack lines and buttons all come from
``state.legal_actions()`` and every pick goes through ``state.apply``; a pick the rules refuse
shows their reason briefly and changes nothing. Nanuuk! has no secrets, so no hand-off screens.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from typing import Any

import pygame

from game import i18n
from game.engine.intents import Intent, Kind
from game.games.nanuuk import guide as guide_rules
from game.games.nanuuk import log as talk
from game.games.nanuuk import phone
from game.games.nanuuk.rules import NanuukState, turn
from game.games.nanuuk.rules.actions import (
    ANIMALS,
    Banish,
    Choose,
    Crack,
    NanuukAction,
    Place,
    Step,
)
from game.games.nanuuk.view import finale, floe_view, panels, tracks
from game.games.nanuuk.view.floe import FloeRenderer
from game.games.nanuuk.view.floe_view import Target
from game.games.nanuuk.view.layout import (
    ASK_AREA,
    BANNER_RECT,
    BOARD_RECT,
    GUIDE_WIDTH,
    LOG_BUTTON,
    LOG_RECT,
    NOTICE_RECT,
    UNDO_RECT,
    button_rects,
    choice_rect,
    dialog_rect,
    sheet_point,
    sheets_area,
)
from game.games.nanuuk.view.motion import Motion
from game.i18n import tr
from game.play.finale import Marked
from game.play.guide.base import Hint, box
from game.play.panels import ONE_LINE_NOTICE, PanelCache, Same, draw_log, thinking_dots
from game.play.table import LogEntry, PlayTable
from game.play.tabledraw import GuidePlace
from game.play.trails import TrailEntry
from game.protocol.base import Outcome
from game.ui.kit import BoardFocus

PICKED_ON_BOARD = (Place, Step, Banish, Choose, Crack)  # the rest are buttons


class NanuukScene(PlayTable):
    FINALE_AREA = BOARD_RECT
    NOTICE_AREA = NOTICE_RECT
    NOTICE_STYLE = ONE_LINE_NOTICE
    AI_MIN_SECONDS = 0.45  # an AI's small action shows no earlier (scaled by the anim. speed)
    FINAL_SOUND = "good"
    state: NanuukState

    # ---- life cycle ---------------------------------------------------------------------------
    def setup(self) -> None:
        board = self.state.spec.board
        region = board.in_play if len(board.in_play) == 24 else None
        self.renderer = FloeRenderer(board.floe, board.in_play, BOARD_RECT, region)
        self.layout = self.renderer.layout
        self.motion = Motion(self.tweener, self.layout, self.sound)
        self.backdrop = panels.StaticLayer(self.renderer, self.players)
        # the side panels painted on a copy of the backdrop, each again only when it changes
        self.painted = PanelCache(self.backdrop.layer)
        self.out_turn: dict[int, int] = {}  # seat -> the round in which he was enclosed
        self.action_rects: dict[NanuukAction, pygame.Rect] = {}  # the buttons, for the guide
        self.board_focus = BoardFocus()  # keys move over the board targets, Tab to the buttons
        self.place_mover: str | None = None  # helpers: which piece to place

    def update(self, dt: float) -> None:
        super().update(dt)
        self.motion.prune()

    # ---- the table's hooks --------------------------------------------------------------------
    def decision_key(self) -> tuple[Any, ...]:
        st = self.state
        return (len(self.moves), st.phase, st.current_player, st.mover, st.at)

    def controls_key(self) -> object:
        return (
            i18n.language(), self.human_turn, tuple(self.place_choices()), self.place_mover,
            bool(self.history),
        )  # fmt: skip

    def log_entries(
        self, old: NanuukState, action: NanuukAction, new: NanuukState
    ) -> list[LogEntry]:
        seat = old.current_player if old.current_player is not None else 0
        return [(seat, *talk.log_entry(old, action))]

    def trail(self, old: NanuukState, action: NanuukAction, new: NanuukState) -> list[TrailEntry]:
        return tracks.entries(old, action, new)

    def log_area(self) -> pygame.Rect:
        return LOG_RECT

    def log_text(self, entry: LogEntry) -> str:
        """A move-log entry in the current language: ``Anna: hunter 1 to F23``."""
        return f"{self.state.names[entry[0] or 0]}: {super().log_text(entry)}"

    def spoken(self, params: Mapping[str, Any]) -> Mapping[str, Any]:
        return talk.named(params)

    def reason(self, outcome: Outcome) -> str:
        return talk.reason(outcome)

    def ending_question(
        self, old: NanuukState, action: NanuukAction, new: NanuukState, seat: int
    ) -> str | None:
        return finale.question(old, action, new, seat)

    def finale_sentence(self) -> str:
        return finale.sentence(self.final_from or self.state, self.state)

    def finale_marks(self) -> list[Marked]:
        return finale.marks(self.final_from or self.state, self.state, self.layout)

    def animate(self, old: NanuukState, action: NanuukAction, new: NanuukState) -> None:
        self.motion.start(old, action, new, sheet_point(old.seat, self.players))

    def after_play(self, old: NanuukState, action: NanuukAction, new: NanuukState) -> None:
        for s in new.out:
            self.out_turn.setdefault(s, max(new.turns) if new.turns else 0)
        if new.is_over():
            for s in range(self.players):
                if s not in new.winners and new.spec.variant != "full":
                    self.out_turn.setdefault(s, max(new.turns))
        self.board_focus.reset()
        self.place_mover = None

    def settle(self) -> None:
        self.motion.clear()

    def turns(self) -> int:
        return sum(self.state.turns)

    def seat_details(self, seat: int) -> dict[str, Any]:
        """N27's breakdown for the full game; for the others, when the player was enclosed."""
        st = self.state
        if st.spec.variant != "full":
            return {"enclosed": self.out_turn.get(seat, "–")}
        counts = dict.fromkeys(ANIMALS, 0)
        home = 0
        for i in st.spec.of_seat(seat):
            sheet = st.sheets[i]
            for k, animal in enumerate(ANIMALS):
                counts[animal] += bool(sheet.bag & (1 << k)) + sheet.igloo[k]
            home += bool(st.spec.board.igloos >> st.pos[i] & 1) if st.pos[i] >= 0 else 0
        details: dict[str, Any] = {animal: counts[animal] for animal in ANIMALS}
        details["igloo_bonus"] = 2 * home
        details["equipment"] = sum(st.sheets[i].equipment for i in st.spec.of_seat(seat))
        return details

    # ---- the question: targets on the board and buttons ----------------------------------------
    def board_targets(self) -> list[Target]:
        """("field" | "edge", field or edge, action) for the picks made on the board."""
        if not self.human_turn:
            return []
        return self.targets(self.place_mover)

    def targets(self, place_mover: str | None) -> list[Target]:
        """The picks on the board now (placing: ``place_mover``'s, else the first piece's)."""
        st = self.state
        out: list[Target] = []
        places = [a for a in st.legal_actions() if isinstance(a, Place)]
        if places:
            movers = sorted({a.mover for a in places})
            chosen = place_mover if place_mover in movers else movers[0]
            out = [("field", a.to, a) for a in places if a.mover == chosen]
        for a in st.legal_actions():
            if isinstance(a, Step | Banish):
                out.append(("field", a.to, a))
            elif isinstance(a, Choose) and not guide_rules.shared_choice(st, a):
                out.append(("field", st.position(a.mover), a))
            elif isinstance(a, Crack):
                out.append(("edge", a.edge, a))
        labels = st.spec.board.floe.labels
        out.sort(key=lambda t: (t[0], labels.get(t[1], 0) if t[0] == "field" else t[1]))
        return out

    def button_actions(self) -> list[NanuukAction]:
        if not self.human_turn:
            return []
        st = self.state
        return [
            a
            for a in st.legal_actions()
            if not isinstance(a, PICKED_ON_BOARD)
            or isinstance(a, Choose) and guide_rules.shared_choice(st, a)  # two on one igloo
        ]

    def place_choices(self) -> list[str]:
        if not self.human_turn:
            return []
        return sorted({a.mover for a in self.state.legal_actions() if isinstance(a, Place)})

    def question(self) -> str:
        """What the panel says now: the question, who is thinking, or how the game ended."""
        st = self.state
        outcome = st.outcome()
        if outcome is not None:
            return talk.reason_text(outcome)
        on_phone = self.phone_turn_line()
        if on_phone is not None and not self.replaying:
            return on_phone
        if self.replaying and st.current_player is not None:
            return tr("saves.to_move", name=st.names[st.seat])
        if self.thinking is not None or (
            st.current_player is not None and not self.is_human(st.current_player)
        ):
            thinking = tr("nanuuk.ask.thinking", name=st.names[st.seat])
            return thinking + thinking_dots(self.time.now)
        mover = talk.mover_name(st, st.spec.movers[st.mover].id) if st.mover >= 0 else None
        choices = self.place_choices()
        if st.phase == "place" and choices:  # which piece goes down now
            chosen = self.place_mover if self.place_mover in choices else choices[0]
            mover = talk.mover_name(st, chosen)
        passed = [st.spec.movers[i].id for i in turn.passed_over(st)]
        return talk.question(st, st.names[st.seat], mover, passed)

    # ---- controls -----------------------------------------------------------------------------
    def dialog_rect(self) -> pygame.Rect | None:
        """Take or leave and the igloo's exchanges are asked in a small dialog over the floe."""
        if not self.human_turn or self.state.phase not in ("take", "igloo"):
            return None
        return dialog_rect(len(self.button_actions()))

    def build(self) -> None:
        self.action_rects = {}
        if self.replaying:  # a replay has no choices to offer, and no undo
            return
        actions = self.button_actions()
        rects, below = button_rects(len(actions), self.dialog_rect())
        for action, rect in zip(actions, rects, strict=True):
            text = talk.button_text(self.state, action)
            self.button(rect, text, self._press(action), "#small_button")
            self.action_rects[action] = rect
        choices = self.place_choices()  # helpers: the bear or the Inuk first (N15)
        for n, mover in enumerate(choices if len(choices) > 1 else ()):
            text = tr("nanuuk.button.place", mover=talk.mover_name(self.state, mover))
            self.button(choice_rect(n, below), text, self._choose_placing(mover), "#small_button")
        self.undo_button(UNDO_RECT, tr("nanuuk.button.undo"))
        self.log_button(LOG_BUTTON)

    def _press(self, action: NanuukAction) -> Any:
        return lambda: self.play(action)

    def _choose_placing(self, mover: str) -> Any:
        def run() -> None:
            self.place_mover = mover
            self.board_focus.index = 0
            self._built_key = None

        return run

    # ---- input --------------------------------------------------------------------------------
    def handle_board(self, intent: Intent) -> None:
        kind, pos = intent.kind, intent.pos
        targets = self.board_targets()
        if kind is Kind.POINT_MOVE and pos is not None:
            hit = self._target_at(pos, targets)
            if hit is not None:
                self.board_focus.point(hit)
        dialog = self.dialog_rect()
        on_floe = pos is not None and BOARD_RECT.collidepoint(pos)
        if dialog is not None and pos is not None and dialog.collidepoint(pos):
            on_floe = False  # the dialog's buttons lie over the floe
        if kind is Kind.POINT_DOWN and on_floe and pos is not None:
            self.click_board(pos)
            return
        if not self.board_focus.handle(kind, len(targets), self.ring, self._pick(targets)):
            super().handle_board(intent)

    def _pick(self, targets: list[Target]) -> Callable[[int], Any]:
        return lambda n: self.play(targets[n][2])

    def _target_at(self, pos: tuple[int, int], targets: list[Target]) -> int | None:
        edges = [t[1] for t in targets if t[0] == "edge"]
        if edges:
            edge = self.layout.edge_at(pos, edges)
            for n, t in enumerate(targets):
                if t[0] == "edge" and t[1] == edge:
                    return n
        field = self.layout.field_at(pos)
        for n, t in enumerate(targets):
            if t[0] == "field" and t[1] == field:
                return n
        return None

    def action_at(self, pos: tuple[int, int]) -> NanuukAction | None:
        targets = self.board_targets()
        hit = self._target_at(pos, targets)
        return targets[hit][2] if hit is not None else None

    def guess_at(self, pos: tuple[int, int]) -> NanuukAction | None:
        """What a click on a field that is not highlighted would mean, to explain the refusal."""
        st = self.state
        field = self.layout.field_at(pos)
        if st.phase == "crack" and st.at >= 0:
            board = st.spec.board
            lines = (*board.c_lines.get(st.at, ()), *board.d_lines.get(st.at, ()))
            edge = self.layout.edge_at(pos, lines)
            if edge is None:  # off the glowing lines: the nearest other, for the rules to say why
                every = {e for table in (board.c_lines, board.d_lines)
                         for edges in table.values() for e in edges}  # fmt: skip
                edge = self.layout.edge_at(pos, every, tolerance=math.inf)
            return Crack(edge) if edge is not None else None
        if field is None:
            return None
        if st.phase == "step" and st.mover >= 0:
            for i in turn.passed_over(st):  # a piece of his the rules passed over: it is stuck
                if st.pos[i] == field:
                    return Choose(st.spec.movers[i].id)
            return Step(st.spec.movers[st.mover].id, field)
        if st.phase == "banish":
            return Banish(field)
        if st.phase == "place":
            movers = self.place_choices()
            return Place(movers[0], field) if movers else None
        return None

    def resume(self) -> None:
        # the settings may have changed contrast or text size: paint the panels anew
        self.painted.reset()
        super().resume()

    # ---- drawing ------------------------------------------------------------------------------
    def ready(self) -> bool:
        """Nobody moves before the floe is seen (it is painted over the first frames)."""
        return self.renderer.painted and super().ready()

    def wait_background(self, limit: float) -> bool:
        """The floe painted to its end (a test's driver asks before each frame: how many frames
        its painting takes depends on the machine's speed, what a test sees must not)."""
        if not self.renderer.painted and self.renderer.paint(limit):
            self.painted.reset()  # the floe in place of the plain sea, as the frame would
        return self.renderer.painted

    def draw_board(self, surface: pygame.Surface, alpha: float) -> None:
        st = self.state
        if not self.renderer.painted and self.renderer.paint():
            self.painted.reset()  # the floe in place of the plain sea
        self._paint_panels()
        surface.blit(self.painted.surface, (0, 0))
        if not self.renderer.painted:
            return  # the pieces come with their floe
        self.renderer.draw_waves(surface, self.time.now)
        marks = list(zip(self.shapes, self.colours, strict=True))
        self.trail_drawn = tracks.draw(surface, self.layout, self.trail_marks(), marks)
        self.renderer.draw_cracks(surface, st.cracks, self.motion.cracks(alpha))
        targets, focus = self.shown_targets()
        fields, edges = floe_view.highlights(st, targets, focus)
        self.renderer.draw_highlights(surface, fields, edges, self.time.now)
        floe_view.draw_pieces(surface, st, self.layout, self.colours, self.motion, alpha)
        self._draw_dialog(surface)

    def shown_targets(self) -> tuple[list[Target], int | None]:
        """The picks the floe shows lit, and the focused one: the TV's own on a person's turn
        at the TV; on a phone's turn the phone's choices, its player's pick focused."""
        if self.human_turn:
            targets = self.board_targets()
            return targets, self.board_focus.shown(len(targets))
        seat = self.state.current_player
        if seat is None or not self.on_phone(seat) or self.busy or self.state.is_over():
            return [], None
        pick = self.phone_pick()
        targets = self.targets(pick.mover if isinstance(pick, Place) else None)
        focus = next((n for n, t in enumerate(targets) if t[2] == pick), None)
        return targets, focus

    def focus_on_board(self) -> bool:
        return self.board_focus.on_board

    def _paint_panels(self) -> None:
        """The banner, the question, the sheets and the log onto the still picture, each only
        when what it shows changed (a frame then blits one picture: issue 18, item 8)."""
        st, lang, paint = Same(self.state), i18n.language(), self.painted.paint
        state = self.state
        phones = {seat: self.phone_joined(seat) for seat in sorted(self.phone_seats)}
        paint("banner", BANNER_RECT, (lang, st, tuple(phones.items())),
              lambda s: panels.draw_banner(s, state, self.colours, phones))  # fmt: skip
        question = self.question()
        paint("ask", ASK_AREA, (lang, st, question),
              lambda s: panels.draw_ask(s, question, state))  # fmt: skip
        paint("sheets", sheets_area(self.players), (lang, st),
              lambda s: panels.draw_sheets(s, state, self.colours))  # fmt: skip
        paint("log", LOG_RECT, (lang, self.log_serial), self._draw_log)

    def _draw_log(self, surface: pygame.Surface) -> None:
        """The last entries of the move log, each with its player's mark."""
        style = panels.LOG_STYLE
        lines = self.log_lines(style.rows(panels.LOG_LINES))
        draw_log(surface, panels.LOG_ORIGIN, LOG_RECT.w, lines, style)

    def _draw_dialog(self, surface: pygame.Surface) -> None:
        rect = self.dialog_rect()
        if rect is None:
            return
        st = self.state
        title = tr("nanuuk.dialog.igloo" if st.phase == "igloo" else "nanuuk.dialog.catch")
        mover = talk.mover_name(st, st.spec.movers[st.mover].id)
        panels.draw_dialog(surface, rect, st, f"{st.names[st.seat]} · {mover} · {title}")

    # ---- on a phone (issue 30) -------------------------------------------------------------------
    def phone_choices(self, view: NanuukState, seat: int) -> list[dict[str, Any]]:
        return phone.choices(view)

    def phone_question(self, view: NanuukState, seat: int) -> str:
        mover = talk.mover_name(view, view.spec.movers[view.mover].id) if view.mover >= 0 else None
        places = sorted({a.mover for a in view.legal_actions() if isinstance(a, Place)})
        if view.phase == "place" and places:  # (the phone lists each piece's fields)
            mover = talk.mover_name(view, places[0]) if len(places) == 1 else None
        passed = [view.spec.movers[i].id for i in turn.passed_over(view)]
        return talk.question(view, view.names[seat], mover, passed)

    def phone_page(self, view: NanuukState, seat: int) -> dict[str, Any]:
        return phone.page(view, seat)

    # ---- the guided first game ------------------------------------------------------------------
    def guide_key(self) -> object:
        return (len(self.log), self.place_mover)

    def suggest(self, view: NanuukState, seat: int, secret: int) -> Hint:
        return guide_rules.hint(view, seat, self.place_mover)

    def guide_rect(self, target: tuple[Any, ...]) -> pygame.Rect | None:
        """Where the guide's target is on the screen: a field, a crack line or a button."""
        kind, where = target
        r = self.layout.radius
        if kind == "field":
            return box(self.layout.centre(where), r * 1.6)
        if kind == "edge":
            (ax, ay), (bx, by) = self.layout.edge_segment(where)
            return box(((ax + bx) / 2, (ay + by) / 2), r * 0.8)
        return self.action_rects.get(where)

    def focus_target(self, target: tuple[Any, ...]) -> None:
        """The focus on the guide's field or crack line among the board's targets, or on its
        button."""
        for n, (kind, where, _) in enumerate(self.board_targets()):
            if (kind, where) == target:
                self.board_focus.point(n)
                return
        if target[0] == "button" and target[1] in self.action_rects:
            self.board_focus.on_board = False
            super().focus_target(target)

    def guide_place(self, hint: Hint, target: pygame.Rect | None) -> GuidePlace:
        # over the move log, whole (its lines would peek out above a shorter panel); an arrow
        # for a field or crack line, the ring alone for a button (an arrow would hide the sheet)
        arrow = hint.target[0] != "button"
        return GuidePlace(LOG_RECT, GUIDE_WIDTH, arrow=arrow, shrink=False)
