"""Every button's label fits its button in every language (a clipped "Beurt beëindi" was found
in Dutch Kap Hoorn): the play scenes through a stretch of random moves, and the menus."""

from __future__ import annotations

import random

import pytest
from pygame_gui.elements import UIButton

from game import i18n
from game.i18n import LANGUAGES
from game.menus.pause import PauseScene
from game.menus.picker import PickerScene
from game.menus.settings import SettingsScene
from game.menus.title import TitleScene
from game.play.config import GameConfig, Seat
from tests.games_support import first_set_up
from tests.scenes_support import table_class

ROOM = 18  # what a button keeps round its label: its rounded border and the text padding


def clipped(app) -> list[str]:
    """The labels wider than their buttons allow, in every scene on the stack."""
    found = []
    for scene in app.scenes.stack:
        ui = getattr(scene, "ui", None)
        for element in ui.get_sprite_group().sprites() if ui is not None else ():
            if isinstance(element, UIButton) and element.text:
                if element.font.size(element.text)[0] > element.rect.width - ROOM:
                    found.append(f"{scene.name}: {element.text!r}")
    return found


def back_to(drive, scene) -> None:
    while drive.app.scenes.top is not scene:  # hand-off screens (hot seat) put away
        drive.app.scenes.pop()
        drive.app.scenes.apply_pending()


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_button_label_of_a_table_is_cut_off(each_game, drive, lang) -> None:
    """Every game's table (the tests' own too), in the set-up its knob ``SET_UP`` names."""
    i18n.set_language(lang)
    found: set[str] = set()
    game, (variant, players) = each_game, first_set_up(each_game)
    colours = ("red", "blue", "yellow", "green", "purple")
    seats = tuple(Seat(f"P{i + 1}", "human", colours[i]) for i in range(players))
    drive.app.scenes.reset(table_class(game), config=GameConfig(game, variant, seats, 3))
    drive.app.scenes.apply_pending()
    scene, rng = drive.app.scenes.stack[0], random.Random(2)
    for _ in range(25):
        back_to(drive, scene)
        drive.frames(2)
        found.update(clipped(drive.app))
        if scene.state.is_over():
            break
        scene.play(rng.choice(scene.state.legal_actions()))
        scene.skip()
    assert not found


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_button_label_of_a_menu_is_cut_off(drive, lang) -> None:
    i18n.set_language(lang)
    found: set[str] = set()
    for scene in (TitleScene, PickerScene, SettingsScene, PauseScene):
        drive.app.scenes.reset(scene)
        drive.app.scenes.apply_pending()
        drive.frames(1)
        found.update(clipped(drive.app))
    assert not found
