"""No screen shows an untranslated string (issue 9, item 5).

For each language, every screen is opened headless and drawn: title, picker, every set-up and
variant, settings, the rules help pages, each play scene with its pause menu and hand-off,
the results, the Nanuuk! editor and the kiosk screens. ``i18n.MISSING`` records every ``tr``
lookup the language could not answer; drawn text and button labels are also checked for raw
keys (``games.nanuuk.title``), and ``has`` probes that fall back to a raw id are caught too.
"""

from __future__ import annotations

import random
import re
from dataclasses import replace
from pathlib import Path
from typing import Any

import pygame
import pytest
from app_support import close

from game import i18n
from game.app import STEP, App, Options
from game.games.nanuuk.editor import NanuukEditorScene
from game.kiosk.admin import AdminScene, PinScene
from game.kiosk.still import StillPlayingScene
from game.menus.handoff import HandoffScene
from game.menus.menukit import menu_games
from game.menus.pause import PauseScene
from game.menus.picker import PickerScene
from game.menus.replay import ReplayScene
from game.menus.results import ResultsScene
from game.menus.rules_help import RulesHelpScene
from game.menus.saves_list import LibraryScene
from game.menus.settings import SettingsScene
from game.menus.setup import SetupScene
from game.menus.title import TitleScene
from game.play.config import GameConfig, Seat
from game.play.registry import rules_for
from game.ui import theme
from tests.scenes_support import table_class

RAW_KEY = re.compile(r"^[a-z][a-z0-9_]*(\.[a-z0-9_-]+)+$")
NAMES = ("Anna", "Ben", "Cleo", "Dirk", "Eva")
COLOURS = ("red", "blue", "yellow", "green", "purple")
# ``has`` probes that may fail by design: an optional string with a sensible fallback (a game's
# own words for an AI level, a result's reason or column, a variant's subtitle, a plain number).
OPTIONAL = re.compile(
    r"^(kinds\.desc\.[a-z0-9-]+\.|results\.(reason|col|score)\.|setup\.variants\.)"
    r"|\.values\.\d+$"
)
# modules that ask ``has(key)`` before ``tr(key)`` and otherwise show a raw id
HAS_USERS = (
    "game.menus.setup",
    "game.menus.menukit",
    "game.menus.rules_pages",
    "game.menus.results",
    "game.menus.saves_list",
    "game.menus.pause",
    "game.games.kaphoorn.log",
    "game.games.nanuuk.log",
    "game.kiosk.admin",
    "game.kiosk.attract",
)


