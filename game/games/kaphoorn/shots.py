"""Screenshots of the Kap Hoorn drawing code (no scene): a full 1920x1080 frame with the sea
chart, cards in every zone, ships, highlights, log books and a hand, plus close-ups.

    python -m game.games.kaphoorn.shots [out_dir]     (default /tmp/kh_shots)
"""

from __future__ import annotations

import os
import random
import sys
import time
from pathlib import Path
from typing import cast

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

from game.games.kaphoorn.rules import RULES, KapState  # noqa: E402
from game.games.kaphoorn.rules.actions import KapAction, Play, Replace  # noqa: E402
from game.games.kaphoorn.rules.turn import all_winds  # noqa: E402
from game.games.kaphoorn.view.seachart import (
    ChartRenderer,
    draw_card_back,
    draw_logbook,
    draw_rose,
    draw_ship,
    draw_wind_card,
    ship_offsets,
    ship_size,
)
from game.ui import theme  # noqa: E402

CHART_RECT = pygame.Rect(16, 96, 1180, 968)


def played_state(turns: int = 14, seed: int = 1) -> KapState:
    """A real game after some random turns that prefer laying cards, plus cards laid by hand
    along the route in zones 2 and 3 (to show every zone's turn and a card on a station)."""
    s = cast(KapState, RULES.new_game("standard", 4, seed=seed))
    rng = random.Random(seed)
    for _ in range(turns * 6):
        if s.is_over():
            break
        actions = s.legal_actions()
        lays: list[KapAction] = [a for a in actions if isinstance(a, Play)]
        others: list[KapAction] = [a for a in actions if not isinstance(a, Replace)]
        action = rng.choice(lays if lays and rng.random() < 0.8 else others or list(actions))
        s = s.apply(action)
    chart = s.chart
    cards = list(s.cards)
    route = [
        "C10",
        "C9",
        "D9",
        "B9",
        "C11",
        "D11",
        "D12",
        "C13",
        "D14",
        "E16",
        "F17",
        "G18",
        "H19",
        "H20",
        "I22",
        "H21",
        "J22",
        "K22",
        "L22",
        "B8",
        "C8",
        "D8",
        "A8",
    ]
    for i, label in enumerate(route):
        cards[chart.field(label)] = i * 5 % 9
    return s.with_(cards=tuple(cards))


def frame(s, clock: float = 0.4) -> pygame.Surface:
    screen = pygame.Surface(theme.LOGICAL_SIZE)
    theme.draw_backdrop(screen)
    screen.fill((38, 44, 58))
    chart = s.chart
    renderer = ChartRenderer(chart, CHART_RECT)
    lay = renderer.layout
    screen.blit(renderer.board_layer, CHART_RECT.topleft)
    renderer.draw_cards(screen, s.cards)
    renderer.draw_pile(screen, len(s.pile))
    ships = list(s.ships)
    stations = sorted(f for f in chart.station if s.cards[f] >= 0)
    if stations:
        ships[0] = ships[1] = stations[0]
    # highlights of every style on real fields
    laid = [f for f, c in enumerate(s.cards) if c >= 0 and f not in chart.starts]
    free = [f for f in range(len(s.cards)) if chart.zone[f] and s.cards[f] < 0]
    marks = {free[3]: "play", free[10]: "play", laid[2]: "replace", laid[-1]: "sail"}
    marks[laid[len(laid) // 2]] = "ignore"
    marks[free[len(free) // 2]] = "focus"
    marks[ships[s.seat]] = "ship"
    renderer.draw_highlights(screen, marks, clock)
    # ships: group by field; put two ships on a station to show the sharing
    colours = ["red", "blue", "yellow", "green"]
    by_field: dict[int, list[int]] = {}
    for seat, f in enumerate(ships):
        by_field.setdefault(f, []).append(seat)
    for f, seats in by_field.items():
        cx, cy = lay.centre(f)
        offsets = ship_offsets(len(seats))
        for (dx, dy), seat in zip(offsets, seats, strict=True):
            draw_ship(
                screen,
                (cx + dx * lay.cell, cy + dy * lay.cell),
                ship_size(lay.cell, len(seats)),
                theme.colour_rgb(colours[seat]),
                theme.seat_shape(seat),
                [4, 6, 0, 2][seat] if seat < 3 else 135.0,
                selected=seat == s.seat,
            )
    # the title bar
    theme.text(screen, "Kap Hoorn", (24, 48), 44, theme.WHITE, bold=True, anchor="midleft")
    # the log books
    x0 = CHART_RECT.right + 24
    w = 1920 - x0 - 24
    for seat in range(s.players):
        rect = pygame.Rect(x0, 96 + seat * 150, w, 140)
        roses = tuple(s.roses[seat])
        if seat == 1:
            roses = (0, 2, -1)
        if seat == 2:
            roses = (1, -1, -1)
        draw_logbook(
            screen,
            rect,
            name=s.names[seat] if seat != 3 else "Bartholomew van der Zee-Verhoeven",
            colour=theme.colour_rgb(colours[seat]),
            shape=theme.seat_shape(seat),
            sail=s.sail[seat] if seat else 8,
            roses=roses,  # type: ignore[arg-type]
            hand=len(s.hands[seat]),
            current=seat == s.seat,
            ai=seat >= 2,
        )
    # the hand: six cards, the second one selected
    winds = all_winds()
    hand = list(s.hands[s.seat])[:6]
    while len(hand) < 6:
        hand.append(len(hand))
    cw, ch = 104, 136
    top = 1080 - ch - 40
    theme.text(screen, "Hand", (x0, top - 30), 26, theme.WHITE, bold=True)
    for i, card in enumerate(hand):
        rect = pygame.Rect(x0 + 8 + i * (cw + 10), top, cw, ch)
        draw_wind_card(screen, rect, winds[card], 0, highlight=i == 1)
    draw_card_back(screen, pygame.Rect(x0 + 8, top - 110, 60, 80))
    draw_rose(screen, (x0 + 120, top - 70), 34, 1)
    return screen


def main(out: Path) -> None:
    pygame.init()
    out.mkdir(parents=True, exist_ok=True)
    s = played_state()
    t0 = time.perf_counter()
    screen = frame(s)
    t1 = time.perf_counter()
    pygame.image.save(screen, out / "frame.png")
    pygame.image.save(screen.subsurface((16, 96, 700, 560)), out / "chart_north.png")
    pygame.image.save(screen.subsurface((300, 560, 900, 500)), out / "chart_south.png")
    pygame.image.save(screen.subsurface((1196, 90, 724, 990)), out / "sheets.png")
    zoom = pygame.transform.scale_by(screen.subsurface((600, 96, 420, 330)), 2)
    pygame.image.save(zoom, out / "zoom_starts.png")
    print(f"first frame (board layer painted): {1000 * (t1 - t0):.0f} ms -> {out}")


if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else Path("/tmp/kh_shots"))
