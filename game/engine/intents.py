"""Raw SDL events -> intents, so every scene works the same with mouse, keys, touch or a gamepad.

Pointer events (mouse and finger) are mapped from window to logical coordinates. SDL also
synthesises mouse events from touches; those carry ``touch=True`` and are dropped here, because
the finger events themselves are turned into pointer intents (no double handling).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from enum import Enum

import pygame

Point = tuple[int, int]


class Kind(Enum):
    UP = "up"
    DOWN = "down"
    LEFT = "left"
    RIGHT = "right"
    NEXT = "next"  # Tab, right shoulder
    PREV = "prev"  # Shift+Tab, left shoulder
    CONFIRM = "confirm"  # Enter, Space, pad A
    BACK = "back"  # Esc, pad B, Backspace outside text
    PAUSE = "pause"  # Esc in play, pad Start
    POINT_DOWN = "point_down"
    POINT_UP = "point_up"
    POINT_MOVE = "point_move"
    TEXT = "text"  # typing, for text fields
    FULLSCREEN = "fullscreen"  # F11
    QUIT = "quit"  # window closed
    SCROLL = "scroll"  # mouse wheel; pos carries (0, +1 down / -1 up)
    UI = "ui"  # a pygame_gui event (button pressed, text changed) for the scene's controls
    GUIDE = "guide"  # pad Y: hide/show the guided game's hint (H on a keyboard, see guide)


@dataclass(frozen=True)
class Intent:
    kind: Kind
    source: str = "key"  # "key" | "mouse" | "touch" | "pad" | "system"
    pos: Point | None = None
    event: pygame.event.Event | None = None  # position-mapped raw event, for pygame_gui

    @property
    def is_pointer(self) -> bool:
        return self.kind in (Kind.POINT_DOWN, Kind.POINT_UP, Kind.POINT_MOVE)


KEYS = {
    pygame.K_UP: Kind.UP,
    pygame.K_DOWN: Kind.DOWN,
    pygame.K_LEFT: Kind.LEFT,
    pygame.K_RIGHT: Kind.RIGHT,
    pygame.K_RETURN: Kind.CONFIRM,
    pygame.K_KP_ENTER: Kind.CONFIRM,
    pygame.K_SPACE: Kind.CONFIRM,
    pygame.K_ESCAPE: Kind.BACK,
    pygame.K_F11: Kind.FULLSCREEN,
}

PAD_BUTTONS = {
    pygame.CONTROLLER_BUTTON_DPAD_UP: Kind.UP,
    pygame.CONTROLLER_BUTTON_DPAD_DOWN: Kind.DOWN,
    pygame.CONTROLLER_BUTTON_DPAD_LEFT: Kind.LEFT,
    pygame.CONTROLLER_BUTTON_DPAD_RIGHT: Kind.RIGHT,
    pygame.CONTROLLER_BUTTON_A: Kind.CONFIRM,
    pygame.CONTROLLER_BUTTON_B: Kind.BACK,
    pygame.CONTROLLER_BUTTON_START: Kind.PAUSE,
    pygame.CONTROLLER_BUTTON_LEFTSHOULDER: Kind.PREV,
    pygame.CONTROLLER_BUTTON_RIGHTSHOULDER: Kind.NEXT,
    pygame.CONTROLLER_BUTTON_Y: Kind.GUIDE,
}

STICK_THRESHOLD = 0.6
STICK_RELEASE = 0.3
AXIS_MAX = 32767


class InputMapper:
    """Stateful translation of one frame's events into intents."""

    def __init__(self, to_logical: Callable[[tuple[float, float]], Point]) -> None:
        self.to_logical = to_logical
        self.pads: dict[int, object] = {}  # instance id -> controller, kept open while plugged
        self._stick: dict[tuple[int, int], int] = {}  # (pad, axis) -> -1 / 0 / +1 latched
        self.finger_down: set[int] = set()

    def translate(self, event: pygame.event.Event) -> Iterator[Intent]:
        handler = self._HANDLERS.get(event.type)
        if handler is not None:
            yield from handler(self, event)

    # ---- keyboard ---------------------------------------------------------------------------
    def _key(self, event: pygame.event.Event) -> Iterator[Intent]:
        if event.key == pygame.K_TAB:
            yield Intent(Kind.PREV if event.mod & pygame.KMOD_SHIFT else Kind.NEXT, event=event)
        elif event.key in KEYS:
            yield Intent(KEYS[event.key], event=event)
        else:
            yield Intent(Kind.TEXT, event=event)

    def _text(self, event: pygame.event.Event) -> Iterator[Intent]:
        yield Intent(Kind.TEXT, event=event)

    # ---- mouse ------------------------------------------------------------------------------
    def _mouse(self, event: pygame.event.Event) -> Iterator[Intent]:
        if getattr(event, "touch", False):
            return  # synthesised from a finger: the finger event is handled instead
        pos = self.to_logical(event.pos)
        kind = {
            pygame.MOUSEBUTTONDOWN: Kind.POINT_DOWN,
            pygame.MOUSEBUTTONUP: Kind.POINT_UP,
            pygame.MOUSEMOTION: Kind.POINT_MOVE,
        }[event.type]
        if kind is not Kind.POINT_MOVE and event.button not in (1, 2, 3):
            return  # wheel buttons 4/5 are not clicks
        attrs = {"pos": pos, "button": getattr(event, "button", 1), "touch": False}
        if kind is Kind.POINT_MOVE:
            attrs = {"pos": pos, "rel": event.rel, "buttons": event.buttons, "touch": False}
        yield Intent(kind, "mouse", pos, pygame.event.Event(event.type, attrs))

    # ---- touch ------------------------------------------------------------------------------
    def _finger(self, event: pygame.event.Event) -> Iterator[Intent]:
        size = _window_size()
        pos = self.to_logical((event.x * size[0], event.y * size[1]))
        if event.type == pygame.FINGERDOWN:
            self.finger_down.add(event.finger_id)
            raw = pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1, touch=False)
            yield Intent(Kind.POINT_DOWN, "touch", pos, raw)
        elif event.type == pygame.FINGERUP:
            self.finger_down.discard(event.finger_id)
            raw = pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1, touch=False)
            yield Intent(Kind.POINT_UP, "touch", pos, raw)
        else:
            raw = pygame.event.Event(
                pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(1, 0, 0), touch=False
            )
            yield Intent(Kind.POINT_MOVE, "touch", pos, raw)

    # ---- gamepads (SDL game-controller API, hot-plug) -------------------------------------
    def _pad_added(self, event: pygame.event.Event) -> Iterator[Intent]:
        from pygame._sdl2 import controller

        try:
            pad = controller.Controller(event.device_index)
        except pygame.error:
            return  # unplugged again before we opened it, or not a game controller
        self.pads[pad.as_joystick().get_instance_id()] = pad
        yield from ()

    def _pad_removed(self, event: pygame.event.Event) -> Iterator[Intent]:
        pad = self.pads.pop(event.instance_id, None)
        if pad is not None:
            try:
                pad.quit()  # type: ignore[attr-defined]
            except pygame.error:
                pass
        yield from ()

    def _pad_button(self, event: pygame.event.Event) -> Iterator[Intent]:
        kind = PAD_BUTTONS.get(event.button)
        if kind is not None:
            yield Intent(kind, "pad", event=event)

    def _pad_axis(self, event: pygame.event.Event) -> Iterator[Intent]:
        if event.axis not in (pygame.CONTROLLER_AXIS_LEFTX, pygame.CONTROLLER_AXIS_LEFTY):
            return
        value = event.value / AXIS_MAX
        key = (event.instance_id, event.axis)
        latched = self._stick.get(key, 0)
        if latched and abs(value) < STICK_RELEASE:
            self._stick[key] = 0
        elif not latched and abs(value) > STICK_THRESHOLD:
            direction = 1 if value > 0 else -1
            self._stick[key] = direction
            if event.axis == pygame.CONTROLLER_AXIS_LEFTX:
                yield Intent(Kind.RIGHT if direction > 0 else Kind.LEFT, "pad", event=event)
            else:
                yield Intent(Kind.DOWN if direction > 0 else Kind.UP, "pad", event=event)

    def _wheel(self, event: pygame.event.Event) -> Iterator[Intent]:
        if event.y:
            yield Intent(Kind.SCROLL, "mouse", (0, -1 if event.y > 0 else 1), event)

    def _quit(self, event: pygame.event.Event) -> Iterator[Intent]:
        yield Intent(Kind.QUIT, "system", event=event)

    _HANDLERS: dict[int, Callable[[InputMapper, pygame.event.Event], Iterator[Intent]]] = {
        pygame.KEYDOWN: _key,
        pygame.TEXTINPUT: _text,
        pygame.MOUSEBUTTONDOWN: _mouse,
        pygame.MOUSEBUTTONUP: _mouse,
        pygame.MOUSEMOTION: _mouse,
        pygame.FINGERDOWN: _finger,
        pygame.FINGERUP: _finger,
        pygame.FINGERMOTION: _finger,
        pygame.CONTROLLERDEVICEADDED: _pad_added,
        pygame.CONTROLLERDEVICEREMOVED: _pad_removed,
        pygame.CONTROLLERBUTTONDOWN: _pad_button,
        pygame.CONTROLLERAXISMOTION: _pad_axis,
        pygame.MOUSEWHEEL: _wheel,
        pygame.QUIT: _quit,
    }


def _window_size() -> tuple[int, int]:
    """The window's size for finger positions (given as fractions); (1, 1) with no window yet."""
    if pygame.display.get_init() and pygame.display.get_surface() is not None:
        return pygame.display.get_window_size()
    return (1, 1)
