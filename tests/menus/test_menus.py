"""The menu scenes, driven like a player would: keys only, gamepad only, mouse only, touch only."""

from __future__ import annotations

import pygame
import pytest

from game import i18n
from game.app import App, Options
from game.engine.scenes import Scene
from game.menus.pause import PauseScene
from game.menus.picker import PickerScene
from game.menus.results import ResultsScene
from game.menus.rules_help import RulesHelpScene
from game.menus.settings import SettingsScene
from game.menus.setup import SetupScene, level_sentence
from game.menus.title import TitleScene
from game.play.config import GameConfig, Seat
from tests.games_support import knob
from tests.scenes_support import fake_tables


class FakePlay(Scene):
    """Stands in for a play scene: remembers the config it was opened with."""

    @classmethod
    def guides(cls) -> bool:  # as the real table: the set-up offers its guided first game
        return True

    name = "fake_play"
    opened: list[GameConfig] = []

    def __init__(self, services, config: GameConfig | None = None, **data: object) -> None:
        super().__init__(services)
        self.config = config
        if config is not None:
            self.name = config.game
        FakePlay.opened.append(config)


@pytest.fixture(autouse=True)
def fake_play_scene(monkeypatch):
    """The play scene belongs to another part; the menus only need to hand it a config."""
    FakePlay.opened = []
    fake_tables(monkeypatch, FakePlay, "bergruft")


def names(app: App) -> list[str]:
    return [scene.name for scene in app.scenes.stack]


def open_scene(drive, scene, **data) -> Scene:
    drive.app.scenes.reset(scene, **data)
    drive.frames(2)
    return drive.scene


def started(app: App) -> GameConfig:
    assert names(app) == ["title", "picker", "bergruft"] or names(app)[-1] == "bergruft"
    assert len(FakePlay.opened) == 1
    return FakePlay.opened[0]


# ---- title -> picker -> setup -> start, one input device at a time ------------------------------
def test_keyboard_alone_reaches_a_started_game(drive):
    assert names(drive.app) == ["title"]
    drive.key(pygame.K_RETURN)  # "Play" has focus first
    assert names(drive.app) == ["title", "picker"]
    drive.key(pygame.K_RIGHT)  # from the first game's card to the third's
    drive.key(pygame.K_RIGHT)
    drive.key(pygame.K_RETURN)
    assert names(drive.app) == ["title", "picker", "setup"]
    assert drive.scene.game == "bergruft"
    drive.key(pygame.K_UP)  # from the first control, Up wraps to "Start"
    assert drive.scene.ring.current.element is drive.scene.start_button
    drive.key(pygame.K_RETURN)
    config = started(drive.app)
    assert config.game == "bergruft" and config.variant == "standard"
    assert [s.kind for s in config.seats] == ["human", "normal"]
    assert names(drive.app) == ["title", "picker", "bergruft"]


def test_gamepad_alone_reaches_a_started_game(drive):
    drive.pad(pygame.CONTROLLER_BUTTON_A)
    drive.pad(pygame.CONTROLLER_BUTTON_DPAD_RIGHT)  # from the first game's card to the third's
    drive.pad(pygame.CONTROLLER_BUTTON_DPAD_RIGHT)
    drive.pad(pygame.CONTROLLER_BUTTON_A)
    assert names(drive.app)[-1] == "setup"
    drive.pad(pygame.CONTROLLER_BUTTON_DPAD_UP)
    drive.pad(pygame.CONTROLLER_BUTTON_A)
    assert len(started(drive.app).seats) == 2


def test_gamepad_b_walks_back_to_the_title(drive):
    drive.pad(pygame.CONTROLLER_BUTTON_A)
    drive.pad(pygame.CONTROLLER_BUTTON_A)
    drive.pad(pygame.CONTROLLER_BUTTON_B)
    assert names(drive.app) == ["title", "picker"]
    drive.pad(pygame.CONTROLLER_BUTTON_B)
    assert names(drive.app) == ["title"]
    drive.pad(pygame.CONTROLLER_BUTTON_B)  # B on the title does not quit
    assert names(drive.app) == ["title"] and drive.app.running is not False


