"""Scenes and the scene manager.

A scene is opened by its class with typed arguments: ``scenes.push(SetupScene, game="nanuuk")``
builds ``SetupScene(services, game="nanuuk")`` (mypy checks the arguments against its
``__init__``), puts it on the stack and calls its ``enter()``. A scene has ``enter``, ``exit``,
``handle(intent)``, ``update(dt)`` and ``draw(surface, alpha)``. The manager's push/pop/replace
take effect between frames; an overlay scene (pause, hand-off) draws the scenes beneath it
first. The manager knows no scene: it is handed classes (or ``opening``'s values).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Concatenate, ParamSpec, Protocol, TypeVar

import pygame

from game.engine.intents import Intent, Kind

if TYPE_CHECKING:
    from game.engine.services import Services

P = ParamSpec("P")
S = TypeVar("S", bound="Scene")


class Scene:
    overlay = False  # True: the scene beneath is drawn first (pause, hand-off)
    # what the kiosk, the statistics and the tests call the scene ("title", "setup"; a game's
    # table: the game's id)
    name = ""

    def __init__(self, services: Services) -> None:
        self.services = services  # what a scene may use of the program (game.engine.services)
        # the scene's own time on the one clock: it stands still while an overlay covers the
        # scene (a pause menu, a hand-off screen), as the scene's update does
        self.time = services.clock.stopwatch()

    def enter(self) -> None:
        """Called when the scene is on top of the stack for the first time (what it was opened
        with, its ``__init__`` took)."""

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


Opening = Callable[["Services"], Scene]  # a scene to open, all its arguments given


def opening(scene: Callable[Concatenate[Services, P], S], /, *args: P.args,
            **kwargs: P.kwargs) -> Callable[[Services], S]:  # fmt: skip
    """``scene`` with its arguments, to be opened later (a loading screen's table)."""
    return lambda services: scene(services, *args, **kwargs)


class SceneManager:
    def __init__(self) -> None:
        # what a scene may use of the program (game.engine.services): the services hold this
        # manager, so the composition root hands them over once both exist
        self.services: Services | None = None
        self.stack: list[Scene] = []
        self._pending: list[Callable[[], None]] = []
        self.listeners: list[SceneListener] = []

    @property
    def top(self) -> Scene | None:
        return self.stack[-1] if self.stack else None

    def push(self, scene: Callable[Concatenate[Services, P], Scene], /, *args: P.args,
             **kwargs: P.kwargs) -> None:  # fmt: skip
        """Open ``scene(services, *args, **kwargs)`` over the top one."""
        made = opening(scene, *args, **kwargs)
        self._pending.append(lambda: self._push(made))

    def replace(self, scene: Callable[Concatenate[Services, P], Scene], /, *args: P.args,
                **kwargs: P.kwargs) -> None:  # fmt: skip
        """Close the top scene and open ``scene`` in its place."""
        made = opening(scene, *args, **kwargs)

        def run() -> None:
            self._pop()
            self._push(made)

        self._pending.append(run)

    def pop(self) -> None:
        self._pending.append(self._pop)

    def reset(self, scene: Callable[Concatenate[Services, P], Scene], /, *args: P.args,
              **kwargs: P.kwargs) -> None:  # fmt: skip
        """Clear the whole stack and open ``scene`` (quit to title, error recovery)."""
        made = opening(scene, *args, **kwargs)

        def run() -> None:
            while self.stack:
                self._pop(resume=False)
            self._push(made)

        self._pending.append(run)

    def clear_pending(self) -> None:
        """Drop the changes not yet applied (error recovery: one of them may be what failed)."""
        self._pending.clear()

    def apply_pending(self) -> None:
        while self._pending:
            pending, self._pending = self._pending, []
            for change in pending:
                change()

    def _push(self, made: Opening) -> None:
        if self.stack:
            self.stack[-1].time.pause()
        assert self.services is not None, "the scene manager was given no services"
        scene = made(self.services)
        self.stack.append(scene)
        scene.enter()
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
