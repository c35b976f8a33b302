"""What the kiosk's own scenes (attract, "still playing?", admin, PIN pad) ask of the kiosk that
opens them (``game.kiosk.controller.Kiosk``): it hands itself to each as ``station``. The
scenes know this shape, not the controller, so the controller imports them and not the other
way round.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from game.kiosk.gate import Gate
    from game.persist.stats import Stats
    from game.play.config import GameConfig


class Station(Protocol):
    idle: float  # game seconds since the last human input
    stats: Stats
    gate: Gate  # the admin PIN's check and its lock after wrong ones
    problems: list[str]  # for the operator: the admin menu shows them

    def next_demo_config(self) -> GameConfig:
        """The next demo game of the rotation."""

    def to_title(self, why: str) -> None:
        """Back to the title (``why``: for the log)."""

    def give_up(self) -> None:
        """Nobody answered "Still playing?": the game is abandoned."""

    def open_admin(self) -> None:
        """The admin menu, after the right PIN."""

    def quit(self) -> None:
        """The admin menu's quit."""