def test_mouse_alone_reaches_a_started_game(drive):
    drive.click(drive.scene.play_button.rect.center)
    assert names(drive.app)[-1] == "picker"
    drive.click(drive.scene.cards["bergruft"].rect.center)
    assert names(drive.app)[-1] == "setup"
    drive.click(drive.scene.add_button.rect.center)
    assert len(drive.scene.seats) == 3
    drive.click(drive.scene.start_button.rect.center)
    assert len(started(drive.app).seats) == 3


def test_touch_alone_reaches_a_started_game(drive):
    drive.tap(drive.scene.play_button.rect.center)
    assert names(drive.app)[-1] == "picker"
    drive.tap(drive.scene.cards["bergruft"].rect.center)
    assert names(drive.app)[-1] == "setup"
    drive.tap(drive.scene.kind_buttons[1].rect.center)  # normal -> hard
    assert drive.scene.seats[1].kind == "hard"
    drive.tap(drive.scene.start_button.rect.center)
    assert [s.kind for s in started(drive.app).seats] == ["human", "hard"]


# ---- picker ---------------------------------------------------------------------------------
def test_picker_shows_player_counts_from_the_rules(each_game):
    from game.menus.menukit import player_range
    from game.play.registry import rules_for

    variants = rules_for(each_game).variants()
    fewest, most = min(v.min_players for v in variants), max(v.max_players for v in variants)
    assert player_range(each_game) == (fewest, most)
    assert player_range("kaphoorn") == (3, 5)  # e.g.: none of its variants is for two


def test_a_game_opens_its_set_up_from_the_picker(each_game, drive):
    game = each_game
    picker = open_scene(drive, PickerScene)
    picker.ring.focus(picker.cards[game])
    drive.key(pygame.K_RETURN)
    assert names(drive.app) == ["picker", "setup"]
    assert drive.app.scenes.top.game == game


def test_picker_back_returns_to_the_title(drive):
    drive.key(pygame.K_RETURN)
    drive.click(drive.scene.back_button.rect.center)
    assert names(drive.app) == ["title"]


# ---- set-up ---------------------------------------------------------------------------------
def test_seats_can_be_added_and_removed_only_within_the_game_limits(drive):
    setup = open_scene(drive, SetupScene, game="bergruft")
    assert len(setup.seats) == 2 and not setup.remove_button.is_enabled
    setup.ring.focus(setup.add_button)
    drive.key(pygame.K_RETURN)
    assert setup.ring.current.element is setup.add_button  # focus stays for the next press
    drive.key(pygame.K_RETURN)
    assert len(setup.seats) == 4
    assert not setup.add_button.is_enabled
    assert setup.ring.current.element is setup.remove_button  # focus moved off the dead button
    setup.add_seat()  # beyond the maximum: nothing happens
    assert len(setup.seats) == 4
    assert len({s.colour for s in setup.seats}) == 4
    for _ in range(5):
        drive.click(setup.remove_button.rect.center)
    assert len(setup.seats) == 2


def test_duplicate_names_are_refused_with_a_message(drive):
    setup = open_scene(drive, SetupScene, game="bergruft")
    entry = setup.name_entries[1]
    setup.ring.focus(entry)  # keyboard focus on Ben's name field: type into it
    assert entry.is_focused
    drive.key(pygame.K_END)
    drive.key(pygame.K_BACKSPACE)  # "Player 2" -> "Player "
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text="1"))
    drive.frames(2)
    assert setup.seats[1].name == "Player 1"
    setup.ring.focus(setup.start_button)
    drive.key(pygame.K_RETURN)
    assert names(drive.app) == ["setup"] and FakePlay.opened == []
    assert "Player 1" in setup.error and "different" in setup.error


def test_names_differing_only_in_case_or_blank_are_refused(drive):
    setup = open_scene(drive, SetupScene, game="bergruft")
    setup.set_name(0, "ann")
    setup.set_name(1, " Ann ")
    assert "Ann" in setup.validate()
    setup.set_name(1, "   ")
    assert "2" in setup.validate()
    setup.set_name(1, "Ben")
    assert setup.validate() == ""


