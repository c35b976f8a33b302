"""What the program plays: short sounds, and the ambient loop of the game being played.

Quiet when the player muted it, or when the policy wants it (the kiosk's attract mode). Without
a sound device (``sounds`` None) everything here is silent and nothing fails.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol


class Player(Protocol):
    """The sound system (``game.engine.sound.Sounds``; a recorder in tests)."""

    def play(self, name: str) -> None: ...

    def set_volume(self, volume: float) -> None: ...

    def ambient(self, game: str | None) -> None: ...


class Audio:
    def __init__(self, sounds: Player | None, quiet: Callable[[], bool]) -> None:
        self.sounds = sounds
        self.quiet = quiet  # muted in the settings, or by the policy
        self.ambience: str | None = None  # the game whose ambient loop plays (its scene's)

    def sound(self, name: str) -> None:
        if self.sounds is not None and not self.quiet():
            self.sounds.play(name)

    def ambient(self, game: str | None) -> None:
        """A game scene's ambient loop, from its enter to its exit (None: no loop)."""
        self.ambience = game
        self.sync()

    def sync(self) -> None:
        """Start, stop or keep the loop; every step, as attract mode and readiness change."""
        if self.sounds is not None:
            self.sounds.ambient(None if self.quiet() else self.ambience)

    def set_volume(self, volume: float) -> None:
        if self.sounds is not None:
            self.sounds.set_volume(volume)
