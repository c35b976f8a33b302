"""Shared bits of the menu scenes: the games' names and player counts, headings, seat kinds."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.i18n import has, tr
from game.play.registry import IDS
from game.session import AI_LEVELS, HUMAN

# the screen helpers the kiosk and a game's own screens share with the menus live in the kit,
# below the menus (docs/LAYERS.md); named here too, where the menus have always found them
from game.ui.screens import HEADING_Y as HEADING_Y
from game.ui.screens import dim as dim
from game.ui.screens import draw_heading as draw_heading
from game.ui.screens import game_title as game_title
from game.ui.screens import go_back as go_back

if TYPE_CHECKING:
    from game.persist.kiosk_config import KioskConfig

GAMES = IDS  # picker order
KINDS = (HUMAN, *AI_LEVELS)
KIOSK_BUTTON_H = 100  # kiosk mode: menu buttons big enough for any finger


def kiosk_config(services: object) -> KioskConfig | None:
    """The kiosk configuration when the services runs as a kiosk (``--kiosk``), else None."""
    policy = getattr(services, "policy", None)  # a stand-in services in a test may have none
    return policy.kiosk_config if policy is not None else None


def player_range(game: str) -> tuple[int, int]:
    """The fewest and most seats over every variant of ``game``."""
    from game.play.registry import rules_for

    variants = rules_for(game).variants()
    return min(v.min_players for v in variants), max(v.max_players for v in variants)


def kind_name(kind: str) -> str:
    return tr(f"kinds.{kind}")


def colour_name(colour: str) -> str:
    return tr(f"colours.{colour}") if has(f"colours.{colour}") else colour
