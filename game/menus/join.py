"""The join screen (issue 30): each person's phone joins its seat before the game starts.

Opened by the set-up's Start when its "Phones" choice is on. It starts the phones' server
(``services.phones.open()``) and shows, for every person's seat, its mark (colour and shape) and
name, a QR code of the seat's address (``segno``'s matrix drawn on the canvas, ``game.ui.qr``),
under it the server's short address and the seat's code for those who type, and whether its
phone has joined. A seat may go back to the TV (hand-offs as before; ``door.remove_seat``) and
come back to a phone (a new code). Play is there once every seat still asked for has joined; the
table then starts with ``GameConfig.phones`` = those seats. Back stops the server and returns
to the set-up. A port the server cannot listen on is told in words, with a free port to use,
and the players may go back or play without phones.

While it is up this screen polls the server: it keeps "joined" and "left" for itself and hands
whatever else a phone sent meanwhile (its language) back with ``door.unread`` when the table
starts, which polls from its first frame on.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from functools import partial
from typing import TYPE_CHECKING

import pygame
import segno

from game.engine.pacing import FULL
from game.engine.services import PhoneDoor, PhoneNews, PhonesUnavailable
from game.i18n import tr
from game.menus.menukit import KIOSK_BUTTON_H, draw_heading, offer
from game.play.config import GameConfig
from game.ui import qr, theme
from game.ui.kit import UIScene

if TYPE_CHECKING:
    from game.engine.services import Services

CARDS = pygame.Rect(40, 228, 1840, 702)  # the seats' cards, side by side
GAP = 16
MOST_W = 480  # a card's width with few seats
PAD = 16
NAME_H = 52  # the card's top line: mark and name
JOINED = (64, 200, 120)
NEWS_S = 0.5  # after a phone joined or left, the screen is drawn at full pace this long
CodeCard = tuple[pygame.Surface, int, int]  # the QR's surface, its module size, its modules


class JoinScene(UIScene):
    name = "join"

    def __init__(self, services: Services, config: GameConfig,
                 on_play: Callable[[GameConfig], None]) -> None:  # fmt: skip
        super().__init__(services)
        self.config = config
        self.on_play = on_play
        self.humans = [i for i, seat in enumerate(config.seats) if seat.is_human]
        self.asked = set(self.humans)  # the seats to be played from a phone
        self.joined: set[int] = set()  # the seats whose phone is connected now
        self.gone: set[int] = set()  # joined once, then lost (asleep, a reload)
        self.held: list[PhoneNews] = []  # the phones' other news: the table's
        self.codes: dict[int, CodeCard] = {}
        self.drawn_codes: dict[int, tuple[pygame.Rect, int, int]] = {}  # where, module, count
        self.door: PhoneDoor | None = None
        self.problem: PhonesUnavailable | None = None
        self.heard_at = float("-inf")  # when a phone last joined or left (drawn at once)

    def enter(self) -> None:
        self.open_server()
        self.build()
        self.ring.move(0)

    def open_server(self) -> None:
        self.problem = None
        try:
            self.door = self.services.phones.open()
        except PhonesUnavailable as problem:
            self.problem = problem
            self.services.sound("bad")

    def use_port(self, port: int) -> None:
        """The free port the refusal named, kept in the settings for good, and tried now."""
        self.services.update_settings(replace(self.services.settings, phones_port=port))
        self.open_server()
        self.rebuild()
        if self.door is None:  # still refused: playing without phones is the way on
            self.ring.focus(self.play_button)
        else:  # listening: the first seat's card
            self.ring.index = 0
            self.ring.move(0)

    # ---- the seats ----------------------------------------------------------------------------
    @property
    def ready(self) -> bool:
        """Every seat still asked for a phone has joined (Play may start)."""
        return self.asked <= self.joined

    def toggle(self, seat: int) -> None:
        """The seat goes back to the TV (its code void, its phone let go), or to a phone."""
        door = self.door
        if door is None:
            return
        if seat in self.asked:
            self.asked.discard(seat)
            self.joined.discard(seat)
            self.gone.discard(seat)
            self.codes.pop(seat, None)
            door.remove_seat(seat)
        else:
            self.asked.add(seat)
        self.services.sound("click")
        self.rebuild()

    def code_card(self, seat: int, room: int) -> CodeCard:
        """The seat's QR code drawn for ``room`` px (made once a seat and size)."""
        assert self.door is not None
        made = self.codes.get(seat)
        if made is None or made[0].get_width() > room:
            matrix = segno.make(self.door.join_url(seat), micro=False).matrix
            module = qr.module_size(matrix, room)
            made = (qr.qr_surface(matrix, module), module, len(matrix))
            self.codes[seat] = made
        return made

    def short_address(self) -> str:
        """The address to type: ``192.168.1.20:8765`` (a browser adds the http://)."""
        address = self.door.address if self.door is not None else ""
        return address.removeprefix("http://").rstrip("/")

    # ---- the news -----------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        super().update(dt)
        if self.door is None:
            return
        for news in self.door.poll():
            self.hear(news)
        if self.ready and not self.play_button.is_enabled:
            self.play_button.enable()
            self.ring.focus(self.play_button)  # everyone is in: Enter starts the game
        elif not self.ready and self.play_button.is_enabled:
            self.play_button.disable()

    def hear(self, news: PhoneNews) -> None:
        if news.kind in ("joined", "left"):
            self.heard_at = self.time.now
        if news.kind == "joined" and news.seat in self.asked:
            self.joined.add(news.seat)
            self.gone.discard(news.seat)
            self.services.sound("click")
        elif news.kind == "left" and news.seat in self.joined:
            self.joined.discard(news.seat)
            self.gone.add(news.seat)
        elif news.kind not in ("joined", "left"):
            self.held.append(news)  # a language chosen, a stray tap: the table's

    def pace(self) -> float:
        """A still menu, but drawn at once when a phone joins or leaves (not a second later)."""
        return FULL if self.time.now - self.heard_at < NEWS_S else super().pace()

    # ---- leaving ------------------------------------------------------------------------------
    def play(self) -> None:
        """Start the table with the seats that joined (none: the server is not needed)."""
        if not self.ready and self.door is not None:
            return
        phones = frozenset(self.asked & self.joined) if self.door is not None else frozenset()
        if self.door is not None and phones:
            self.door.unread(self.held)
        else:
            self.services.phones.close()
        self.services.sound("click")
        self.services.scenes.pop()
        self.on_play(replace(self.config, phones=phones))

    def back(self) -> None:
        self.services.phones.close()
        self.services.scenes.pop()

    # ---- the controls -------------------------------------------------------------------------
    def card_rects(self) -> list[pygame.Rect]:
        n = max(1, len(self.humans))
        w = min(MOST_W, (CARDS.w - (n - 1) * GAP) // n)
        x = CARDS.centerx - (n * w + (n - 1) * GAP) // 2
        return [pygame.Rect(x + i * (w + GAP), CARDS.y, w, CARDS.h) for i in range(n)]

    def button_h(self) -> int:
        return KIOSK_BUTTON_H - 16 if offer(self.services).large_controls else 64

    def build(self) -> None:
        kiosk = offer(self.services).large_controls
        y, h = (945, KIOSK_BUTTON_H) if kiosk else (950, 90)
        if self.door is not None:
            words = (tr("join.to_tv"), tr("join.to_phone"))
            for seat, card in zip(self.humans, self.card_rects(), strict=True):
                rect = pygame.Rect(card.x + PAD, card.bottom - PAD - self.button_h(),
                                   card.w - 2 * PAD, self.button_h())  # fmt: skip
                text = words[0] if seat in self.asked else words[1]
                self.button(rect, text, partial(self.toggle, seat), peers=words)
        self.back_button = self.button(pygame.Rect(80, y, 300, h), tr("common.back"), self.back)
        free = self.problem.params.get("free") if self.problem is not None else None
        if free is not None:  # the busy port's free neighbour, at a press
            self.button(pygame.Rect(420, y, 600, h), tr("join.use_port", port=free),
                        partial(self.use_port, free))  # fmt: skip
        play = tr("join.play") if self.door is not None else tr("join.play_without")
        may = self.door is None or self.ready  # without a server: play on the TV at once
        wide = 440 if self.door is not None else 640  # "Play without phones" in its look
        rect = pygame.Rect(1840 - wide, y - 6, wide, h + 12)
        self.play_button = self.button(rect, play, self.play, "#big_button", enabled=may)

    # ---- the picture --------------------------------------------------------------------------
    def draw_content(self, surface: pygame.Surface, alpha: float) -> None:
        self.drawn_codes = {}
        draw_heading(surface, tr("join.heading"), 80, 60)
        if self.door is None:
            self.draw_problem(surface)
            return
        intro = f"{tr('join.intro')} {tr('join.typed', address=self.short_address())}"
        theme.text_in(surface, intro, pygame.Rect(120, 134, 1680, 84), 26, theme.SNOW,
                      max_lines=2, align="center", middle=True)  # fmt: skip
        for seat, card in zip(self.humans, self.card_rects(), strict=True):
            self.draw_card(surface, seat, card)
        theme.text_in(surface, self.status(), pygame.Rect(420, 952, 940, 86), 30, theme.WHITE,
                      max_lines=2, align="center", middle=True)  # fmt: skip

    def status(self) -> str:
        missing = len(self.asked - self.joined)
        if missing:
            return tr("join.waiting_for", n=missing)
        return tr("join.all_joined") if self.asked else tr("join.none_asked")

    def draw_card(self, surface: pygame.Surface, seat: int, card: pygame.Rect) -> None:
        theme.panel(surface, card, (16, 24, 40, 215), 22)
        info = self.config.seats[seat]
        theme.draw_mark(surface, theme.seat_shape(seat), theme.colour_rgb(info.colour),
                        (card.x + PAD + 24, card.y + PAD + NAME_H // 2 - 6), 22)  # fmt: skip
        theme.text(surface, info.name, (card.x + PAD + 60, card.y + PAD + NAME_H // 2 - 6), 34,
                   theme.WHITE, True, "midleft", width=card.w - 2 * PAD - 64)  # fmt: skip
        lines = self.under_lines(seat)
        below = sum(theme.line_height(size, bold) for _, size, bold, _ in lines)
        top = card.y + PAD + NAME_H
        room = card.bottom - PAD - self.button_h() - 8 - below - top
        side = min(room, card.w - 2 * PAD)
        if seat in self.asked:  # the code's own size: the rest of the room above and below
            side = self.code_card(seat, side)[0].get_height()
        top += max(0, room - side) // 2
        area = pygame.Rect(card.x + PAD, top, card.w - 2 * PAD, side)
        bottom = self.draw_code(surface, seat, area)
        for text, size, bold, colour in lines:
            rect = theme.text(surface, text, (card.centerx, bottom), size, colour, bold, "midtop",
                              width=card.w - 2 * PAD)  # fmt: skip
            bottom = rect.bottom
            if colour == JOINED:
                tick(surface, pygame.Rect(card.x + PAD, rect.y, 0, rect.h), rect)

    def under_lines(self, seat: int) -> Sequence[tuple[str, int, bool, tuple[int, ...]]]:
        """The lines under a seat's code: the address and the code, and how it stands."""
        if seat not in self.asked:
            return [(tr("join.on_tv"), 28, False, theme.SNOW)]
        assert self.door is not None
        code = self.door.add_seat(seat).code
        if seat in self.joined:
            state = (tr("join.joined"), 30, True, JOINED)
        else:
            state = (tr("join.gone" if seat in self.gone else "join.waiting"), 26, False,
                     theme.palette().muted)  # fmt: skip
        return [(self.short_address(), 24, False, theme.SNOW),
                (tr("join.code", code=code), 40, True, theme.WHITE), state]  # fmt: skip

    def draw_code(self, surface: pygame.Surface, seat: int, area: pygame.Rect) -> int:
        """The seat's QR code (or, on the TV, its mark large) in ``area``; the y under it."""
        if seat not in self.asked:
            info = self.config.seats[seat]
            side = min(area.w, area.h)
            box = pygame.Rect(0, 0, side, side)
            box.midtop = area.midtop
            theme.draw_mark(surface, theme.seat_shape(seat), theme.colour_rgb(info.colour),
                            box.center, side // 4)  # fmt: skip
            return box.bottom + 8
        image, module, count = self.code_card(seat, min(area.w, area.h))
        x = (area.centerx - image.get_width() // 2) // 3 * 3  # whole pixels at 2/3 too
        y = area.y // 3 * 3 + 3
        surface.blit(image, (x, y))
        self.drawn_codes[seat] = (image.get_rect(topleft=(x, y)), module, count)
        if seat in self.joined:  # done: the code veiled, a large tick on it
            veil = pygame.Surface(image.get_size(), pygame.SRCALPHA)
            veil.fill((255, 255, 255, 210))
            surface.blit(veil, (x, y))
            big = pygame.Rect(x, y, *image.get_size()).inflate(-image.get_width() // 2,
                                                              -image.get_height() // 2)
            tick(surface, big, big)
        return y + image.get_height() + 8

    def draw_problem(self, surface: pygame.Surface) -> None:
        """The server could not listen: why, and what to do, in words."""
        assert self.problem is not None
        box = pygame.Rect(200, 260, 1520, 420)
        theme.panel(surface, box, (120, 34, 30, 225), 24)
        theme.text(surface, tr("join.unavailable"), (box.centerx, box.y + 40), 44, theme.WHITE,
                   True, "midtop", width=box.w - 80)  # fmt: skip
        words = tr(self.problem.key, **self.problem.params)
        theme.text_in(surface, words, pygame.Rect(box.x + 50, box.y + 130, box.w - 100, 260), 32,
                      theme.WHITE, max_lines=5, align="center")  # fmt: skip


def tick(surface: pygame.Surface, where: pygame.Rect, beside: pygame.Rect) -> None:
    """A green disc with a white tick: ``where`` a square to fill, or (no width) a small one
    at the left of the line ``beside``."""
    if where.w == 0:
        side = beside.h * 3 // 4
        where = pygame.Rect(0, 0, side, side)
        where.midright = (beside.x - 10, beside.centery)
    pygame.draw.circle(surface, JOINED, where.center, where.w // 2)
    w, (x, y) = where.w, where.topleft
    points = [(x + w * 0.27, y + w * 0.52), (x + w * 0.44, y + w * 0.69),
              (x + w * 0.74, y + w * 0.35)]  # fmt: skip
    pygame.draw.lines(surface, theme.WHITE, False, points, max(3, w // 9))
