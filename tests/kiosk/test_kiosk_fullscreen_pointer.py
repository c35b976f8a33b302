"""Issue 29, item 1: in a fullscreen kiosk a click lands on the control under the pointer.

The kiosk grabs the input and hides the pointer until a mouse moves. Hidden with
``pygame.mouse.set_visible(False)``, SDL then went into relative mouse mode: positions were
virtual, hover never moved and clicks landed elsewhere ("Back" changed a player's colour). And
pygame_gui took its hover from the window's pixels, not the logical canvas the screens are drawn
on. Here the kiosk runs fullscreen on SDL's dummy display, whose size (1024x768) is not the
logical 1920x1080, and every control of the picker and the set-up is pointed at and clicked at
its position in the window.
"""

from __future__ import annotations

import pygame
import pygame_gui
import pytest

from game.ui import theme

FULLSCREEN = {"fullscreen": True, "size": None}


def window_point(app, pos: tuple[int, int]) -> tuple[int, int]:
    """Where the logical point ``pos`` is on the window (the inverse of ``App.to_logical``)."""
    scale, rect = app.display._viewport()
    return round(rect.x + pos[0] * scale), round(rect.y + pos[1] * scale)


def buttons(scene) -> list[pygame_gui.elements.UIButton]:
    return [
        element
        for element in scene.ui.get_sprite_group().sprites()
        if isinstance(element, pygame_gui.elements.UIButton)
        and element.visible
        and element.is_enabled
    ]


def point_at(drive, pos: tuple[int, int]) -> None:
    drive.post(pygame.MOUSEMOTION, pos=pos, rel=(40, 0), buttons=(0, 0, 0))
    drive.frames(1)


def click_at(drive, pos: tuple[int, int]) -> None:
    point_at(drive, pos)
    drive.post(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)
    drive.frames(1)
    drive.post(pygame.MOUSEBUTTONUP, pos=pos, button=1)
    drive.frames(2)  # pygame_gui posts the press; the next frame delivers it


def assert_each_control_answers_at_its_window_position(app, drive) -> None:
    scene = app.scenes.top
    pressed: list[object] = []
    scene._ui_event = lambda event: (
        pressed.append(event.ui_element) if event.type == pygame_gui.UI_BUTTON_PRESSED else None
    )
    controls = buttons(scene)
    assert len(controls) >= 3
    for control in controls:
        where = window_point(app, control.rect.center)
        point_at(drive, where)
        assert [c for c in controls if c.hovered] == [control], control.text
        pressed.clear()
        click_at(drive, where)
        assert pressed == [control], control.text
    del scene._ui_event


@pytest.fixture
def fullscreen_kiosk(kiosk):
    app, drive = kiosk(**FULLSCREEN)
    assert app.window.get_size() != theme.LOGICAL_SIZE  # the case that needs the mapping
    return app, drive


def test_the_hidden_pointer_of_a_fullscreen_kiosk_is_not_in_relative_mode(fullscreen_kiosk):
    app, drive = fullscreen_kiosk
    assert pygame.event.get_grab()  # visitors cannot leave the window
    assert not pygame.mouse.get_relative_mode()  # real positions, where the pointer is
    drive.post(pygame.MOUSEMOTION, pos=(500, 500), rel=(40, 0), buttons=(0, 0, 0))
    drive.frames(1)
    assert not pygame.mouse.get_relative_mode()


def test_each_control_of_the_picker_and_the_setup_answers_at_its_window_position(
    fullscreen_kiosk,
):
    app, drive = fullscreen_kiosk
    click_at(drive, window_point(app, app.scenes.top.play_button.rect.center))
    assert drive.top == "picker"
    assert_each_control_answers_at_its_window_position(app, drive)
    picker = app.scenes.top
    for game, card in picker.cards.items():
        click_at(drive, window_point(app, card.rect.center))
        assert drive.top == "setup" and app.scenes.top.game == game
        assert_each_control_answers_at_its_window_position(app, drive)
        click_at(drive, window_point(app, app.scenes.top.back_button.rect.center))
        assert drive.top == "picker"
        picker = app.scenes.top
