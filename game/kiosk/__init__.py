"""Kiosk mode (``python main.py --kiosk``): Speltafel as an unattended station at a game event.

``controller`` holds the state machine (idle timers, attract mode, quit blocking, the admin
chord, statistics, error recovery); ``attract``, ``still`` and ``admin`` are its scenes.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from game.engine.services import Services
    from game.kiosk.controller import Kiosk


def kiosk_of(services: Services) -> Kiosk | None:
    """The kiosk in force (its own scenes ask), or None outside kiosk mode."""
    from game.kiosk.controller import Kiosk  # not at import: the controller imports the scenes

    policy = services.policy
    return policy if isinstance(policy, Kiosk) else None
