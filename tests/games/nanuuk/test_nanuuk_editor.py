"""The Nanuuk! free-style set-up editor (N29) and the saved set-ups, driven like a player would."""

from __future__ import annotations

import pygame
import pytest

from game import i18n
from game.games.nanuuk.editor import NanuukEditorScene
from game.games.nanuuk.rules.board import IGLOO
from game.games.nanuuk.rules.level import (
    BOX,
    PIECE_KINDS,
    PROBLEMS,
    SetUp,
    check_setup,
    default_level,
)
from game.games.nanuuk.setups import (
    SetupFileError,
    list_setups,
    load_setup,
    safe_name,
    save_setup,
    setups_dir,
)
from game.i18n import tr
from game.menus.setup import SetupScene
from game.protocol.base import LevelError


def open_editor(drive, **data):
    drive.app.scenes.reset(NanuukEditorScene, **data)
    drive.frames(2)
    return drive.scene


def centre(editor, field: int) -> tuple[int, int]:
    x, y = editor.renderer.layout.centre(field)
    return round(x), round(y)


def empty_fields(editor) -> list[int]:
    floe = editor.floe
    return sorted(f for f in editor.in_play if f not in editor.pieces and floe.kinds[f] != IGLOO)


def whale_next_to_inuk(editor) -> int:
    """An empty field in play beside an Inuk, away from every igloo (a whale there is fatal)."""
    floe = editor.floe
    for f in empty_fields(editor):
        around = [n for n in floe.neighbours(f) if n in editor.in_play]
        if any(editor.pieces.get(n) == "inuit" for n in around) and not any(
            floe.kinds[n] == IGLOO for n in around
        ):
            return f
    raise AssertionError("no field beside an Inuk")


# ---- placing and removing -------------------------------------------------------------------
def test_starts_from_the_printed_setup_for_the_player_count(drive):
    editor = open_editor(drive, players=3)
    level = default_level()
    assert editor.mode == "no-waves" and editor.printed == "3p"
    assert editor.setup().pieces == level.setups["3p"].pieces
    assert editor.problems == []
    assert "Polar bears 2/3" in editor.palette["bears"].text


def test_clicks_place_and_remove_pieces_and_update_counts(drive):
    editor = open_editor(drive, players=2)
    drive.click(editor.palette["fish"].rect.center)
    assert editor.kind == "fish"
    before = editor.count("fish")
    field = empty_fields(editor)[0]
    drive.click(centre(editor, field))
    assert editor.pieces[field] == "fish"
    assert editor.count("fish") == before + 1
    assert f"Fish {before + 1}/6" in editor.palette["fish"].text
    drive.tap(centre(editor, field))  # a finger removes it again
    assert field not in editor.pieces
    assert f"Fish {before}/6" in editor.palette["fish"].text


def test_box_limit_igloos_and_unused_fields_are_refused(drive):
    editor = open_editor(drive, players=2)
    editor.select_kind("whales")
    assert editor.count("whales") == BOX["whales"]
    field = empty_fields(editor)[0]
    drive.click(centre(editor, field))
    assert field not in editor.pieces and "box holds only 3 whales" in editor.status
    igloo = min(editor.floe.of_kind(IGLOO))
    drive.click(centre(editor, igloo))
    assert igloo not in editor.pieces and "igloo" in editor.status
    unused = min(set(editor.floe.kinds) - editor.in_play)
    drive.click(centre(editor, unused))
    assert unused not in editor.pieces and "not in play" in editor.status


def test_whale_next_to_an_inuk_is_fatal_and_done_is_refused(drive):
    answers = []
    editor = open_editor(drive, players=4, on_done=answers.append)
    whale = next(f for f, k in editor.pieces.items() if k == "whales")
    drive.click(centre(editor, whale))  # take a whale off ...
    target = whale_next_to_inuk(editor)
    label = editor.floe.label(target)
    editor.select_kind("whales")
    drive.click(centre(editor, target))  # ... and lay it beside an Inuk
    assert any(p.code == "whale_inuk" and p.params["field"] == label for p in editor.fatal)
    assert editor.marked[target] == "bad"
    drive.click(editor.buttons["done"].rect.center)
    assert drive.scene is editor and answers == []
    assert "red" in editor.status
    drive.click(centre(editor, target))  # removing the whale clears the problem
    assert editor.fatal == []


