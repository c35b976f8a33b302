"""Raw events become intents: keyboard, mouse, touch (no double handling), gamepads."""

import pygame

from game.engine.intents import InputMapper, Kind

pygame.init()


def mapper() -> InputMapper:
    return InputMapper(lambda pos: (round(pos[0] * 1.5), round(pos[1] * 1.5)))


def kinds(m, event):
    return [(i.kind, i.source) for i in m.translate(event)]


def test_keys_map_to_navigation():
    m = mapper()
    key = lambda k, mod=0: pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="")  # noqa: E731
    assert kinds(m, key(pygame.K_UP)) == [(Kind.UP, "key")]
    assert kinds(m, key(pygame.K_TAB)) == [(Kind.NEXT, "key")]
    assert kinds(m, key(pygame.K_TAB, pygame.KMOD_SHIFT)) == [(Kind.PREV, "key")]
    assert kinds(m, key(pygame.K_RETURN)) == [(Kind.CONFIRM, "key")]
    assert kinds(m, key(pygame.K_ESCAPE)) == [(Kind.BACK, "key")]
    assert kinds(m, key(pygame.K_F11)) == [(Kind.FULLSCREEN, "key")]
    assert kinds(m, key(pygame.K_a)) == [(Kind.TEXT, "key")]


def test_mouse_positions_are_mapped_to_the_logical_canvas():
    m = mapper()
    event = pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(100, 200), button=1)
    (intent,) = m.translate(event)
    assert intent.kind is Kind.POINT_DOWN and intent.pos == (150, 300)
    assert intent.event.pos == (150, 300)


def test_mouse_events_synthesised_from_touch_are_dropped():
    m = mapper()
    event = pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(10, 10), button=1, touch=True)
    assert list(m.translate(event)) == []


def test_finger_events_become_pointer_intents_once():
    m = mapper()
    down = pygame.event.Event(pygame.FINGERDOWN, finger_id=1, touch_id=1, x=0.5, y=0.5, dx=0, dy=0)
    up = pygame.event.Event(pygame.FINGERUP, finger_id=1, touch_id=1, x=0.5, y=0.5, dx=0, dy=0)
    assert kinds(m, down) == [(Kind.POINT_DOWN, "touch")]
    assert kinds(m, up) == [(Kind.POINT_UP, "touch")]


def test_wheel_is_not_a_click():
    m = mapper()
    assert list(m.translate(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(1, 1), button=4))) == []


def test_gamepad_buttons():
    m = mapper()
    pad = lambda b: pygame.event.Event(pygame.CONTROLLERBUTTONDOWN, instance_id=0, button=b)  # noqa: E731
    assert kinds(m, pad(pygame.CONTROLLER_BUTTON_A)) == [(Kind.CONFIRM, "pad")]
    assert kinds(m, pad(pygame.CONTROLLER_BUTTON_B)) == [(Kind.BACK, "pad")]
    assert kinds(m, pad(pygame.CONTROLLER_BUTTON_DPAD_DOWN)) == [(Kind.DOWN, "pad")]
    assert kinds(m, pad(pygame.CONTROLLER_BUTTON_START)) == [(Kind.PAUSE, "pad")]


def test_stick_moves_once_per_push_and_rearms_near_the_centre():
    m = mapper()
    axis = lambda v: pygame.event.Event(  # noqa: E731
        pygame.CONTROLLERAXISMOTION, instance_id=0, axis=pygame.CONTROLLER_AXIS_LEFTY, value=v
    )
    assert kinds(m, axis(30000)) == [(Kind.DOWN, "pad")]
    assert kinds(m, axis(31000)) == []  # still held: no repeat
    assert kinds(m, axis(2000)) == []  # released
    assert kinds(m, axis(-30000)) == [(Kind.UP, "pad")]


def test_hot_plug_of_a_missing_device_and_unplug_of_an_unknown_one_are_harmless():
    m = mapper()
    added = pygame.event.Event(pygame.CONTROLLERDEVICEADDED, device_index=42)
    removed = pygame.event.Event(pygame.CONTROLLERDEVICEREMOVED, instance_id=42)
    assert list(m.translate(added)) == []
    assert list(m.translate(removed)) == []
    assert m.pads == {}


def test_mouse_wheel_scrolls():
    m = mapper()
    (up,) = m.translate(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=2, flipped=False))
    (down,) = m.translate(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False))
    assert (up.kind, up.pos) == (Kind.SCROLL, (0, -1))
    assert (down.kind, down.pos) == (Kind.SCROLL, (0, 1))


def test_two_fingers_pinch_instead_of_pressing_twice(monkeypatch):
    """The second finger starts no press; spreading the fingers is a zoom about their middle."""
    from game.engine import intents

    monkeypatch.setattr(intents, "_window_size", lambda: (1, 1))  # positions as given
    mapper = InputMapper(lambda pos: (round(pos[0]), round(pos[1])))

    def finger(kind: int, fid: int, x: float, y: float) -> list:
        event = pygame.event.Event(kind, finger_id=fid, x=x, y=y, dx=0.0, dy=0.0)
        return list(mapper.translate(event))

    down = finger(pygame.FINGERDOWN, 1, 100, 100)
    assert [i.kind for i in down] == [Kind.POINT_DOWN]
    assert finger(pygame.FINGERDOWN, 2, 200, 100) == []  # no second press
    zoom = finger(pygame.FINGERMOTION, 2, 300, 100)
    assert [i.kind for i in zoom] == [Kind.ZOOM]
    assert abs(zoom[0].event.spread - 2.0) < 1e-9 and zoom[0].pos == (200, 100)
    assert finger(pygame.FINGERUP, 2, 300, 100) == []
    assert [i.kind for i in finger(pygame.FINGERMOTION, 1, 110, 100)] == [Kind.POINT_MOVE]
    assert [i.kind for i in finger(pygame.FINGERUP, 1, 110, 100)] == [Kind.POINT_UP]


def test_the_right_stick_pans_and_the_triggers_zoom():
    mapper = InputMapper(lambda pos: (0, 0))

    def axis(which: int, value: int) -> list:
        event = pygame.event.Event(pygame.CONTROLLERAXISMOTION, instance_id=0, axis=which,
                                   value=value)  # fmt: skip
        return list(mapper.translate(event))

    (pan,) = axis(pygame.CONTROLLER_AXIS_RIGHTX, -30000)
    assert pan.kind is Kind.PAN and (pan.event.dx, pan.event.dy) == (-1, 0)
    assert axis(pygame.CONTROLLER_AXIS_RIGHTX, -31000) == []  # held: once per push
    assert axis(pygame.CONTROLLER_AXIS_RIGHTX, 0) == []
    (zoom,) = axis(pygame.CONTROLLER_AXIS_TRIGGERLEFT, 32000)
    assert zoom.kind is Kind.ZOOM and zoom.event.steps == -1
    axis(pygame.CONTROLLER_AXIS_TRIGGERLEFT, 0)
    (zoom,) = axis(pygame.CONTROLLER_AXIS_TRIGGERRIGHT, 32000)
    assert zoom.event.steps == 1
