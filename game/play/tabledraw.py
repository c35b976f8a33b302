"""What every table draws and how its guide leads: the other half of the play table
(``game.play.table.PlayTable`` is a ``TableDrawing``).

``draw`` is a template, the same order at every table: the game's ``draw_board``, the controls,
``draw_over_controls``, the focus ring, the guide, the notice, ``draw_over_all`` and, once the
game is over, its end told (``game.play.finale``). The guided
first game asks the game's ``suggest`` for a hint from the deciding person's own view, once per
decision, and draws it where ``guide_place`` says.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

import pygame

from game import i18n
from game.engine.intents import Intent, Kind
from game.i18n import tr
from game.play import panels
from game.play.guide.base import Guide, Hint
from game.play.logview import MoveLogScene, log_key
from game.play.trails import Trails
from game.protocol.streams import Streams
from game.ui import theme
from game.ui.kit import UIScene

LogEntry = tuple[int | None, str, dict[str, Any]]  # (seat or None, key, params)


@dataclass(frozen=True)
class GuidePlace:
    """Where a table's guide puts its panel and how it points (``Guide.draw``'s arguments)."""

    panel: pygame.Rect
    tab_w: int | None = None  # the heading's tab at most this wide
    arrow: bool = True  # an arrow to the target besides the ring
    top: bool | None = None
    shrink: bool = True


class TableDrawing(UIScene):
    """The drawing and the guide of a play table (see the module); the table sets what they
    read when it is entered."""

    # the table's place for messages, where its refusals show too (a band on the board): the
    # toasts go there, the newest at the bottom, rather than over the controls and panels
    NOTICE_AREA: ClassVar[pygame.Rect | None] = None
    NOTICE_STYLE: ClassVar[panels.NoticeStyle | None] = None  # None: two lines at any UI scale
    state: Any
    streams: Streams
    guide: Guide
    notice: tuple[str, float] | None
    log: list[LogEntry]
    log_serial: int
    trails: Trails
    trail_drawn: list[tuple[int, pygame.Rect]]  # where the last frame drew a seat's markers
    replaying: bool
    moves: list[dict[str, Any]]
    history: list[tuple[Any, int]]
    colours: list[tuple[int, int, int]]
    shapes: list[str]
    _aimed: Hint | None = None  # the hint the focus was last put on (``aim_guide``)

    if TYPE_CHECKING:  # the table's own

        @property
        def human_turn(self) -> bool: ...

        @property
        def busy(self) -> bool: ...

        def log_text(self, entry: LogEntry) -> str: ...

        def is_human(self, seat: int) -> bool: ...

        def on_phone(self, seat: int) -> bool: ...

        @property
        def last_decider(self) -> int | None: ...

        def undo(self) -> None: ...

        def draw_finale(self, surface: pygame.Surface) -> None: ...

    # ---- the guided first game ----------------------------------------------------------------
    def guide_hint(self) -> Hint | None:
        """The guide's hint for the person deciding now, from his own view only."""
        st, seat = self.state, self.state.current_player
        if seat is None or not self.asking():
            return None
        key = (id(st), self.guide_key(), i18n.language())
        secret = self.streams.seed("guide", seat)
        view = st.view(seat)
        return self.guide.hint(key, lambda: self.suggest(view, seat, secret))

    def aim_guide(self) -> None:
        """The keys' and the pad's focus on what the guide points at, once for each new hint
        (and again when the controls are built anew): Enter or A then plays what it suggests,
        as a click on the ringed place does. The player may move it anywhere else."""
        hint = self.guide_hint() if self.guide.shown else None
        if hint is None or hint is self._aimed:
            return
        self._aimed = hint
        self.focus_target(hint.target)

    def focus_target(self, target: tuple[Any, ...]) -> None:
        """Put the focus on the guide's ``target``; by default on the control there (a game
        whose board has targets of its own puts it on those)."""
        rect = self.guide_rect(target)
        if rect is None:
            return
        for item in self.ring.items:
            element = item.element
            if item.enabled and element.visible and element.rect.collidepoint(rect.center):
                self.ring.focus(element)
                return

    def rebuild(self) -> None:
        super().rebuild()
        self._aimed = None  # new controls: the focus goes to the guide's target again

    # ---- drawing: the game draws its board, the table the rest ----------------------------------
    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        """A frame, the same order at every table: the game's ``draw_board``, the controls,
        ``draw_over_controls``, the focus ring on the controls, the guide, the notice (in
        ``NOTICE_AREA``) and ``draw_over_all``."""
        self.draw_board(surface, alpha)
        self.ui.draw_ui(surface)
        self.draw_over_controls(surface)
        self.draw_focus_ring(surface)
        self.draw_guide(surface)
        if self.NOTICE_AREA is not None:
            self.draw_notice(surface, self.NOTICE_AREA, self.NOTICE_STYLE)
        self.draw_over_all(surface)
        self.draw_finale(surface)  # the end of the game told (game.play.finale)

    def draw_board(self, surface: pygame.Surface, alpha: float) -> None:
        """The game's board and panels, under the controls: every game draws its own."""
        raise NotImplementedError

    def draw_over_controls(self, surface: pygame.Surface) -> None:
        """What lies on the controls but under the focus ring, guide and notice (a card being
        dragged, a pad's crossed-out numbers)."""

    def draw_over_all(self, surface: pygame.Surface) -> None:
        """What comes last, over everything (the end of the game told on the table)."""

    def focus_on_board(self) -> bool:
        """Whether the keyboard focus is on the board's choices (then the board marks it, and
        no ring is drawn round a control)."""
        return False

    def draw_focus_ring(self, surface: pygame.Surface) -> None:
        current = self.ring.current
        if not self.services.show_focus or current is None or not current.enabled:
            return  # the ring shows once keys or a gamepad are used
        if not self.focus_on_board():
            theme.draw_focus(surface, current.element.rect, self.services.clock.now)

    def guide_rect(self, target: tuple[Any, ...]) -> pygame.Rect | None:
        """Where the guide's ``target`` is on the screen (None: not in sight)."""
        return None

    @classmethod
    def guides(cls) -> bool:
        """Whether it leads a guided first game (writes ``suggest`` and ``guide_place``)."""
        own = TableDrawing
        return cls.suggest is not own.suggest and cls.guide_place is not own.guide_place

    def guide_place(self, hint: Hint, target: pygame.Rect | None) -> GuidePlace | None:
        """Where the guide's panel goes for ``hint`` (ringing ``target``) and how it points."""
        return None

    def draw_guide(self, surface: pygame.Surface) -> None:
        hint = self.guide_hint()
        target = self.guide_rect(hint.target) if hint is not None else None
        place = self.guide_place(hint, target) if hint is not None else None
        if hint is None or place is None:
            self.guide.draw(surface, None, None, pygame.Rect(0, 0, 0, 0), self.time.now)
            return
        self.guide.draw(
            surface, hint, target, place.panel, self.time.now, place.tab_w, place.arrow,
            place.top, place.shrink,
        )  # fmt: skip

    def log_lines(self, rows: int | None = None) -> list[panels.LogLine]:
        """The last ``rows`` entries of the move log (all of them: None) as the log panels and
        the log view show them: each after the mark (shape and colour) of the seat that made
        it."""
        entries = self.log if rows is None else self.log[-rows:] if rows > 0 else []
        return [
            panels.LogLine(self.log_text(e), None if e[0] is None else self.seat_mark(e[0]))
            for e in entries
        ]

    # ---- the whole move log and the last turns ---------------------------------------------------
    def open_log(self) -> None:
        """The whole game's move log over the table, to scroll (``game.play.logview``)."""
        self.services.scenes.push(MoveLogScene, source=self)

    def log_button(self, rect: pygame.Rect) -> None:
        """The button that opens the whole move log, where the game's layout puts it."""
        self.button(rect, tr("movelog.open"), self.open_log, "#small_button")

    def log_area(self) -> pygame.Rect | None:
        """Where the table shows the log's last lines: a press there opens the whole log."""
        return None

    def table_key(self, intent: Intent) -> bool:
        """What every table takes before its board: the guide's key (H, a pad's Y, a press on
        the guide) and the move log's (L, a pad's X, a press on the log's lines, not on a
        control there). Whether ``intent`` was used."""
        if self.guide.handle(intent):
            return True
        pos, area = intent.pos, self.log_area()
        pressed = (
            intent.kind is Kind.POINT_DOWN and pos is not None and area is not None
            and area.collidepoint(pos)
            and not any(i.element.visible and i.element.rect.collidepoint(pos)
                        for i in self.ring.items)
        )  # fmt: skip
        if log_key(intent) or pressed:
            self.open_log()
            return True
        return False

    def trail_marks(self) -> dict[int, list[Any]]:
        """The marks of the seats' last turns to draw now (``game.play.trails``): every seat's
        that left any, but a person's who is to move (what he did last he knows). While the
        last move is still shown moving, as they were before it."""
        mover = self.state.current_player
        own = mover is not None and self.is_human(mover) and not self.replaying
        turns = self.trails.last_turns(len(self.moves) - 1 if self.busy else None)
        return {s: marks for s, marks in turns.items() if marks and not (own and s == mover)}

    def seat_mark(self, seat: int) -> panels.Mark:
        return (self.shapes[seat], self.colours[seat])

    def undo_button(self, rect: pygame.Rect, text: str) -> None:
        """The Undo button at ``rect`` (where the game's layout puts it): open on a person's
        turn with a decision to take back."""
        # (a decision made on a phone is taken back from that phone only)
        decider = self.last_decider
        mine = decider is None or not self.on_phone(decider)
        self.button(rect, text, self.undo, enabled=bool(self.history) and self.human_turn and mine)

    def message_area(self) -> pygame.Rect | None:
        return self.NOTICE_AREA

    def draw_notice(
        self, surface: pygame.Surface, rect: pygame.Rect, style: panels.NoticeStyle | None = None
    ) -> None:
        """The last refusal, briefly, in a red box (``rect``) as ``style`` draws it (by default
        two lines at any UI scale inside it)."""
        if self.notice is not None:
            panels.draw_notice(surface, rect, self.notice[0], style or panels.NoticeStyle())

    # ---- the guide's hooks ----------------------------------------------------------------------
    def asking(self) -> bool:
        """Whether a person here is asked a question now (the guide then points)."""
        return self.human_turn

    def guide_key(self) -> object:
        """What the guide's hint depends on besides the state (a picked number)."""
        return None

    def suggest(self, view: Any, seat: int, secret: int) -> Hint:
        """The guide's hint for ``seat`` from its ``view``, its random choices from ``secret``."""
        raise NotImplementedError
