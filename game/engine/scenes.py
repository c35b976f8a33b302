"""Scenes and the scene manager.

A scene has ``enter(**data)``, ``exit()``, ``handle(intent)``, ``update(dt)`` and
``draw(surface, alpha)``. The manager's push/pop/replace take effect between frames; an overlay
scene (pause, hand-off) draws the scenes beneath it first. The manager knows no scene by name:
it is handed a ``find(name) -> Scene class`` (``game.scene_table``) when the program starts.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol

import pygame

from game.engine.intents import Intent, Kind

if TYPE_CHECKING:
    from game.engine.services import Services

class Scene:
    overlay = False  # True: the scene beneath is drawn first (pause, hand-off)
    name = ""

    def __init__(self, services: Services) -> None:
        self.services = services  # what a scene may use of the program (game.engine.services)
        # the scene's own time on the one clock: it stands still while an overlay covers the
        # scene (a pause menu, a hand-off screen), as the scene's update does
        self.time = services.clock.stopwatch()

    def enter(self, **data: Any) -> None:
        """Called when the scene becomes active with the data it was opened with."""

    def exit(self) -> None:
        """Called when the scene leaves the stack."""

    def resume(self) -> None:
        """Called when the scene above it was popped (e.g. settings changed the language)."""

    def handle(self, intent: Intent) -> None:
        if intent.kind is Kind.BACK:
            self.back()

    def back(self) -> None:
        self.services.scenes.pop()

    def update(self, dt: float) -> None:
        """Advance one fixed logic step of ``dt`` seconds."""

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        """Draw; ``alpha`` in [0, 1) interpolates between the last two logic steps."""

    def keep_clear(self) -> list[pygame.Rect]:
        """What a toast must not cover besides the texts, panels and controls drawn (a
        board); see game.ui.toasts."""
        return []

    def message_area(self) -> pygame.Rect | None:
        """The scene's own place for toasts, if it keeps one (a table's notice band)."""
        return None

    def pace(self) -> float:
        """Frames a second this scene needs while nobody touches anything (game.engine.pacing):
        60 when it moves in earnest (the default: a scene that does not know), a few for a
        slow decoration, 0 when nothing in it moves by itself."""
        return 60.0


class SceneListener(Protocol):
    """Hears every scene that opens or closes (the kiosk's statistics and admin guard)."""

    def scene_entered(self, scene: Scene) -> None: ...

    def scene_left(self, scene: Scene) -> None: ...


class SceneManager:
    def __init__(self, find: Callable[[str], type[Scene]]) -> None:
        # what a scene may use of the program (game.engine.services): the services hold this
        # manager, so the composition root hands them over once both exist
        self.services: Services | None = None
        self.find = find  # a scene's name -> its class (game.scene_table)
        self.stack: list[Scene] = []
        self._pending: list[Callable[[], None]] = []
        self.listeners: list[SceneListener] = []

    @property
    def top(self) -> Scene | None:
        return self.stack[-1] if self.stack else None

    def push(self, name: str, **data: Any) -> None:
        self._pending.append(lambda: self._push(name, data))

    def replace(self, name: str, **data: Any) -> None:
        self._pending.append(lambda: (self._pop(), self._push(name, data)))

    def pop(self) -> None:
        self._pending.append(self._pop)

    def reset(self, name: str, **data: Any) -> None:
        """Clear the whole stack and open ``name`` (quit to title, error recovery)."""

        def run() -> None:
            while self.stack:
                self._pop(resume=False)
            self._push(name, data)

        self._pending.append(run)

    def clear_pending(self) -> None:
        """Drop the changes not yet applied (error recovery: one of them may be what failed)."""
        self._pending.clear()

    def apply_pending(self) -> None:
        while self._pending:
            pending, self._pending = self._pending, []
            for change in pending:
                change()

    def _push(self, name: str, data: dict[str, Any]) -> None:
        if self.stack:
            self.stack[-1].time.pause()
        assert self.services is not None, "the scene manager was given no services"
        scene = self.find(name)(self.services)
        scene.name = name
        self.stack.append(scene)
        scene.enter(**data)
        for listener in self.listeners:
            listener.scene_entered(scene)

    def _pop(self, resume: bool = True) -> None:
        if self.stack:
            scene = self.stack.pop()
            for listener in self.listeners:
                listener.scene_left(scene)
            scene.exit()
        if self.stack:
            self.stack[-1].time.resume()
        if resume and self.stack:
            self.stack[-1].resume()

    def visible(self) -> list[Scene]:
        """The scenes to draw, bottom first: the top and every overlay chain beneath it."""
        start = len(self.stack) - 1
        while start > 0 and self.stack[start].overlay:
            start -= 1
        return self.stack[max(start, 0) :]
