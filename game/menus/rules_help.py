"""How to play: a game's rules as illustrated pages, like a printed rulebook.

Each page has a heading, a few short paragraphs and bullets, and a picture drawn with the game's
own renderer from a real game position (``game.play.pictures``). Which pages a game and
variant has is data (``game.menus.rules_pages``). Opened from the set-up screen or the pause
menu, the help starts at the first page of the chosen variant.

Turning pages: the Previous/Next buttons, Left/Right (keys, D-pad), Page Up/Down, the mouse
wheel, or a swipe with a finger or the mouse. Up/Down and Tab move the focus between buttons.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game import i18n
from game.engine.intents import Intent, Kind
from game.engine.pacing import DECOR
from game.i18n import tr
from game.menus.menukit import KIOSK_BUTTON_H, draw_heading, game_title, go_back, offer
from game.menus.rules_pages import Column, Page, fit, pages_for, variant_name
from game.persist.log import LOG
from game.play import pictures as rules_pictures
from game.play.registry import rules_for
from game.ui import theme
from game.ui.kit import UIScene

if TYPE_CHECKING:
    from game.engine.services import Services

PAGE = pygame.Rect(60, 140, 1800, 790)
TEXT_X = PAGE.x + 56
TEXT_W = 820
HEAD_Y = PAGE.y + 34
HEAD_SIZE = 44
BODY_Y = PAGE.y + 116
BODY_BOTTOM = PAGE.bottom - 34
PICTURE = pygame.Rect(PAGE.x + 920, PAGE.y + 34, 844, PAGE.height - 68)
SWIPE = 120  # pixels a finger or the mouse must travel sideways to turn the page
SLIDE = 260  # how far a new page slides in from the side

PAPER = (247, 241, 226)
PAPER_EDGE = (206, 192, 160)
INK = (40, 36, 32)
RUBRIC = (150, 44, 32)  # headings and bullets in the red of an old printed rulebook
PAGE_NUMBER = (250, 244, 230)


def page_layout(page: Page) -> tuple[list[tuple[str, int]], int, Column]:
    """A page's heading lines with their y, where the body starts, and the body's column
    (smaller text only if a large UI scale would otherwise run it off the paper)."""
    heading = []
    y = HEAD_Y
    for part in theme.wrap(tr(page.heading_key), HEAD_SIZE, TEXT_W, True):
        heading.append((part, y))
        y += theme.font(HEAD_SIZE, True).get_linesize()
    top = max(BODY_Y, y + 30)
    return heading, top, fit(tr(page.body_key), TEXT_W, BODY_BOTTOM - top)


class RulesHelpScene(UIScene):
    name = "rules_help"
    # While its picture is being prepared, the three dots in its frame take turns: an idle frame
    # draws only there (moving_areas), and nothing once the picture is shown (game.engine.pacing).
    idle_pace = DECOR

    def message_area(self) -> pygame.Rect:
        """Toasts go over the screen's heading: the page and its picture are being read."""
        return pygame.Rect(PAGE.x, 8, PAGE.w, PAGE.y - 16)

    def __init__(self, services: Services, game: str, variant: str | None = None,
                 page: int = 0) -> None:  # fmt: skip
        super().__init__(services)
        self.game = game
        self.asked = variant, page  # no variant: the one of the game or set-up beneath

    def enter(self) -> None:
        game, (variant, page) = self.game, self.asked
        self.variant = variant or self._variant_beneath()
        self.pages: list[Page] = pages_for(game, self.variant)
        self.several_variants = len(rules_for(game).variants()) > 1
        self.index = max(0, min(page, len(self.pages) - 1))
        self.slide = 0.0  # the page's sideways offset while it settles after a turn
        self.drag = 0.0  # and while a finger or the mouse drags it
        self.swipe_from: tuple[int, int] | None = None
        self.broken: set[str] = set()  # pictures that failed once are not tried every frame
        self.layouts: dict[tuple[Page, str, int], tuple[list[tuple[str, int]], int, Column]] = {}
        self.build()
        if self.next_button.is_enabled:
            self.ring.focus(self.next_button)

    def _variant_beneath(self) -> str:
        """The variant of the game or set-up screen this help was opened over."""
        for scene in reversed(self.services.scenes.stack):
            config = getattr(scene, "config", None)
            if getattr(config, "game", None) == self.game:
                return str(config.variant)  # type: ignore[union-attr]
            chosen = getattr(scene, "variant", None)
            if getattr(scene, "game", None) == self.game and hasattr(chosen, "id"):
                return str(chosen.id)  # type: ignore[union-attr]
        return rules_for(self.game).variants()[0].id

    # ---- controls -------------------------------------------------------------------------
    def build(self) -> None:
        kiosk = offer(self.services).large_controls
        y, h = (940, KIOSK_BUTTON_H) if kiosk else (950, 90)
        self.back_button = self.button(pygame.Rect(PAGE.x, y, 300, h), tr("common.back"), self.back)
        self.previous_button = self.button(
            pygame.Rect(PAGE.right - 820, y, 390, h), tr("rules_help.previous"), self.previous
        )
        self.next_button = self.button(
            pygame.Rect(PAGE.right - 400, y, 400, h), tr("rules_help.next"), self.next
        )
        self._sync_buttons()

    def _sync_buttons(self) -> None:
        for button, usable in (
            (self.previous_button, self.index > 0),
            (self.next_button, self.index < len(self.pages) - 1),
        ):
            if usable:
                button.enable()
            else:
                button.disable()
        current = self.ring.current
        if current is not None and not current.enabled:
            other = self.previous_button if self.next_button.is_enabled else self.next_button
            self.ring.focus(other if other.is_enabled else self.back_button)

    # ---- turning pages --------------------------------------------------------------------
    @property
    def page(self) -> Page | None:
        return self.pages[self.index] if self.pages else None

    def turn(self, delta: int) -> None:
        index = max(0, min(len(self.pages) - 1, self.index + delta))
        if index != self.index:
            self.slide = SLIDE if index > self.index else -SLIDE
            self.index = index
            self._sync_buttons()

    def next(self) -> None:
        self.turn(1)

    def previous(self) -> None:
        self.turn(-1)

    def back(self) -> None:
        go_back(self.services)

    def handle(self, intent: Intent) -> None:
        kind = intent.kind
        if kind is Kind.LEFT:
            self.previous()
        elif kind is Kind.RIGHT:
            self.next()
        elif kind is Kind.SCROLL and intent.pos is not None:
            self.turn(1 if intent.pos[1] > 0 else -1)
        elif kind is Kind.TEXT and intent.event is not None and intent.event.type == pygame.KEYDOWN:
            keys = {pygame.K_PAGEUP: -1, pygame.K_PAGEDOWN: 1, pygame.K_HOME: -99, pygame.K_END: 99}
            self.turn(keys.get(intent.event.key, 0))
        else:
            if intent.is_pointer:
                self._swipe(intent)
            super().handle(intent)

    def _swipe(self, intent: Intent) -> None:
        """A sideways drag over the page turns it: to the left for the next page."""
        if intent.pos is None:
            return
        if intent.kind is Kind.POINT_DOWN:
            self.swipe_from = intent.pos if PAGE.collidepoint(intent.pos) else None
        elif intent.kind is Kind.POINT_MOVE and self.swipe_from is not None:
            # the page follows the finger a little, so a swipe feels like turning paper
            self.drag = max(-SLIDE, min(SLIDE, (intent.pos[0] - self.swipe_from[0]) / 2))
        elif intent.kind is Kind.POINT_UP and self.swipe_from is not None:
            dx = intent.pos[0] - self.swipe_from[0]
            dy = intent.pos[1] - self.swipe_from[1]
            self.swipe_from = None
            self.slide, self.drag = self.slide + self.drag, 0.0  # springs back unless turned
            if abs(dx) >= SWIPE and abs(dx) > abs(dy):
                self.turn(-1 if dx > 0 else 1)

    def update(self, dt: float) -> None:
        super().update(dt)
        self.slide *= max(0.0, 1.0 - dt * 12)
        if abs(self.slide) < 1:
            self.slide = 0.0

    # ---- drawing --------------------------------------------------------------------------
    def draw_content(self, surface: pygame.Surface, alpha: float) -> None:
        title = game_title(self.game)
        variant = variant_name(self.game, self.variant)
        if self.several_variants and variant != title:  # else the variant's name adds nothing
            title = f"{title} · {variant}"
        draw_heading(surface, tr("rules_help.heading", game=title), 66, 56)
        theme.panel(surface, PAGE.inflate(8, 8), (*PAPER_EDGE, 255), 20)
        pygame.draw.rect(surface, PAPER, PAGE, border_radius=16)
        page = self.page
        if page is not None:
            clip = surface.get_clip()
            surface.set_clip(PAGE.inflate(-8, -8))
            self._draw_page(surface, page, round(self.slide + self.drag))
            surface.set_clip(clip)
        self._draw_footer(surface)

    def _draw_page(self, surface: pygame.Surface, page: Page, dx: int) -> None:
        key = (page, i18n.language(), theme.scaled(100))  # laid out again only when it changes
        if key not in self.layouts:
            self.layouts[key] = page_layout(page)
        heading, top, column = self.layouts[key]
        for part, y in heading:
            theme.text(surface, part, (TEXT_X + dx, y), HEAD_SIZE, RUBRIC, True)
        rule_y = top - 18
        pygame.draw.line(
            surface, PAPER_EDGE, (TEXT_X + dx, rule_y), (TEXT_X + dx + TEXT_W, rule_y), 2
        )
        for line in column.lines:
            x = TEXT_X + dx + line.indent
            if line.bullet:
                centre = (x - 20, top + line.y + theme.scaled(column.size) * 0.72)
                pygame.draw.circle(surface, RUBRIC, centre, 6)
            theme.text(surface, line.text, (x, top + line.y), column.size, INK)
        image, frame = self._picture(page), PICTURE.move(dx, 0)
        self.moving_areas = []
        if image is not None:
            surface.blit(image, frame)
            pygame.draw.rect(surface, PAPER_EDGE, frame.inflate(6, 6), 3, 8)
        elif page.picture and page.picture not in self.broken:
            self._draw_coming(surface, frame)
            self.moving_areas = [frame.inflate(6, 6)]

    def _draw_coming(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """Where a picture is still being prepared: its frame and three dots that take turns."""
        pygame.draw.rect(surface, PAPER_EDGE, rect.inflate(6, 6), 3, 8)
        lit = -1 if theme.access().reduced_motion else int(self.services.clock.now * 3) % 3
        for i in range(3):
            colour = RUBRIC if i == lit else PAPER_EDGE
            pygame.draw.circle(surface, colour, (rect.centerx + (i - 1) * 40, rect.centery), 10)

    def _picture(self, page: Page) -> pygame.Surface | None:
        """The page's picture; a picture that cannot be drawn is logged and left out, so the
        text still helps (tests/menus/test_rules_pages.py draws every one)."""
        if not page.picture or page.picture in self.broken:
            return None
        try:
            following = self.pages[self.index + 1 :][:1]
            if following and following[0].picture:  # prepared ahead while this page is read
                rules_pictures.ready(following[0].picture, self.variant, PICTURE.size)
            if not rules_pictures.ready(page.picture, self.variant, PICTURE.size):
                return None  # being prepared in the background: the page shows it when ready
            return rules_pictures.picture(page.picture, self.variant, PICTURE.size)
        except Exception:
            if self.services.raise_errors:
                raise
            LOG.exception("rules help: picture %s could not be drawn", page.picture)
            self.broken.add(page.picture)
            return None

    def _draw_footer(self, surface: pygame.Surface) -> None:
        centre = (self.back_button.rect.right + self.previous_button.rect.left) // 2
        y = self.back_button.rect.centery
        count = tr("rules_help.page", n=self.index + 1, total=max(1, len(self.pages)))
        theme.text(surface, count, (centre, y - 20), 40, PAGE_NUMBER, True, "center", True)
        room = self.previous_button.rect.left - self.back_button.rect.right - 20
        theme.text(surface, tr("rules_help.hint"), (centre, y + 26), 28, theme.SNOW, False,
                   "center", True, width=room)  # fmt: skip
