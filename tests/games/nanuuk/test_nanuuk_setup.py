"""The set-up scene for Nanuuk!: variants, their options, seat counts and the saved set-ups."""

from __future__ import annotations

import pygame
import pytest

from game import i18n
from game.engine.scenes import Scene
from game.games.nanuuk.rules.level import default_level
from game.games.nanuuk.setups import save_setup, setups_dir
from game.menus.setup import SetupScene
from game.play.config import GameConfig
from tests.scenes_support import fake_tables


class FakePlay(Scene):
    """Stands in for the play scene: remembers the config it was opened with."""

    @classmethod
    def guides(cls) -> bool:  # as the real table: the set-up offers its guided first game
        return True

    opened: list[GameConfig] = []

    def __init__(self, services, config: GameConfig | None = None, **data: object) -> None:
        super().__init__(services)
        FakePlay.opened.append(config)


@pytest.fixture(autouse=True)
def fake_play_scenes(monkeypatch):
    FakePlay.opened = []
    fake_tables(monkeypatch, FakePlay, "nanuuk", "bergruft")


def open_setup(drive, game: str = "nanuuk"):
    drive.app.scenes.reset(SetupScene, game=game)
    drive.frames(2)
    return drive.scene


def choose_variant(drive, scene, variant: str):
    scene.ring.focus(scene.variant_button)
    for _ in range(len(scene.variants)):
        if scene.variant.id == variant:
            return scene
        drive.key(pygame.K_RIGHT)
    raise AssertionError(f"variant {variant} not offered")


def press(drive, scene, element, times: int = 1) -> None:
    scene.ring.focus(element)
    for _ in range(times):
        drive.key(pygame.K_RIGHT)


def start(drive, scene) -> GameConfig:
    scene.ring.focus(scene.start_button)
    drive.key(pygame.K_RETURN)
    assert scene.error == ""
    assert len(FakePlay.opened) == 1
    return FakePlay.opened[0]


def test_cycling_variants_changes_option_rows_and_seats(drive):
    scene = open_setup(drive)
    assert scene.variant.id == "intro" and len(scene.seats) == 2
    assert scene.option_buttons == {} and scene.edit_button is None
    assert "Game of Introduction" in scene.variant_button.text
    choose_variant(drive, scene, "partner")
    assert len(scene.seats) == 4 and not scene.add_button.is_enabled
    choose_variant(drive, scene, "neighbourhood")
    assert list(scene.option_buttons) == ["winner"]
    assert "Winner: whose left neighbour is stuck" in scene.option_buttons["winner"].text
    choose_variant(drive, scene, "helpers")
    assert len(scene.seats) == 2
    choose_variant(drive, scene, "bear-hunt")
    assert list(scene.option_buttons) == ["a", "b", "c", "e"]  # e: two players only
    scene.add_seat()
    assert len(scene.seats) == 3
    assert list(scene.option_buttons) == ["a", "b", "c", "d"]  # d: three players only
    choose_variant(drive, scene, "bear-fear")
    assert len(scene.seats) == 2
    assert list(scene.option_buttons) == ["bears", "a", "b", "c"]
    choose_variant(drive, scene, "full")
    assert list(scene.option_buttons) == [
        "two-hunters",
        "variant-1",
        "variant-2",
        "cracks",
        "setup",
    ]
    assert scene.edit_button is not None and "Edit set-up" in scene.edit_button.text
    assert "Set-up: printed" in scene.option_buttons["setup"].text
    scene.add_seat()
    assert "two-hunters" not in scene.option_buttons  # two hunters each: two players only


def test_focused_option_is_explained(drive):
    scene = choose_variant(drive, open_setup(drive), "bear-fear")
    scene.ring.focus(scene.option_buttons["c"])
    drive.frames(2)
    assert "may also stay" in scene.help_text()
    scene.ring.focus(scene.kind_buttons[1])
    drive.frames(2)
    assert "Computer" in scene.help_text()


def test_chosen_options_reach_the_game_config(drive):
    scene = choose_variant(drive, open_setup(drive), "full")
    press(drive, scene, scene.option_buttons["two-hunters"])
    press(drive, scene, scene.option_buttons["cracks"], 2)
    assert "Two hunters each: On" in scene.option_buttons["two-hunters"].text
    assert ": 8" in scene.option_buttons["cracks"].text
    config = start(drive, scene)
    assert config.game == "nanuuk" and config.variant == "full"
    assert config.options == {"two-hunters": True, "cracks": 8}  # defaults are not passed
    assert len(config.seats) == 2


def test_bear_options_and_winner_reach_the_config(drive):
    scene = choose_variant(drive, open_setup(drive), "bear-fear")
    press(drive, scene, scene.option_buttons["bears"], 2)
    press(drive, scene, scene.option_buttons["b"])
    assert start(drive, scene).options == {"bears": 3, "b": True}