def test_colour_cycling_skips_colours_other_seats_hold(drive):
    from game.menus.menukit import colour_name

    setup = open_scene(drive, SetupScene, game="bergruft")
    setup.add_seat()
    setup = drive.scene
    setup.ring.focus(setup.colour_buttons[0])
    seen = set()
    for _ in range(8):
        drive.key(pygame.K_RIGHT)
        colours = [s.colour for s in setup.seats]
        assert len(set(colours)) == 3
        seen.add(colours[0])
        assert colour_name(colours[0]) in setup.colour_buttons[0].text
    assert seen == {"red", "green", "purple", "orange"}  # never blue or yellow: taken


def test_selected_ai_level_is_explained(drive):
    setup = open_scene(drive, SetupScene, game="bergruft")
    setup.ring.focus(setup.kind_buttons[1])
    drive.key(pygame.K_RIGHT)  # normal -> hard
    assert "Computer – hard" in setup.kind_buttons[1].text
    assert i18n.tr("kinds.desc.bergruft.hard") in setup.help_text()
    drive.key(pygame.K_LEFT)
    drive.key(pygame.K_LEFT)  # -> easy
    assert i18n.tr("kinds.desc.bergruft.easy") in setup.help_text()


def test_every_game_describes_each_level_in_its_own_words(each_game, drive):
    from game.play.registry import plugin

    game, levels = each_game, tuple(plugin(each_game).bot_paths)
    assert open_scene(drive, SetupScene, game=game).kinds[1:] == levels  # offered, in order
    sentences = {level_sentence(game, level) for level in levels}
    assert len(sentences) == len(levels) >= 1
    if knob(game, "OWN_LEVEL_WORDS", True):  # else the shared words of each level
        for level in levels:
            assert i18n.has(f"kinds.desc.{game}.{level}")


def test_fixed_game_number_is_used_and_random_differs(drive):
    setup = open_scene(drive, SetupScene, game="bergruft")
    setup.ring.focus(setup.seed_button)
    drive.key(pygame.K_RIGHT)
    drive.key(pygame.K_RIGHT)
    assert ": 2" in setup.seed_button.text
    setup.ring.focus(setup.start_button)
    drive.key(pygame.K_RETURN)
    config = started(drive.app)
    assert config.seed == 2
    assert [s.colour for s in config.seats] == ["red", "blue"]
    assert [s.name for s in config.seats] == ["Player 1", "Player 2"]


def test_setup_back_returns_to_the_picker(drive):
    drive.key(pygame.K_RETURN)
    drive.key(pygame.K_RETURN)
    drive.key(pygame.K_ESCAPE)
    assert names(drive.app) == ["title", "picker"]


# ---- settings -------------------------------------------------------------------------------
def test_language_change_rebuilds_the_controls_at_once(drive):
    drive.scene.ring.focus(drive.scene.settings_button)
    drive.key(pygame.K_RETURN)  # "Settings"
    settings = drive.scene
    assert names(drive.app) == ["title", "settings"]
    assert settings.back_button.text == "Back"
    drive.key(pygame.K_RIGHT)  # English -> Nederlands
    assert settings.back_button.text == "Terug"
    assert "Taal: Nederlands" in settings.language_button.text
    assert settings.ring.current.element is settings.language_button  # focus kept
    drive.key(pygame.K_RIGHT)  # -> Deutsch
    assert settings.back_button.text == "Zurück"
    drive.key(pygame.K_ESCAPE)
    assert names(drive.app) == ["title"]
    assert drive.scene.play_button.text == "Spielen"  # the title rebuilt on resume


def test_settings_are_saved_for_the_next_start(drive, tmp_path):
    settings = open_scene(drive, SettingsScene)
    settings.ring.focus(settings.language_button)
    drive.key(pygame.K_LEFT)  # English -> Deutsch (wraps)
    settings.ring.focus(settings.volume_button)
    drive.key(pygame.K_RIGHT)  # 70 % -> 80 %
    assert "80 %" in settings.volume_button.text
    settings.ring.focus(settings.speed_button)
    drive.click(settings.speed_button.rect.center)  # 1 -> 1,5
    assert "1,5×" in settings.speed_button.text
    again = App(Options(data_dir=tmp_path, raise_errors=True, size=(1920, 1080)))
    assert again.settings.language == "de"
    assert again.settings.volume == pytest.approx(0.8)
    assert again.settings.animation_speed == 1.5


