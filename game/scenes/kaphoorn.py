"""The play scene of Kap Hoorn: the sea chart, the wind cards, the hands and hot-seat secrecy.

The scene never decides legality: highlighted fields and enabled buttons come from
``state.legal_actions()``, every pick goes through ``state.apply``, and a refused pick shows the
rules' reason. Hands are secret (K10): with two or more humans at the screen a hand-off screen
covers everything before each human's turn; other hands show only as card backs, a computer's
hand never. Undo takes back the player's own decisions of this turn, up to the draw.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, TypeAlias

import pygame

from game import i18n
from game.games.kaphoorn import guide as guide_rules
from game.games.kaphoorn.rules import RULES, KapState
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
from game.games.kaphoorn.view import seachart
from game.i18n import tr
from game.input.intents import Intent, Kind
from game.persist.log import LOG
from game.play.bots import BotRunner, close_runners, seat_runners
from game.play.guide.base import Guide, Hint, box, pick_panel
from game.protocol.base import IllegalAction, Refusal
from game.protocol.bots import BUDGETS
from game.protocol.streams import Streams
from game.render import theme
from game.render.tween import Path, Tween, Tweener, ease_in_out
from game.scenes import kaphoorn_talk as talk
from game.scenes.record import Recorder
from game.scenes.ui import SKIP_KINDS, UIScene
from game.session import GameConfig

AI_MIN_SECONDS = 0.45  # an AI's small action shows no earlier than this (scaled by anim. speed)
SAIL_STEP_SECONDS = 0.2  # per field of a ship's path
CARD_SECONDS = 0.45
ROSE_SECONDS = 0.8
FINAL_PAUSE = 1.5
GAIN_SECONDS = 1.4  # how long the +1 sail point of a new turn shows
NOTICE_SECONDS = 3.0
REASON_SIZE, REASON_SMALL = 22, 18  # a disabled button's reason: one line, or two smaller ones
LOG_LINES = 2

BOARD_RECT = pygame.Rect(16, 96, 1180, 968)
RIGHT_X = BOARD_RECT.right + 16
RIGHT_W = 1920 - RIGHT_X - 16
BANNER_RECT = pygame.Rect(16, 12, 1888, 72)
LOG_RECT = pygame.Rect(640, 16, 1260, 64)  # the last lines of the log, in the banner
ASK_RECT = pygame.Rect(RIGHT_X, 96, RIGHT_W, 84)
BOOKS_RECT = pygame.Rect(RIGHT_X, 188, RIGHT_W, 470)
BUTTONS_Y = 666
BUTTON_W, BUTTON_H, BUTTON_GAP = (RIGHT_W - 2 * 12) // 3, 54, 12
REASON_ROOM = 36  # under a button: between the rows, and above the hand
HAND_RECT = pygame.Rect(RIGHT_X, 852, RIGHT_W, 212)
CARD_W, CARD_H = 106, 150
NOTICE_RECT = pygame.Rect(BOARD_RECT.x + 120, BOARD_RECT.bottom - 96, BOARD_RECT.w - 240, 72)
GUIDE_PANELS = [  # where the guided game's panel may lie on the chart, best first
    pygame.Rect(36, 754, 640, 290),  # the south-west: open sea until the ships round the Horn
    pygame.Rect(536, 754, 640, 290),
    pygame.Rect(36, 160, 640, 290),
]


LogEntry: TypeAlias = tuple[int, str, dict[str, Any]]  # (seat, code, params) of the move log


@dataclass
class _AiJob:
    key: tuple[Any, ...]
    seat: int
    started: float
    action: KapAction | None = None


@dataclass
class _Flight:
    """Something drawn on its way: a wind card, a card back or a wind rose."""

    kind: str  # "card", "back", "rose"
    path: Tween
    value: int = 0  # the wind (card) or colour (rose)
    zone: int = 1  # the zone that turns a flying card


class KapHoornScene(Recorder, UIScene):
    background = False

    # ---- life cycle ---------------------------------------------------------------------------
    def enter(self, config: GameConfig, **data: Any) -> None:  # type: ignore[override]
        self.config = config
        self.state: KapState = RULES.new_game(
            config.variant, config.names, seed=config.seed, options=config.options
        )
        self.players = self.state.players
        self.renderer = seachart.ChartRenderer(self.state.chart, BOARD_RECT)
        self.layout = self.renderer.layout
        self.colours = [self._colour(i) for i in range(self.players)]
        self.tweener = Tweener(self.app.settings.animation_speed)
        self.clock = 0.0
        self.tracks: dict[int, Path] = {}  # seat -> its ship's voyage, while it runs
        self.heading = [FORWARD[1]] * self.players  # where each ship's bow points
        self.flights: list[_Flight] = []
        self.hidden: set[int] = set()  # fields whose new card is still flying there
        kinds = [seat.kind for seat in config.seats]
        self.runners: dict[int, BotRunner] = seat_runners("kaphoorn", kinds, BUDGETS.__getitem__)
        self.streams = Streams.for_table(config.seed, config.humans)  # private: not from the seed
        self.ai_job: _AiJob | None = None
        self.history: list[tuple[KapState, int]] = []  # undo within the turn, up to the draw
        self.log: list[LogEntry] = []  # translated when drawn: it follows the language
        self.selected: int | None = None  # the wind card picked from the hand
        self.ignoring = False  # the "ignore the wind" button was pressed
        # while a hand card is dragged: (wind, where it was pressed, where the pointer is)
        self.drag: tuple[int, tuple[int, int], tuple[int, int]] | None = None
        self.revealed: tuple[int, int] | None = None  # (turn, seat) whose hand may show
        self.handoff_up = False
        self.notice: tuple[str, float] | None = None
        self.guide = Guide(config.guided)  # the guided first game: a hint per human decision
        self.focus = 0
        self.on_board = True
        self.over_at: float | None = None
        self.reported = False
        self.muted = False
        self._built_key: object = None
        self._static_key: object = None
        self._static = pygame.Surface((1, 1))
        self._books: dict[tuple[Any, ...], pygame.Surface] = {}
        self.gain: tuple[int, int, float] = (-1, -1, 0.0)  # (turn, seat, until): "+1" shown
        for wind in all_winds():  # paint every card face now, not in the frame it is first laid
            for zone in (1, 2, 3):
                seachart.board_sprite(wind, FORWARD[zone], self.layout.cell)
        self._sync_controls()
        self.app.ambient("kaphoorn")
        self.begin_record(data)  # a saved game: its moves again; or a replay

    def exit(self) -> None:
        close_runners(self.runners)
        self.app.ambient(None)

    def resume(self) -> None:
        self.tweener.speed = self.app.settings.animation_speed
        self._built_key = None
        self._sync_controls()

    def _colour(self, seat: int) -> tuple[int, int, int]:
        return theme.colour_rgb(self._colour_id(seat))

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
        return (
            seat is not None
            and self.is_human(seat)
            and not self.busy
            and not self.handoff_up
            and self.revealed == (self.state.turn, seat)
        )

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

    def _maybe_hand_off(self) -> None:
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

        self.app.scenes.push(
            "handoff",
            title=tr("kaphoorn.handoff.title", name=name),
            message=tr("kaphoorn.handoff.message", name=name),
            button=tr("kaphoorn.handoff.button", name=name),
            on_confirm=confirmed,
            game="kaphoorn",
            mark=(theme.seat_shape(seat), self.colours[seat]),
        )

    # ---- the loop -----------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        self.clock += dt
        self.tweener.step(dt)
        super().update(dt)
        if self.notice is not None and self.clock >= self.notice[1]:
            self.notice = None
        self.flights = [f for f in self.flights if not f.path.finished]
        if not any(f.kind == "card" for f in self.flights):
            self.hidden.clear()
        st = self.state
        self._note_gain()
        if self.busy or self.handoff_up or self.replaying:  # a replay shows; the viewer steps
            return
        if st.is_over():
            self._end_of_game()
        elif st.current_player in self.runners:
            self._drive_ai(st.current_player)
            self._note_gain()  # the bot may have ended its turn in this very step
        else:
            self._maybe_hand_off()
        self._sync_controls()

    def _note_gain(self) -> None:
        """Step 1 of a turn: show the sail point the new mover gains."""
        st = self.state
        if not st.is_over() and self.gain[0] != st.turn:
            self.gain = (st.turn, st.seat, self.clock + GAIN_SECONDS)

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
            "game": "kaphoorn",
            "variant": self.config.variant,
            "seed": self.config.seed,
            "options": dict(self.config.options),
            "players": list(st.names),
            "kinds": [s.kind for s in self.config.seats],
            "colours": [self._colour_id(i) for i in range(self.players)],
            "scores": list(out.scores),
            "ranking": list(out.ranking),
            "winners": list(out.winners),
            "reason": f"kaphoorn_{out.reason_code}",
            "decided_by": out.details.get("decided_by", ""),  # K15: what ranked the round limit
            "turns": st.turn,
            "details": [self._details(s) for s in range(self.players)],
        }

    def _details(self, seat: int) -> dict[str, Any]:
        st = self.state
        roses = [talk.colour_name(c) for c in st.roses[seat] if c >= 0]
        return {
            "roses": ", ".join(roses) or tr("kaphoorn.details.none"),
            "to_finish": st.chart.distance[st.ships[seat]],
        }

    # ---- AI seats -----------------------------------------------------------------------------
    def _drive_ai(self, seat: int) -> None:
        st = self.state
        key = (len(self.log), st.turn, st.phase, st.played)
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
                    "kaphoorn: the %s bot chose an illegal %r", self.config.seats[seat].kind, action
                )
                self.play(st.legal_actions()[-1], by_ai=True)

    @property
    def thinking(self) -> int | None:
        job = self.ai_job
        if job is None or self.busy or job.seat != self.state.current_player:
            return None
        return job.seat

    # ---- playing actions ----------------------------------------------------------------------
    def play(self, action: KapAction, by_ai: bool = False) -> bool:
        """Apply ``action`` through the rules; an illegal one is explained and changes nothing."""
        old = self.state
        try:
            new = old.apply(action)
        except IllegalAction as exc:
            self._explain(exc.refusal)
            return False
        drew = new.phase in (DRAW,) or new.seat != old.seat or new.is_over()
        if by_ai or drew:
            self.history.clear()  # a draw is never undone, nor an AI's move
        else:
            self.history.append((old, len(self.log)))
        self.state = new
        self.record(action)
        seat = old.seat
        self.log.append((seat, *talk.entry(action)))
        for stage in range(3):
            if new.roses[seat][stage] != old.roses[seat][stage]:
                self.log.append((seat, *talk.rose_entry(new.roses[seat][stage])))
        self._animate(old, action, new)
        self.selected = None if new.phase != LAY else self._keep_selection(new)
        self.ignoring = False
        self.focus = 0
        self.on_board = True
        self._sync_controls()
        return True

    def _keep_selection(self, st: KapState) -> int | None:
        hand = st.hands[st.seat]
        return self.selected if self.selected in hand and not st.replaced else None

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
        self.selected = None
        self.ignoring = False
        self.focus, self.on_board = 0, True
        self.app.sound("click")
        self._built_key = None
        self._sync_controls()

    def _explain(self, refused: Refusal) -> None:
        self.notice = (talk.refusal_text(refused), self.clock + NOTICE_SECONDS)
        self.app.sound("bad")

    def skip(self) -> None:
        self.muted = True
        try:
            self.tweener.finish_all()
        finally:
            self.muted = False

    # ---- animation ----------------------------------------------------------------------------
    def _animate(self, old: KapState, action: KapAction, new: KapState) -> None:
        seat = old.seat
        if isinstance(action, Play | Replace):
            start = self._card_source(old, action.wind)
            end = self.layout.centre(action.to)
            zone = old.chart.zone[action.to]
            tween = self.tweener.animate(start, end, CARD_SECONDS, ease_in_out)
            self.flights.append(_Flight("card", tween, action.wind, zone))
            self.hidden.add(action.to)
            self._play_sound("card")
        elif isinstance(action, Sail | Ignore):
            self._sail(seat, old.ships[seat], action.to)
        laid = 1 if isinstance(action, Play | Replace) else 0
        for _ in range(len(new.hands[seat]) - len(old.hands[seat]) + laid):
            self._fly_back(seat)  # the free card and bought ones, face down from the pile
        for stage in range(3):
            colour = new.roses[seat][stage]
            if colour != old.roses[seat][stage]:
                start = self.layout.centre(new.ships[seat])
                end = self._book_point(seat)
                tween = self.tweener.animate(start, end, ROSE_SECONDS, ease_in_out)
                self.flights.append(_Flight("rose", tween, colour))
                self._play_sound("flags")  # a rose taken: the flags go up

    def _sail(self, seat: int, start: int, end: int) -> None:
        chart = self.state.chart
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
        self._play_sound("sails")

    def _fly_back(self, seat: int) -> None:
        start = self.renderer.pile_point()
        end = self._hand_point(seat)
        tween = self.tweener.animate(start, end, CARD_SECONDS, ease_in_out)
        self.flights.append(_Flight("back", tween))

    def _card_source(self, st: KapState, wind: int) -> tuple[float, float]:
        if self.hand_owner() == st.seat:
            for rect, w in self.hand_slots():
                if w == wind:
                    return (float(rect.centerx), float(rect.centery))
        return self._book_point(st.seat)

    def _hand_point(self, seat: int) -> tuple[float, float]:
        if self.hand_owner() == seat:
            return (float(HAND_RECT.centerx), float(HAND_RECT.centery))
        return self._book_point(seat)

    def _play_sound(self, name: str) -> None:
        if not self.muted:
            self.app.sound(name)

    # ---- the question: targets on the board and in the hand -----------------------------------
    def board_targets(self) -> list[tuple[int, KapAction, str]]:
        """(field, action, style) for every pick on the chart now."""
        if not self.human_turn:
            return []
        st = self.state
        out: list[tuple[int, KapAction, str]] = []
        offered = st.legal_actions()
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
        if owner is None:
            return []
        hand = self.state.hands[owner]
        n = max(1, len(hand))
        gap = min(CARD_W + 16, (HAND_RECT.w - 40 - CARD_W) // max(1, n - 1) if n > 1 else 0)
        width = CARD_W + gap * (n - 1)
        x0 = HAND_RECT.centerx - width // 2
        y = HAND_RECT.bottom - CARD_H - 16
        return [(pygame.Rect(x0 + i * gap, y, CARD_W, CARD_H), w) for i, w in enumerate(hand)]

    def playable_winds(self) -> set[int]:
        if not self.human_turn or self.state.phase != LAY:
            return set()
        return {a.wind for a in self.state.legal_actions() if isinstance(a, Play | Replace)}

    def focus_items(self) -> list[tuple[str, int, KapAction | None]]:
        """Keyboard/gamepad cycle: the playable hand cards, then the board's targets."""
        items: list[tuple[str, int, KapAction | None]] = []
        items += [("card", w, None) for w in sorted(self.playable_winds())]
        items += [("field", f, a) for f, a, _ in self.board_targets()]
        return items

    def select(self, wind: int) -> None:
        if wind not in self.playable_winds():
            st = self.state
            refused = st.why_not(play(wind, st.ships[st.seat])) if st.phase == LAY else None
            if self.human_turn and refused is not None:
                self._explain(refused)  # why this card cannot go anywhere (e.g. K6)
            return
        self.selected = None if self.selected == wind else wind
        self.ignoring = False
        self.focus = 0
        self._built_key = None

    def toggle_ignore(self) -> None:
        self.ignoring = not self.ignoring
        self.selected = None
        self.focus = 0
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

    # ---- controls -----------------------------------------------------------------------------
    def _sync_controls(self) -> None:
        # rebuilt only when a label or its state changes (a rebuild costs a few milliseconds)
        buttons = tuple((label, enabled) for label, _, enabled, _ in self.button_states())
        key = (i18n.language(), buttons)
        if key != self._built_key:
            self._built_key = key
            self.rebuild()

    def build(self) -> None:
        if self.replaying:  # a replay has no choices to offer, and no undo
            return
        for n, (label, run, enabled, _) in enumerate(self.button_states()):
            self.button(self._button_rect(n), label, run, "#small_button", enabled=enabled)

    @staticmethod
    def _button_rect(n: int) -> pygame.Rect:
        row, col = divmod(n, 3)
        x = RIGHT_X + col * (BUTTON_W + BUTTON_GAP)
        return pygame.Rect(x, BUTTONS_Y + row * (BUTTON_H + 40), BUTTON_W, BUTTON_H)

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
            self.app.scenes.push("pause", game="kaphoorn")
            return
        if self.busy and kind in SKIP_KINDS:
            self.skip()
            return
        items = self.focus_items()
        if kind is Kind.POINT_MOVE and pos is not None:
            self._pointer_moved(pos, items)
        if kind is Kind.POINT_DOWN and pos is not None and self._press_at(pos):
            return
        if kind is Kind.POINT_UP and pos is not None and self.drag is not None:
            self._drop(pos)
            return
        if items and self.on_board:
            if kind in (Kind.LEFT, Kind.UP):
                self.focus = (self.focus - 1) % len(items)
                return
            if kind in (Kind.RIGHT, Kind.DOWN):
                self.focus = (self.focus + 1) % len(items)
                return
            if kind is Kind.CONFIRM:
                self._activate(items[self.focus % len(items)])
                return
            if kind in (Kind.NEXT, Kind.PREV) and self.ring.items:
                self.on_board = False
                return
        elif kind in (Kind.NEXT, Kind.PREV) and items and not self.on_board:
            ring = self.ring
            enabled = [i for i, item in enumerate(ring.items) if item.enabled]
            if enabled and (
                (kind is Kind.NEXT and ring.index >= enabled[-1])
                or (kind is Kind.PREV and ring.index <= enabled[0])
            ):
                self.on_board = True
                return
        super().handle(intent)

    def _activate(self, item: tuple[str, int, KapAction | None]) -> None:
        kind, value, action = item
        if kind == "card":
            self.select(value)
            items = self.focus_items()  # jump to the first field for this card
            fields = [i for i, it in enumerate(items) if it[0] == "field"]
            self.focus = fields[0] if fields and self.selected is not None else self.focus
        elif action is not None:
            self.play(action)

    def _pointer_moved(
        self, pos: tuple[int, int], items: list[tuple[str, int, KapAction | None]]
    ) -> None:
        if self.drag is not None:
            self.drag = (self.drag[0], self.drag[1], pos)
            return
        field = self.layout.field_at(pos) if BOARD_RECT.collidepoint(pos) else None
        for n, (kind, value, _) in enumerate(items):
            if kind == "field" and value == field:
                self.focus, self.on_board = n, True

    def _press_at(self, pos: tuple[int, int]) -> bool:
        """A press on a hand card (select, start a drag) or on the chart; True if used."""
        for rect, wind in reversed(self.hand_slots()):
            if rect.collidepoint(pos):
                if self.human_turn:
                    if self.selected != wind:
                        self.select(wind)
                    self.drag = (wind, pos, pos) if wind in self.playable_winds() else None
                return True
        if BOARD_RECT.collidepoint(pos):
            self._click_board(pos)
            return True
        return False

    def _drop(self, pos: tuple[int, int]) -> None:
        wind, start = (self.drag[0], self.drag[1]) if self.drag else (None, pos)
        self.drag = None
        if wind is None or not BOARD_RECT.collidepoint(pos):
            return
        if abs(pos[0] - start[0]) + abs(pos[1] - start[1]) < 12:
            return  # a tap on the card: it stays selected
        self._click_board(pos)

    def _click_board(self, pos: tuple[int, int]) -> None:
        field = self.layout.field_at(pos)
        if field is None:
            return
        for f, action, _ in self.board_targets():
            if f == field:
                self.play(action)
                return
        if not self.human_turn:
            return
        guess = self._guess_action(field)
        if guess is not None:
            self.play(guess)  # the rules refuse it and say why

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
            if (
                span
                and (dr // span, dc // span) in STEPS
                and abs(dr) in (0, span)
                and abs(dc) in (0, span)
            ):
                return sail(STEPS.index((dr // span, dc // span)), field)
        return None

    # ---- drawing ------------------------------------------------------------------------------
    def _static_layer(self, surface: pygame.Surface) -> pygame.Surface:
        key = (surface.get_size(), self.players)
        if self._static_key != key:
            layer = pygame.Surface(surface.get_size())
            theme.draw_backdrop(layer, 0.0)
            layer.blit(self.renderer.board_layer, BOARD_RECT.topleft)
            for rect in (BANNER_RECT, ASK_RECT, HAND_RECT):
                theme.panel(layer, rect, (14, 22, 38, 215), 18)
            self._static = layer.convert() if pygame.display.get_surface() else layer
            self._static_key = key
        return self._static

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        surface.blit(self._static_layer(surface), (0, 0))
        st = self.state
        self.renderer.draw_cards(surface, st.cards, self.hidden)
        self.renderer.draw_pile(surface, len(st.pile))
        self._draw_highlights(surface)
        self._draw_ships(surface, alpha)
        self._draw_banner(surface)
        self._draw_ask(surface)
        self._draw_books(surface)
        self._draw_reasons(surface)
        self._draw_hand(surface)
        self._draw_flights(surface, alpha)
        self.ui.draw_ui(surface)
        current = self.ring.current
        on_chart = self.on_board and bool(self.focus_items())
        if self.app.show_focus and current is not None and current.enabled and not on_chart:
            theme.draw_focus(surface, current.element.rect, self.app.clock.now)
        self._draw_drag(surface)
        self._draw_guide(surface)
        self._draw_notice(surface)

    def _draw_highlights(self, surface: pygame.Surface) -> None:
        fields: dict[int, str] = {}
        items = self.focus_items()
        focused = items[self.focus % len(items)] if items and self.on_board else None
        for f, _, style in self.board_targets():
            fields[f] = style
        if focused is not None and focused[0] == "field":
            fields[focused[1]] = "focus"
        st = self.state
        if self.human_turn:
            fields.setdefault(st.ships[st.seat], "ship")
        self.renderer.draw_highlights(surface, fields, self.clock)

    def _draw_ships(self, surface: pygame.Surface, alpha: float) -> None:
        st = self.state
        cell = self.layout.cell
        by_field: dict[int, list[int]] = {}
        for seat, f in enumerate(st.ships):
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
                selected = seat == st.current_player and not st.is_over()
                seachart.draw_ship(
                    surface, (x, y), size, self.colours[seat], theme.seat_shape(seat),
                    self.heading[seat], selected,
                )  # fmt: skip

    def _draw_banner(self, surface: pygame.Surface) -> None:
        st = self.state
        left = (BANNER_RECT.x + 24, BANNER_RECT.centery)
        title = theme.text(
            surface, tr("games.kaphoorn.title"), left, 34, theme.WHITE, True, "midleft"
        )
        rounds = tr("kaphoorn.turn", n=min(st.turn // self.players + 1, st.rounds or 10**6))
        at = (title.right + 28, BANNER_RECT.centery)
        theme.text(surface, rounds, at, 28, theme.SNOW, False, "midleft")
        self._draw_log(surface)

    def _draw_ask(self, surface: pygame.Surface) -> None:
        st = self.state
        if st.is_over():
            text = talk.over_text(st)
        elif self.replaying:
            text = tr("saves.to_move", name=st.names[st.seat])
        elif self.handoff_up or (
            st.current_player is not None and not self.is_human(st.current_player)
        ):
            dots = "." * (1 + int(self.clock * 3) % 3)
            text = tr("kaphoorn.ask.thinking", name=st.names[st.seat]) + dots
        else:
            text = talk.question(st, self.selected, self.ignoring)
        room = ASK_RECT.inflate(-40, -12)  # two lines, smaller if the UI scale is big
        theme.text_in(surface, text, room, 32, theme.WHITE, True)

    def _book_rect(self, seat: int) -> pygame.Rect:
        h = min(150, (BOOKS_RECT.h - 8 * (self.players - 1)) // self.players)
        return pygame.Rect(BOOKS_RECT.x, BOOKS_RECT.y + seat * (h + 8), BOOKS_RECT.w, h)

    def _book_point(self, seat: int) -> tuple[float, float]:
        rect = self._book_rect(seat)
        return (float(rect.centerx), float(rect.centery))

    def _draw_books(self, surface: pygame.Surface) -> None:
        st = self.state
        for seat in range(self.players):
            rect = self._book_rect(seat)
            page = dict(
                name=st.names[seat],
                colour=self.colours[seat],
                shape=theme.seat_shape(seat),
                sail=st.sail[seat],
                roses=st.roses[seat],
                hand=len(st.hands[seat]),
                current=seat == st.current_player,
                ai=not self.is_human(seat),
            )
            key = (rect.size, tuple(page.values()), theme.ACCESS)  # restyled with the settings
            book = self._books.get(key)
            if book is None:  # a log book is drawn once per change, not every frame
                if len(self._books) > 64:
                    self._books.clear()
                book = pygame.Surface(rect.size, pygame.SRCALPHA)
                seachart.draw_logbook(book, book.get_rect(), **page)  # type: ignore[arg-type]
                self._books[key] = book
            surface.blit(book, rect.topleft)
        turn_no, seat, until = self.gain
        if seat >= 0 and self.clock < until and turn_no == st.turn:
            rect = self._book_rect(seat)  # the +1 of step 1 rises from the sail track
            rise = 0.0 if self.tweener.reduced else (1 - (until - self.clock) / GAIN_SECONDS) * 24
            at = (rect.x + rect.w * 0.62, rect.centery - rise)
            theme.text(surface, tr("kaphoorn.gain"), at, 34, theme.ACCENT, True, "center", True)

    def _draw_reasons(self, surface: pygame.Surface) -> None:
        for n, (_, _, enabled, reason) in enumerate(self.button_states()):
            if reason and not enabled:
                rect = self.reason_rect(n)
                if theme.fit(reason, REASON_SIZE, rect.w) == reason:
                    theme.text(surface, reason, rect.midtop, REASON_SIZE, theme.MUTED, False,
                               "midtop")  # fmt: skip
                else:  # the rules' full reason, on two smaller lines rather than cut short
                    theme.text_in(surface, reason, rect, REASON_SMALL, theme.MUTED, align="center")

    @classmethod
    def reason_rect(cls, n: int) -> pygame.Rect:
        """Where button ``n``'s reason is written: under it, above the next row or the hand."""
        rect = cls._button_rect(n)
        return pygame.Rect(rect.x, rect.bottom + 2, rect.w, REASON_ROOM)

    def _draw_log(self, surface: pygame.Surface) -> None:
        y = LOG_RECT.y
        step = theme.spaced(32, 26)  # larger text: fewer lines, further apart, in the same box
        for entry in self.log[-max(1, LOG_LINES * 32 // step) :]:
            at = (LOG_RECT.x + 12, y + step // 2)
            theme.draw_mark(surface, theme.seat_shape(entry[0]), self.colours[entry[0]], at, 9)
            text = theme.fit(self.log_text(entry), 26, LOG_RECT.w - 40)
            theme.text(surface, text, (LOG_RECT.x + 30, y), 26, theme.SNOW, False, "topleft")
            y += step

    def log_text(self, entry: LogEntry) -> str:
        """A move-log entry as a line in the current language: ``Anna: lays Gale 4 at N7``."""
        seat, code, params = entry
        return f"{self.state.names[seat]}: {talk.line(code, params)}"

    def _draw_hand(self, surface: pygame.Surface) -> None:
        st = self.state
        owner = self.hand_owner()
        title_at = (HAND_RECT.x + 20, HAND_RECT.y + 12)
        if owner is None:
            seat = st.current_player
            if seat is not None and not self.is_human(seat):
                text = tr("kaphoorn.ai_hand", name=st.names[seat])
            else:
                text = tr("kaphoorn.hand_hidden")
            room = HAND_RECT.w - 40
            theme.text(surface, text, title_at, 28, theme.SNOW, True, "topleft", width=room)
            n = len(st.hands[seat]) if seat is not None else 0
            for i in range(n):  # face down: the count only
                x = HAND_RECT.centerx - n * 40 + i * 80
                rect = pygame.Rect(x, HAND_RECT.bottom - CARD_H - 10, CARD_W, CARD_H)
                seachart.draw_card_back(surface, rect)
            return
        theme.text(
            surface,
            tr("kaphoorn.your_hand", name=st.names[owner]),
            title_at,
            28,
            theme.SNOW,
            True,
            "topleft",
            width=HAND_RECT.w - 40,
        )
        playable = self.playable_winds()
        items = self.focus_items()
        focused = items[self.focus % len(items)] if items and self.on_board else None
        winds = all_winds()
        dragged = self.drag[0] if self.drag is not None and self.drag[1] != self.drag[2] else None
        for rect, wind in self.hand_slots():
            if wind == dragged:
                dragged = None  # this card is drawn under the finger instead
                continue
            lifted = rect.move(0, -24) if wind == self.selected else rect
            seachart.draw_wind_card(
                surface, lifted, winds[wind], 0, highlight=wind in playable or wind == self.selected
            )
            if focused is not None and focused[0] == "card" and focused[1] == wind:
                pygame.draw.rect(surface, theme.ACCENT, lifted.inflate(10, 10), 4, border_radius=14)

    def _draw_flights(self, surface: pygame.Surface, alpha: float) -> None:
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

    def _draw_drag(self, surface: pygame.Surface) -> None:
        if self.drag is None:
            return
        wind, start, pos = self.drag
        if abs(pos[0] - start[0]) + abs(pos[1] - start[1]) < 12:
            return  # not yet a drag: the card stays in the hand
        rect = pygame.Rect(0, 0, CARD_W * 3 // 4, CARD_H * 3 // 4)
        rect.center = pos
        seachart.draw_wind_card(surface, rect, all_winds()[wind], 0, highlight=True)

    # ---- the guided first game ------------------------------------------------------------------
    def guide_hint(self) -> Hint | None:
        """The guide's hint for the human deciding now (from his own view), or None."""
        st, seat = self.state, self.state.current_player
        if seat is None or not self.human_turn or getattr(self, "replaying", False):
            return None
        key = (id(st), len(self.log), self.selected, self.ignoring, i18n.language())
        selected, ignoring = self.selected, self.ignoring
        secret = self.streams.seed("guide", seat)
        return self.guide.hint(
            key, lambda: guide_rules.hint(st.view(seat), seat, selected, ignoring, secret)
        )

    def guide_rect(self, target: tuple[Any, ...]) -> pygame.Rect | None:
        """Where the guide's target is: a card in the hand, a field of the chart, a button."""
        kind, where = target
        if kind == "card":
            for rect, wind in self.hand_slots():
                if wind == where:
                    return rect.move(0, -24) if wind == self.selected else rect
            return None
        if kind == "field":
            return box(self.layout.centre(where), self.layout.cell * 1.2)
        names = ("stay", "ignore", "again", "buy", "end", "undo")
        return self._button_rect(names.index(where)) if where in names else None

    def _draw_guide(self, surface: pygame.Surface) -> None:
        hint = self.guide_hint()
        target = self.guide_rect(hint.target) if hint is not None else None
        # the ring alone: an arrow would hide the next field, the hand's title or a button's name
        self.guide.draw(surface, hint, target, self._guide_panel(target), self.clock, arrow=False)

    def _guide_panel(self, target: pygame.Rect | None) -> pygame.Rect:
        """A corner of the chart that hides neither the target nor the choices and ships."""
        cell = self.layout.cell
        avoid = [(target, 1000)] if target is not None else []
        avoid += [(box(self.layout.centre(f), cell), 100) for f, _, _ in self.board_targets()]
        avoid += [(box(self.layout.centre(f), cell), 50) for f in self.state.ships]
        laid = [f for f, card in enumerate(self.state.cards) if card >= 0]
        avoid += [(box(self.layout.centre(f), cell), 1) for f in laid]
        avoid += [(box(self.layout.centre(f), cell), 5) for f in self.state.chart.station]
        return pick_panel(GUIDE_PANELS, avoid)

    def _draw_notice(self, surface: pygame.Surface) -> None:
        if self.notice is None:
            return
        theme.panel(surface, NOTICE_RECT, (120, 40, 36, 230), 18)
        text = theme.fit(self.notice[0], 30, NOTICE_RECT.w - 40, True)
        theme.text(surface, text, NOTICE_RECT.center, 30, theme.WHITE, True, "center")
