"""The play scene of Der Berg ruft: the mountain, the figures, the screen with its flags, the guess
pad and the caller's choices, with hot-seat hand-offs (B7) and AI seats.

The scene never decides legality: the buttons come from ``state.legal_actions()`` and every click
goes through ``state.apply``; an IllegalAction is shown briefly and changes nothing.
Secrecy (B7): the number is drawn only for a human caller in the phases "set"/"decide" once he has
confirmed the hand-off (or no other human guesses), and for everyone once the screen is lifted.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cache
from typing import Any

import pygame

from game import i18n
from game.games.bergruft import guide as guide_rules
from game.games.bergruft.rules import (
    HEIDI_START,
    PETER_START,
    AllowGuess,
    BergAction,
    BergState,
    Guess,
    Hint,
    LiftScreen,
    Phase,
    Punish,
    SetFlags,
    Waive,
)
from game.games.bergruft.view import flagscreen
from game.games.bergruft.view import mountain as board
from game.i18n import tr
from game.input.intents import Intent, Kind
from game.play.guide.base import Hint as GuideHint
from game.play.table import LogEntry, PlayTable
from game.render import theme
from game.render.tween import Path, Tween, ease_in_out, ease_out, linear
from game.scenes.ui import SKIP_KINDS

CLIMB_LEG = 0.30  # seconds per step when climbing
SLIDE_LEG = 0.07  # seconds per step when sliding back down on a restart
FLAG_EVERY = 0.13  # the reveal raises one flag every ... seconds
LOG_LINES = 7

PANEL_X = board.BOARD_WIDTH + 16
PANEL_W = 1920 - PANEL_X - 16
CARD_W, CARD_H = (PANEL_W - 8) // 2, 112
SCREEN_RECT = pygame.Rect(PANEL_X, 374, PANEL_W, 158)
CHIPS_Y = 540
PROMPT_Y = 604
CONTROLS_Y = 690
PAD_COLS, PAD_GAP = 6, 8
PAD_W, PAD_H = (PANEL_W - (PAD_COLS - 1) * PAD_GAP) // PAD_COLS, 96
NOTICE_RECT = pygame.Rect(PANEL_X, 1000, PANEL_W, 74)
LOG_RECT = pygame.Rect(20, 96, 540, 44 + 34 * LOG_LINES)
GUIDE_RECT = pygame.Rect(20, LOG_RECT.bottom + 62, 440, 470)  # the guided game's panel: trees
BANNER_RECT = pygame.Rect(0, 0, board.BOARD_WIDTH, 76)
CARDS_RECT = pygame.Rect(PANEL_X, 96, PANEL_W, 2 * CARD_H + 10)
PROMPT_RECT = pygame.Rect(PANEL_X, CHIPS_Y - 4, PANEL_W, CONTROLS_Y - CHIPS_Y)
STORY_RECT = pygame.Rect(PANEL_X, CONTROLS_Y, PANEL_W, 290)
SCREEN_REGION = pygame.Rect(PANEL_X - 12, 336, PANEL_W + 24, 532 - 336)

FIGURES = ("heidi", "peter")


@dataclass
class _Segment:
    path: Path
    steps: list[int]
    hop: bool


@dataclass
class _Track:
    """A figure's drawn position: its resting step, or the moves (paths) still being shown."""

    position: int
    segments: list[_Segment] = field(default_factory=list)

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
            if seg.hop and not theme.ACCESS.reduced_motion:  # reduced motion: no hops
                for leg in seg.path.legs:
                    p = leg.progress(alpha)
                    if 0.0 < p < 1.0:
                        y -= math.sin(math.pi * p) * 16
                        break
            return x, y
        return where(self.position)