def test_fullscreen_choice_switches_the_window_mode(drive):
    settings = open_scene(drive, SettingsScene)
    drive.tap(settings.fullscreen_button.rect.center)
    assert drive.app.settings.fullscreen is True
    assert drive.app.fullscreen is True
    drive.app.update_settings(type(drive.app.settings)(fullscreen=False))
    assert drive.app.fullscreen is False


# ---- pause ----------------------------------------------------------------------------------
def test_pause_draws_over_the_game_and_esc_resumes(drive):
    open_scene(drive, FakePlay)
    drive.app.scenes.push(PauseScene, game="bergruft")
    drive.frames(2)
    assert names(drive.app) == ["fake_play", "pause"]
    assert [s.name for s in drive.app.scenes.visible()] == ["fake_play", "pause"]
    drive.key(pygame.K_ESCAPE)
    assert names(drive.app) == ["fake_play"]
    drive.app.scenes.push(PauseScene)
    drive.frames(2)
    assert drive.scene.game == "fake_play"  # taken from the scene beneath when not given
    drive.pad(pygame.CONTROLLER_BUTTON_START)
    assert names(drive.app) == ["fake_play"]


def test_pause_opens_rules_and_settings_and_quits_to_title(drive):
    open_scene(drive, FakePlay)
    drive.app.scenes.push(PauseScene, game="bergruft")
    drive.frames(2)
    drive.click(drive.scene.rules_button.rect.center)
    assert names(drive.app) == ["fake_play", "pause", "rules_help"]
    assert drive.scene.game == "bergruft"
    drive.pad(pygame.CONTROLLER_BUTTON_B)
    drive.tap(drive.scene.settings_button.rect.center)
    assert names(drive.app)[-1] == "settings"
    drive.key(pygame.K_ESCAPE)
    drive.click(drive.scene.quit_button.rect.center)
    assert names(drive.app) == ["title"]


# ---- results --------------------------------------------------------------------------------
CONFIG = GameConfig(
    "bergruft", "standard", (Seat("Ann", "human", "red"), Seat("Ben", "normal", "blue")), seed=7
)
OUTCOME = {
    "game": "bergruft", "variant": "standard", "seed": 7, "players": ["Ann", "Ben"],
    "kinds": ["human", "normal"], "colours": ["red", "blue"], "scores": [12, 0],
    "ranking": [1, 0], "winners": [1], "reason": "avalanche", "turns": 23,
    "details": [
        {"peter": 17, "heidi": 15, "free_steps": 1, "stones": 3},
        {"peter": 12, "heidi": 11, "free_steps": 0, "stones": 5},
    ],
}  # fmt: skip


def test_results_rank_the_winner_first_and_name_them(drive):
    from game.menus.results import headline

    results = open_scene(drive, ResultsScene, config=CONFIG, outcome=OUTCOME)
    rows = results.rows()
    assert [r["name"] for r in rows] == ["Ben", "Ann"]
    assert [r["place"] for r in rows] == [1, 2]
    assert rows[0]["winner"] and not rows[1]["winner"]
    assert headline(results.winner_names()) == "Ben wins!"
    columns = [header for _, header, _ in results._columns()]
    assert columns[2] == "Avalanche (stones)" and "Free steps" in columns


def test_shared_win_headline_in_german(drive):
    from game.menus.results import headline

    i18n.set_language("de")
    shared = dict(OUTCOME, winners=[1, 0], reason="shared")
    results = open_scene(drive, ResultsScene, config=CONFIG, outcome=shared)
    assert headline(results.winner_names()) == "Ben und Ann teilen sich den Sieg"
    assert [r["place"] for r in results.rows()] == [1, 1]
    assert results.again_button.text == "Noch einmal"


def test_play_again_keeps_the_seats_with_a_new_seed(drive):
    results = open_scene(drive, ResultsScene, config=CONFIG, outcome=OUTCOME)
    drive.click(results.again_button.rect.center)
    assert names(drive.app) == ["bergruft"]
    again = FakePlay.opened[0]
    assert again.seats == CONFIG.seats and again.game == "bergruft"
    assert again.seed != CONFIG.seed


def test_results_back_to_title(drive):
    open_scene(drive, ResultsScene, config=CONFIG, outcome=OUTCOME)
    drive.key(pygame.K_DOWN)
    drive.key(pygame.K_RETURN)
    assert names(drive.app) == ["title"]


