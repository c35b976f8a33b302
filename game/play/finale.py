"""How a game's end is told on the table (issue 29, item 5), and the question before a move
that ends it: the third part of the play table (``PlayTable`` is a ``TableFinale``).

- **The hold**: when the rules say the game is over, the table stays ``FINAL_HOLD`` game
  seconds (``--speed`` shortens it in wall time, a click, key, tap or pad button ends it) with
  the deciding things marked (``finale_marks``: a ring round each, a short label under it) and
  a sentence saying why (``finale_sentence``, in a box at the top of ``finale_area``); then
  the results.
- **The question**: a person's move that ends the game, or loses it for him, is asked once
  before it is played (``ending_question`` in the game's own words, through the rules: the
  action applied to the mover's own view), unless the setting ``confirm_ending`` is off.
  Computers and replays are never asked; a "yes" plays the move without asking again.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

import pygame

from game.i18n import tr
from game.protocol.base import IllegalAction, State
from game.ui import theme

if TYPE_CHECKING:
    from game.engine.clock import Stopwatch
    from game.engine.services import Services
    from game.play.config import GameConfig

FINAL_HOLD = 4.0  # game seconds the final position stays, marked, before the results
SENTENCE_SIZE = 34
LABEL_SIZE = 24


Point = tuple[float, float]


@dataclass(frozen=True)
class Marked:
    """A deciding thing on the board: its name (``"hunter 1"``, ``"peter 0"``), where it is
    drawn, and a short label under its ring ("" for none); ``line``: a line drawn over
    (a crack) instead of a ring round ``rect``."""

    id: str
    rect: pygame.Rect
    label: str = ""
    line: tuple[Point, Point] | None = None


@dataclass(frozen=True)
class Drawn:
    """What the last frame of the hold showed (tests read it): the sentence and its box, the
    marks."""

    sentence: str
    box: pygame.Rect
    marks: tuple[Marked, ...]


class TableFinale:
    """The end of the game told on the table, and the question before a move that ends it."""

    FINALE_AREA: ClassVar[pygame.Rect] = pygame.Rect(0, 0, 1920, 1080)  # the board: the box
    # goes at its top, centred, else at its bottom or in its middle
    FINALE_CLEAR: ClassVar[tuple[pygame.Rect, ...]] = ()  # panels it had better not cover
    services: Services
    config: GameConfig
    state: Any
    replaying: bool
    restoring: bool
    over_at: float | None = None  # when the hold ends (the table sets it on entering)
    runners: dict[int, Any]
    time: Stopwatch
    finale_drawn: Drawn | None = None
    final_from: Any = None  # the position before the move that ended the game

    if TYPE_CHECKING:  # the table's own

        def is_human(self, seat: int) -> bool: ...

        def on_phone(self, seat: int) -> bool: ...

        def play(self, action: Any, by_ai: bool = False, asked: bool = False) -> bool: ...

    # ---- the question before a move that ends the game ------------------------------------------
    def asks_first(self, old: State[Any], action: Any, by_ai: bool, asked: bool) -> bool:
        """Whether ``action`` (legal in ``old``) waits for the mover's "yes": a person's move
        that ends the game or loses it for him. The question is put up here; a seat on a phone
        is asked on its phone (``game.play.phoneseats``), never by a dialog on the TV."""
        seat = old.current_player
        if by_ai or asked or self.restoring or self.replaying or seat is None:
            return False
        if self.on_phone(seat):
            return False
        message = self.question_before(old, action)
        if message is None:
            return False

        def play() -> None:
            self.play(action, asked=True)

        self.services.menus.confirm(tr("table.confirm.title"), message, play,
                                    tr("table.confirm.yes"), tr("table.confirm.no"))  # fmt: skip
        return True

    def question_before(self, old: State[Any], action: Any) -> str | None:
        """The question before a person's ``action`` (legal in ``old``), in the language spoken
        now, or None when it is played at once (a computer's seat, ``confirm_ending`` off, a
        move that neither ends the game nor loses it). Asked of the mover's own view: a hidden
        number stays hidden."""
        seat = old.current_player
        if seat is None or not self.is_human(seat) or seat in self.runners:
            return None
        if not self.services.settings.confirm_ending:
            return None
        return self.ending_words(old.view(seat), action, seat)

    def ending_words(self, view: State[Any], action: Any, seat: int) -> str | None:
        """``ending_question`` for ``action`` of ``seat`` in his own ``view``."""
        try:
            after = view.apply(action)
        except (IllegalAction, ValueError):  # the view cannot tell (a hidden card drawn)
            return None
        return self.ending_question(view, action, after, seat)

    def ending_question(self, old: Any, action: Any, new: Any, seat: int) -> str | None:
        """The question before ``action`` of ``seat`` (``old`` and ``new``: his views), or
        None to play it at once. By default: a move that ends the game."""
        if new.is_over():
            return tr("table.confirm.ends")
        return None

    # ---- the hold -----------------------------------------------------------------------------
    def start_finale(self) -> None:
        self.over_at = self.time.now + FINAL_HOLD

    def end_finale(self) -> None:
        """A click, key or tap during the hold: the results at once."""
        if self.over_at is not None:
            self.over_at = min(self.over_at, self.time.now)

    @property
    def holding(self) -> bool:
        """The game is over and its end is being shown on the table."""
        return self.over_at is not None and not self.replaying

    def finale_sentence(self) -> str:
        """Why the game ended, in a sentence (by default the results screen's reason)."""
        out = self.state.outcome()
        reason = out.reason_code if out is not None else ""
        return tr(f"results.reason.{self.config.game}_{reason}")

    def finale_marks(self) -> Sequence[Marked]:
        """The deciding things on the board, where they are drawn now."""
        return ()

    def draw_finale(self, surface: pygame.Surface) -> None:
        if not self.holding:
            return
        marks = tuple(self.finale_marks())
        seconds = theme.idle(self.time.now)
        labels: list[pygame.Rect] = []  # side by side, a label goes under the one before
        for mark in sorted(marks, key=lambda m: m.line is not None):  # the cracks over the rings
            draw_ring(surface, mark, seconds, labels, self.FINALE_AREA)
        sentence = self.finale_sentence()
        box = draw_sentence(surface, self.FINALE_AREA, sentence, [m.rect for m in marks],
                            self.FINALE_CLEAR)  # fmt: skip
        self.finale_drawn = Drawn(sentence, box, marks)


def draw_ring(surface: pygame.Surface, mark: Marked, seconds: float,
              labels: list[pygame.Rect] | None = None,
              area: pygame.Rect | None = None) -> None:  # fmt: skip
    """A pulsing ring round ``mark`` (a dark rim under it: it reads on ice, sea and rock),
    and its label in a small box under it (inside ``area``, under the labels already drawn,
    ``labels``); a line (a crack) traced over instead."""
    pulse = 0.5 + 0.5 * math.sin(seconds * 5)
    if mark.line is not None:
        a, b = mark.line
        pygame.draw.line(surface, (0, 0, 0), a, b, 14)
        pygame.draw.line(surface, theme.palette().accent, a, b, 7 + round(3 * pulse))
        return
    grow = round(6 + 6 * pulse)
    ring = mark.rect.inflate(grow * 2, grow * 2)
    radius = min(ring.w, ring.h) // 2
    pygame.draw.rect(surface, (0, 0, 0), ring.inflate(8, 8), 10, border_radius=radius + 4)
    pygame.draw.rect(surface, theme.palette().accent, ring, 6, border_radius=radius)
    if mark.label:
        face = theme.font(LABEL_SIZE, True)
        w, h = face.size(mark.label)
        room = pygame.Rect(0, 0, w + 20, h + 8)
        room.midtop = (ring.centerx, ring.bottom + 6)
        room.clamp_ip(surface.get_rect() if area is None else area)  # on the board
        taken = labels if labels is not None else []
        while room.collidelist(taken) >= 0 and room.bottom < surface.get_height() - h:
            room.y = taken[room.collidelist(taken)].bottom + 4
        taken.append(room)
        theme.panel(surface, room, (10, 16, 30, 225), 10)
        theme.text(surface, mark.label, room.center, LABEL_SIZE, theme.WHITE, True, "center")


def draw_sentence(surface: pygame.Surface, area: pygame.Rect, sentence: str,
                  keep_clear: Sequence[pygame.Rect] = (),
                  rather_clear: Sequence[pygame.Rect] = ()) -> pygame.Rect:  # fmt: skip
    """The sentence in a dark box at the top of ``area``, centred (at its bottom or in its
    middle when the top would hide a marked thing, ``keep_clear``, or a panel, ``rather_clear``,
    which counts less): up to four lines."""
    width = min(area.w - 40, 1100)
    lines = theme.wrap_lines(sentence, SENTENCE_SIZE, width - 48, 4, True)
    step = theme.line_height(SENTENCE_SIZE, True)
    box = pygame.Rect(0, 0, width, len(lines) * step + 36)
    places = [box.copy() for _ in range(3)]  # at the top, the bottom, the middle of the area
    places[0].midtop = (area.centerx, area.y + 24)
    places[1].midbottom = (area.centerx, area.bottom - 24)
    places[2].center = area.center

    def hidden(place: pygame.Rect) -> int:
        marked = sum(r.clip(place).w * r.clip(place).h for r in keep_clear)
        return 4 * marked + sum(r.clip(place).w * r.clip(place).h for r in rather_clear)

    box = min(places, key=hidden)  # the first that hides no marked thing, or hides least
    theme.panel(surface, box, (10, 16, 30, 230), 20)
    pygame.draw.rect(surface, theme.palette().accent, box, 3, border_radius=20)
    for i, line in enumerate(lines):
        theme.text(surface, line, (box.centerx, box.y + 18 + i * step), SENTENCE_SIZE,
                   theme.WHITE, True, "midtop")  # fmt: skip
    return box


def winners_text(names: Sequence[str]) -> str:
    """"Anna wins!", "Anna and Ben share the win" (the results screen's words)."""
    if not names:
        return ""
    if len(names) == 1:
        return tr("results.wins", name=names[0])
    if len(names) == 2:
        return tr("results.share_two", a=names[0], b=names[1])
    return tr("results.share_many", names=", ".join(names[:-1]), last=names[-1])