class BergruftScene(PlayTable):
    # ---- life cycle ---------------------------------------------------------------------------
    def setup(self) -> None:
        self.tracks = {
            (s, f): _Track(HEIDI_START if f == "heidi" else PETER_START)
            for s in range(self.players)
            for f in FIGURES
        }
        self.viewer: int | None = None  # the seat allowed to see the number now (B7)
        self.handoff_up = False
        self.selected: int | None = None  # the caller's pick on the pad, before "set"
        self.reveal: int | None = None  # the number shown to everybody (screen lifted)
        self.lift: Tween | None = None
        self.shake: Tween | None = None
        self.flag_h = [0.0] * flagscreen.FLAGS
        self.flag_target = [0.0] * flagscreen.FLAGS
        self.drawn_number: int | None = None  # what the last frame showed behind the screen
        self.narration: tuple[str, dict[str, Any]] | None = None
        self.pad: list[pygame.Rect] = []
        self.blocked: list[tuple[pygame.Rect, BergAction]] = []
        self.shown: BergState = self.state  # what the banner and cards show: the turn animated
        self._overlay = board.board_surface(self.state.mountain).copy()
        self._region_keys: dict[str, object] = {}

    def resume(self) -> None:
        # the settings may have changed contrast or text size: paint the board and panels anew
        self._overlay = board.board_surface(self.state.mountain).copy()
        self._region_keys = {}
        super().resume()

    @property
    def number_visible(self) -> bool:
        """Whether the screen may show the flags now (B7)."""
        if self.reveal is not None or self.replaying:  # a replay hides nothing
            return True
        st = self.state
        return (
            self.viewer == st.caller
            and self.is_human(st.caller)
            and st.phase in (Phase.SET, Phase.DECIDE)
            and not self.handoff_up
        )

    def _viewer_number(self) -> int | None:
        """The number as the seat now looking at the screen may see it (its own view)."""
        if self.replaying:
            return self.state.number
        if self.viewer is None:
            return None
        return self.state.view(self.viewer).number

    # ---- the table's hooks --------------------------------------------------------------------
    def update(self, dt: float) -> None:
        self._ease_flags(dt)
        super().update(dt)

    def ready(self) -> bool:
        return not self.handoff_up

    def settle(self) -> None:
        """Once the animations are over, every figure stands where the rules put it."""
        st = self.shown = self.state
        for (seat, figure), track in self.tracks.items():
            track.position = (st.heidi if figure == "heidi" else st.peter)[seat]
            track.segments.clear()

    def decision_key(self) -> tuple[Any, ...]:
        st = self.state
        return (st.turn, str(st.phase), len(st.guesses), st.current_player)

    def reveals(self, old: BergState, action: BergAction, new: BergState) -> bool:
        """Only the flags just set may be taken back, on the hand-off screen before the device
        goes to the guesser (a computer guesser answers at once): every other decision
        answers a guess, or is a guess that tells the caller something."""
        return not isinstance(action, SetFlags)

    def after_play(self, old: BergState, action: BergAction, new: BergState) -> None:
        self.selected = None
        if new.phase is Phase.SET or new.is_over():
            self.viewer = None  # a new turn: the next caller gets his own hand-off (B7)
        if new.turn > old.turn and new.last_result is not None:
            self.narration = _narration(new)

    def after_undo(self) -> None:
        self.viewer = None  # the number was set again: hide it until the caller looks (B7)
        self.flag_target = [0.0] * flagscreen.FLAGS
        self.flag_h = list(self.flag_target)

    def seat_details(self, seat: int) -> dict[str, Any]:
        st = self.state
        return {
            "peter": st.peter[seat],
            "heidi": st.heidi[seat],
            "free_steps": st.free_steps(seat),
            "stones": st.mountain[st.peter[seat]],
        }

    def turns(self) -> int:
        return int(self.state.turn)

    # ---- hot-seat secrecy (B7) ------------------------------------------------------------------
    def prepare_human(self) -> None:
        st = self.state
        both = self.is_human(st.caller) and self.is_human(st.guesser)
        if st.phase in (Phase.SET, Phase.DECIDE):
            if self.viewer == st.caller:
                return
            if both:
                self._handoff(st.caller, st.phase)
            else:
                self.viewer = st.caller
        elif st.phase is Phase.GUESS and self.viewer != st.guesser:
            if both:  # the caller looked behind the screen: hide it, pass the device (B7)
                self._handoff(st.guesser, st.phase)
            else:
                self.viewer = st.guesser

    def _handoff(self, seat: int, phase: Phase) -> None:
        st = self.state
        caller, guesser = st.names[st.caller], st.names[st.guesser]
        self.viewer = None  # hide the number before the device changes hands
        self.handoff_up = True
        self._built_key = None
        self.rebuild()

        def confirmed() -> None:
            self.handoff_up = False
            self.viewer = seat

        def undone() -> None:  # the caller takes his flags back before passing the device
            self.handoff_up = False
            self.undo()

        key = {Phase.SET: "set", Phase.DECIDE: "decide"}.get(phase, "guess")
        self.app.scenes.push(
            "handoff",
            title=tr(f"bergruft.handoff.{key}_title", caller=caller, guesser=guesser),
            message=tr(f"bergruft.handoff.{key}_message", caller=caller, guesser=guesser),
            button=tr("bergruft.handoff.button", name=st.names[seat]),
            on_confirm=confirmed,
            on_undo=undone if self.may_undo else None,
            undo=tr("bergruft.handoff.undo", caller=caller),
            game=self.config.game,
            mark=(self.shapes[seat], self.colours[seat]),
        )

    def skip(self) -> None:
        super().skip()
        self.flag_h = list(self.flag_target)

    def _sound(self, name: str) -> Callable[[], None]:
        return lambda: self.sound(name)

    # ---- animation ----------------------------------------------------------------------------
    def animate(self, old: BergState, action: BergAction, new: BergState) -> None:
        tw = self.tweener
        if isinstance(action, SetFlags):
            self.shake = tw.animate(0.0, 1.0, 0.45, linear)
            self.sound("flags")  # behind the screen: the same sound for any number
            self.narration = None
            return
        if isinstance(action, AllowGuess):
            self.sound("click")
            tw.animate(0.0, 1.0, 0.35, ease_out)
            return
        if new.phase is Phase.DECIDE:  # a wrong first or second guess
            self.sound("bad")
            tw.animate(0.0, 1.0, 0.35, ease_out)
            return
        t = 0.0
        if new.phase is Phase.PUNISH:  # a wrong third guess off by more than three: screen up
            assert new.number is not None
            self._reveal(new.number, 0.0)
            return
        result = new.last_result
        assert result is not None
        if self.reveal is None:
            t = self._reveal(result.number, 0.0)
        t = self._moves(result, t)
        tw.after(t + 0.6, self._lower_screen)
        if new.is_over():  # the avalanches come down, then the winner
            tw.after(t + 0.2, self._sound("rockslide"))
            tw.after(t + 1.6, self._sound("good"))

    def _reveal(self, number: int, t: float) -> float:
        """Lift the screen and raise the flags one by one, so everybody sees the number."""
        self.reveal = number
        self.flag_h = [0.0] * flagscreen.FLAGS
        self.flag_target = [0.0] * flagscreen.FLAGS
        self.lift = self.tweener.animate(0.0, 1.0, 0.45, ease_in_out, delay=t)
        t += 0.5
        for i in range(number):
            self.tweener.after(t + i * FLAG_EVERY, self._raise_flag(i))
        return t + number * FLAG_EVERY + 0.6

    def _raise_flag(self, i: int) -> Callable[[], None]:
        def run() -> None:
            self.flag_target[i] = 1.0
            if not self.muted:
                self.sound("flag")

        return run

    def _lower_screen(self) -> None:
        self.lift = self.tweener.animate(1.0, 0.0, 0.35, ease_in_out, on_finished=self._hidden)

    def _hidden(self) -> None:
        self.reveal = None
        self.lift = None
        self.flag_h = [0.0] * flagscreen.FLAGS
        self.flag_target = [0.0] * flagscreen.FLAGS

    def _moves(self, r: Any, t: float) -> float:
        c, g = r.caller, r.guesser
        hb, pb, ha, pa = r.heidi_before, r.peter_before, r.heidi_after, r.peter_after
        if r.guessed:
            self.tweener.after(t, self._sound("good"))
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
            self.tweener.after(t, self._sound("bad"))
            down = max(PETER_START, pb[g] - 1)
            t = self._move(g, "peter", pb[g], down, t, CLIMB_LEG)
            t = self._move(g, "heidi", hb[g], ha[g], t, CLIMB_LEG)
            if pa[g] != down:
                t = self._move(g, "peter", down, pa[g], t, SLIDE_LEG * 2, hop=False)
        return t

    def _slide(self, seat: int, heidi: int, peter: int, t: float) -> float:
        """A restart: the pair slides back down to its start fields together."""
        self.tweener.after(t, self._sound("rockslide"))
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
        track.segments.append(_Segment(path, steps, hop))
        if hop:
            for i in range(1, len(steps)):
                self.tweener.after(t + i * leg - leg * 0.2, self._sound("step"))
        return path.duration

    def _ease_flags(self, dt: float) -> None:
        if not self.number_visible:
            self.flag_h = [0.0] * flagscreen.FLAGS
            return
        if self.reveal is None:  # the caller's private view follows his pick at once
            shown = self.selected if self.state.phase is Phase.SET else self._viewer_number()
            self.flag_target = [1.0 if i < (shown or 0) else 0.0 for i in range(flagscreen.FLAGS)]
        rate = 1.0 if self.tweener.reduced else 7.0 * dt * self.tweener.speed  # flags jump
        for i, target in enumerate(self.flag_target):
            h = self.flag_h[i]
            self.flag_h[i] = min(target, h + rate) if target > h else max(target, h - rate)

    # ---- the move log -------------------------------------------------------------------------
    def log_entries(self, old: BergState, action: BergAction, new: BergState) -> list[LogEntry]:
        seat, name = action.seat, action.name
        entries: list[LogEntry] = []
        if isinstance(action, SetFlags):
            entries.append((seat, "set", {"name": name}))
        elif isinstance(action, Guess):
            entries.append((seat, "guess", {"name": name, "value": action.value}))
        elif isinstance(action, AllowGuess):
            hint = "higher" if action.hint is Hint.HIGHER else "lower"
            entries.append((seat, f"allow_{hint}", {"name": name}))
        elif isinstance(action, LiftScreen):
            entries.append((seat, "lift", {"name": name, "n": action.flags}))
        elif isinstance(action, Punish):
            entries.append((seat, "punish", {"name": name, "guesser": action.guesser_name}))
        elif isinstance(action, Waive):
            entries.append((seat, "waive", {"name": name}))
        if new.phase is Phase.PUNISH:
            assert new.number is not None
            off = abs(new.guesses[-1] - new.number)
            entries.append((None, "off_by", {"n": new.number, "off": off}))
        if new.turn > old.turn and new.last_result is not None:
            entries += _result_entries(new)
        return entries

    # ---- controls -----------------------------------------------------------------------------
    def _question(self) -> str | None:
        """Which question the local human answers now, if any."""
        st = self.state
        if self.busy or self.handoff_up or st.is_over() or self.replaying:
            return None
        seat = st.current_player
        if seat is None or not self.is_human(seat) or seat in self.runners:
            return None
        if st.phase is Phase.GUESS:
            return "guess" if self.viewer == st.guesser else None
        if st.phase is Phase.PUNISH:
            return "punish"
        return str(st.phase) if self.viewer == st.caller else None

    def asking(self) -> bool:
        return self._question() is not None

    def controls_key(self) -> object:
        return (self._question(), self.selected)

    def sync_controls(self) -> None:
        built = self._built_key
        super().sync_controls()
        if self._built_key != built:
            self._initial_focus()

    def build(self) -> None:
        self.pad = []
        self.blocked = []
        question = self._question()
        if question == "set":
            self._build_pad(set(range(16)), self._pick)
            rect = self._pad_rect(16).union(self._pad_rect(17))
            text = (
                tr("bergruft.set_button", n=self.selected)
                if self.selected is not None
                else tr("bergruft.set_pick")
            )
            self.button(
                rect,
                text,
                self._set_flags,
                _button_id(text, rect),
                enabled=self.selected is not None,
            )
        elif question == "guess":
            st = self.state
            legal = {a.value for a in st.legal_actions() if isinstance(a, Guess)}
            self._build_pad(legal, self._guess)
        elif question == "decide":
            self._build_decide()
        elif question == "punish":
            self._build_punish()

    def _pad_rect(self, i: int) -> pygame.Rect:
        row, col = divmod(i, PAD_COLS)
        return pygame.Rect(
            PANEL_X + col * (PAD_W + PAD_GAP), CONTROLS_Y + row * (PAD_H + 8), PAD_W, PAD_H
        )

    def _build_pad(self, allowed: set[int], press: Callable[[int], None]) -> None:
        st = self.state
        for n in range(16):
            rect = self._pad_rect(n)
            button = self.button(rect, str(n), lambda n=n: press(n), "#pad_button", n in allowed)
            if self.selected == n:
                button.select()
            self.pad.append(rect)
            if n not in allowed and st.phase is Phase.GUESS:
                self.blocked.append((rect, Guess(st.guesser, st.names[st.guesser], n)))

    def _build_decide(self) -> None:
        st = self.state
        actions = st.legal_actions()
        allow = next(a for a in actions if isinstance(a, AllowGuess))
        lift = next((a for a in actions if isinstance(a, LiftScreen)), None)
        hint = "higher" if allow.hint is Hint.HIGHER else "lower"
        top = pygame.Rect(PANEL_X, CONTROLS_Y, PANEL_W, 110)
        self._big_button(top, tr(f"bergruft.decide.allow_{hint}"), lambda: self.play(allow))
        second = top.move(0, 128)
        self._big_button(second, tr("bergruft.decide.lift"), lambda: lift and self.play(lift), lift)
        if lift is None:  # B6: the summit rule forces another guess; a click says why
            self.blocked.append((second, LiftScreen(st.caller, st.names[st.caller], st.number)))

    def _build_punish(self) -> None:
        st = self.state
        punish, waive = st.legal_actions()
        assert st.number is not None
        top = pygame.Rect(PANEL_X, CONTROLS_Y, PANEL_W, 110)
        cap = tr("bergruft.punish.cap", guesser=st.names[st.guesser])
        self._big_button(top, cap, lambda: self.play(punish))
        off = abs(st.guesses[-1] - st.number)
        self._big_button(
            top.move(0, 128), tr("bergruft.punish.waive", n=off), lambda: self.play(waive)
        )

    def _big_button(
        self, rect: pygame.Rect, text: str, press: Callable[[], object], enabled: object = True
    ) -> None:
        self.button(rect, text, press, _button_id(text, rect), enabled is not None)  # type: ignore[arg-type]

    def _initial_focus(self) -> None:
        items = self.ring.items
        if not items:
            return
        st, target = self.state, 0
        if self._question() == "guess":
            target = (st.low + st.high) // 2
        elif self._question() == "set":
            target = 16 if self.selected is not None else 7
        self.ring.index = min(target, len(items) - 1)
        self.ring.move(0)

    def _pick(self, n: int) -> None:
        self.selected = n
        self.sound("click")

    def _set_flags(self) -> None:
        if self.selected is None:
            return
        st = self.state
        self.play(SetFlags(st.caller, st.names[st.caller], self.selected))

    def _guess(self, n: int) -> None:
        st = self.state
        self.play(Guess(st.guesser, st.names[st.guesser], n))

    # ---- input --------------------------------------------------------------------------------
    def handle(self, intent: Intent) -> None:
        kind = intent.kind
        if self.guide.handle(intent):
            return
        if kind in (Kind.BACK, Kind.PAUSE):
            self.app.scenes.push("pause", game=self.config.game)
            return
        if self.busy and kind in SKIP_KINDS:
            self.skip()
            return
        if kind is Kind.POINT_DOWN and intent.pos is not None:
            for rect, action in self.blocked:
                if rect.collidepoint(intent.pos):
                    self.play(action)  # the rules refuse it and say why
                    return
        if kind in (Kind.UP, Kind.DOWN) and self._grid_move(-1 if kind is Kind.UP else 1):
            return
        super().handle(intent)

    def _grid_move(self, direction: int) -> bool:
        """Up/Down on the pad moves a whole row (skipping greyed numbers)."""
        if not self.pad or self.ring.current is None:
            return False
        index = self.ring.index
        target = index + direction * PAD_COLS
        items = self.ring.items
        while 0 <= target < len(items):
            if items[target].enabled:
                self.ring.focus(items[target].element)
                return True
            target += direction * PAD_COLS
        extra = len(self.pad)  # the "Set" button after the pad, under its last columns
        if direction > 0 and index < extra < len(items) and items[extra].enabled:
            self.ring.focus(items[extra].element)
            return True
        return False

    # ---- drawing ------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        lang, shown, st = i18n.language(), self.shown, self.state
        banner_key = (lang, shown.turn, str(shown.phase), shown.caller, len(shown.guesses))
        self._region("banner", BANNER_RECT, banner_key, self._draw_banner)
        self._region("log", LOG_RECT, (lang, self.log_serial), self._draw_log)
        steps = tuple(track.shown_step() for track in self.tracks.values())
        dots = int(self.clock * 3) % 3 if self.thinking is not None else -1
        cards_key = (lang, steps, shown.caller, str(shown.phase), self.thinking, dots)
        self._region("cards", CARDS_RECT, cards_key, self._draw_cards)
        view = self._screen_view(alpha)
        self._region("screen", SCREEN_REGION, view, lambda s: self._draw_screen(s, view))
        guesses, hints = self._chips()
        prompt_key = (lang, guesses, hints, self.reveal, str(st.phase), st.low, st.high)
        prompt_key += self._prompt_lines()
        self._region("prompt", PROMPT_RECT, prompt_key, self._draw_prompt)
        story = self._story() if self._question() is None else None
        self._region("story", STORY_RECT, (lang, story), self._draw_story if story else None)
        surface.blit(self._overlay, (0, 0))
        self._draw_figures(surface, alpha)
        self.ui.draw_ui(surface)
        for rect in self.pad:
            if any(r == rect for r, _ in self.blocked):
                pygame.draw.line(surface, (120, 126, 140), rect.bottomleft, rect.topright, 3)
        current = self.ring.current
        if self.app.show_focus and current is not None and current.enabled:
            theme.draw_focus(surface, current.element.rect, self.app.clock.now)
        self._draw_guide(surface)
        self._draw_notice(surface)
        if self.state.is_over() and not self.busy:
            self._draw_game_over(surface)

    def _region(
        self,
        name: str,
        rect: pygame.Rect,
        key: object,
        paint: Callable[[pygame.Surface], None] | None,
    ) -> None:
        """Paint a part of the panels onto the cached board, again only when what it shows has
        changed (``key``): a frame then blits one opaque picture and draws the figures."""
        if self._region_keys.get(name) == key:
            return
        self._region_keys[name] = key
        overlay = self._overlay
        overlay.blit(board.board_surface(self.state.mountain), rect, area=rect)
        if paint is not None:
            overlay.set_clip(rect)
            paint(overlay)
            overlay.set_clip(None)

    def _draw_figures(self, surface: pygame.Surface, alpha: float) -> None:
        placed = []
        for (seat, figure), track in self.tracks.items():
            feet = track.point(alpha, lambda p, s=seat: board.anchor(p, s, self.players))
            placed.append((feet[1], seat, figure, feet))
        placed.sort()
        for _, seat, figure, feet in placed:
            rect = board.draw_figure(surface, figure, self.colours[seat], self.shapes[seat], feet)
            if figure == "peter" and self.thinking == seat:
                _thought_bubble(surface, rect.midtop, theme.idle(self.clock))  # still if reduced

    def _name_chip(
        self, surface: pygame.Surface, seat: int, pos: tuple[int, int], size: int
    ) -> int:
        """A seat's name on a pill in its colour, with its mark; returns the right edge."""
        name = self.state.names[seat]
        colour = self.colours[seat]
        ink = theme.INK if sum(colour) > 400 else theme.WHITE
        width = theme.font(size, True).size(name)[0] + size + 36
        rect = pygame.Rect(pos[0], pos[1] - size // 2 - 8, width, size + 16)
        pygame.draw.rect(surface, colour, rect, border_radius=rect.height // 2)
        theme.draw_mark(
            surface,
            self.shapes[seat],
            colour,
            (rect.x + size // 2 + 10, rect.centery),
            size * 0.38,
            ink,
        )
        theme.text(surface, name, (rect.x + size + 18, rect.centery), size, ink, True, "midleft")
        return rect.right

    def _draw_banner(self, surface: pygame.Surface) -> None:
        surface.blit(_layer(BANNER_RECT.size, (10, 16, 30, 190)), BANNER_RECT)
        st = self.shown
        y = BANNER_RECT.centery
        x = (
            theme.text(
                surface,
                tr("bergruft.banner.turn", n=st.turn + (0 if st.is_over() else 1)),
                (24, y),
                30,
                theme.ACCENT,
                True,
                "midleft",
            ).right
            + 28
        )
        if st.is_over():
            theme.text(
                surface, tr("bergruft.banner.over"), (x, y), 30, theme.WHITE, True, "midleft"
            )
            return
        x = self._name_chip(surface, st.caller, (x, y), 28) + 12
        x = (
            theme.text(
                surface, tr("bergruft.banner.calls"), (x, y), 28, theme.WHITE, False, "midleft"
            ).right
            + 28
        )
        x = self._name_chip(surface, st.guesser, (x, y), 28) + 12
        x = (
            theme.text(
                surface, tr("bergruft.banner.guesses"), (x, y), 28, theme.WHITE, False, "midleft"
            ).right
            + 28
        )
        if st.phase is not Phase.SET:
            count = len(st.guesses) + (1 if st.phase is Phase.GUESS else 0)
            theme.text(
                surface,
                tr("bergruft.banner.guess_count", n=min(3, count)),
                (BANNER_RECT.right - 20, y),
                28,
                theme.SNOW,
                False,
                "midright",
            )

    def _draw_log(self, surface: pygame.Surface) -> None:
        lines = self.log[-LOG_LINES:]
        rect = LOG_RECT.copy()
        step = theme.spaced(34, 24)  # lines grow apart with a larger UI scale
        top = theme.spaced(58, 24)  # the first line's middle, under the title
        rect.height = top + 6 + step * max(1, len(lines))
        surface.blit(_layer(rect.size, (10, 16, 30, 175), 16), rect)
        title = tr("bergruft.log.title")
        theme.text(surface, title, (rect.x + 16, rect.y + 10), 24, theme.ACCENT, True)
        if not lines:
            theme.text(
                surface,
                theme.fit(tr("bergruft.log.empty"), 24, rect.width - 40),
                (rect.x + 20, rect.y + top),
                24,
                theme.MUTED,
                False,
                "midleft",
            )
        for i, (seat, key, params) in enumerate(lines):
            y = rect.y + top + step * i
            x = rect.x + 20
            if seat is not None:
                theme.draw_mark(surface, self.shapes[seat], self.colours[seat], (x + 8, y), 10)
            text, size = _shrink(tr(f"bergruft.log.{key}", **params), 24, rect.width - 60)
            colour = theme.WHITE if i == len(lines) - 1 else (206, 212, 224)
            theme.text(surface, text, (x + 28, y), size, colour, False, "midleft")

    def _draw_cards(self, surface: pygame.Surface) -> None:
        st = self.shown
        for seat in range(self.players):
            row, col = divmod(seat, 2)
            rect = pygame.Rect(
                PANEL_X + col * (CARD_W + 8), 96 + row * (CARD_H + 10), CARD_W, CARD_H
            )
            surface.blit(_layer(rect.size, (34, 46, 72, 235), 14), rect)
            pygame.draw.rect(
                surface,
                self.colours[seat],
                (rect.x, rect.y, 10, rect.height),
                border_top_left_radius=14,
                border_bottom_left_radius=14,
            )
            role = "calls" if seat == st.caller else "guesses" if seat == st.guesser else None
            if st.is_over():
                role = None
            if role is not None:
                edge = theme.ACCENT if role == "calls" else theme.SNOW
                pygame.draw.rect(surface, edge, rect, 3, border_radius=14)
            theme.draw_mark(
                surface, self.shapes[seat], self.colours[seat], (rect.x + 36, rect.y + 30), 15
            )
            label_x = rect.right - 14  # the name stops short of the label on its right
            if self.thinking == seat:
                dots = "." * (1 + int(self.clock * 3) % 3)
                label_x = theme.text(
                    surface,
                    tr("bergruft.card.thinking") + dots,
                    (rect.right - 14, rect.y + 30),
                    20,
                    theme.ACCENT,
                    True,
                    "midright",
                ).x
            elif role is not None:
                label_x = theme.text(
                    surface,
                    tr(f"bergruft.card.{role}"),
                    (rect.right - 14, rect.y + 30),
                    20,
                    theme.ACCENT if role == "calls" else theme.SNOW,
                    True,
                    "midright",
                ).x
            at, room = (rect.x + 60, rect.y + 30), label_x - rect.x - 70
            theme.text(surface, st.names[seat], at, 28, theme.WHITE, True, "midleft", width=room)
            heidi = self.tracks[(seat, "heidi")].shown_step()
            peter = self.tracks[(seat, "peter")].shown_step()
            free = max(0, peter - heidi - 1)
            stones = st.mountain[peter]
            score = theme.text(
                surface,
                str(stones * free),
                (rect.right - 16, rect.bottom - 6),
                44,
                theme.WHITE,
                True,
                "bottomright",
            )
            room = score.x - rect.x - 30  # the lines stop short of the score
            theme.text(
                surface,
                tr("bergruft.card.positions", heidi=heidi, peter=peter),
                (rect.x + 22, rect.y + 66),
                22,
                (214, 220, 232),
                False,
                "midleft",
                width=room,
            )
            theme.text(
                surface,
                tr("bergruft.card.formula", stones=stones, free=free),
                (rect.x + 22, rect.y + 94),
                20,
                theme.MUTED,
                False,
                "midleft",
                width=room,
            )

    def _screen_view(self, alpha: float) -> tuple[int, tuple[float, ...], float, bool, str | None]:
        """What the screen shows now: shake offset, flag heights, lift, private, label. The real
        number only reaches the drawing when it may be seen (B7)."""
        st = self.state
        dx = 0
        if self.shake is not None and not self.shake.finished and not self.tweener.reduced:
            t = self.shake.progress(alpha)
            dx = round(math.sin(t * 40) * 8 * (1 - t))
        visible = self.number_visible
        heights = tuple(round(h, 3) for h in self.flag_h) if visible else (0.0,) * 15
        lift = float(self.lift.value(alpha)) if self.lift is not None else 0.0  # type: ignore[arg-type]
        private = visible and self.reveal is None
        shown: int | None = None
        if self.reveal is not None:
            shown = self.reveal
        elif visible:
            shown = self.selected if st.phase is Phase.SET else self._viewer_number()
        self.drawn_number = shown
        label = None
        if self.reveal is not None and sum(h >= 1.0 for h in heights) == self.reveal:
            label = tr("bergruft.screen.flags", n=self.reveal)
        elif private:
            label = tr("bergruft.screen.private")
            if shown is not None:
                key = "flags" if self.replaying else "yours"  # a replay: nobody's secret
                label = tr(f"bergruft.screen.{key}", n=shown)
        return dx, heights, round(lift, 3), private, label

    def _draw_screen(self, surface: pygame.Surface, view: tuple[Any, ...]) -> None:
        dx, heights, lift, private, label = view
        rect = SCREEN_RECT.move(dx, 0)
        flagscreen.draw_flag_screen(surface, rect, list(heights), lift, private)
        if label is not None:
            theme.text(surface, label, (rect.right - 8, rect.y - 6), 26, theme.ACCENT, True,
                       "bottomright", shadow=True)  # fmt: skip

    def _chips(self) -> tuple[tuple[int, ...], tuple[Hint, ...]]:
        st = self.state
        if st.guesses or st.phase not in (Phase.SET, Phase.OVER):
            return st.guesses, st.hints
        if (self.reveal is not None or st.is_over()) and st.last_result is not None:
            return st.last_result.guesses, st.last_result.hints
        return (), ()

    def _draw_prompt(self, surface: pygame.Surface) -> None:
        st = self.state
        guesses, hints = self._chips()
        x = PANEL_X
        if guesses:
            label = tr("bergruft.guesses")
            theme.text(surface, label, (x, CHIPS_Y + 26), 24, theme.MUTED, False, "midleft")
            x += theme.font(24).size(label)[0] + 14
        for i, value in enumerate(guesses):
            chip = pygame.Rect(x, CHIPS_Y, 92, 52)
            right = self.reveal is not None and value == self.reveal
            fill = (40, 130, 80) if right else (58, 72, 100)
            pygame.draw.rect(surface, fill, chip, border_radius=14)
            pygame.draw.rect(surface, theme.SNOW, chip, 2, border_radius=14)
            theme.text(
                surface, str(value), (chip.x + 30, chip.centery), 32, theme.WHITE, True, "center"
            )
            if i < len(hints):
                _arrow(surface, (chip.x + 68, chip.centery), hints[i] is Hint.HIGHER)
            elif self.reveal is not None and not right:  # the last guess, wrong
                cx, cy = chip.x + 68, chip.centery
                for d in (-1, 1):
                    pygame.draw.line(
                        surface, theme.DANGER, (cx - 10, cy - 10 * d), (cx + 10, cy + 10 * d), 5
                    )
            x = chip.right + 10
        if st.phase is Phase.GUESS and (st.low, st.high) != (0, 15):
            theme.text(
                surface,
                tr("bergruft.range", low=st.low, high=st.high),
                (PANEL_X + PANEL_W, CHIPS_Y + 26),
                28,
                theme.ACCENT,
                True,
                "midright",
            )
        line1, line2 = self._prompt_lines()
        _text_in(surface, line1, (PANEL_X, PROMPT_Y + 18), 30, PANEL_W, theme.WHITE)
        if line2:
            _text_in(surface, line2, (PANEL_X, PROMPT_Y + 58), 28, PANEL_W, theme.ACCENT)

    def _prompt_lines(self) -> tuple[str, str]:
        st = self.state
        names = st.names
        caller, guesser = names[st.caller], names[st.guesser]
        if st.is_over():
            return tr("bergruft.prompt.over"), ""
        if self.busy and self.narration is not None:
            return "", ""  # the story box tells what happens
        hint = self._hint_text()
        question = self._question()
        if question == "set":
            second = (
                tr("bergruft.prompt.set_picked", n=self.selected)
                if self.selected is not None
                else ""
            )
            return tr("bergruft.prompt.set", name=caller), second
        if question == "guess":
            return tr("bergruft.prompt.guess", name=guesser), hint
        if question == "decide":
            number = self._viewer_number()
            assert number is not None
            key = "higher" if number > st.guesses[-1] else "lower"
            return tr("bergruft.prompt.decide", guesser=guesser, value=st.guesses[-1]), tr(
                f"bergruft.prompt.decide_{key}"
            )
        if question == "punish":
            return tr("bergruft.prompt.punish", guesser=guesser, value=st.guesses[-1]), tr(
                "bergruft.prompt.punish2"
            )
        seat = st.current_player
        assert seat is not None
        phase = str(st.phase)
        return tr(f"bergruft.wait.{phase}", name=names[seat], caller=caller, guesser=guesser), hint

    def _hint_text(self) -> str:
        st = self.state
        if not st.hints or st.phase is not Phase.GUESS:
            return ""
        last = st.guesses[len(st.hints) - 1]
        return tr(f"bergruft.hint.{st.hints[-1]}", n=last)

    def _story(self) -> str:
        st = self.state
        if self.narration is not None:
            key, params = self.narration
            return tr(f"bergruft.story.{key}", **params)
        if st.turn == 0 and st.phase is Phase.SET:
            return tr("bergruft.story.start")
        return tr("bergruft.story.rules")

    def _draw_story(self, surface: pygame.Surface) -> None:
        """While nobody here has to answer: the last result, or how the game is scored."""
        lines = theme.wrap(self._story(), 30, STORY_RECT.width - 48)[:7]
        box = STORY_RECT.copy()
        step = theme.spaced(38, 30)  # lines grow apart with a larger UI scale
        box.height = 44 + step * max(2, len(lines))
        surface.blit(_layer(box.size, (34, 46, 72, 200), 16), box)
        for i, line in enumerate(lines):
            theme.text(surface, line, (box.x + 24, box.y + 22 + step * i), 30, theme.SNOW)

    # ---- the guided first game ------------------------------------------------------------------
    def guide_key(self) -> object:
        return self.selected

    def suggest(self, view: BergState, seat: int, secret: int) -> GuideHint:
        """The guesser's hint never knows the number (his view hides it, B7)."""
        return guide_rules.hint(view, seat, self.selected, secret)

    def guide_rect(self, target: tuple[Any, ...]) -> pygame.Rect | None:
        """Where the guide's target is: a number of the pad or one of the big buttons."""
        kind, where = target
        if kind == "pad":
            return self._pad_rect(where)
        top = pygame.Rect(PANEL_X, CONTROLS_Y, PANEL_W, 110)
        rects = {
            "set": self._pad_rect(16).union(self._pad_rect(17)),
            "allow": top,
            "punish": top,
            "lift": top.move(0, 128),
            "waive": top.move(0, 128),
        }
        return rects.get(where)

    def _draw_guide(self, surface: pygame.Surface) -> None:
        hint = self.guide_hint()
        target = self.guide_rect(hint.target) if hint is not None else None
        # the ring alone: an arrow above the pad would hide the prompt's words
        self.guide.draw(surface, hint, target, GUIDE_RECT, self.clock, arrow=False, top=True)

    def _draw_notice(self, surface: pygame.Surface) -> None:
        if self._question() == "decide" and self.blocked:
            lines = theme.wrap(tr("bergruft.decide.summit_rule"), 26, PANEL_W)
            for i, line in enumerate(lines[:2]):
                y = CONTROLS_Y + 250 + theme.spaced(34, 26) * i
                theme.text(surface, line, (PANEL_X, y), 26, theme.SNOW, False, "topleft")
        self.draw_notice(surface, NOTICE_RECT)

    def _draw_game_over(self, surface: pygame.Surface) -> None:
        st = self.state
        out = st.outcome()
        assert out is not None
        box = pygame.Rect(0, 0, 900, 150)
        box.center = (board.BOARD_WIDTH // 2, 170)
        surface.blit(_layer(box.size, (10, 16, 30, 215), 20), box)
        summit = next((s for s in range(self.players) if st.peter[s] == 17), None)
        head = (
            tr("bergruft.over.summit", name=st.names[summit])
            if summit is not None
            else tr("bergruft.over.limit")
        )
        theme.text(surface, head, (box.centerx, box.y + 46), 38, theme.WHITE, True, "center")
        winners = ", ".join(st.names[s] for s in out.winners)
        theme.text(
            surface,
            tr("bergruft.over.winner", names=winners),
            (box.centerx, box.y + 106),
            32,
            theme.ACCENT,
            True,
            "center",
        )


# ---- what a resolved turn says ----------------------------------------------------------------
def _result_entries(st: BergState) -> list[LogEntry]:
    """The log lines of the turn just resolved: guessed, or revealed and climbed."""
    r = st.last_result
    assert r is not None
    caller, guesser = st.names[r.caller], st.names[r.guesser]
    entries: list[LogEntry] = []
    if r.guessed:
        entries.append((r.guesser, "guessed", {"name": guesser, "k": len(r.guesses), "n": r.bonus}))
    else:
        entries.append((None, "revealed", {"n": r.number}))
        climbs = {"name": caller, "peter": r.caller_peter_climb, "heidi": r.caller_heidi_climb}
        entries.append((r.caller, "climb", climbs))
        if r.caller_restart:
            entries.append((r.caller, "restart", {"name": caller}))
        if r.capped:
            entries.append((r.guesser, "punished", {"name": guesser}))
    if r.summit is not None:
        entries.append((r.summit, "summit", {"name": st.names[r.summit]}))
    return entries


def _narration(st: BergState) -> tuple[str, dict[str, Any]]:
    """The story box's account of the turn just resolved."""
    r = st.last_result
    assert r is not None
    caller, guesser = st.names[r.caller], st.names[r.guesser]
    if r.guessed:
        return "guessed", {"guesser": guesser, "caller": caller, "n": r.bonus}
    key = "restart" if r.caller_restart else "climbed"
    climbs = {"n": r.number, "peter": r.caller_peter_climb, "heidi": r.caller_heidi_climb}
    return key, {"caller": caller, "guesser": guesser, **climbs}


# ---- small drawing helpers ------------------------------------------------------------------
def _layer(
    size: tuple[int, int], rgba: tuple[int, int, int, int], radius: int = 0
) -> pygame.Surface:
    """A translucent rounded rectangle (solid in high contrast), made once, blitted per frame."""
    return _made_layer(size, theme.solid(rgba), radius)


@cache
def _made_layer(size: tuple[int, int], rgba: tuple[int, ...], radius: int) -> pygame.Surface:
    layer = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(layer, rgba, layer.get_rect(), border_radius=radius)
    return layer


def _shrink(text: str, size: int, width: int, bold: bool = False) -> tuple[str, int]:
    """A font size (down to three quarters of ``size``) at which ``text`` fits ``width``;
    still too long, it is shortened with an ellipsis."""
    smallest = round(size * 0.75)
    while size > smallest and theme.font(size, bold).size(text)[0] > width:
        size -= 1
    return theme.fit(text, size, width, bold), size


def _text_in(
    surface: pygame.Surface,
    text: str,
    pos: tuple[int, int],
    size: int,
    width: int,
    colour: tuple[int, int, int],
) -> None:
    """One bold line, made smaller (then shortened) so that it stays inside ``width``."""
    line, size = _shrink(text, size, width, True)
    theme.text(surface, line, pos, size, colour, True, "midleft")


def _button_id(text: str, rect: pygame.Rect) -> str:
    """The big button font, or the small one when a long name or language would not fit."""
    fits = theme.font(38, True).size(text)[0] <= rect.width - 36
    return "#menu_button" if fits else "#small_button"


def _arrow(surface: pygame.Surface, centre: tuple[int, int], up: bool) -> None:
    x, y = centre
    s = 1 if up else -1
    points = [
        (x, y - 14 * s),
        (x + 12, y + 2 * s),
        (x + 5, y + 2 * s),
        (x + 5, y + 14 * s),
        (x - 5, y + 14 * s),
        (x - 5, y + 2 * s),
        (x - 12, y + 2 * s),
    ]
    pygame.draw.polygon(surface, theme.ACCENT, points)


def _thought_bubble(surface: pygame.Surface, top: tuple[int, int], seconds: float) -> None:
    x, y = top[0] + 30, top[1] - 26
    pygame.draw.circle(surface, theme.WHITE, (x - 22, y + 30), 5)
    rect = pygame.Rect(0, 0, 74, 40)
    rect.center = (x, y)
    pygame.draw.ellipse(surface, theme.WHITE, rect)
    pygame.draw.ellipse(surface, theme.INK, rect, 2)
    for i in range(3):
        lit = int(seconds * 3) % 3 == i
        pygame.draw.circle(surface, theme.INK if lit else theme.MUTED, (x - 18 + 18 * i, y), 6)