# ---- rules help (turning pages, texts, pictures: tests/menus/test_rules_pages.py) -------------
@pytest.mark.parametrize("lang", ["en", "nl", "de"])
def test_rules_pages_exist_for_every_game_and_language(each_game, drive, lang):
    i18n.set_language(lang)
    rules = open_scene(drive, RulesHelpScene, game=each_game)
    assert len(rules.pages) >= knob(each_game, "RULES_PAGES", 5)
    assert rules.index == 0
    drive.key(pygame.K_ESCAPE)
    assert names(drive.app) == ["title"]


# ---- legibility: every button's text fits, in every language -------------------------------
def _button_overflows(scene) -> list[str]:
    from pygame_gui.elements import UIButton

    bad = []
    for item in scene.ring.items:
        element = item.element
        if isinstance(element, UIButton):
            width = element.font.size(element.text)[0]
            if width > element.rect.width - 24:
                bad.append(f"{scene.name}: {element.text!r} {width} > {element.rect.width}")
    return bad


@pytest.mark.parametrize("lang", ["en", "nl", "de"])
def test_every_button_text_fits_in_every_language(drive, lang):
    i18n.set_language(lang)
    bad = []
    for scene, data in [
        (TitleScene, {}),
        (PickerScene, {}),
        (SettingsScene, {}),
        (PauseScene, {"game": "bergruft"}),
        (ResultsScene, {"config": CONFIG, "outcome": OUTCOME}),
        (RulesHelpScene, {"game": "bergruft"}),
    ]:
        bad += _button_overflows(open_scene(drive, scene, **data))
    setup = open_scene(drive, SetupScene, game="bergruft")
    for _ in range(4):  # every AI level and colour, in the widest row
        setup.ring.focus(setup.kind_buttons[1])
        drive.key(pygame.K_RIGHT)
        setup.ring.focus(setup.colour_buttons[1])
        drive.key(pygame.K_RIGHT)
        bad += _button_overflows(setup)
    settings = open_scene(drive, SettingsScene)
    for _ in range(5):
        settings.ring.focus(settings.speed_button)
        drive.key(pygame.K_RIGHT)
        bad += _button_overflows(settings)
    assert bad == []


def test_menu_text_is_at_least_couch_size():
    """Buttons use >= 32 px fonts on the 1920x1080 canvas (theme file)."""
    import json

    from game.ui import theme

    data = json.loads(theme.THEME_FILE.read_text())
    sizes = {k: int(v["font"]["size"]) for k, v in data.items() if "font" in v}
    assert all(size >= 30 for size in sizes.values()), sizes
    assert all(sizes[k] >= 32 for k in sizes if "button" in k or k == "#game_card")


def test_a_choice_steps_back_on_its_left_half_and_on_on_its_right_half(drive):
    setup = open_scene(drive, SetupScene, game="bergruft")
    button = setup.kind_buttons[1]
    kinds = setup.kinds
    before = kinds.index(setup.seats[1].kind)
    drive.click((button.rect.x + 20, button.rect.centery))  # on the ‹
    assert setup.seats[1].kind == kinds[(before - 1) % len(kinds)]
    drive.click((button.rect.right - 20, button.rect.centery))  # on the ›
    drive.click((button.rect.right - 20, button.rect.centery))
    assert setup.seats[1].kind == kinds[(before + 1) % len(kinds)]
    drive.key(pygame.K_RETURN)  # Enter on a choice goes on, as before
    assert setup.seats[1].kind == kinds[(before + 2) % len(kinds)]


def type_text(drive, text: str) -> None:
    for letter in text:
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=ord(letter.lower()), mod=0,
                                             unicode=letter, scancode=0))  # fmt: skip
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=letter))
        drive.frames(1)
    drive.frames(2)  # the field reports its new text on the next frame


def test_typing_a_name_replaces_the_default_name(drive):
    setup = open_scene(drive, SetupScene, game="bergruft")
    entry = setup.name_entries[0]
    assert setup.seats[0].name == "Player 1"
    drive.click(entry.rect.center)
    type_text(drive, "Mia")
    assert setup.seats[0].name == "Mia" and entry.get_text() == "Mia"


