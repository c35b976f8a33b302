"""The menus and tools with any number of games (issue 28, item 2): the picker, the title, the
set-up, the rules pages, the kiosk's menus and the bench with the three shipped games and with
the tests' fourth and fifth (``tests/testgames``), found as a new game's folder is."""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations
from pathlib import Path
from typing import Any

import pygame
import pytest

from game import i18n
from game.app import STEP, App, Options
from game.menus.menukit import game_title, players_text
from game.menus.picker import PickerScene
from game.menus.rules_help import RulesHelpScene
from game.menus.setup import SetupScene
from game.menus.title import TitleScene
from game.ui import theme
from tests.app_support import close
from tests.games_support import shipped
from tests.testgames.fixture import TEST_GAMES, more_games

WINDOW = pygame.Rect((0, 0), theme.LOGICAL_SIZE)
NEW = TEST_GAMES  # the tests' games, as many as are registered


@pytest.fixture(params=[0, 1, 2], ids=lambda n: f"{len(shipped()) + n} games")
def games(request) -> Iterator[tuple[str, ...]]:
    with more_games(request.param) as ids:
        yield ids


@pytest.fixture
def more(request) -> Iterator[tuple[str, ...]]:
    with more_games(request.param) as ids:
        yield ids


def _app(folder: Path, kiosk: bool = False) -> App:
    folder.mkdir(exist_ok=True)
    if kiosk:
        (folder / "kiosk.toml").write_text("attract_after_s = 600\nidle_in_game_s = 900\n")
    app = App(Options(data_dir=folder, raise_errors=True, size=(1920, 1080), fullscreen=False,
                      kiosk=kiosk))  # fmt: skip
    app.start()
    return app


@pytest.fixture
def opened(tmp_path) -> Iterator:
    """``opened(scene, kiosk=False, **data)`` -> (the scene, the texts drawn, the cuts)."""
    made: list[App] = []

    def open_(scene: Any, kiosk: bool = False, **data: object):
        app = _app(tmp_path / f"data{len(made)}", kiosk)
        made.append(app)
        app.scenes.reset(scene, **data)
        app.scenes.apply_pending()
        recording = theme.start_recording()
        try:
            app.frame(STEP)
            app.frame(STEP)
        finally:
            theme.stop_recording(recording)
        return app.scenes.top, recording.texts, recording.cuts

    yield open_
    for app in made:
        close(app)
    i18n.set_language("en")


def _apart(rects: list[pygame.Rect]) -> bool:
    return not any(a.colliderect(b) for a, b in combinations(rects, 2))


@pytest.mark.parametrize("lang", list(i18n.LANGUAGES))
def test_the_picker_has_a_card_for_every_game_inside_the_window(games, opened, lang):
    i18n.set_language(lang)
    picker, texts, cuts = opened(PickerScene)
    cards = [picker.cards[g].rect for g in games]
    assert set(picker.cards) == set(games)
    assert all(WINDOW.contains(card) for card in cards)
    assert _apart([*cards, picker.back_button.rect])
    rows = sorted({card.y for card in cards})
    assert len(rows) == (1 if len(games) <= 3 else 2)
    assert all(WINDOW.contains(rect) for _, rect in texts), [t for t in texts
                                                              if not WINDOW.contains(t[1])]
    assert cuts == []
    for game, card in zip(games, cards, strict=True):  # each card says how many play it
        shown = [rect for words, rect in texts if words == players_text(game)]
        assert any(card.contains(rect) for rect in shown), game


@pytest.mark.parametrize("lang", list(i18n.LANGUAGES))
def test_the_title_shows_each_games_emblem_and_name_in_its_own_slot(games, opened, lang):
    from game.menus.title import emblem_slots

    i18n.set_language(lang)
    _title, texts, cuts = opened(TitleScene)
    box, slots = emblem_slots(len(games))
    assert WINDOW.contains(box) and len(slots) == len(games) and _apart(slots)
    assert all(box.contains(slot) for slot in slots)
    for game, slot in zip(games, slots, strict=True):
        names = [rect for words, rect in texts if words == game_title(game)]
        assert names and all(slot.contains(rect) for rect in names), game
    assert all(WINDOW.contains(rect) for _, rect in texts)
    assert cuts == []