def test_problems_are_translated(drive):
    i18n.set_language("de")
    editor = open_editor(drive, players=4)
    whale = next(f for f, k in editor.pieces.items() if k == "whales")
    editor.toggle(whale)
    editor.select_kind("whales")
    editor.toggle(whale_next_to_inuk(editor))
    from game.games.nanuuk.editor_view import translate_problem

    texts = [translate_problem(p) for p in editor.problems]
    assert any(t.startswith("Wal auf F") and "Inuk" in t for t in texts)


def every_kind_of_problem() -> list:
    """Problems of every code ``check_setup`` knows, from one broken set-up."""
    level = default_level()
    f = level.floe.field
    pieces = {k: () for k in PIECE_KINDS} | {
        "bears": (f("F17"), f("F40"), f("F41"), f("F42")),  # four, and one on an igloo
        "fish": (0, f("F2")),  # bit 0 is water
        "seals": (f("F2"),),  # with the fish
        "whales": (f("F9"), f("F60"), f("F44")),  # F9 beside igloo F17; F60 unused (no-dots)
        "inuit": (f("F45"), f("F4"), f("F5")),  # F45 beside the whale on F44; F4 beside F5
    }
    return check_setup(level, SetUp("all", pieces), level.in_play("no-dots"))


@pytest.mark.parametrize("lang", ["en", "nl", "de"])
def test_every_kind_of_problem_is_translated_from_its_code(lang):
    from game.games.nanuuk.editor_view import translate_problem

    problems = every_kind_of_problem()
    assert {p.code for p in problems} == set(PROBLEMS)
    i18n.set_language(lang)
    i18n.MISSING.clear()
    for problem in problems:
        text = translate_problem(problem)
        assert not text[:1].islower() and "{" not in text, problem
        assert all(label in text for label in problem.fields), problem
    assert i18n.MISSING == set()


def test_a_problem_names_its_pieces_in_the_players_language():
    from game.games.nanuuk.editor_view import translate_problem

    i18n.set_language("nl")
    texts = {p.code: translate_problem(p) for p in every_kind_of_problem()}
    assert texts["box"] == "4 ijsberen, maar de doos heeft er maar 3."
    assert texts["two"] == "Twee stukken op F2: vis en zeehond."
    assert texts["side_by_side"] == "Inuit naast elkaar op F4 en F5."


# ---- keyboard and gamepad -------------------------------------------------------------------
def test_keys_move_the_cursor_place_and_change_the_kind(drive):
    editor = open_editor(drive, players=2)
    editor.clear()
    start = editor.cursor
    drive.key(pygame.K_RIGHT)
    assert editor.cursor != start
    x0, y0 = editor.renderer.layout.centre(start)
    x1, y1 = editor.renderer.layout.centre(editor.cursor)
    assert x1 > x0 and abs(y1 - y0) < 1
    drive.key(pygame.K_DOWN)
    assert editor.renderer.layout.centre(editor.cursor)[1] > y1
    drive.key(pygame.K_TAB)
    assert editor.kind == "fish"
    drive.key(pygame.K_RETURN)
    assert editor.pieces == {editor.cursor: "fish"}
    drive.pad(pygame.CONTROLLER_BUTTON_RIGHTSHOULDER)
    assert editor.kind == "seals"
    drive.pad(pygame.CONTROLLER_BUTTON_A)  # A removes the fish again
    assert editor.pieces == {}
    for _ in range(12):  # Down past the lower edge reaches the button row
        drive.key(pygame.K_DOWN)
    assert not editor.board_focus
    drive.key(pygame.K_UP)
    assert editor.board_focus


