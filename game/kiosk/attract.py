"""Attract mode: demo games of the configured games and variants, in rotation.

Each demo is a real game in the same play scene visitors get, every seat a computer player at
the ``demo`` level (``game.protocol.bots.DemoBot``). ``AttractScene`` is the short card
between two demos ("Coming up: Kap Hoorn"); it then hands over to the play scene. The kiosk
controller draws the "Touch to play" banner over everything while attract mode runs, moves
on from a demo's results after a few seconds and caps a demo's length
(``controller.DEMO_MAX_SECONDS``).

Demo games are kept short where the game has a rule for it (its plugin's ``demo`` options:
Der Berg ruft ends after ``turn_limit`` turns, ruling B8, and Kap Hoorn after ``rounds``
rounds, ruling K15), with the seats the plugin asks for.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

import pygame

from game.engine.scenes import Scene
from game.i18n import has, tr
from game.play.config import GameConfig, Seat
from game.play.registry import plugin, rules_for
from game.protocol.bots import DEMO
from game.ui import theme
from game.ui.emblems import draw_emblem
from game.ui.screens import game_title

if TYPE_CHECKING:
    from game.engine.services import Services
    from game.kiosk.station import Station

INTERLUDE_SECONDS = 2.5
DEMO_NAMES = ("Anna", "Bram", "Clara", "Dirk", "Eva")


class DemoRotation:
    """The (game, variant) pairs of the configuration, round-robin over the games:
    A's first variant, B's first, C's first, A's second, B's first, ... (games A, B, C)."""

    def __init__(self, config: Any, seed: int | None = None) -> None:
        self.plan = rotation_plan(config.games, config.variants)
        self.index = 0
        self.rng = random.Random(seed)

    def next_config(self) -> GameConfig:
        game, variant = self.plan[self.index % len(self.plan)]
        self.index += 1
        return demo_config(game, variant, self.rng.randrange(1, 1_000_000))


def rotation_plan(
    games: tuple[str, ...], variants: dict[str, tuple[str, ...]]
) -> list[tuple[str, str]]:
    games = tuple(g for g in games if plugin(g).levels)  # computers play the demo games: a
    # game of people only (no bot levels) is offered to visitors but not shown
    lists = {}
    for game in games:
        known = [v.id for v in rules_for(game).variants()]
        lists[game] = [v for v in variants.get(game, ()) if v in known] or known[:1]
    rounds = max(len(v) for v in lists.values())
    return [(game, lists[game][r % len(lists[game])]) for r in range(rounds) for game in games]


def demo_config(game: str, variant_id: str, seed: int) -> GameConfig:
    """An all-computer game at the demo level, with the game's short-demo options."""
    demo = plugin(game).demo
    variant = plugin(game).rules.variant(variant_id)
    players = demo.players.get(variant.id, variant.min_players)
    players = max(variant.min_players, min(variant.max_players, players))
    keys = {o.key for o in variant.options}
    options = {k: v for k, v in demo.options.items() if k in keys}
    colours = [c for c, _ in theme.seat_colours()]
    seats = tuple(Seat(DEMO_NAMES[i], DEMO, colours[i % len(colours)]) for i in range(players))
    return GameConfig(game, variant.id, seats, seed, options)


class AttractScene(Scene):
    """ "Coming up: <game>" for a moment, then the demo game itself."""

    name = "kiosk_attract"

    def __init__(self, services: Services, station: Station) -> None:
        super().__init__(services)
        self.config = station.next_demo_config()

    def enter(self) -> None:
        self.began = self.services.clock.now
        self.started = False

    def update(self, dt: float) -> None:
        if self.services.clock.since(self.began) >= INTERLUDE_SECONDS and not self.started:
            self.started = True
            self.services.scenes.replace(plugin(self.config.game).scene(), config=self.config)

    def handle(self, intent: Any) -> None:
        """Input never reaches here: the kiosk ends attract mode on any input first."""

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        seconds = self.services.clock.now
        theme.draw_backdrop(surface, seconds)
        cx = surface.get_width() // 2
        box = pygame.Rect(0, 0, 1100, 640)
        box.midtop = (cx, 120)
        theme.panel(surface, box, (16, 24, 40, 190), 32)
        accent = theme.palette().accent
        theme.text(surface, tr("kiosk.coming_up"), (cx, box.y + 70), 48, accent, True,
                   "center", True)  # fmt: skip
        game = self.config.game
        art = pygame.Rect(0, 0, 420, 300)
        art.midtop = (cx, box.y + 120)
        draw_emblem(surface, plugin(game).emblem(), art, seconds)
        theme.text(surface, game_title(game), (cx, art.bottom + 70), 96, theme.WHITE, True,
                   "center", True)  # fmt: skip
        key = f"setup.variants.{game}.{self.config.variant}"
        if self.config.variant != "standard" and has(key):  # Nanuuk! has several
            theme.text(surface, tr(key), (cx, art.bottom + 150), 40, theme.SNOW, False, "center")