def test_hidden_options_are_not_passed(drive):
    scene = choose_variant(drive, open_setup(drive), "bear-hunt")
    press(drive, scene, scene.option_buttons["e"])
    assert scene.chosen_options() == {"e": True}
    scene.add_seat()  # three players: e no longer applies, d does
    assert scene.chosen_options() == {}
    press(drive, scene, scene.option_buttons["d"])
    assert scene.chosen_options() == {"d": True}
    scene.remove_seat()  # back to two: d hidden, the earlier e returns
    assert scene.chosen_options() == {"e": True}
    scene = choose_variant(drive, scene, "full")
    press(drive, scene, scene.option_buttons["two-hunters"])
    scene.add_seat()
    config = start(drive, scene)
    assert config.options == {} and len(config.seats) == 3


def test_saved_setup_is_offered_and_passed_as_a_table(drive, tmp_path):
    level = default_level()
    table = level.setups["3p"].to_dict(level.floe)
    save_setup(tmp_path, "Ice castle", table)
    scene = choose_variant(drive, open_setup(drive), "full")
    scene.add_seat()
    press(drive, scene, scene.option_buttons["setup"])
    assert "Set-up: Ice castle" in scene.option_buttons["setup"].text
    config = start(drive, scene)
    assert config.options == {"setup": table}
    from game.play.registry import rules_for

    state = rules_for("nanuuk").new_game("full", 3, seed=1, options=config.options)
    assert state is not None  # the rules engine accepts it


def test_a_setup_that_does_not_fit_the_floe_is_refused_with_a_message(drive, tmp_path):
    level = default_level()
    save_setup(tmp_path, "Big", level.setups["4p"].to_dict(level.floe))  # uses ~~ fields
    scene = choose_variant(drive, open_setup(drive), "full")
    press(drive, scene, scene.option_buttons["setup"])
    scene.ring.focus(scene.start_button)
    drive.key(pygame.K_RETURN)
    assert FakePlay.opened == [] and "do not fit" in scene.error
    assert "~" not in scene.error  # the rules' own words (which field) go to the log


def test_broken_saved_setup_is_kept_as_bad_and_reported(drive, tmp_path):
    folder = setups_dir(tmp_path)
    folder.mkdir(parents=True)
    (folder / "Oops.toml").write_text("fish = [F1\n", encoding="utf-8")
    scene = choose_variant(drive, open_setup(drive), "full")
    press(drive, scene, scene.option_buttons["setup"])
    assert "Oops" in scene.option_buttons["setup"].text
    scene.ring.focus(scene.start_button)
    drive.key(pygame.K_RETURN)
    assert FakePlay.opened == []
    assert "“Oops.toml”" in scene.error and "“Oops.toml.bad”" in scene.error
    assert str(folder) not in scene.error and "TOML" not in scene.error
    assert (folder / "Oops.toml.bad").exists() and not (folder / "Oops.toml").exists()
    drive.frames(2)
    assert "printed" in scene.option_buttons["setup"].text  # back to the printed set-up


def test_edit_button_opens_the_editor_and_takes_its_answer(drive, tmp_path):
    scene = choose_variant(drive, open_setup(drive), "full")
    press(drive, scene, scene.option_buttons["two-hunters"])
    drive.click(scene.edit_button.rect.center)
    editor = drive.scene
    assert editor.name == "nanuuk_editor"
    assert editor.players == 2 and editor.two_hunters and editor.mode == "all"
    level = default_level()
    save_setup(tmp_path, "Mine", level.setups["4p"].to_dict(level.floe))
    editor.on_done("Mine")
    drive.app.scenes.pop()
    drive.frames(2)
    assert drive.scene is scene
    assert "Set-up: Mine" in scene.option_buttons["setup"].text
    assert scene.ring.current.element is scene.edit_button


def test_der_berg_ruft_setup_offers_only_its_turn_limit(drive):
    scene = open_setup(drive, "bergruft")  # the turn limit (B8) in the second column (issue 18)
    assert scene.columns and list(scene.option_buttons) == ["turn_limit"]
    assert scene.edit_button is None
    config = start(drive, scene)
    assert config.options == {} and config.variant == "standard"  # off: the default


@pytest.mark.parametrize("lang", ["en", "nl", "de"])
def test_every_nanuuk_setup_text_fits(drive, lang):
    from pygame_gui.elements import UIButton

    i18n.set_language(lang)
    scene = open_setup(drive)
    bad = []
    for _ in range(len(scene.variants)):
        for seats in (2, 3, 4):
            while len(scene.seats) < seats and len(scene.seats) < scene.max_seats:
                scene.add_seat()
            for item in scene.ring.items:
                element = item.element
                if isinstance(element, UIButton):
                    width = element.font.size(element.text)[0]
                    if width > element.rect.width - 24:
                        bad.append(f"{element.text!r} {width} > {element.rect.width}")
        while len(scene.seats) > scene.min_seats:
            scene.remove_seat()
        scene.cycle_variant(1)
    assert bad == []


def test_screenshot_of_the_nanuuk_setup(drive, tmp_path):
    scene = choose_variant(drive, open_setup(drive), "full")
    scene.add_seat()
    scene.add_seat()
    scene = drive.scene
    scene.ring.focus(scene.option_buttons["variant-2"])
    drive.key(pygame.K_RIGHT)
    drive.frames(2)
    path = tmp_path / "setup_nanuuk.png"  # a blank 1920x1080 PNG is far smaller
    drive.app.save_screenshot(path)
    assert path.stat().st_size > 10_000