def test_keys_reach_the_buttons(drive):
    editor = open_editor(drive, players=3)
    for _ in range(12):
        drive.pad(pygame.CONTROLLER_BUTTON_DPAD_DOWN)
    assert not editor.board_focus
    editor.ring.focus(editor.buttons["clear"])
    drive.key(pygame.K_RETURN)
    assert editor.pieces == {}
    drive.key(pygame.K_RIGHT)
    assert editor.ring.current.element is editor.buttons["reset"]
    drive.key(pygame.K_RETURN)
    assert editor.is_printed()


# ---- saving, loading, handing back ----------------------------------------------------------
def test_persistence_round_trip_and_safe_names(tmp_path):
    level = default_level()
    table = level.setups["2p"].to_dict(level.floe)
    name = save_setup(tmp_path, "My/../setup: one", table)
    assert name == safe_name("My/../setup: one") and "/" not in name and ":" not in name
    assert list_setups(tmp_path) == [name]
    assert load_setup(tmp_path, name) == table
    text = (setups_dir(tmp_path) / f"{name}.toml").read_text()
    assert text.startswith("# Nanuuk! free-style set-up") and 'whales = ["F' in text
    with pytest.raises(ValueError):
        safe_name(" /// ")
    with pytest.raises(LevelError):
        save_setup(tmp_path, "bad", {"whales": ["F999"]})


@pytest.mark.parametrize(
    ("content", "problem"),
    [
        ("fish = [F1\n", "not valid TOML"),
        ('fish = ["F999"]\n', "unknown field"),
        ('sharks = ["F2"]\n', "unknown piece kind"),
        ('fish = ["F2"]\nseals = ["F2"]\n', "two pieces on F2"),
        ('whales = ["F2", "F3", "F4", "F5"]\n', "box holds only 3"),
    ],
)
def test_broken_files_are_kept_as_bad_with_a_clear_message(tmp_path, content, problem):
    folder = setups_dir(tmp_path)
    folder.mkdir(parents=True)
    (folder / "Broken.toml").write_text(content, encoding="utf-8")
    with pytest.raises(SetupFileError) as info:
        load_setup(tmp_path, "Broken")
    message = str(info.value)
    assert "Broken.toml" in message and problem in message and "Broken.toml.bad" in message
    assert (folder / "Broken.toml.bad").exists()
    assert list_setups(tmp_path) == []


def type_text(drive, text: str) -> None:
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=text))
    drive.frames(2)


def test_save_and_load_round_trip_in_the_editor(drive, tmp_path):
    editor = open_editor(drive, players=2)
    assert not editor.buttons["load"].is_enabled  # nothing saved yet
    editor.select_kind("fish")
    editor.toggle(empty_fields(editor)[0])
    built = dict(editor.pieces)
    drive.click(editor.buttons["save"].rect.center)
    assert editor.panel == "save" and editor.name_entry.is_focused
    type_text(drive, "Seal bay")
    drive.key(pygame.K_RETURN)
    assert editor.panel == "edit" and "Seal bay" in editor.status
    assert list_setups(tmp_path) == ["Seal bay"]
    drive.click(editor.buttons["clear"].rect.center)
    assert editor.pieces == {}
    drive.click(editor.buttons["load"].rect.center)
    assert editor.panel == "load"
    drive.click(editor.load_buttons["Seal bay"].rect.center)
    assert editor.panel == "edit" and editor.pieces == built
    assert editor.saved_name == "Seal bay"


