"""One frame's picture: the visible scenes, the policy's layer and the toasts, where they
cover nothing the frame holds; and the pygame_gui managers the scenes build their controls in.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui

from game.ui import theme
from game.ui.pointer import LogicalPointer

if TYPE_CHECKING:
    from game.engine.policy import Policy
    from game.engine.scenes import SceneManager
    from game.ui.toasts import Toasts


class FramePainter:
    def __init__(self, scenes: SceneManager, policy: Policy, toasts: Toasts) -> None:
        self.scenes = scenes
        self.policy = policy
        self.toasts = toasts

    def __call__(self, surface: pygame.Surface, alpha: float, area: pygame.Rect | None,
                 look: Hashable) -> None:  # fmt: skip
        """Draw every visible scene, the policy's layer and the toasts (``area``: only there;
        a frame with toasts is drawn whole, so what it holds is known; ``look``: when it
        changes, the toasts find their places again)."""
        surface.set_clip(area)
        # only a frame with toasts records what they must leave uncovered
        held = theme.start_recording() if self.toasts.shown else None
        try:
            for scene in self.scenes.visible():
                scene.draw(surface, alpha)
            self.policy.draw(surface)
            if held is not None:
                theme.stop_recording(held)
                self._draw_toasts(surface, held, look)
            else:
                self.toasts.draw(surface, (), None, None)  # none: it forgets the last layout
        finally:
            if held is not None:
                theme.stop_recording(held)
            surface.set_clip(None)

    def _draw_toasts(self, surface: pygame.Surface, held: theme.Recording,
                     look: Hashable) -> None:  # fmt: skip
        top = self.scenes.top
        taken = [rect for _, rect in held.texts] + held.panels
        if top is not None:
            taken += top.keep_clear() + _controls(top)
        area = None if top is None else top.message_area()
        self.toasts.draw(surface, taken, area, look)


def _controls(scene: Any) -> list[pygame.Rect]:
    """The rects of a scene's visible controls: its pygame_gui elements and those it draws."""
    ui = getattr(scene, "ui", None)
    if ui is None:
        return []
    drawn = getattr(scene, "drawn_controls", None)  # a hand's cards, say
    return [
        element.rect
        for element in ui.get_sprite_group().sprites()
        if element.visible and not isinstance(element, pygame_gui.core.UIContainer)
    ] + ([] if drawn is None else drawn())
    # (the root container spans the screen and holds the controls; it is not one)


def new_ui_manager() -> pygame_gui.UIManager:
    return SharedThemeUIManager(
        theme.LOGICAL_SIZE, theme.gui_theme(*theme.gui_key()), enable_live_theme_updates=False
    )


class SharedThemeUIManager(LogicalPointer, pygame_gui.UIManager):
    """A UIManager per scene, all sharing one loaded theme.

    The theme holds pygame_gui's font and shape caches: sharing it means a scene opened again
    finds its rounded buttons already drawn instead of redrawing them over the next frames.
    """

    shared_themes: dict[tuple[bool, float], Any] = {}  # one per high-contrast/UI-scale pair

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        import i18n as gui_i18n  # pygame_gui's translation backend

        # every UIManager appends its translation folder again; keep the list from growing
        paths = gui_i18n.load_path
        paths[:] = list(dict.fromkeys(paths))

    def create_new_theme(self, theme_path: Any = None) -> Any:
        themes, key = SharedThemeUIManager.shared_themes, theme.gui_key()
        if key not in themes:
            themes[key] = super().create_new_theme(theme_path)
        return themes[key]