def test_a_typed_name_is_not_replaced_when_typing_goes_on(drive):
    setup = open_scene(drive, SetupScene, game="bergruft")
    entry = setup.name_entries[1]
    drive.click(entry.rect.center)
    type_text(drive, "Jo")
    drive.click(setup.name_entries[0].rect.center)
    drive.click(entry.rect.center)  # back into the field: "Jo" is a name now, not a default
    type_text(drive, "e")
    assert setup.seats[1].name.startswith("Jo") and "e" in setup.seats[1].name


def test_kap_hoorn_rounds_and_start_player_are_chosen_in_the_set_up(drive, monkeypatch):
    fake_tables(monkeypatch, FakePlay, "bergruft", "kaphoorn")
    setup = open_scene(drive, SetupScene, game="kaphoorn")
    rounds, start = setup.option_buttons["rounds"], setup.option_buttons["start"]
    assert "80" in rounds.text and "by lot" in start.text
    drive.click((rounds.rect.right - 20, rounds.rect.centery))  # 80 -> no limit
    assert "no limit" in rounds.text
    drive.click((rounds.rect.right - 20, rounds.rect.centery))
    drive.click((start.rect.right - 20, start.rect.centery))
    drive.click((start.rect.right - 20, start.rect.centery))
    assert "Player 2" in start.text  # a seat by its name
    setup.start()
    drive.frames(2)
    assert FakePlay.opened[-1].options == {"rounds": 10, "start": 2}


def test_a_start_player_who_leaves_the_table_goes_back_to_the_lot(drive):
    setup = open_scene(drive, SetupScene, game="kaphoorn")
    setup.add_seat()
    setup = drive.scene
    assert setup.option_choices(next(o for o in setup.variant.options if o.key == "start")) == (
        "random", 1, 2, 3, 4)
    setup.set_option("start", 4)
    setup.remove_seat()
    assert setup.option_value("start") == "random" and "start" not in setup.chosen_options()


def test_der_berg_ruft_turn_limit_is_chosen_in_the_set_up(drive):
    setup = open_scene(drive, SetupScene, game="bergruft")
    limit = setup.option_buttons["turn_limit"]
    assert "off" in limit.text
    drive.click((limit.rect.x + 20, limit.rect.centery))  # ‹ from off: the longest limit
    assert "30" in limit.text
    setup.start()
    drive.frames(2)
    assert FakePlay.opened[-1].options == {"turn_limit": 30}


# ---- Start answers at once (issue 18, item 8) -------------------------------------------------
def test_start_shows_the_loading_picture_in_the_next_frame_then_the_table(drive):
    from game.ui import theme

    drive.app.scenes.reset(SetupScene, game="kaphoorn")
    drive.frames(2)
    setup = drive.scene
    setup.ring.focus(setup.start_button)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, scancode=0,
                                         unicode="\r"))  # fmt: skip
    drawn = theme.start_recording()
    drive.frames(1)  # the frame of the key: the table is not built yet, the picture is up
    theme.stop_recording(drawn)
    assert names(drive.app)[-1] == "loading"
    texts = [text for text, _ in drawn.texts]
    assert i18n.tr("loading.table") in texts and "Kap Hoorn" in texts
    drive.frames(1)
    assert names(drive.app)[-1] in ("kaphoorn", "handoff")  # built; a hand-off may cover it
    assert "loading" not in names(drive.app)


def test_the_menus_offer_what_the_policy_offers(drive, monkeypatch):
    """No menu asks "is this a kiosk?": a policy offering one game, one variant, one level and
    no saving gets just that (``Policy.offer``), the desktop's scenes and all."""
    from game.engine.policy import Offer, Policy

    offered = Offer(games=("bergruft",), variants={"bergruft": ("standard",)},
                    ai_levels=("easy",), saving=False)  # fmt: skip
    monkeypatch.setattr(Policy, "offer", offered)
    picker = open_scene(drive, PickerScene)
    assert list(picker.cards) == ["bergruft"]
    setup = open_scene(drive, SetupScene, game="bergruft")
    assert [v.id for v in setup.variants] == ["standard"] and setup.kinds == ("human", "easy")
    results = open_scene(drive, ResultsScene, outcome={"game": "bergruft"}, replay="kept.json")
    assert results.replay is None  # no saved replays to offer