class Watch:
    """What the screens drew and asked for while a language was shown."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.drawn: set[str] = set()
        self.probed: set[tuple[str, str]] = set()
        original_text, original_has = theme.text, i18n.has

        def text(surface, content, *args, **kwargs):
            self.drawn.add(str(content))
            return original_text(surface, content, *args, **kwargs)

        def has(key: str) -> bool:
            found = original_has(key)
            if not found or key not in i18n.load_language(i18n.language()):
                self.probed.add((i18n.language(), key))
            return found

        monkeypatch.setattr(theme, "text", text)
        for module in HAS_USERS:
            monkeypatch.setattr(f"{module}.has", has)


def frames(app: App, n: int = 3) -> None:
    for _ in range(n):
        app.frame(STEP)


def labels(app: App, watch: Watch) -> None:
    """Remember the labels of the buttons on every scene of the stack."""
    for scene in app.scenes.stack:
        ring = getattr(scene, "ring", None)
        for item in ring.items if ring is not None else ():
            text = getattr(item.element, "text", "")
            if text:
                watch.drawn.add(str(text))


def show(app: App, watch: Watch, scene: Any, push: bool = False, n: int = 3, **data) -> object:
    if push:
        app.scenes.push(scene, **data)
    else:
        app.scenes.reset(scene, **data)
    app.scenes.apply_pending()
    frames(app, n)
    labels(app, watch)
    return app.scenes.top


def config(game: str, variant: str, kinds: list[str], seed: int = 7) -> GameConfig:
    seats = tuple(Seat(NAMES[i], k, COLOURS[i]) for i, k in enumerate(kinds))
    return GameConfig(game, variant, seats, seed)


def finish(state, seed: int, limit: int = 20000):
    """A legal end of the game from ``state`` by random moves (for a real outcome)."""
    rng = random.Random(seed)
    for _ in range(limit):
        if state.is_over():
            return state
        state = state.apply(rng.choice(state.legal_actions()))
    return None


def new_app(folder: Path, lang: str, kiosk: bool = False) -> App:
    """A started headless App that speaks ``lang`` (a kiosk one with ``kiosk``)."""
    size = (1920, 1080)
    options = Options(data_dir=folder, raise_errors=True, size=size, fullscreen=False,
                      language=lang, kiosk=kiosk)  # fmt: skip
    app = App(options)
    app.start()
    return app


def visit_menus(app: App, watch: Watch) -> None:
    show(app, watch, TitleScene)
    show(app, watch, PickerScene, push=True)
    show(app, watch, SettingsScene)
    for game in menu_games():
        setup = show(app, watch, SetupScene, game=game)
        for _ in range(len(setup.variants)):
            for _ in range(setup.max_seats - len(setup.seats)):
                setup.add_seat()
            for seat in range(1, len(setup.seats)):  # every seat kind explained
                for _ in range(len(setup.kinds)):
                    setup.cycle_kind(seat, 1)
                    frames(app, 1)
            setup.help_option = "guided"  # the guided first game's toggle explained
            frames(app, 1)
            for option in setup.visible_options():
                setup.help_option = option.key
                for _ in range(len(setup.option_choices(option))):
                    setup.cycle_option(option.key, 1)
                frames(app, 1)
            labels(app, watch)
            setup.cycle_variant(1)
            frames(app, 2)
        visit_rules(app, watch, game)
    show(app, watch, NanuukEditorScene, players=4)


def visit_rules(app: App, watch: Watch, game: str) -> None:
    """Every rules page of every variant, with its picture and its labels."""
    for variant in rules_for(game).variants():
        rules = show(app, watch, RulesHelpScene, game=game, variant=variant.id)
        for _ in range(len(rules.pages) - 1):
            rules.next()
            frames(app, 1)
        labels(app, watch)


def visit_play(app: App, watch: Watch) -> None:
    games = [config(g, "standard", ["human", "human", "easy"]) for g in ("kaphoorn", "bergruft")]
    games.append(config("nanuuk", "intro", ["human", "human", "easy"]))
    for variant in rules_for("nanuuk").variants()[1:]:
        games.append(config("nanuuk", variant.id, ["human"] * variant.min_players))
    for cfg in games:
        show(app, watch, table_class(cfg.game), n=5, config=cfg)
        scene = app.scenes.stack[0]
        if app.scenes.top.name == "handoff":
            app.scenes.pop()  # the hand-off was drawn: on to the game itself
            app.scenes.apply_pending()
            frames(app, 3)
        labels(app, watch)
        show(app, watch, PauseScene, push=True, game=cfg.game)
        show(app, watch, HandoffScene, push=True, title=NAMES[1], message="", game=cfg.game)
        end = finish(scene.state, cfg.seed)
        assert end is not None, f"{cfg.game}/{cfg.variant} did not end"
        scene.state = end
        show(app, watch, ResultsScene, config=cfg, outcome=scene.outcome_dict())


def visit_saves(app: App, watch: Watch) -> None:
    """Continue on the title, both lists, deleting, the results' "Watch replay", the viewer."""
    from game.play import saves

    for game, kinds in (("nanuuk", ["human"] * 2), ("kaphoorn", ["human"] * 3),
                        ("bergruft", ["human"] * 2)):  # fmt: skip
        cfg = config(game, rules_for(game).variants()[-1].id, kinds)
        start = rules_for(game).new_game(cfg.variant, cfg.names, seed=cfg.seed)
        rng, moves, state = random.Random(3), [], start
        while not state.is_over():
            action = rng.choice(state.legal_actions())
            moves.append(action.to_dict())
            state = state.apply(action)
        path = saves.write_replay(app.data_dir, saves.build("replay", cfg, moves, state))
        half = moves[: len(moves) // 2]
        mid = saves.build("save", cfg, half, saves.rebuild(cfg, half))
        saves.save_game(app.data_dir, mid)
        saves.write_autosave(app.data_dir, mid)
        show(app, watch, ReplayScene, record=saves.load(path))
        viewer = app.scenes.top
        viewer.press("end")
        viewer.press("back")
        viewer.toggle()
        frames(app, 5)
    show(app, watch, TitleScene)
    for tab in ("saves", "replays"):
        library = show(app, watch, LibraryScene, push=True, tab=tab)
        library.do_delete()  # asks first
        labels(app, watch)
        frames(app, 2)
    show(app, watch, LibraryScene, tab="saves")
    for name in list(saves.saves_dir(app.data_dir).iterdir()):
        name.unlink()
    show(app, watch, LibraryScene, tab="saves")  # the empty list says how to save
    show(app, watch, ResultsScene, config=cfg, outcome={"game": cfg.game}, replay=path)


def visit_guided(app: App, watch: Watch) -> None:
    """A guided first game of each game: the guide's panel at the first human decision."""
    games = (("nanuuk", "full", 2), ("kaphoorn", "standard", 3), ("bergruft", "standard", 2))
    for game, variant, humans in games:
        cfg = replace(config(game, variant, ["human"] * humans), guided=True)
        show(app, watch, table_class(game), n=3, config=cfg)
        scene = app.scenes.stack[0]
        for _ in range(600):  # until the table is ready for its first person (a chart is
            # painted over the first frames, fewer when the caches are warm): frames, not time
            if scene.guide_hint() is not None:
                break
            top = app.scenes.top
            if top is not scene and top.name == "handoff":  # the hot seat: pass the device
                top.ring.items[0].activate()
                app.scenes.apply_pending()
            assert scene.wait_background(600.0)
            frames(app, 1)
        assert scene.guide_hint() is not None, f"{game}: no guide at the first decision"
        frames(app, 2)  # the guide's panel drawn: its words are watched too
        labels(app, watch)


def visit_kiosk(tmp_path: Path, lang: str, watch: Watch) -> None:
    folder = tmp_path / "kiosk"
    folder.mkdir()
    (folder / "kiosk.toml").write_text('attract_after_s = 5\nadmin_pin = "2468"\n')
    app = new_app(folder, lang, kiosk=True)
    try:
        show(app, watch, TitleScene)
        show(app, watch, PickerScene, push=True)
        for game in menu_games():
            show(app, watch, SetupScene, game=game)
        show(app, watch, TitleScene)
        show(app, watch, PauseScene, push=True, game="bergruft")
        show(app, watch, StillPlayingScene, push=True, seconds=20.0, station=app.kiosk)
        show(app, watch, AdminScene, station=app.kiosk)
        show(app, watch, PinScene, push=True, station=app.kiosk)
        pin = app.scenes.top
        for key in "1111":
            pin.press(key)
        pin.check()
        frames(app, 3)
        show(app, watch, TitleScene)
        app.kiosk.start_attract()
        for _ in range(4):  # the banner in every language and a few coming-up screens
            frames(app, 60)
            app.kiosk.next_demo()
            frames(app, 3)
        i18n.set_language(lang)
    finally:
        close(app)


@pytest.mark.parametrize("lang", list(i18n.LANGUAGES))
def test_no_screen_shows_an_untranslated_string(lang, tmp_path, monkeypatch):
    i18n.set_language(lang)
    i18n.MISSING.clear()
    watch = Watch(monkeypatch)
    app = new_app(tmp_path, lang)
    try:
        visit_menus(app, watch)
        visit_play(app, watch)
        visit_guided(app, watch)
        visit_saves(app, watch)
    finally:
        close(app)
    visit_kiosk(tmp_path, lang, watch)
    i18n.set_language("en")
    pygame.mouse.set_visible(True)

    missing = sorted(i18n.MISSING)
    assert missing == [], f"tr() found no {lang} string for: {missing}"
    raw = sorted(t for t in watch.drawn if RAW_KEY.match(t))
    assert raw == [], f"raw keys on screen in {lang}: {raw}"
    probed = sorted(k for lang_, k in watch.probed if lang_ == lang and not OPTIONAL.search(k))
    assert probed == [], f"has() found no {lang} string for: {probed}"
