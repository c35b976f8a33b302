"""Touch-only names: in kiosk mode a tap on a player's name opens an on-screen keyboard with keys
big enough for fingers, in the language's own layout; typing replaces the default name."""

from __future__ import annotations

import pygame
import pytest
from pygame_gui.elements import UIButton

from game import i18n
from game.i18n import LANGUAGES
from game.menus.keyboard import KEY_H, MAX_NAME
from game.menus.setup import SetupScene


def open_setup(app, drive, game: str = "bergruft"):
    app.scenes.reset(SetupScene, game=game)
    drive.frames(2)
    return app.scenes.top


def open_keyboard(app, drive, seat: int = 0):
    setup = open_setup(app, drive)
    drive.tap(setup.name_entries[seat].rect.center)
    assert drive.top == "kiosk_keyboard"
    return setup, app.scenes.top


def tap_keys(drive, keyboard, letters: str) -> None:
    keys = {letter: key for letter, key in keyboard.letter_keys}
    for letter in letters:
        drive.tap((keyboard.space_key if letter == " " else keys[letter]).rect.center)


def test_tapping_a_name_opens_the_keyboard_and_typing_replaces_the_default(kiosk):
    app, drive = kiosk()
    setup, keyboard = open_keyboard(app, drive)
    assert keyboard.text == "Player 1" and keyboard.selected
    tap_keys(drive, keyboard, "anna")
    assert keyboard.text == "Anna"  # "Player 1" is gone, the first letter a capital
    drive.tap(keyboard.done_button.rect.center)
    assert drive.top == "setup"
    assert setup.seats[0].name == "Anna" and setup.name_entries[0].text == "Anna"


def test_the_shift_key_chooses_the_case_of_the_next_letter(kiosk):
    app, drive = kiosk()
    setup, keyboard = open_keyboard(app, drive)
    drive.tap(keyboard.shift_key.rect.center)  # lower case for the first letter
    tap_keys(drive, keyboard, "x")
    drive.tap(keyboard.shift_key.rect.center)
    tap_keys(drive, keyboard, "yz")
    assert keyboard.text == "xYz"


def test_a_second_word_starts_with_a_capital_too(kiosk):
    app, drive = kiosk()
    setup, keyboard = open_keyboard(app, drive, seat=1)
    tap_keys(drive, keyboard, "jan piet")
    drive.tap(keyboard.done_button.rect.center)
    assert setup.seats[1].name == "Jan Piet"


def test_delete_first_clears_the_default_and_an_empty_name_cannot_be_done(kiosk):
    app, drive = kiosk()
    setup, keyboard = open_keyboard(app, drive)
    drive.tap(keyboard.delete_key.rect.center)
    assert keyboard.text == "" and not keyboard.done_button.is_enabled
    drive.tap(keyboard.done_button.rect.center)
    assert drive.top == "kiosk_keyboard"
    tap_keys(drive, keyboard, "bo")
    drive.tap(keyboard.delete_key.rect.center)
    assert keyboard.text == "B"


def test_cancel_keeps_the_name(kiosk):
    app, drive = kiosk()
    setup, keyboard = open_keyboard(app, drive)
    tap_keys(drive, keyboard, "x")
    drive.tap(keyboard.cancel_button.rect.center)
    assert drive.top == "setup" and setup.seats[0].name == "Player 1"


def test_a_typed_name_is_kept_when_it_is_opened_again_and_replaced_by_new_typing(kiosk):
    app, drive = kiosk()
    setup, keyboard = open_keyboard(app, drive)
    tap_keys(drive, keyboard, "eva")
    drive.tap(keyboard.done_button.rect.center)
    drive.tap(setup.name_entries[0].rect.center)
    keyboard = app.scenes.top
    assert keyboard.text == "Eva" and keyboard.selected
    tap_keys(drive, keyboard, "ida")
    assert keyboard.text == "Ida"


def test_a_name_stops_at_the_limit(kiosk):
    app, drive = kiosk()
    setup, keyboard = open_keyboard(app, drive)
    tap_keys(drive, keyboard, "q" * (MAX_NAME + 3))
    assert len(keyboard.text) == MAX_NAME


def test_a_physical_keyboard_types_too_and_enter_is_done(kiosk):
    app, drive = kiosk()
    setup, keyboard = open_keyboard(app, drive)
    drive.post(pygame.TEXTINPUT, text="de Vries")  # as typed: its shift key chose
    drive.frames(2)
    assert keyboard.text == "de Vries"
    drive.key(pygame.K_BACKSPACE)
    drive.post(pygame.TEXTINPUT, text="ë")
    drive.frames(2)
    assert keyboard.text == "de Vrieë"
    drive.key(pygame.K_RETURN)
    assert drive.top == "setup" and setup.seats[0].name == "de Vrieë"


def test_up_and_down_move_between_rows_for_a_gamepad(kiosk):
    app, drive = kiosk()
    setup, keyboard = open_keyboard(app, drive)
    first = keyboard.ring.current.element
    drive.post(
        pygame.CONTROLLERBUTTONDOWN, instance_id=0, button=pygame.CONTROLLER_BUTTON_DPAD_DOWN
    )
    drive.frames(2)
    below = keyboard.ring.current.element
    assert below in keyboard.grid[1] and first in keyboard.grid[0]
    drive.post(pygame.CONTROLLERBUTTONDOWN, instance_id=0, button=pygame.CONTROLLER_BUTTON_A)
    drive.frames(2)
    assert keyboard.text == dict((k, letter) for letter, k in keyboard.letter_keys)[below].upper()


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_keys_are_big_enough_for_fingers_apart_and_their_words_fit(kiosk, lang):
    app, drive = kiosk()
    i18n.set_language(lang)
    i18n.MISSING.clear()
    setup, keyboard = open_keyboard(app, drive)
    buttons = [e for e in keyboard.ui.get_sprite_group().sprites() if isinstance(e, UIButton)]
    assert len(buttons) == sum(len(row) for row in keyboard.grid)
    screen = pygame.Rect(0, 0, 1920, 1080)
    for i, button in enumerate(buttons):
        assert button.rect.height == KEY_H >= 90 and button.rect.width >= 120
        assert screen.contains(button.rect)
        assert button.rect.collidelist([b.rect for b in buttons[i + 1 :]]) == -1
        assert button.font.size(button.text)[0] <= button.rect.width - 18, button.text
    letters = "".join(letter for letter, _ in keyboard.letter_keys)
    if lang == "de":
        assert set("äöüß") <= set(letters) and letters.startswith("qwertz")
    assert i18n.MISSING == set()  # every word on it in this language
