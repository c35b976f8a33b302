"""The play table: what every game's play scene shares, written once.

A game's scene subclasses :class:`PlayTable` and keeps only its board, its panels and its
questions. The table holds the rest:

- **seats**: colours and marks, which seats are people and which are computers;
- **computer seats**: each asks its bot in the worker process with the seat's own view and a
  private random stream, shows its move no sooner than ``AI_MIN_SECONDS`` (pacing), and falls
  back to the first legal action if the bot ever answers with an illegal one;
- **playing**: every action goes through the rules; a refusal is shown as a notice in the
  player's language (``refusal.<game>.<code>``) and changes nothing;
- **undo**: takes back people's decisions, never past a computer's move or a reveal
  (``reveals``);
- **the move log**: ``(seat, key, params)`` entries, translated when drawn
  (``<game>.log.<key>``), so they follow a change of language; the whole game's entries are
  kept (the panels show the last few), so undo can always take its lines back;
- **the last turns**: what each seat did in its last turn (``trail``), kept until it moves
  again, for the markers on the board (``game.play.trails``); the whole log opens over the
  table (``open_log``: a button, L, a pad's X, a press on the log's lines);
- **recording**: the actions played (for replays) and the position (for saves and the
  autosave); ``start=<state>`` goes on from a saved position, ``moves=[...]`` plays moves again
  quietly on entering, ``replaying=True`` only shows (the replay viewer). Undo and the move
  log begin again where a game is resumed from a position (a save holds no history);
- **the end of the game**: the final position stays a moment with what decided it marked and a
  sentence why, then the results; a person's move that ends it is asked first
  (``game.play.finale``: ``finale_marks``, ``finale_sentence``, ``ending_question``).

A game hooks in by overriding: ``decision_key``, ``log_entries``, ``trail``, ``animate``,
``settle``, ``reveals``, ``after_play``, ``prepare_human``, ``seat_details``, ``turns``,
``suggest`` and ``guide_key`` (all documented below), besides ``build`` of a UI scene. Drawing
(``game.play.tabledraw``, which the table builds on): ``draw`` is the table's, the same order
at every table; the game draws its board and panels in
``draw_board`` and places the rest through ``draw_over_controls``, ``draw_over_all``,
``focus_on_board``, ``guide_rect``, ``guide_place`` and ``NOTICE_AREA``/``NOTICE_STYLE``; the
log panel's lines come from ``log_lines``, an Undo button from ``undo_button``. Input:
``handle`` does what every table does first (the guide's key, the pause menu, a click or key
that skips the running animation) and hands the rest to ``handle_board``, the game's board and
controls; ``click_board(pos)`` plays the action offered there (``action_at``) or, on a person's
turn, what the click would mean (``guess_at``), so the rules say why not. Two more hooks say
things in the game's own words: ``spoken(params)`` puts the rules' parameters of a refusal or a
log entry into the player's words (a mover's id as "hunter 1"), and ``reason(outcome)`` names
what the results screen tells (``results.reason.<game>_<reason>``).
``refusal_text`` says a refusal in the player's language (by default its code's text with
``spoken`` parameters). A press on the board goes to ``play_pick(chosen, guess)``
(``click_board`` is that for a position); a board whose choices take the keyboard and gamepad
focus beside the buttons keeps a ``game.ui.kit.BoardFocus``.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from game.engine.intents import Intent, Kind
from game.engine.pacing import FULL
from game.engine.tween import Tweener
from game.i18n import tr
from game.persist.log import LOG
from game.play import saves
from game.play.bots import BotRunner, check_levels, close_runners, seat_runners
from game.play.config import GameConfig
from game.play.finale import TableFinale
from game.play.guide.base import Guide
from game.play.phoneseats import TablePhones
from game.play.plugin import GamePlugin
from game.play.registry import plugin
from game.play.tabledraw import LogEntry, TableDrawing
from game.play.trails import TrailEntry, Trails
from game.protocol.base import IllegalAction, Outcome, Refusal, State
from game.protocol.streams import Streams
from game.ui import theme
from game.ui.kit import SKIP_KINDS

if TYPE_CHECKING:
    from game.engine.services import Services

NOTICE_SECONDS = 3.0


@dataclass
class AiJob:
    """A computer seat's pending decision: asked at ``started``, its answer once known."""

    key: tuple[Any, ...]
    seat: int
    started: float
    action: Any = None