def test_broken_file_in_the_load_list_shows_a_message(drive, tmp_path):
    folder = setups_dir(tmp_path)
    folder.mkdir(parents=True)
    (folder / "Cracked.toml").write_bytes(b"\xff\xfe not text")
    editor = open_editor(drive, players=3)
    before = dict(editor.pieces)
    drive.click(editor.buttons["load"].rect.center)
    drive.click(editor.load_buttons["Cracked"].rect.center)
    drive.frames(3)
    assert editor.panel == "edit" and editor.status_bad
    assert "Cracked.toml" in editor.status and ".bad" in editor.status
    assert editor.status == tr("editor.msg.broken", file="Cracked.toml", kept="Cracked.toml.bad")
    assert "UTF-8" not in editor.status  # what was wrong goes to the log, not to the player
    assert editor.pieces == before  # nothing changed, nothing crashed
    assert (folder / "Cracked.toml.bad").exists()
    assert not editor.buttons["load"].is_enabled  # the list no longer offers it


def test_broken_file_given_by_the_setup_scene_shows_a_message(drive, tmp_path):
    folder = setups_dir(tmp_path)
    folder.mkdir(parents=True)
    (folder / "Gone.toml").write_text("[", encoding="utf-8")
    editor = open_editor(drive, players=2, options={"setup": "Gone"})
    assert editor.is_printed() and "Gone.toml" in editor.status


def test_a_set_up_that_cannot_be_written_says_so_in_the_players_words(drive, monkeypatch):
    import game.games.nanuuk.editor as editor_scene

    def full_disk(*args):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(editor_scene, "save_setup", full_disk)
    i18n.set_language("nl")
    editor = open_editor(drive, players=2)
    assert editor.save("Seal bay") is None and editor.status_bad
    assert editor.status == tr("editor.msg.not_saved", name="Seal bay")
    assert "Seal bay" in editor.status and "No space" not in editor.status


def test_done_saves_a_new_setup_and_hands_its_name_back(drive, tmp_path):
    drive.app.scenes.reset(SetupScene, game="nanuuk")
    drive.frames(2)
    setup = drive.scene
    while setup.variant.id != "full":
        setup.cycle_variant(1)
    drive.click(setup.edit_button.rect.center)
    editor = drive.scene
    assert editor.name == "nanuuk_editor" and editor.mode == "no-waves"
    seal = next(f for f, k in editor.pieces.items() if k == "seals")
    drive.click(centre(editor, seal))  # one seal fewer: a new set-up
    drive.click(editor.buttons["done"].rect.center)
    assert editor.panel == "save"  # a new set-up needs a name first
    type_text(drive, "Few seals")
    drive.click(editor.confirm_button.rect.center)
    drive.frames(2)
    assert drive.scene is setup
    assert "Set-up: Few seals" in setup.option_buttons["setup"].text
    assert setup.config().options["setup"]["seals"] == [
        default_level().floe.label(f) for f in sorted(editor.setup().pieces["seals"])
    ]


def test_done_with_the_printed_setup_selects_printed(drive):
    answers = []
    editor = open_editor(drive, players=4, on_done=answers.append)
    drive.key(pygame.K_ESCAPE)  # Back (nothing handed over)
    assert answers == []
    editor = open_editor(drive, players=4, on_done=answers.append)
    drive.click(editor.buttons["done"].rect.center)
    assert answers == [""]


@pytest.mark.parametrize("lang", ["en", "nl", "de"])
def test_every_editor_text_fits(drive, lang):
    from pygame_gui.elements import UIButton

    i18n.set_language(lang)
    editor = open_editor(drive, players=4)
    elements = [i.element for i in editor.ring.items] + list(editor.palette.values())
    bad = [
        f"{e.text!r}"
        for e in elements
        if isinstance(e, UIButton) and e.font.size(e.text)[0] > e.rect.width - 24
    ]
    assert bad == []


def test_screenshot_of_the_editor(drive, tmp_path):
    editor = open_editor(drive, players=3)
    whale = next(f for f, k in editor.pieces.items() if k == "whales")
    editor.toggle(whale)
    editor.select_kind("whales")
    editor.toggle(whale_next_to_inuk(editor))
    drive.app.show_focus = True
    drive.frames(3)
    path = tmp_path / "editor.png"  # a blank 1920x1080 PNG is far smaller
    drive.app.save_screenshot(path)
    assert path.stat().st_size > 10_000