@pytest.mark.parametrize("more", [4, 5], indirect=True, ids=["4 games", "5 games"])
def test_the_set_up_and_the_rules_pages_of_a_new_game_have_all_their_words(more, opened):
    for lang in i18n.LANGUAGES:
        i18n.set_language(lang)
        i18n.MISSING.clear()
        for game in [g for g in more if g in NEW]:
            setup, texts, cuts = opened(SetupScene, game=game)
            assert setup.max_seats == setup.plugin.rules.variants()[0].max_players
            assert any(game_title(game) in words for words, _ in texts)  # the heading
            pages, texts, cuts2 = opened(RulesHelpScene, game=game)
            assert [p.id for p in pages.pages] == ["pile"]
            heading = i18n.tr(f"rules.{game}.pile.heading")
            assert heading in {words for words, _ in texts}
            assert cuts == cuts2 == []
        assert not {key for _lang, key in i18n.MISSING if any(g in key for g in NEW)}, lang


def test_a_game_with_one_player_count_says_just_that():
    with more_games(2):
        words = {}
        for lang in i18n.LANGUAGES:
            i18n.set_language(lang)
            words[lang] = (players_text("pebble-duel"), players_text("pebbles"))
        i18n.set_language("en")
    assert words == {"en": ("2 players", "2–4 players"), "nl": ("2 spelers", "2–4 spelers"),
                     "de": ("2 Spieler", "2–4 Spieler")}  # fmt: skip


@pytest.mark.parametrize("more", [1, 2], indirect=True, ids=["one more", "two more"])
def test_the_kiosk_offers_every_game_and_its_title_shows_them(more, opened):
    picker, texts, cuts = opened(PickerScene, kiosk=True)
    assert tuple(picker.cards) == more
    assert all(WINDOW.contains(card.rect) for card in picker.cards.values())
    assert _apart([card.rect for card in picker.cards.values()] + [picker.back_button.rect])
    _title, texts, cuts2 = opened(TitleScene, kiosk=True)
    assert {game_title(g) for g in more} <= {words for words, _ in texts}
    assert cuts == cuts2 == []


@pytest.mark.parametrize("more", [1, 2], indirect=True, ids=["one more", "two more"])
def test_the_bench_seats_each_game_as_its_plugin_says(more, tmp_path):
    from game.play.registry import plugin
    from game.tools import bench

    for game in more:
        config = bench._easy_game(game)
        assert len(config.seats) == plugin(game).bench.scene_players
    figures = bench.first_frames_here(more[-1], str(tmp_path), seconds=0.2)
    assert figures["frames"] > 0


def test_the_set_up_offers_a_guided_first_game_only_where_the_table_guides(opened):
    from game.play.registry import ids, plugin

    assert all(plugin(game).scene().guides() for game in ids())  # every shipped game guides
    with more_games(1):  # Pebbles' table gives no hints: the set-up offers no guided game
        assert not plugin("pebbles").scene().guides()
        setup, _texts, cuts = opened(SetupScene, game="pebbles")
        assert setup.guided_button is None and cuts == []
        assert not setup.config().guided
    setup, _texts, _cuts = opened(SetupScene, game="nanuuk")
    assert setup.guided_button is not None


def test_a_new_game_brings_its_own_sounds(tmp_path):
    with more_games(1):
        app = _app(tmp_path / "data")
        try:
            audio = app.audio.sounds
            assert audio is not None, "the dummy audio driver opens a mixer"
            audio.worker.join(120)
            assert audio.ready("pebbles") and audio.ready("ambient:pebbles")
            assert not audio.ready("no such sound")
        finally:
            close(app)


@pytest.mark.parametrize("more", [5], indirect=True, ids=["5 games"])
def test_computers_play_a_new_game_to_its_end(more, tmp_path):
    """The bots think in a worker process, which knows only the shipped games by itself: it
    makes a new game's bot from its plugin's import path."""
    from game.play.bots import BotWorker
    from game.play.config import GameConfig, Seat
    from tests.scenes_support import Driver, table_class

    app = _app(tmp_path / "data")
    try:
        seats = (Seat("Anna", "easy", "red"), Seat("Ben", "normal", "blue"))
        config = GameConfig("pebble-duel", "pile", seats, 5)
        app.scenes.reset(table_class("pebble-duel"), config=config)
        app.scenes.apply_pending()
        table = app.scenes.top
        drive = Driver(app)
        assert drive.until(lambda: table.state.is_over(), seconds=60)
        assert {type(r.worker) for r in table.runners.values()} == {BotWorker}
        assert table.state.outcome().reason_code == "last"
    finally:
        close(app)
