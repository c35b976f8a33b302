"""The play scene of Der Berg ruft: the mountain, the figures, the screen with its flags, the guess
pad and the caller's choices, with hot-seat hand-offs (B7) and AI seats.

The scene never decides legality: the buttons come from ``state.legal_actions()`` and every click
goes through ``state.apply``; an IllegalAction is shown briefly and changes nothing.
Secrecy (B7): the number is drawn only for a human caller at the TV in the phases "set"/"decide"
once he has confirmed the hand-off (or no other human guesses), and for everyone once the screen
is lifted. A seat on a phone (issue 30) answers there: no hand-off for it, and the TV never draws
its number; its page comes from its own view (``game.games.bergruft.phone``).
The drawing lives in ``game.games.bergruft.view``; the scene keeps its questions and the hooks.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

import pygame

from game import i18n
from game.engine.intents import Intent, Kind
from game.engine.tween import ease_out
from game.games.bergruft import guide as guide_rules
from game.games.bergruft import log, phone
from game.games.bergruft.rules import (
    AllowGuess,
    BergAction,
    BergState,
    Guess,
    Hint,
    LiftScreen,
    Phase,
    SetFlags,
)
from game.games.bergruft.view import finale, panels, prompt, trail
from game.games.bergruft.view import mountain as board
from game.games.bergruft.view.figures import Climbs, draw_figures
from game.games.bergruft.view.layout import (
    BANNER_RECT,
    BUTTON_STEP,
    BUTTON_TOP,
    CARDS_RECT,
    GUIDE_RECT,
    LOG_BUTTON,
    LOG_HEAD,
    LOG_RECT,
    NOTICE_RECT,
    PAD_COLS,
    PROMPT_RECT,
    SCREEN_RECT,
    SCREEN_REGION,
    STORY_RECT,
    pad_rect,
)
from game.games.bergruft.view.screen import FlagScreen, draw_screen
from game.i18n import tr
from game.menus.handoff import HandoffScene
from game.play.finale import Marked
from game.play.guide.base import Hint as GuideHint
from game.play.panels import PanelCache, draw_log_panel, panel_rows
from game.play.table import LogEntry, PlayTable
from game.play.tabledraw import GuidePlace
from game.play.trails import TrailEntry
from game.ui import theme
from game.ui.kit import SKIP_KINDS

DIGIT_KEYS = {getattr(pygame, f"K_{d}"): d for d in range(10)} | {
    getattr(pygame, f"K_KP{d}"): d for d in range(10)
}
DIGIT_PAUSE = 1.2  # seconds within which a second digit makes a two-digit number


class BergruftScene(PlayTable):
    FINALE_AREA = pygame.Rect(0, BANNER_RECT.bottom, board.BOARD_WIDTH, 1080 - BANNER_RECT.bottom)
    FINALE_CLEAR = (LOG_RECT,)  # what happened last stays in sight
    NOTICE_AREA = NOTICE_RECT

    # ---- life cycle ---------------------------------------------------------------------------
    def setup(self) -> None:
        self.marks = list(zip(self.shapes, self.colours, strict=True))  # each seat's look
        self.climbs = Climbs(self.players, self.tweener, self.sound)  # the figures as drawn
        self.tracks = self.climbs.tracks
        self.screen = FlagScreen(self.tweener, self.sound)  # the flag screen as drawn
        self.viewer: int | None = None  # the seat allowed to see the number now (B7)
        self.handoff_up = False
        self.selected: int | None = None  # the caller's pick on the pad, before "set"
        self.drawn_number: int | None = None  # what the last frame showed behind the screen
        self.narration: prompt.Narration | None = None
        self.pad: list[pygame.Rect] = []
        self.typed: tuple[str, float] = ("", 0.0)  # digits typed on the keyboard, and when
        self.blocked: list[tuple[pygame.Rect, BergAction]] = []
        self.shown: BergState = self.state  # what the banner and cards show: the turn animated
        self.panels = PanelCache(lambda: board.board_surface(self.state.mountain))

    def resume(self) -> None:
        # the settings may have changed contrast or text size: paint the board and panels anew
        self.panels.reset()
        super().resume()

    @property
    def number_visible(self) -> bool:
        """Whether the screen may show the flags now (B7)."""
        if self.screen.reveal is not None or self.replaying:  # a replay hides nothing
            return True
        st = self.state
        return (
            self.viewer == st.caller
            and self.at_tv(st.caller)  # a phone's number stays on the phone (issue 30)
            and st.phase in (Phase.SET, Phase.DECIDE)
            and not self.handoff_up
        )

    def _viewer_number(self) -> int | None:
        """The number as the seat now looking at the screen may see it (its own view); a
        replay's, at the end, the last one lifted."""
        if self.replaying:
            st = self.state
            last = st.last_result
            return last.number if st.number is None and st.is_over() and last else st.number
        if self.viewer is None:
            return None
        return self.state.view(self.viewer).number

    def _private_number(self) -> int | None:
        """What the caller looking from behind the screen sees: his pick, or his number."""
        return self.selected if self.state.phase is Phase.SET else self._viewer_number()

    # ---- the table's hooks --------------------------------------------------------------------
    def update(self, dt: float) -> None:
        visible = self.number_visible
        self.screen.ease(dt, visible, self._private_number() if visible else None)
        super().update(dt)

    def ready(self) -> bool:
        return not self.handoff_up

    def settle(self) -> None:
        """Once the animations are over, every figure stands where the rules put it."""
        st = self.shown = self.state
        self.climbs.settle(st)

    def decision_key(self) -> tuple[Any, ...]:
        st = self.state
        return (st.turn, str(st.phase), len(st.guesses), st.current_player)

    def reveals(self, old: BergState, action: BergAction, new: BergState) -> bool:
        """Only the flags just set may be taken back, on the hand-off screen before the device
        goes to the guesser (a computer guesser answers at once): every other decision
        answers a guess, or is a guess that tells the caller something."""
        return not isinstance(action, SetFlags)

    def ending_question(self, old: BergState, action: BergAction, new: BergState,
                        seat: int) -> str | None:  # fmt: skip
        return finale.question(old, action, new, seat)

    def finale_sentence(self) -> str:  # the end told on the table (a replay: the story box)
        return finale.sentence(self.state)

    def finale_marks(self) -> list[Marked]:
        return finale.marks(self.state)

    def log_entries(self, old: BergState, action: BergAction, new: BergState) -> list[LogEntry]:
        return log.entries(old, action, new)

    def trail(self, old: BergState, action: BergAction, new: BergState) -> list[TrailEntry]:
        return trail.entries(old, action, new)

    def log_area(self) -> pygame.Rect:
        return LOG_RECT

    def after_play(self, old: BergState, action: BergAction, new: BergState) -> None:
        self.selected = None
        if new.phase is Phase.SET or new.is_over():
            self.viewer = None  # a new turn: the next caller gets his own hand-off (B7)
        if new.turn > old.turn and new.last_result is not None:
            self.narration = log.narration(new)

    def after_undo(self) -> None:
        self.viewer = None  # the number was set again: hide it until the caller looks (B7)
        self.screen.take_down()

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

    # ---- a seat on a phone (issue 30): its page from its own view only (B7) ---------------------
    def phone_page(self, view: BergState, seat: int) -> dict[str, Any]:
        return phone.page(view, seat)

    def phone_choices(self, view: BergState, seat: int) -> list[dict[str, Any]]:
        return phone.choices(view, seat)

    def phone_question(self, view: BergState, seat: int) -> str:
        return phone.question(view, seat)

    # ---- hot-seat secrecy (B7) ------------------------------------------------------------------
    def at_tv(self, seat: int) -> bool:
        """A person who plays at the TV itself (not a computer, not on a phone)."""
        return self.is_human(seat) and not self.on_phone(seat)

    def prepare_human(self) -> None:
        """Who may look at the screen now. A seat on a phone never has the TV's screen (its
        number stays on the phone, issue 30); a hand-off goes before the TV shows the number
        while the guesser, at the TV or with a phone in his hand, is a person in the room, and
        before the device goes from the caller who looked to the guesser (B7)."""
        st = self.state
        if st.phase in (Phase.SET, Phase.DECIDE):
            if not self.at_tv(st.caller):
                self.viewer = None  # a computer's or a phone's number: never on the TV
            elif self.viewer != st.caller:
                if self.is_human(st.guesser):
                    self._handoff(st.caller, st.phase)
                else:
                    self.viewer = st.caller
        elif st.phase is Phase.GUESS and self.viewer != st.guesser:
            if not self.at_tv(st.guesser):
                self.viewer = None  # the guesser guesses on his phone: the TV hides the number
            elif self.at_tv(st.caller):  # the caller looked behind the screen: pass the device
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
        message = f"bergruft.handoff.{key}_message"
        if key == "set" and self.on_phone(st.guesser):  # nothing passes: he looks away
            message = "bergruft.phone.set_message"
        self.services.scenes.push(
            HandoffScene,
            title=tr(f"bergruft.handoff.{key}_title", caller=caller, guesser=guesser),
            message=tr(message, caller=caller, guesser=guesser),
            button=tr("bergruft.handoff.button", name=st.names[seat]),
            on_confirm=confirmed,
            on_undo=undone if self.may_undo else None,
            undo=tr("bergruft.handoff.undo", caller=caller),
            game=self.config.game,
            mark=(self.shapes[seat], self.colours[seat]),
        )

    def skip(self) -> None:
        super().skip()
        self.screen.finish()

    # ---- animation ----------------------------------------------------------------------------
    def animate(self, old: BergState, action: BergAction, new: BergState) -> None:
        tw, screen = self.tweener, self.screen
        if isinstance(action, SetFlags):
            screen.shake_it()
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
        if new.phase is Phase.PUNISH:  # a wrong third guess off by more than three: screen up
            assert new.number is not None
            screen.show(new.number, 0.0)
            return
        result = new.last_result
        assert result is not None
        t = screen.show(result.number, 0.0) if screen.reveal is None else 0.0
        t = self.climbs.show(result, t)
        tw.after(t + 0.6, screen.lower)
        if new.is_over():  # the avalanches come down, then the winner
            tw.after(t + 0.2, lambda: self.sound("rockslide"))
            tw.after(t + 1.6, lambda: self.sound("good"))

    # ---- controls -----------------------------------------------------------------------------
    def _question(self) -> str | None:
        """Which question the local human answers now, if any."""
        st = self.state
        if self.busy or self.handoff_up or st.is_over() or self.replaying:
            return None
        seat = st.current_player
        if seat is None or not self.at_tv(seat) or seat in self.runners:
            return None  # a computer's move, or a seat answering on its phone
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
            rect = pad_rect(16).union(pad_rect(17))
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
        if not self.replaying:  # after the pad and its "Set": their places in the ring stay
            self.log_button(LOG_BUTTON)

    def _build_pad(self, allowed: set[int], press: Callable[[int], None]) -> None:
        st = self.state
        for n in range(16):
            rect = pad_rect(n)
            button = self.button(rect, str(n), partial(press, n), "#pad_button", n in allowed)
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
        self._big_button(BUTTON_TOP, tr(f"bergruft.decide.allow_{hint}"), lambda: self.play(allow))
        second = BUTTON_TOP.move(0, BUTTON_STEP)
        self._big_button(second, tr("bergruft.decide.lift"), lambda: lift and self.play(lift), lift)
        if lift is None:  # B6: the summit rule forces another guess; a click says why
            self.blocked.append((second, LiftScreen(st.caller, st.names[st.caller], st.number)))

    def _build_punish(self) -> None:
        st = self.state
        punish, waive = st.legal_actions()
        assert st.number is not None
        cap = tr("bergruft.punish.cap", guesser=st.names[st.guesser])
        self._big_button(BUTTON_TOP, cap, lambda: self.play(punish))
        waive_text = tr("bergruft.punish.waive", n=abs(st.guesses[-1] - st.number))
        self._big_button(BUTTON_TOP.move(0, BUTTON_STEP), waive_text, lambda: self.play(waive))

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
        if self.table_key(intent):
            return
        if kind in (Kind.BACK, Kind.PAUSE):
            self.services.menus.pause(self.config.game)
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
        if kind is Kind.TEXT and self._digit(intent):
            return
        super().handle(intent)

    def _digit(self, intent: Intent) -> bool:
        """A digit key goes to that number on the pad ("1" then "2" quickly: 12); Enter then
        presses it, as for any button. A number the rules do not allow now says why."""
        event = intent.event
        key = getattr(event, "key", None) if event is not None else None
        digit = DIGIT_KEYS.get(key) if event is not None and event.type == pygame.KEYDOWN else None
        if digit is None or not self.pad:
            return False
        typed, at = self.typed
        joined = typed + str(digit)
        quick = self.time.now - at <= DIGIT_PAUSE and len(typed) == 1
        quick = quick and int(joined) < len(self.pad)
        value = int(joined) if quick else digit
        self.typed = (str(value), self.time.now)
        item = self.ring.items[value]  # the pad's buttons come first, 0 to 15
        refused = next((a for rect, a in self.blocked if rect == self.pad[value]), None)
        if item.enabled:
            self.ring.focus(item.element)
        elif refused is not None:
            self.play(refused)  # the rules refuse it and say why (B4: higher or lower)
        return True

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
        setting = self._question() == "set"
        if setting and direction > 0 and index < extra < len(items) and items[extra].enabled:
            self.ring.focus(items[extra].element)
            return True
        return False

    # ---- drawing ------------------------------------------------------------------------------
    def draw_board(self, surface: pygame.Surface, alpha: float) -> None:
        self._paint_panels(alpha)
        surface.blit(self.panels.surface, (0, 0))
        self.trail_drawn = trail.draw(surface, self.trail_marks(), self.marks)
        draw_figures(surface, self.tracks, alpha, self.marks, self.thinking, self.time.now)

    def draw_over_controls(self, surface: pygame.Surface) -> None:
        for rect in self.pad:  # the numbers the hints rule out, crossed out
            if any(r == rect for r, _ in self.blocked):
                pygame.draw.line(surface, (120, 126, 140), rect.bottomleft, rect.topright, 3)

    def draw_over_all(self, surface: pygame.Surface) -> None:
        if self._question() == "decide" and self.blocked:
            prompt.draw_summit_rule(surface)

    def _paint_panels(self, alpha: float) -> None:
        """The side panels onto the cached board, each again only when what it shows changed."""
        lang, shown, st, paint = i18n.language(), self.shown, self.state, self.panels.paint
        banner_key = (lang, shown.turn, str(shown.phase), shown.caller, len(shown.guesses))
        paint("banner", BANNER_RECT, banner_key, lambda s: panels.draw_banner(s, shown, self.marks))
        paint("log", LOG_RECT, (lang, self.log_serial), self._draw_log)
        steps = tuple(track.shown_step() for track in self.tracks.values())
        thinking = self.thinking
        dots = int(self.time.now * 3) % 3 if thinking is not None else -1
        phones = {s: self.phone_joined(s) for s in range(self.players) if self.on_phone(s)}
        cards_key = (lang, steps, shown.caller, str(shown.phase), thinking, dots,
                     tuple(sorted(phones.items())))  # fmt: skip
        paint("cards", CARDS_RECT, cards_key, lambda s: panels.draw_cards(
            s, shown, self.marks, self.climbs.shown_steps, thinking, self.time.now,
            phones))  # fmt: skip
        visible = self.number_visible
        private = self._private_number() if visible and self.screen.reveal is None else None
        view = self.screen.view(alpha, visible, private, self.replaying)
        self.drawn_number = view.number
        paint("screen", SCREEN_REGION, view, lambda s: draw_screen(s, SCREEN_RECT, view))
        reveal, question = self.screen.reveal, self._question()
        chips = prompt.chips(st, reveal)
        number = self._viewer_number() if question == "decide" else None
        telling = self.busy and self.narration is not None
        seat = st.current_player
        by_phone = seat is not None and self.on_phone(seat)  # "Anna sets the flags on the phone"
        lines = prompt.prompt_lines(st, question, self.selected, number, telling, by_phone)
        if self.replaying and st.is_over():
            lines = (tr("replays.over"), "")  # not "counting the avalanches": that was live
        prompt_key = (lang, *chips, reveal, str(st.phase), st.low, st.high, *lines)
        paint("prompt", PROMPT_RECT, prompt_key,
              lambda s: prompt.draw_prompt(s, st, chips, reveal, lines))  # fmt: skip
        story = prompt.story(st, self.narration) if question is None else None
        if self.replaying and st.is_over():
            story = "\n".join(panels.game_over_lines(st))
        draw_story = (lambda s: prompt.draw_story(s, story)) if story else None
        paint("story", STORY_RECT, (lang, story), draw_story)

    def _draw_log(self, surface: pygame.Surface) -> None:
        lines = self.log_lines(panel_rows(LOG_RECT, head=LOG_HEAD))
        title, empty = tr("bergruft.log.title"), tr("bergruft.log.empty")
        room = LOG_BUTTON.x - LOG_RECT.x - 28  # beside the button that opens the whole log
        draw_log_panel(surface, LOG_RECT, title, empty, lines, title_w=room, head=LOG_HEAD)

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
            return pad_rect(where)
        second = BUTTON_TOP.move(0, BUTTON_STEP)
        rects = {
            "set": pad_rect(16).union(pad_rect(17)),
            "allow": BUTTON_TOP,
            "punish": BUTTON_TOP,
            "lift": second,
            "waive": second,
        }
        return rects.get(where)

    def guide_place(self, hint: GuideHint, target: pygame.Rect | None) -> GuidePlace:
        # the ring alone: an arrow above the pad would hide the prompt's words
        return GuidePlace(GUIDE_RECT, arrow=False, top=True)


def _button_id(text: str, rect: pygame.Rect) -> str:
    """The big button font, or the small one when a long name or language would not fit."""
    fits = theme.font(38, True).size(text)[0] <= rect.width - 36
    return "#menu_button" if fits else "#small_button"
