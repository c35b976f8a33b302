"""Shared bits of the menu scenes: the games' names and player counts, headings, seat kinds."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from game.i18n import has, tr
from game.play.config import HUMAN
from game.play.registry import ids

# the screen helpers the kiosk and a game's own screens share with the menus live in the kit,
# below the menus (docs/LAYERS.md); named here too, where the menus have always found them
from game.ui.screens import HEADING_Y as HEADING_Y
from game.ui.screens import dim as dim
from game.ui.screens import draw_heading as draw_heading
from game.ui.screens import game_title as game_title
from game.ui.screens import go_back as go_back

if TYPE_CHECKING:
    from game.engine.policy import Offer
    from game.engine.services import Services

KIOSK_BUTTON_H = 100  # kiosk mode: menu buttons big enough for any finger


def seat_kinds(levels: Sequence[str], offered: Sequence[str] | None = None) -> tuple[str, ...]:
    """What a set-up seat can be: a person, or a computer at one of ``levels`` (the game's bot
    levels, ``GamePlugin.levels``, in its order) that the policy offers (None: all of them). A
    game without bots: a person only."""
    return (HUMAN, *(level for level in levels if offered is None or level in offered))


def offer(services: Services) -> Offer:
    """What the menus offer under the policy in force (a kiosk's visitors: its few things)."""
    return services.policy.offer


def menu_games() -> tuple[str, ...]:
    """Every game, in the menus' order."""
    return ids()


def player_range(game: str) -> tuple[int, int]:
    """The fewest and most seats over every variant of ``game``."""
    from game.play.registry import rules_for

    variants = rules_for(game).variants()
    return min(v.min_players for v in variants), max(v.max_players for v in variants)


def players_text(game: str) -> str:
    """How many play ``game``: "2–4 players", or "2 players" when there is one count."""
    lo, hi = player_range(game)
    return tr("picker.players", lo=lo, hi=hi) if lo != hi else tr("picker.players_one", n=lo)


def kind_name(kind: str) -> str:
    return tr(f"kinds.{kind}")


def colour_name(colour: str) -> str:
    return tr(f"colours.{colour}") if has(f"colours.{colour}") else colour
