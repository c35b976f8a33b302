"""Raw SDL events -> intents, so every scene works the same with mouse, keys, touch or a gamepad.

Pointer events (mouse and finger) are mapped from window to logical coordinates. SDL also
synthesises mouse events from touches; those carry ``touch=True`` and are dropped here, because
the finger events themselves are turned into pointer intents (no double handling).
"""

from __future__ import annotations

import math
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
    ZOOM = "zoom"  # a pinch (event.spread, pos: between the fingers) or pad trigger (event.steps)
    PAN = "pan"  # a pad's right stick: event.dx, event.dy, each -1, 0 or +1
    UI = "ui"  # a pygame_gui event (button pressed, text changed) for the scene's controls
    GUIDE = "guide"  # pad Y: hide/show the guided game's hint (H on a keyboard, see guide)
    LOG = "log"  # pad X: a table's whole move log, opened and closed (L on a keyboard)


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
    pygame.CONTROLLER_BUTTON_X: Kind.LOG,
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
        self.fingers: dict[int, tuple[float, float]] = {}  # finger -> where it is (logical)

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
        if event.type == pygame.FINGERDOWN and (
            event.finger_id in self.fingers or _fingers_on(event) <= 1
        ):
            self.fingers.clear()  # whatever we thought was still down was lifted unseen
        first = next(iter(self.fingers), event.finger_id)  # the finger that points
        if event.type == pygame.FINGERDOWN:
            self.fingers[event.finger_id] = pos
            if event.finger_id != first:
                return  # a second finger: the start of a pinch, no press
            raw = pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1, touch=False)
            yield Intent(Kind.POINT_DOWN, "touch", pos, raw)
        elif event.type == pygame.FINGERUP:
            self.fingers.pop(event.finger_id, None)
            if event.finger_id != first:
                return
            raw = pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1, touch=False)
            yield Intent(Kind.POINT_UP, "touch", pos, raw)
        elif len(self.fingers) >= 2 and event.finger_id in self.fingers:
            yield from self._pinch(event.finger_id, pos)
        else:
            raw = pygame.event.Event(
                pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(1, 0, 0), touch=False
            )
            yield Intent(Kind.POINT_MOVE, "touch", pos, raw)

    def _pinch(self, finger: int, pos: Point) -> Iterator[Intent]:
        """Two fingers down: how far apart they moved is a zoom about the point between them."""
        a, b = list(self.fingers)[:2]
        before = math.dist(self.fingers[a], self.fingers[b])
        self.fingers[finger] = pos
        after = math.dist(self.fingers[a], self.fingers[b])
        if finger in (a, b) and before > 0 and after > 0:
            (ax, ay), (bx, by) = self.fingers[a], self.fingers[b]
            middle = (round((ax + bx) / 2), round((ay + by) / 2))
            yield Intent(Kind.ZOOM, "touch", middle, pygame.event.Event(
                pygame.USEREVENT, spread=after / before))  # fmt: skip

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
        """The left stick moves like the D-pad, the right one pans a board, the triggers zoom:
        each once per push past the threshold."""
        direction = self._latch(event)
        if not direction:
            return
        axis = event.axis
        if axis == pygame.CONTROLLER_AXIS_LEFTX:
            yield Intent(Kind.RIGHT if direction > 0 else Kind.LEFT, "pad", event=event)
        elif axis == pygame.CONTROLLER_AXIS_LEFTY:
            yield Intent(Kind.DOWN if direction > 0 else Kind.UP, "pad", event=event)
        elif axis in (pygame.CONTROLLER_AXIS_RIGHTX, pygame.CONTROLLER_AXIS_RIGHTY):
            across = axis == pygame.CONTROLLER_AXIS_RIGHTX
            pan = pygame.event.Event(pygame.USEREVENT, dx=direction if across else 0,
                                     dy=0 if across else direction)  # fmt: skip
            yield Intent(Kind.PAN, "pad", event=pan)
        elif direction > 0:  # a trigger pulled (they only go one way)
            steps = 1 if axis == pygame.CONTROLLER_AXIS_TRIGGERRIGHT else -1
            yield Intent(Kind.ZOOM, "pad", event=pygame.event.Event(pygame.USEREVENT, steps=steps))

    def _latch(self, event: pygame.event.Event) -> int:
        """-1 or +1 when an axis is pushed past the threshold, else 0 (until it comes back)."""
        value = event.value / AXIS_MAX
        key = (event.instance_id, event.axis)
        latched = self._stick.get(key, 0)
        if latched and abs(value) < STICK_RELEASE:
            self._stick[key] = 0
        elif not latched and abs(value) > STICK_THRESHOLD:
            self._stick[key] = 1 if value > 0 else -1
            return self._stick[key]
        return 0

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


def _fingers_on(event: pygame.event.Event) -> int:
    """How many fingers SDL says are on the touch device now (many if it cannot say: a made-up
    event, a device gone)."""
    try:
        from pygame._sdl2 import touch

        return int(touch.get_num_fingers(event.touch_id))
    except (AttributeError, ImportError, pygame.error, TypeError):
        return 99