class PlayTable(TablePhones, TableFinale, TableDrawing):
    idle_pace = FULL  # pieces slide, computer players move
    background = False
    AI_MIN_SECONDS: ClassVar[float] = 0.6  # a computer's move shows no sooner (scaled by speed)
    FINAL_SOUND: ClassVar[str | None] = None  # played when the game is over
    replaying = False  # set by enter; here too for a table whose enter failed

    # ---- life cycle ---------------------------------------------------------------------------
    def __init__(
        self,
        services: Services,
        config: GameConfig,
        moves: Sequence[dict[str, Any]] = (),
        replaying: bool = False,
        start: State[Any] | None = None,
        played: int = 0,
        game_id: str = "",
    ) -> None:
        super().__init__(services)
        self.name = config.game  # what the kiosk and the statistics call a game's table
        self.config = config
        self.opened_with = moves, replaying, start, played, game_id

    def enter(self) -> None:
        moves, replaying, start, played, game_id = self.opened_with
        config = self.config
        self.runners: dict[int, BotRunner] = {}  # none yet: a table refused below closes cleanly
        self.plugin: GamePlugin = plugin(config.game)
        if not replaying:  # a computer seat the game's bots cannot fill: refused now, not
            # at its first move (a replay's seats only watch)
            check_levels(config.game, self.plugin.levels, [s.kind for s in config.seats])
        self.state: Any = start
        if start is None:
            self.state = self.plugin.rules.new_game(
                config.variant, config.names, seed=config.seed, options=config.options
            )
        self.start = start  # the saved position resumed from: a replay's moves begin there
        self.played = played  # the moves made before that position (the saves list counts)
        self.game_id = game_id or secrets.token_hex(8)  # one game across its saves
        self.players = len(config.seats)
        self.colours = [theme.colour_rgb(self.colour_id(s)) for s in range(self.players)]
        self.shapes = [theme.seat_shape(s) for s in range(self.players)]
        self.tweener = Tweener(self.services.settings.animation_speed)
        self.replaying = replaying  # the replay viewer steps; nobody thinks, nothing is hidden
        self.restoring = False  # moves played again on entering: quiet, no controls built
        self.muted = False
        kinds = [seat.kind for seat in config.seats]
        self.runners = (
            {}
            if replaying
            else seat_runners(config.game, kinds, self.plugin.budget, config.variant)
        )
        self.streams = Streams.for_table(config.seed, config.humans)  # private: not the seed
        self.ai_job: AiJob | None = None
        self.history: list[tuple[State[Any], int]] = []  # undo: (state, log length) per decision
        self.log: list[LogEntry] = []
        self.log_serial = 0  # changes with every entry: panels that show the log repaint
        self.trails = Trails()  # each seat's last turn, marked on the board (``trail``)
        self.trail_drawn = []  # where the last frame drew each seat's markers (tests look)
        self.notice: tuple[str, float] | None = None
        self.guide = Guide(config.guided and not replaying)  # the guided first game
        self.moves: list[dict[str, Any]] = []  # the actions played, for saves and replays
        self.over_at: float | None = None
        self.reported = False
        self._built_key: object = None
        self.start_phones(replaying)
        self.setup()
        self.services.ambient(config.game)
        self.restore(moves)

    def setup(self) -> None:
        """The game's part of ``enter``: its board, panels and their state."""

    def exit(self) -> None:
        close_runners(self.runners)
        self.services.ambient(None)

    def resume(self) -> None:
        """Back from an overlay (pause, settings): the speed or the look may have changed."""
        self.tweener.speed = self.services.settings.animation_speed
        self._built_key = None
        self.sync_controls()

    # ---- seats --------------------------------------------------------------------------------
    def colour_id(self, seat: int) -> str:
        return self.config.seats[seat].colour or theme.seat_colours()[seat][0]

    def is_human(self, seat: int) -> bool:
        return self.config.seats[seat].is_human

    @property
    def busy(self) -> bool:
        return self.tweener.busy

    @property
    def human_turn(self) -> bool:
        """A person at the TV is to move now: the TV offers his choices (a seat on a phone
        chooses on its phone: the TV neither offers its choices nor points at them)."""
        seat = self.state.current_player
        return (seat is not None and self.is_human(seat) and not self.on_phone(seat)
                and not self.busy and not self.replaying)  # fmt: skip

    @property
    def last_decider(self) -> int | None:
        """Who made the decision undo would take back, if any."""
        return self.history[-1][0].current_player if self.history else None

    @property
    def thinking(self) -> int | None:
        """The computer seat whose bot is thinking now (shown at its panel), if any."""
        job = self.ai_job
        if job is None or self.busy or job.seat != self.state.current_player:
            return None
        return job.seat

    # ---- the loop -----------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        self.tweener.step(dt)
        super().update(dt)
        if self.notice is not None and self.time.now >= self.notice[1]:
            self.notice = None
        phones = self.phones
        if phones is not None:
            phones.hear()  # the phones' moves, played as clicks
        self.go_on()
        if phones is not None and self.phones is phones:
            phones.tell()  # what changed, to each phone seat

    def go_on(self) -> None:
        """The table's part of a frame: the end, a computer's move or a person's turn."""
        if self.busy or not self.ready():
            return
        self.settle()
        if self.replaying:
            return
        st = self.state
        if st.is_over():
            self._end_of_game()
        elif st.current_player in self.runners:
            self._drive_ai(st.current_player)
        else:
            self.prepare_human()
        self.sync_controls()
        self.aim_guide()

    def ready(self) -> bool:
        """Whether the table may go on now (False while a hand-off screen is up, say)."""
        return True

    def wait_background(self, limit: float) -> bool:
        """Block up to ``limit`` seconds until the work this table does off the loop's thread
        (a chart's textures) is done; whether it is. The tests' drivers wait so before each
        frame, as for a bot's answer: what a test sees does not depend on the machine's speed."""
        return True

    def _end_of_game(self) -> None:
        if self.over_at is None:  # the end told on the table, then the results (finale)
            self.start_finale()
            if self.FINAL_SOUND:
                self.sound(self.FINAL_SOUND)
        elif self.time.now >= self.over_at and not self.reported:
            self.reported = True
            self.services.game_over(self.save_record("replay"), self.outcome_dict())

    def outcome_dict(self) -> dict[str, Any]:
        """The finished game for the results screen and ``--exit-when-over``'s JSON line."""
        out = self.state.outcome()
        assert out is not None
        return {
            "game": self.config.game,
            "variant": self.config.variant,
            "seed": self.config.seed,
            "options": dict(self.config.options),
            "players": list(self.config.names),
            "kinds": [s.kind for s in self.config.seats],
            "colours": [self.colour_id(s) for s in range(self.players)],
            "scores": list(out.scores),
            "ranking": list(out.ranking),
            "winners": list(out.winners),
            "reason": f"{self.config.game}_{self.reason(out)}",
            "turns": self.turns(),
            "details": [self.seat_details(s) for s in range(self.players)],
        }

    # ---- computer seats -----------------------------------------------------------------------
    def _drive_ai(self, seat: int) -> None:
        key = self.decision_key()
        job = self.ai_job
        if job is None or job.key != key:
            seed = self.streams.seed("bot", *key)
            self.runners[seat].start(self.state.view(seat), seed)  # only its own view
            self.ai_job = job = AiJob(key, seat, self.time.now)
        if job.action is None:
            job.action = self.runners[seat].poll()
        wait = self.AI_MIN_SECONDS / max(0.25, self.services.settings.animation_speed)
        if job.action is not None and self.time.now - job.started >= wait:
            action, self.ai_job = job.action, None
            if not self.play(action, by_ai=True):  # one policy for every game
                kind = self.config.seats[seat].kind
                LOG.error("%s: the %s bot chose an illegal %r", self.config.game, kind, action)
                self.play(self.state.legal_actions()[0], by_ai=True)

    # ---- playing ------------------------------------------------------------------------------
    def play(self, action: Any, by_ai: bool = False, asked: bool = False) -> bool:
        """Apply ``action`` through the rules; a refused one is explained and changes nothing.
        A person's move that ends the game (or loses it for him) waits for his "yes" first
        (``asks_first``; ``asked``: he said it)."""
        old = self.state
        try:
            new = old.apply(action)
        except IllegalAction as exc:
            self.refuse(exc.refusal)
            return False
        if self.asks_first(old, action, by_ai, asked):
            return False
        if new.is_over():
            self.final_from = old
        if by_ai or self.reveals(old, action, new):
            self.history.clear()  # undo never goes back past a computer's move or a reveal
        else:
            self.history.append((old, len(self.log)))
        self.state = new
        self.moves.append(action.to_dict())
        self.trails.add(len(self.moves), self.trail(old, action, new))
        for seat, key, params in self.log_entries(old, action, new):
            self.add_log(seat, key, **params)
        self.animate(old, action, new)
        self.after_play(old, action, new)
        self._built_key = None
        self.rebuild()
        return True

    def play_pick(self, chosen: Any | None, guess: Callable[[], Any | None]) -> None:
        """A press on the board: the choice there (``chosen``), or else what the press would mean
        (``guess()``, on a person's turn), played so that the rules say why it is refused."""
        action = chosen if chosen is not None or not self.human_turn else guess()
        if action is not None:
            self.play(action)

    def refuse(self, refusal: Refusal) -> None:
        """Say why an action is not allowed, in the player's language, for a moment."""
        self.notice = (self.refusal_text(refusal), self.time.now + NOTICE_SECONDS)
        self.sound("bad")

    @property
    def may_undo(self) -> bool:
        return bool(self.history) and not self.busy and not self.replaying

    def undo(self) -> None:
        """Take back the last decision made here (never a computer's move, never a reveal)."""
        if not self.may_undo:
            return
        state, log_length = self.history.pop()
        self.state = state
        if self.moves:
            self.moves.pop()
        self.trails.cut(len(self.moves))
        del self.log[log_length:]
        self.log_serial += 1
        self.ai_job = None
        for runner in self.runners.values():
            runner.cancel()
        self.tweener.finish_all()
        self.settle()
        self.after_undo()
        self.sound("click")
        self._built_key = None
        self.sync_controls()

    def skip(self) -> None:
        """A click or key skips the running animation to its end (quietly)."""
        self.muted = True
        try:
            self.tweener.finish_all()
        finally:
            self.muted = False

    def sound(self, name: str) -> None:
        """Play a sound, unless the table is quiet (restoring a game, skipping)."""
        if not self.muted:
            self.services.sound(name)

    # ---- input --------------------------------------------------------------------------------
    def handle(self, intent: Intent) -> None:
        """The guide's and the move log's keys (``table_key``), the pause menu, skipping an
        animation; the rest: ``handle_board``."""
        if self.table_key(intent):
            return
        if intent.kind in (Kind.BACK, Kind.PAUSE):
            self.services.menus.pause(self.config.game)
        elif self.holding and not self.busy and intent.kind in SKIP_KINDS:
            self.end_finale()  # the results at once
        elif self.busy and intent.kind in SKIP_KINDS:
            self.skip()
        else:
            self.handle_board(intent)

    def handle_board(self, intent: Intent) -> None:
        """An intent for the game's board and controls; by default the controls' focus ring,
        and a press on no control is a click on the board (``click_board``)."""
        super().handle(intent)
        pos, items = intent.pos, self.ring.items
        if intent.kind is Kind.POINT_DOWN and pos is not None and not any(
                i.element.visible and i.element.rect.collidepoint(pos) for i in items):
            self.click_board(pos)

    def click_board(self, pos: tuple[int, int]) -> None:
        """A click or tap on the board: the action offered there, else what it would mean."""
        self.play_pick(self.action_at(pos), lambda: self.guess_at(pos))

    # ---- the move log -------------------------------------------------------------------------
    def add_log(self, seat: int | None, key: str, **params: Any) -> None:
        self.log.append((seat, key, params))
        self.log_serial += 1

    def log_text(self, entry: LogEntry) -> str:
        _, key, params = entry
        return tr(f"{self.config.game}.log.{key}", **self.spoken(params))

    # ---- saves and replays --------------------------------------------------------------------
    def restore(self, moves: Sequence[dict[str, Any]]) -> None:
        """Play ``moves`` again at once and quietly; a move the rules refuse raises SaveError."""
        self.restoring = self.muted = True
        try:
            for n, data in enumerate(moves, 1):
                seat = self.state.current_player
                action = self.state.action_from_dict(data)
                by_ai = seat is not None and not self.is_human(seat)
                if not self.play(action, by_ai=by_ai):
                    raise saves.SaveError(f"move {n} cannot be played")
                self.skip()
        finally:
            self.restoring = self.muted = False
        self.tweener.finish_all()
        self.notice = None
        self.settle()
        self._built_key = None
        self.rebuild()

    def play_next(self, data: dict[str, Any]) -> None:
        """The replay viewer's step: the next recorded action, played and animated."""
        seat = self.state.current_player
        by_ai = seat is not None and not self.is_human(seat)
        self.play(self.state.action_from_dict(data), by_ai=by_ai)

    def rebuild(self) -> None:
        """The controls, once restoring is over (building them per restored move is slow)."""
        if not self.restoring:
            super().rebuild()

    def sync_controls(self) -> None:
        """Build the controls again when what they offer has changed (``controls_key``)."""
        key = (id(self.state), self.controls_key())
        if key != self._built_key:
            self._built_key = key
            self.rebuild()

    def save_record(self, kind: str) -> saves.Record:
        return saves.build(kind, self.config, self.moves, self.state, start=self.start,
                           played=self.played, game_id=self.game_id)  # fmt: skip

    # ---- hooks a game's table overrides ---------------------------------------------------------
    def decision_key(self) -> tuple[Any, ...]:
        """Names the decision a computer seat is asked for: a new key is a new question."""
        return (len(self.moves), self.state.current_player)

    def controls_key(self) -> object:
        """What the controls depend on besides the state (a picked card, a chosen piece)."""
        return None

    def spoken(self, params: Mapping[str, Any]) -> Mapping[str, Any]:
        """The rules' parameters of a refusal or a log entry in the player's words."""
        return params

    def reason(self, outcome: Outcome) -> str:
        """What the results screen tells of the end: by default how the game ended."""
        return outcome.reason_code

    def action_at(self, pos: tuple[int, int]) -> Any | None:
        """The action offered to the person to move at ``pos`` on the board, if any."""
        return None

    def guess_at(self, pos: tuple[int, int]) -> Any | None:
        """What a click at ``pos`` would mean though nothing is offered there (to explain)."""
        return None

    def refusal_text(self, refusal: Refusal) -> str:
        """A refusal of the rules in the player's language (its parameters in his words)."""
        return tr(f"refusal.{self.config.game}.{refusal.code}", **self.spoken(refusal.params))

    def log_entries(self, old: Any, action: Any, new: Any) -> list[LogEntry]:
        """The log lines an action makes: ``(seat, key, params)``."""
        return []

    def trail(self, old: Any, action: Any, new: Any) -> list[TrailEntry]:
        """What an action leaves on the board for the markers of each seat's last turn
        (``game.play.trails``): ``(seat, turn, mark)``; a mark ``None`` only begins that
        seat's ``turn`` (its older marks go). The game draws ``trail_marks()``."""
        return []

    def animate(self, old: Any, action: Any, new: Any) -> None:
        """Start the animations of a played action (tweening from ``old`` to ``new``)."""

    def after_play(self, old: Any, action: Any, new: Any) -> None:
        """Anything else an action changes on the screen (a selection cleared, say)."""

    def after_undo(self) -> None:
        """Anything an undo changes on the screen besides the state and the log."""

    def settle(self) -> None:
        """The animations are over: every piece stands where the rules put it."""

    def reveals(self, old: Any, action: Any, new: Any) -> bool:
        """Whether ``action`` shows somebody something he did not know (no undo past it)."""
        return False

    def prepare_human(self) -> None:
        """A person is to move: the hand-off policy (hide secrets, pass the device)."""

    def seat_details(self, seat: int) -> dict[str, Any]:
        """The results' columns for ``seat``."""
        return {}

    def turns(self) -> int:
        """Turns played in the whole game (the results' footer)."""
        return 0
