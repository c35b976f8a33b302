"""The play scene of Nanuuk!: the ice floe, its pieces and cracks, one question at a time.

The scene never decides legality: the highlighted fields, crack lines and buttons all come from
``state.legal_actions()`` and every pick goes through ``state.apply``; a pick the rules refuse
shows their reason briefly and changes nothing. Nanuuk! has no secrets, so no hand-off screens.
Undo takes back the last human decision, never an AI move.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pygame

from game import i18n
from game.games.nanuuk import guide as guide_rules
from game.games.nanuuk.rules import RULES, NanuukState
from game.games.nanuuk.rules.actions import (
    ANIMALS,
    Banish,
    Choose,
    Crack,
    NanuukAction,
    Place,
    Step,
    Take,
)
from game.games.nanuuk.rules.board import bits
from game.games.nanuuk.rules.sheet import EQUIPMENT_BITS
from game.games.nanuuk.rules.state import PIECES
from game.games.nanuuk.view import figures
from game.games.nanuuk.view.floe import FloeRenderer
from game.i18n import tr
from game.input.intents import Intent, Kind
from game.persist.log import LOG
from game.play.bots import BotRunner, close_runners, seat_runners
from game.play.guide.base import Guide, Hint, box
from game.protocol.base import IllegalAction
from game.protocol.bots import BUDGETS
from game.protocol.streams import Streams
from game.render import theme
from game.render.tween import Path, Tween, Tweener, ease_in_out, ease_out
from game.scenes import nanuuk_talk as talk
from game.scenes.record import Recorder
from game.scenes.ui import SKIP_KINDS, UIScene
from game.session import GameConfig

AI_MIN_SECONDS = 0.45  # an AI's small action shows no earlier than this (scaled by anim. speed)
STEP_SECONDS = 0.32
CRACK_SECONDS = 0.35
FLY_SECONDS = 0.6
FINAL_PAUSE = 1.5
NOTICE_SECONDS = 3.0
LOG_LINES = 7

BOARD_RECT = pygame.Rect(16, 96, 1200, 968)
PANEL_X = BOARD_RECT.right + 16
PANEL_W = 1920 - PANEL_X - 16
BANNER_RECT = pygame.Rect(16, 12, 1888, 72)
ASK_RECT = pygame.Rect(PANEL_X, 96, PANEL_W, 96)
BUTTONS_Y = 200
SHEETS_Y = 400
LOG_RECT = pygame.Rect(PANEL_X, 848, PANEL_W, 216)
NOTICE_RECT = pygame.Rect(BOARD_RECT.x + 100, BOARD_RECT.bottom - 96, BOARD_RECT.w - 200, 72)
PIECE_KIND = {"fish": "fish", "seal": "seal", "walrus": "walrus", "whale": "whale",
              "inuk": "inuk", "bear": "bear"}  # fmt: skip
DRAW_MOVER = {"hunter": "hunter", "bear": "bear", "Inuk": "inuk"}


@dataclass
class _AiJob:
    key: tuple[Any, ...]
    seat: int
    started: float
    action: NanuukAction | None = None


@dataclass
class _Flight:
    """A piece drawn on its way somewhere (a banished bear, a taken animal)."""

    kind: str
    path: Tween


class NanuukScene(Recorder, UIScene):
    background = False

    # ---- life cycle ---------------------------------------------------------------------------
    def enter(self, config: GameConfig, **data: Any) -> None:
        self.config = config
        self.state: NanuukState = RULES.new_game(
            config.variant, config.names, seed=config.seed, options=config.options
        )
        spec = self.state.spec
        self.players = spec.players
        region = spec.board.in_play if len(spec.board.in_play) == 24 else None
        self.renderer = FloeRenderer(spec.board.floe, spec.board.in_play, BOARD_RECT, region)
        self.layout = self.renderer.layout
        self.colours = [self._colour(i) for i in range(self.players)]
        self.tweener = Tweener(self.app.settings.animation_speed)
        self.clock = 0.0
        self.tracks: dict[int, Path] = {}  # mover -> its slide, while it runs
        self.kayaks: set[int] = set()  # movers crossing by kayak now
        self.growing: dict[int, Tween] = {}  # crack edge -> spreading
        self.flights: list[_Flight] = []
        self.hidden: set[int] = set()  # fields whose piece is drawn flying instead
        kinds = [seat.kind for seat in config.seats]
        self.runners: dict[int, BotRunner] = seat_runners("nanuuk", kinds, BUDGETS.__getitem__)
        self.streams = Streams.for_table(config.seed, config.humans)  # private: not from the seed
        self.ai_job: _AiJob | None = None
        self.history: list[tuple[NanuukState, int]] = []  # undo: (state, log length) per decision
        # (seat, code, params): translated when drawn, so it follows a change of language
        self.log: list[tuple[int, str, dict[str, Any]]] = []
        self.out_turn: dict[int, int] = {}  # seat -> the round in which he was enclosed
        self.notice: tuple[str, float] | None = None
        self.guide = Guide(config.guided)  # the guided first game: a hint per human decision
        self.action_rects: dict[NanuukAction, pygame.Rect] = {}  # the buttons, for the guide
        self.focus = 0  # index into the board targets (keyboard/gamepad)
        self.on_board = True  # keys move over the board targets, Tab goes to the buttons
        self.place_mover: str | None = None  # helpers: which piece to place
        self.hover: int | None = None
        self.over_at: float | None = None
        self.reported = False
        self.muted = False
        self._built_key: object = None
        self._static_key: object = None  # the backdrop, floe and empty panels, drawn once
        self._static = pygame.Surface((1, 1))
        self._sync_controls()
        self.app.ambient("nanuuk")
        self.begin_record(data)  # a saved game: its moves again; or a replay

    def exit(self) -> None:
        close_runners(self.runners)
        self.app.ambient(None)

    def resume(self) -> None:
        self.tweener.speed = self.app.settings.animation_speed
        self._built_key = None
        self._sync_controls()

    def _colour(self, seat: int) -> tuple[int, int, int]:
        colour_id = self.config.seats[seat].colour or theme.seat_colours()[seat][0]
        return theme.colour_rgb(colour_id)

    def _colour_id(self, seat: int) -> str:
        return self.config.seats[seat].colour or theme.seat_colours()[seat][0]

    def is_human(self, seat: int) -> bool:
        return self.config.seats[seat].is_human

    @property
    def busy(self) -> bool:
        return self.tweener.busy

    @property
    def human_turn(self) -> bool:
        seat = self.state.current_player
        return seat is not None and self.is_human(seat) and not self.busy and not self.replaying

    # ---- the loop -----------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        self.clock += dt
        self.tweener.step(dt)
        super().update(dt)
        if self.notice is not None and self.clock >= self.notice[1]:
            self.notice = None
        self.flights = [f for f in self.flights if not f.path.finished]
        if not self.flights:
            self.hidden.clear()
        if self.busy or self.replaying:  # a replay shows; the viewer steps
            return
        st = self.state
        if st.is_over():
            self._end_of_game()
        elif st.current_player in self.runners:
            self._drive_ai(st.current_player)
        self._sync_controls()

    def _end_of_game(self) -> None:
        if self.over_at is None:
            self.over_at = self.clock + FINAL_PAUSE
            self.app.sound("good")
        elif self.clock >= self.over_at and not self.reported:
            self.reported = True
            self.app.game_over(self.config, self.outcome_dict())

    def outcome_dict(self) -> dict[str, Any]:
        st = self.state
        out = st.outcome()
        assert out is not None
        return {
            "game": "nanuuk",
            "variant": self.config.variant,
            "seed": self.config.seed,
            "options": dict(self.config.options),
            "players": list(st.names),
            "kinds": [s.kind for s in self.config.seats],
            "colours": [self._colour_id(i) for i in range(self.players)],
            "scores": list(out.scores),
            "ranking": list(out.ranking),
            "winners": list(out.winners),
            "reason": talk.reason_key(out),
            "turns": sum(st.turns),
            "details": [self._details(s) for s in range(self.players)],
        }

    def _details(self, seat: int) -> dict[str, Any]:
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

    # ---- AI seats -----------------------------------------------------------------------------
    def _drive_ai(self, seat: int) -> None:
        st = self.state
        key = (len(self.log), st.phase, seat, st.mover, st.at)
        job = self.ai_job
        if job is None or job.key != key:
            seed = self.streams.seed("bot", *key)
            self.runners[seat].start(st.view(seat), seed)
            self.ai_job = job = _AiJob(key, seat, self.clock)
        if job.action is None:
            job.action = self.runners[seat].poll()
        wait = AI_MIN_SECONDS / max(0.25, self.app.settings.animation_speed)
        if job.action is not None and self.clock - job.started >= wait:
            action, self.ai_job = job.action, None
            if not self.play(action, by_ai=True):
                LOG.error(
                    "nanuuk: the %s bot chose an illegal %r", self.config.seats[seat].kind, action
                )
                self.play(st.legal_actions()[0], by_ai=True)

    @property
    def thinking(self) -> int | None:
        job = self.ai_job
        if job is None or self.busy or job.seat != self.state.current_player:
            return None
        return job.seat

    # ---- playing actions ------------------------------------------------------------------------
    def play(self, action: NanuukAction, by_ai: bool = False) -> bool:
        """Apply ``action`` through the rules; an illegal one is explained and changes nothing."""
        old = self.state
        try:
            new = old.apply(action)
        except IllegalAction as exc:
            self._explain(exc)
            return False
        if by_ai:
            self.history.clear()  # undo never goes back past an AI move
        else:
            self.history.append((old, len(self.log)))
        self.state = new
        self.record(action)
        seat = old.current_player if old.current_player is not None else 0
        self.log.append((seat, *talk.log_entry(old, action)))
        for s in new.out:
            self.out_turn.setdefault(s, max(new.turns) if new.turns else 0)
        if new.is_over():
            for s in range(self.players):
                if s not in new.winners and new.spec.variant != "full":
                    self.out_turn.setdefault(s, max(new.turns))
        self._animate(old, action, new)
        self.focus = 0
        self.on_board = True
        self.place_mover = None
        self._built_key = None
        self._sync_controls()
        return True

    def undo(self) -> None:
        if not self.history or self.busy:
            return
        state, log_length = self.history.pop()
        self.state = state
        self.unrecord()
        del self.log[log_length:]
        self.ai_job = None
        for runner in self.runners.values():
            runner.cancel()
        self.tweener.finish_all()
        self.app.sound("click")
        self._built_key = None
        self._sync_controls()

    def _explain(self, exc: IllegalAction) -> None:
        self.notice = (talk.refusal_text(exc.refusal), self.clock + NOTICE_SECONDS)
        self.app.sound("bad")

    def skip(self) -> None:
        self.muted = True
        try:
            self.tweener.finish_all()
        finally:
            self.muted = False

    # ---- animation ----------------------------------------------------------------------------
    def _animate(self, old: NanuukState, action: NanuukAction, new: NanuukState) -> None:
        tw = self.tweener
        if isinstance(action, Step):
            i = old.spec.index[action.mover]
            start, end = self.layout.centre(old.pos[i]), self.layout.centre(action.to)
            path = Path([start, end], STEP_SECONDS, ease_in_out)
            tw.add(path)
            self.tracks[i] = path
            if action.kayak:
                self.kayaks.add(i)
                tw.after(STEP_SECONDS, lambda: self.kayaks.discard(i))
            self._play_sound("splash" if action.kayak else "step")  # by kayak through water
        elif isinstance(action, Place):
            self._play_sound("click")
        elif isinstance(action, Crack):
            self.growing[action.edge] = tw.animate(0.0, 1.0, CRACK_SECONDS, ease_out)
            self._play_sound("crack")
        elif isinstance(action, Banish):
            self._fly("bear", self.layout.centre(old.at), self.layout.centre(action.to), 0.8)
            self.hidden.add(action.to)
            self._play_sound("harpoon")  # N23: the harpoon thrown drives the bear away
        elif isinstance(action, Take):
            target = self._sheet_point(old.seat)
            self._fly(PIECE_KIND[action.animal], self.layout.centre(old.at), target, FLY_SECONDS)
            self._play_sound("harpoon" if action.animal in ("walrus", "whale") else "good")
        else:
            self._play_sound("click")
        # cracks the rules laid at the end of a move (a bear's one crack) spread too
        for e in (1 << b for b in bits(new.cracks & ~old.cracks)):
            if e not in self.growing:
                self.growing[e] = tw.animate(0.0, 1.0, CRACK_SECONDS, ease_out)

    def _fly(
        self, kind: str, start: tuple[float, float], end: tuple[float, float], secs: float
    ) -> None:
        tween = self.tweener.animate(start, end, secs, ease_in_out)
        self.flights.append(_Flight(kind, tween))

    def _play_sound(self, name: str) -> None:
        if not self.muted:
            self.app.sound(name)

    # ---- the question: targets on the board and buttons ----------------------------------------
    def board_targets(self) -> list[tuple[str, int, NanuukAction]]:
        """("field" | "edge", field or edge, action) for the picks made on the board."""
        if not self.human_turn:
            return []
        st = self.state
        out: list[tuple[str, int, NanuukAction]] = []
        places = [a for a in st.legal_actions() if isinstance(a, Place)]
        if places:
            movers = sorted({a.mover for a in places})
            chosen = self.place_mover if self.place_mover in movers else movers[0]
            out = [("field", a.to, a) for a in places if a.mover == chosen]
        for a in st.legal_actions():
            if isinstance(a, Step | Banish):
                out.append(("field", a.to, a))
            elif isinstance(a, Choose):
                out.append(("field", st.position(a.mover), a))
            elif isinstance(a, Crack):
                out.append(("edge", a.edge, a))
        labels = st.spec.board.floe.labels
        out.sort(key=lambda t: (t[0], labels.get(t[1], 0) if t[0] == "field" else t[1]))
        return out

    def button_actions(self) -> list[NanuukAction]:
        if not self.human_turn:
            return []
        picks = (Place, Step, Banish, Choose, Crack)
        return [a for a in self.state.legal_actions() if not isinstance(a, picks)]

    def place_choices(self) -> list[str]:
        if not self.human_turn:
            return []
        return sorted({a.mover for a in self.state.legal_actions() if isinstance(a, Place)})

    # ---- controls -----------------------------------------------------------------------------
    def _sync_controls(self) -> None:
        key = (
            i18n.language(), id(self.state), self.human_turn, tuple(self.place_choices()),
            self.place_mover, bool(self.history),
        )  # fmt: skip
        if key != self._built_key:
            self._built_key = key
            self.rebuild()

    def dialog_rect(self) -> pygame.Rect | None:
        """Take or leave and the igloo's exchanges are asked in a small dialog over the floe."""
        if not self.human_turn or self.state.phase not in ("take", "igloo"):
            return None
        rows = (len(self.button_actions()) + 1) // 2
        rect = pygame.Rect(0, 0, 1100, 170 + rows * 64)
        rect.midbottom = (BOARD_RECT.centerx, BOARD_RECT.bottom - 40)
        return rect

    def build(self) -> None:
        self.action_rects = {}
        if self.replaying:  # a replay has no choices to offer, and no undo
            return
        actions = self.button_actions()
        dialog = self.dialog_rect()
        x0, y, width = PANEL_X, BUTTONS_Y, PANEL_W
        if dialog is not None:
            x0, y, width = dialog.x + 24, dialog.y + 150, dialog.w - 48
        cols = 2 if dialog is not None or len(actions) > 3 else 1
        w = (width - 12 * (cols - 1)) // cols
        for n, action in enumerate(actions):
            rect = pygame.Rect(x0 + (n % cols) * (w + 12), y + (n // cols) * 64, w, 56)
            text = talk.button_text(self.state, action)
            self.button(rect, text, self._press(action), "#small_button")
            self.action_rects[action] = rect
        y = BUTTONS_Y + (len(actions) + cols - 1) // cols * 64 if dialog is None else BUTTONS_Y
        choices = self.place_choices()  # helpers: the bear or the Inuk first (N15)
        pw = (PANEL_W - 12) // 2
        for n, mover in enumerate(choices if len(choices) > 1 else ()):
            rect = pygame.Rect(PANEL_X + n * (pw + 12), y, pw, 56)
            text = tr("nanuuk.button.place", mover=talk.mover_name(self.state, mover))
            self.button(rect, text, self._choose_placing(mover), "#small_button")
        undo = pygame.Rect(PANEL_X + PANEL_W - 200, LOG_RECT.y - 68, 200, 60)
        enabled = bool(self.history) and self.human_turn
        self.button(undo, tr("nanuuk.button.undo"), self.undo, enabled=enabled)

    def _press(self, action: NanuukAction) -> Any:
        return lambda: self.play(action)

    def _choose_placing(self, mover: str) -> Any:
        def run() -> None:
            self.place_mover = mover
            self.focus = 0
            self._built_key = None

        return run

    # ---- input --------------------------------------------------------------------------------
    def handle(self, intent: Intent) -> None:
        kind = intent.kind
        if self.guide.handle(intent):
            return
        if kind in (Kind.BACK, Kind.PAUSE):
            self.app.scenes.push("pause", game="nanuuk")
            return
        if self.busy and kind in SKIP_KINDS:
            self.skip()
            return
        targets = self.board_targets()
        if kind is Kind.POINT_MOVE and intent.pos is not None:
            self._hover(intent.pos, targets)
        dialog = self.dialog_rect()
        pos = intent.pos
        on_floe = pos is not None and BOARD_RECT.collidepoint(pos)
        if dialog is not None and pos is not None and dialog.collidepoint(pos):
            on_floe = False  # the dialog's buttons lie over the floe
        if kind is Kind.POINT_DOWN and on_floe and pos is not None:
            self._click_board(pos, targets)
            return
        if targets and self.on_board:
            if kind in (Kind.LEFT, Kind.UP):
                self.focus = (self.focus - 1) % len(targets)
                return
            if kind in (Kind.RIGHT, Kind.DOWN):
                self.focus = (self.focus + 1) % len(targets)
                return
            if kind is Kind.CONFIRM:
                self.play(targets[self.focus % len(targets)][2])
                return
            if kind in (Kind.NEXT, Kind.PREV) and self.ring.items:
                self.on_board = False
                return
        elif kind in (Kind.NEXT, Kind.PREV) and targets and not self.on_board:
            ring = self.ring
            if (kind is Kind.NEXT and ring.index == len(ring.items) - 1) or (
                kind is Kind.PREV and ring.index == 0
            ):
                self.on_board = True
                return
        super().handle(intent)

    def _hover(self, pos: tuple[int, int], targets: list[tuple[str, int, NanuukAction]]) -> None:
        hit = self._target_at(pos, targets)
        if hit is not None:
            self.focus = hit
            self.on_board = True

    def _target_at(
        self, pos: tuple[int, int], targets: list[tuple[str, int, NanuukAction]]
    ) -> int | None:
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

    def _click_board(
        self, pos: tuple[int, int], targets: list[tuple[str, int, NanuukAction]]
    ) -> None:
        hit = self._target_at(pos, targets)
        if hit is not None:
            self.play(targets[hit][2])
            return
        if not self.human_turn:
            return
        guess = self._guess_action(pos)
        if guess is not None:
            self.play(guess)  # the rules refuse it and say why

    def _guess_action(self, pos: tuple[int, int]) -> NanuukAction | None:
        """What a click on a field that is not highlighted would mean, to explain the refusal."""
        st = self.state
        field = self.layout.field_at(pos)
        if st.phase == "crack" and st.at >= 0:
            board = st.spec.board
            lines = (*board.c_lines.get(st.at, ()), *board.d_lines.get(st.at, ()))
            edge = self.layout.edge_at(pos, lines)
            return Crack(edge) if edge is not None else None
        if field is None:
            return None
        if st.phase == "step" and st.mover >= 0:
            return Step(st.spec.movers[st.mover].id, field)
        if st.phase == "banish":
            return Banish(field)
        if st.phase == "place":
            movers = self.place_choices()
            return Place(movers[0], field) if movers else None
        return None

    # ---- drawing ------------------------------------------------------------------------------
    def _static_layer(self, surface: pygame.Surface) -> pygame.Surface:
        """The backdrop, the floe and the empty panels: one opaque blit per frame."""
        key = (surface.get_size(), self.players)
        if self._static_key != key:
            layer = pygame.Surface(surface.get_size())
            theme.draw_backdrop(layer, 0.0)
            layer.blit(self.renderer.board_layer, BOARD_RECT.topleft)
            for rect in (BANNER_RECT, ASK_RECT, LOG_RECT):
                theme.panel(layer, rect, (14, 22, 38, 215), 18)
            for seat in range(self.players):
                theme.panel(layer, self._sheet_rect(seat), (24, 34, 54, 215), 14)
                theme.panel(layer, self._chip_rect(seat), (28, 38, 58, 200), 14)
            self._static = layer.convert() if pygame.display.get_surface() else layer
            self._static_key = key
        return self._static

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        surface.blit(self._static_layer(surface), (0, 0))
        st = self.state
        self.renderer.draw_waves(surface, self.clock)
        growing = {e: t.progress(alpha) for e, t in self.growing.items() if not t.finished}
        self.growing = {e: t for e, t in self.growing.items() if not t.finished}
        self.renderer.draw_cracks(surface, st.cracks, growing)
        self._draw_highlights(surface)
        self._draw_pieces(surface, alpha)
        self._draw_banner(surface)
        self._draw_ask(surface)
        self._draw_sheets(surface)
        self._draw_log(surface)
        self._draw_dialog(surface)
        self.ui.draw_ui(surface)
        current = self.ring.current
        if self.app.show_focus and current is not None and current.enabled and not self.on_board:
            theme.draw_focus(surface, current.element.rect, self.app.clock.now)
        self._draw_guide(surface)
        self._draw_notice(surface)

    def _draw_highlights(self, surface: pygame.Surface) -> None:
        targets = self.board_targets()
        fields: dict[int, str] = {}
        edges: dict[int, str] = {}
        for n, (kind, where, action) in enumerate(targets):
            focused = n == self.focus % max(1, len(targets)) and self.on_board
            if kind == "edge":
                edges[where] = "crack-focus" if focused else "crack"
            elif focused:
                fields[where] = "focus"
            elif isinstance(action, Step):
                fields[where] = "kayak" if action.kayak else "move"
            elif isinstance(action, Banish):
                fields[where] = "banish"
            elif isinstance(action, Choose):
                fields[where] = "select"
            else:
                fields[where] = "place"
        st = self.state
        if st.mover >= 0 and st.pos[st.mover] >= 0 and st.pos[st.mover] not in fields:
            fields[st.pos[st.mover]] = "select"
        self.renderer.draw_highlights(surface, fields, edges, self.clock)

    def _draw_pieces(self, surface: pygame.Surface, alpha: float) -> None:
        st = self.state
        r = self.layout.radius
        for k, name in enumerate(PIECES):
            for field in bits(st.pieces[k]):
                if field not in self.hidden:
                    figures.draw_piece(
                        surface, PIECE_KIND[name], self.layout.centre(field), r * 0.62
                    )
        stacked: dict[int, int] = {}
        for i, mover in enumerate(st.spec.movers):
            p = st.pos[i]
            if p < 0:
                continue
            path = self.tracks.get(i)
            if path is not None and not path.finished:
                x, y = path.value(alpha)  # type: ignore[misc]
            else:
                x, y = self.layout.centre(p)
                n = stacked.get(p, 0)
                stacked[p] = n + 1
                x += (n - 0.5) * r * 0.5 if n else 0  # hunters sharing an igloo stand apart
            if i in self.kayaks:
                figures.draw_kayak(surface, (x, y + r * 0.3), r * 0.8, 0.0)
            seat = mover.seat if mover.seat >= 0 else st.seat
            selected = i == st.mover and not st.is_over()
            if mover.kind == "hunter":
                figures.draw_hunter(
                    surface,
                    (x, y),
                    r * 0.7,
                    self.colours[seat],
                    theme.seat_shape(seat),
                    selected=selected,
                )
            else:
                figures.draw_piece(surface, DRAW_MOVER[mover.kind], (x, y), r * 0.7)
                if mover.seat >= 0:
                    theme.draw_mark(
                        surface,
                        theme.seat_shape(seat),
                        self.colours[seat],
                        (int(x + r * 0.45), int(y - r * 0.45)),
                        int(r * 0.2),
                    )
        for flight in self.flights:
            fx, fy = flight.path.value(alpha)  # type: ignore[misc]
            figures.draw_piece(surface, flight.kind, (fx, fy), r * 0.62)

    def _draw_banner(self, surface: pygame.Surface) -> None:
        st = self.state
        title = tr(f"setup.variants.nanuuk.{st.spec.variant}")
        theme.text(
            surface,
            title,
            (BANNER_RECT.x + 24, BANNER_RECT.centery),
            34,
            theme.WHITE,
            True,
            "midleft",
        )
        for seat in range(self.players):
            current = seat == st.current_player
            out = seat in st.out
            rect = self._chip_rect(seat)
            if current:  # the plain chips are in the static layer
                theme.panel(surface, rect, (60, 84, 120, 230), 14)
                pygame.draw.rect(surface, theme.ACCENT, rect, 3, border_radius=14)
            theme.draw_mark(
                surface, theme.seat_shape(seat), self.colours[seat], (rect.x + 26, rect.centery), 14
            )
            name = st.names[seat] + (" ✕" if out else "")
            colour = theme.MUTED if out else theme.WHITE
            label = theme.fit(name, 28, rect.w - 60, bold=current)
            theme.text(surface, label, (rect.x + 50, rect.centery), 28, colour, current, "midleft")

    def _chip_rect(self, seat: int) -> pygame.Rect:
        return pygame.Rect(BANNER_RECT.x + 560 + seat * 320, BANNER_RECT.y + 10, 300, 52)

    def _draw_ask(self, surface: pygame.Surface) -> None:
        st = self.state
        outcome = st.outcome()
        if outcome is not None:
            text = talk.reason_text(outcome)
        elif self.replaying and st.current_player is not None:
            text = tr("saves.to_move", name=st.names[st.seat])
        elif self.thinking is not None or (
            st.current_player is not None and not self.is_human(st.current_player)
        ):
            dots = "." * (1 + int(self.clock * 3) % 3)
            text = tr("nanuuk.ask.thinking", name=st.names[st.seat]) + dots
        else:
            mover = talk.mover_name(st, st.spec.movers[st.mover].id) if st.mover >= 0 else None
            choices = self.place_choices()
            if st.phase == "place" and choices:  # which piece goes down now
                chosen = self.place_mover if self.place_mover in choices else choices[0]
                mover = talk.mover_name(st, chosen)
            text = talk.question(st, st.names[st.seat], mover)
        room = ASK_RECT.inflate(-40, -20).move(0, 4)  # two lines, smaller if the UI scale is big
        theme.text_in(surface, text, room, 32, theme.WHITE, True)
        if st.skipped:
            names = ", ".join(st.names[s] for s in st.skipped)
            theme.text(
                surface,
                tr("nanuuk.skipped", names=names),
                (ASK_RECT.x + 20, ASK_RECT.bottom + 6),
                24,
                theme.MUTED,
                False,
                "topleft",
            )

    def _sheet_point(self, seat: int) -> tuple[float, float]:
        rect = self._sheet_rect(seat)
        return (rect.centerx, rect.centery)

    def _sheet_rect(self, seat: int) -> pygame.Rect:
        h = (LOG_RECT.y - 76 - SHEETS_Y) // max(1, self.players)
        return pygame.Rect(
            PANEL_X,
            SHEETS_Y + seat * h,
            PANEL_W - 210 if seat == self.players - 1 else PANEL_W,
            h - 8,
        )

    def _draw_sheets(self, surface: pygame.Surface) -> None:
        st = self.state
        for seat in range(self.players):
            rect = self._sheet_rect(seat)
            current = seat == st.current_player
            if current:  # the plain cards are in the static layer
                theme.panel(surface, rect, (44, 62, 92, 230), 14)
            theme.draw_mark(
                surface, theme.seat_shape(seat), self.colours[seat], (rect.x + 24, rect.y + 24), 12
            )
            theme.text(
                surface,
                theme.fit(st.names[seat], 26, 220, True),
                (rect.x + 46, rect.y + 24),
                26,
                theme.WHITE,
                True,
                "midleft",
            )
            if st.spec.variant == "full":
                score = tr("nanuuk.sheet.points", n=st.score(seat))
                theme.text(
                    surface, score, (rect.right - 16, rect.y + 24), 26, theme.SNOW, True, "midright"
                )
                self._draw_hunter_sheets(surface, seat, rect)
            else:
                status = tr("nanuuk.sheet.out") if seat in st.out else tr("nanuuk.sheet.playing")
                theme.text(
                    surface,
                    status,
                    (rect.right - 16, rect.y + 24),
                    24,
                    theme.MUTED,
                    False,
                    "midright",
                )

    def _draw_hunter_sheets(self, surface: pygame.Surface, seat: int, rect: pygame.Rect) -> None:
        """Per hunter: equipment carried, the bag's four slots, the Inuk, and the igloo side."""
        hunters = self.state.spec.of_seat(seat)
        size = max(30, min(46, (rect.h - 52) // len(hunters) - 6))
        y = rect.y + 44
        for i in hunters:
            y = self._draw_hunter_sheet_row(surface, i, rect.move(0, y - rect.y - 44), size)

    def _draw_hunter_sheet_row(
        self, surface: pygame.Surface, i: int, rect: pygame.Rect, size: int = 34
    ) -> int:
        """One hunter's sheet as a row of icons at ``rect.y + 44``; returns the next row's y."""
        y = rect.y + 44
        sheet = self.state.sheets[i]
        x = rect.x + 14
        for name, bit in EQUIPMENT_BITS.items():
            x = _icon(surface, name, (x, y), size, bool(sheet.carried & bit))
        x += 12
        for k, animal in enumerate(ANIMALS):
            x = _icon(surface, animal, (x, y), size, bool(sheet.bag & (1 << k)))
        x = _icon(surface, "inuk", (x, y), size, sheet.inuk) + 12
        pygame.draw.line(surface, theme.MUTED, (x - 6, y + 2), (x - 6, y + size - 2), 2)
        small = size * 3 // 4  # the igloo side: what was brought home, with counts
        kinds = sum(1 for n in sheet.igloo if n)
        while small > 18 and x + kinds * (small + 34) > rect.right - 8:
            small -= 2  # a full igloo side shrinks rather than running off the card
        for k, animal in enumerate((*ANIMALS, "inuk")):
            if sheet.igloo[k]:
                x = _icon(surface, animal, (x, y + (size - small) // 2), small, True)
                label = f"×{sheet.igloo[k]}"
                mid = (x - 2, y + size // 2)
                theme.text(surface, label, mid, 20, theme.SNOW, True, "midleft")
                x += theme.font(20, True).size(label)[0] + 4
        return y + size + 6

    def _draw_dialog(self, surface: pygame.Surface) -> None:
        rect = self.dialog_rect()
        if rect is None:
            return
        st = self.state
        theme.panel(surface, rect, (16, 26, 46, 240), 22)
        pygame.draw.rect(surface, theme.ACCENT, rect, 3, border_radius=22)
        title = tr("nanuuk.dialog.igloo" if st.phase == "igloo" else "nanuuk.dialog.catch")
        mover = talk.mover_name(st, st.spec.movers[st.mover].id)
        heading = f"{st.names[st.seat]} · {mover} · {title}"
        theme.text(surface, heading, (rect.x + 24, rect.y + 18), 34, theme.WHITE, True, "topleft")
        sheet_rect = pygame.Rect(rect.x + 10, rect.y + 46, rect.w - 20, 100)
        self._draw_hunter_sheet_row(surface, st.mover, sheet_rect, 44)

    def _draw_log(self, surface: pygame.Surface) -> None:
        y = LOG_RECT.y + 12
        step = theme.spaced(28, 24)  # larger text: fewer lines, further apart, in the same box
        for entry in self.log[-max(1, LOG_LINES * 28 // step) :]:
            seat = entry[0]
            theme.draw_mark(
                surface, theme.seat_shape(seat), self.colours[seat], (LOG_RECT.x + 20, y + 13), 8
            )
            text = theme.fit(self.log_line(entry), 24, LOG_RECT.w - 50)
            theme.text(surface, text, (LOG_RECT.x + 38, y), 24, theme.SNOW, False, "topleft")
            y += step

    def log_line(self, entry: tuple[int, str, dict[str, Any]]) -> str:
        """A move-log entry in the current language: ``Anna: hunter 1 to F23``."""
        seat, code, params = entry
        return f"{self.state.names[seat]}: {talk.log_text(code, params)}"

    def _draw_notice(self, surface: pygame.Surface) -> None:
        if self.notice is None:
            return
        theme.panel(surface, NOTICE_RECT, (120, 40, 36, 230), 18)
        text = theme.fit(self.notice[0], 30, NOTICE_RECT.w - 40, True)
        theme.text(surface, text, NOTICE_RECT.center, 30, theme.WHITE, True, "center")

    # ---- the guided first game ------------------------------------------------------------------
    def guide_hint(self) -> Hint | None:
        """The guide's hint for the human deciding now (from his own view), or None."""
        st, seat = self.state, self.state.current_player
        if seat is None or not self.human_turn or getattr(self, "replaying", False):
            return None
        key = (id(st), len(self.log), self.place_mover, i18n.language())
        return self.guide.hint(key, lambda: guide_rules.hint(st.view(seat), seat, self.place_mover))

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

    def _draw_guide(self, surface: pygame.Surface) -> None:
        hint = self.guide_hint()
        target = self.guide_rect(hint.target) if hint is not None else None
        # over the move log, whole (its lines would peek out above a shorter panel); an arrow
        # for a field or crack line, the ring alone for a button (an arrow would hide the sheet)
        arrow = hint is not None and hint.target[0] != "button"
        self.guide.draw(
            surface, hint, target, LOG_RECT, self.clock, PANEL_W - 216, arrow=arrow, shrink=False
        )


_FADED: dict[int, pygame.Surface] = {}


def _faded(icon: pygame.Surface) -> pygame.Surface:
    key = id(icon)
    if key not in _FADED:
        faded = icon.copy()
        faded.set_alpha(70)
        _FADED[key] = faded
    return _FADED[key]


def _icon(surface: pygame.Surface, kind: str, at: tuple[int, int], size: int, bright: bool) -> int:
    """An equipment or animal icon, faded when the slot is empty; returns the next x."""
    icon = figures.piece_icon(kind, size)
    surface.blit(icon if bright else _faded(icon), at)
    return at[0] + size + 4
