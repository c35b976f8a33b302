"""How the app behaves around its scenes: the one seam through which a mode such as the kiosk
changes the loop, without reaching into ``App``.

The loop asks its :class:`Policy` at fixed points: every SDL event and every intent before the
scenes (an input filter), every logic step and frame, the end of a game, a scene's error, and
whether the run may stop. The scene manager tells it every scene that opens or closes (a
listener). This base class is the desktop's behaviour; ``game.kiosk.controller.Kiosk`` is the
unattended station's.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import pygame

    from game.engine.intents import Intent
    from game.engine.scenes import Scene
    from game.persist.kiosk_config import KioskConfig


@dataclass(frozen=True)
class Offer:
    """What the menus offer players: on the desktop everything; a kiosk's visitors its few
    games, variants and levels, no saving (nor continuing, nor the saved games and replays),
    bigger buttons for fingers (and no settings or quit among them), and its language flags
    on the title."""

    games: tuple[str, ...] | None = None  # None: every game
    variants: Mapping[str, tuple[str, ...]] = field(default_factory=dict)  # none named: all
    ai_levels: tuple[str, ...] | None = None  # None: every level
    saving: bool = True
    large_controls: bool = False
    languages: tuple[str, ...] = ()  # the title's flags (none: the settings have the language)
    phones: bool = True  # the set-up's Phones choice (issue 30; a kiosk's only if configured)


class Policy:
    """The desktop: nothing filtered, every quit honoured, an error shown to the player."""

    kiosk_config: KioskConfig | None = None  # the kiosk's configuration, in kiosk mode
    offer = Offer()  # what the menus offer (``Offer``): everything

    @property
    def time_scale(self) -> float:
        """Game time runs this many times faster (the kiosk's demo games)."""
        return 1.0

    @property
    def muted(self) -> bool:
        return False

    def may_stop(self) -> bool:
        """Whether a quit (the window's close, the pause menu's Quit) ends the run."""
        return True

    # ---- the input filter --------------------------------------------------------------------
    def raw_event(self, event: pygame.event.Event) -> bool:
        """See every SDL event before it becomes an intent; True swallows it."""
        return False

    def intercept(self, intent: Intent) -> bool:
        """See every intent before the top scene does; True swallows it."""
        return False

    # ---- the scene manager's listener --------------------------------------------------------
    def scene_entered(self, scene: Scene) -> None:
        """A scene was opened (after its ``enter``)."""

    def scene_left(self, scene: Scene) -> None:
        """A scene is being closed (before its ``exit``)."""

    # ---- the loop -------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        """One logic step, after the top scene's own."""

    def draw(self, surface: pygame.Surface) -> None:
        """Drawn over the scenes, under the toasts."""

    def pace(self) -> float:
        """Frames a second what ``draw`` adds needs while idle (see ``Scene.pace``)."""
        return 0.0

    def game_over(self, config: Any, outcome: dict[str, Any]) -> None:
        """A game ended by its rules; ``config`` is the table's (``game.play.config.GameConfig``,
        a layer above the engine, so not named here)."""

    def scene_error(self, text: str) -> bool:
        """A scene raised (``text``: the traceback); True when handled here, else the app logs
        it, tells the player and returns to the title."""
        return False

    def fatal(self, text: str) -> bool:
        """The loop itself raised; True when handled here (the run goes on), else it ends."""
        return False

    def close(self) -> None:
        """The run ends."""
