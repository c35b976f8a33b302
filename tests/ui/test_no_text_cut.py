"""No cut-off text, anywhere (issue 18, item 2): every screen, in English, Dutch and German, at
100, 115 and 130 % text size, is opened and drawn while the drawing helpers record every text
that had to lose characters to fit (``theme.note_cut``: an ellipsis, a last line cut short, a
label too wide for its button even in the small font). Any such text fails the test, named
with its screen.

A text drawn even partly outside the window (or outside the surface it is drawn on) fails too.
The canvas is always the logical 1920x1080 (a window of another size shows it scaled), so one
size covers 1280x720 too. The menus are visited with four and with five games as well (the
tests' games, ``tests/testgames``). The tables are visited at many positions of seeded random
games, with people and computers at the table (hand-off screens, "... is thinking").
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pygame
import pytest
from app_support import close, finished

from game import i18n
from game.app import STEP, App, Options
from game.games.nanuuk.editor import NanuukEditorScene
from game.i18n import LANGUAGES
from game.kiosk.admin import PinScene
from game.kiosk.attract import AttractScene
from game.kiosk.still import StillPlayingScene
from game.menus.confirm import ConfirmScene
from game.menus.keyboard import KeyboardScene
from game.menus.loading import LoadingScene
from game.menus.menukit import game_title
from game.menus.pause import PauseScene
from game.menus.picker import PickerScene
from game.menus.replay import ReplayScene
from game.menus.results import ResultsScene
from game.menus.rules_help import RulesHelpScene
from game.menus.saves_list import LibraryScene
from game.menus.settings import SettingsScene
from game.menus.setup import SetupScene
from game.menus.title import TitleScene
from game.persist.settings import Settings, save_settings
from game.play import registry, saves
from game.play.config import GameConfig, Seat
from game.ui import theme
from tests.finale_positions import every as endings
from tests.scenes_support import table_class
from tests.testgames.fixture import TEST_GAMES, more_games

SCALES = (1.0, 1.15, 1.3)
MOVES = 30  # positions of each table visited


def seats(*kinds: str) -> tuple[Seat, ...]:
    colours = ("red", "blue", "green", "yellow", "purple")
    return tuple(Seat(i18n.tr("setup.seat_default", n=i + 1), kind, colours[i])
                 for i, kind in enumerate(kinds))  # fmt: skip


def tables() -> list[GameConfig]:
    return [
        GameConfig("nanuuk", "full", seats("human", "easy", "human"), 4),
        GameConfig("nanuuk", "intro", seats("human", "human"), 5),
        GameConfig("nanuuk", "bear-hunt", seats("human", "human", "easy"), 6),
        GameConfig("nanuuk", "bear-fear", seats("human", "human"), 7, options={"bears": 2}),
        GameConfig("kaphoorn", "standard", seats("human", "human", "easy"), 3,
                   options={"rounds": 10}),  # fmt: skip
        GameConfig("bergruft", "standard", seats("human", "normal"), 2),
        GameConfig("bergruft", "standard", seats("human", "human", "human"), 6),
        # and every other game shipped: its first variant with the most seats, all people
        *(GameConfig(g, v.id, seats(*["human"] * v.max_players), 8)
          for g in registry.ids() if g not in ("nanuuk", "kaphoorn", "bergruft")
          for v in registry.rules_for(g).variants()[:1]),
    ]




class Visit:
    """One App, its recording, and the cuts found, by screen."""

    def __init__(self, app: App) -> None:
        self.app = app
        self.found: dict[str, set[str]] = {}
        self.recording = theme.start_recording()

    def look(self, screen: str, frames: int = 2) -> None:
        self.recording.cuts.clear()
        self.recording.outside.clear()
        top = self.app.scenes.top
        if top is not None and hasattr(top, "panels"):
            top.panels.reset()  # panels painted once are painted again, and seen
        for _ in range(frames):
            self.app.frame(STEP)
        for whole, shown in self.recording.cuts:
            self.found.setdefault(screen, set()).add(f"{whole!r} -> {shown!r}")
        for words, rect in self.recording.outside:
            self.found.setdefault(screen, set()).add(f"{words!r} outside its surface at {rect}")

    def open(self, screen: str, *steps: tuple[Any, dict[str, Any]]) -> None:
        """Open the scenes ``steps`` name (each its class and its arguments) and look."""
        (first, data), *more = steps
        self.app.scenes.reset(first, **data)
        for scene, more_data in more:
            self.app.scenes.push(scene, **more_data)
        self.app.scenes.apply_pending()
        self.look(screen)


def visit_menus(v: Visit) -> None:
    v.open("title", (TitleScene, {}))
    v.open("title, its games unfinished", (TitleScene, {}))  # Continue: <each game>
    v.open("picker", (PickerScene, {}))
    v.open("settings", (SettingsScene, {}))
    for tab in ("saves", "replays"):
        v.open(f"library {tab}", (LibraryScene, {"tab": tab}))
    for game in registry.ids():  # every game shipped
        v.open(f"setup {game}", (SetupScene, {"game": game}))
        setup = v.app.scenes.top
        for variant in range(len(setup.plugin.rules.variants())):
            while len(setup.seats) < setup.max_seats:
                setup.add_seat()
            for seat in range(len(setup.seats)):  # the longest kind names
                setup.cycle_kind(seat, seat + 1)
            v.look(f"setup {game}, variant {variant + 1}, all seats")
            setup.cycle_variant(1)
        v.open(f"rules {game}", (RulesHelpScene, {"game": game}))
        pages = v.app.scenes.top
        for page in range(len(pages.pages)):
            pages.index = page
            pages.slide = 0
            v.look(f"rules {game} page {page + 1}")
        v.open(f"loading {game}", (LoadingScene, {"game": game}))
        name = game_title(game)
        v.open(f"confirm {game}", (SetupScene, {"game": game}), (ConfirmScene, {
            "title": i18n.tr("setup.replace_title", game=name),
            "message": i18n.tr("setup.replace_message", game=name),
            "yes": i18n.tr("setup.replace_yes"), "no": i18n.tr("setup.replace_no"),
        }))  # fmt: skip
    for players in (2, 3, 4):
        v.open(f"nanuuk editor, {players} players", (NanuukEditorScene, {"players": players}))


def visit_tables(v: Visit) -> None:
    for config in tables():
        v.open(f"{config.game} {config.variant}", (table_class(config.game), {"config": config}))
        table, rng = v.app.scenes.stack[-1], random.Random(3)
        while not hasattr(table, "state"):
            table = v.app.scenes.stack[-2]
        for move in range(MOVES):
            while v.app.scenes.top is not table and v.app.scenes.top is not None:
                v.look(f"{config.game}: {v.app.scenes.top.name} before move {move}", 1)
                v.app.scenes.pop()
                v.app.scenes.apply_pending()
            v.look(f"{config.game} {config.variant} move {move}")
            if table.state.is_over():
                break
            table.play(rng.choice(table.state.legal_actions()))
            table.skip()
        v.app.scenes.push(PauseScene, game=config.game)
        v.app.scenes.apply_pending()
        v.look(f"pause {config.game}")
        record = finished(config, 7)
        v.open(f"replay {config.game}", (TitleScene, {}), (ReplayScene, {"record": record}))
        viewer = v.app.scenes.top
        for at in (1, len(record.moves) // 2, len(record.moves)):
            viewer.jump(at)
            v.look(f"replay {config.game} at move {at}")
        v.open(f"over {config.game}", (table_class(config.game), {"config": config,
                                                      "moves": list(record.moves)}))  # fmt: skip
        v.look(f"over {config.game}, its end told on the table", 10)
        board = next(s for s in v.app.scenes.stack if hasattr(s, "outcome_dict"))
        outcome = board.outcome_dict()
        v.open(f"results {config.game}", (ResultsScene, {"config": config, "outcome": outcome}))


def visit_endings(v: Visit) -> None:
    """Each shipped game one move before its end (issue 29): the question before the move,
    then the end told on the table (the marked pieces' labels and the sentence)."""
    for near in endings():
        v.open(f"{near.name} before its end", (table_class(near.config.game),
                                                {"config": near.config, "start": near.start}))
        table = v.app.scenes.top
        for action in near.before:
            table.play(action)
            table.skip()
        table.play(near.move)
        v.app.scenes.apply_pending()
        v.look(f"{near.name}: the question before the last move")
        v.app.scenes.top.yes()
        v.app.scenes.apply_pending()
        for _ in range(600):  # the doomed hunter's end comes after the computer's turn
            if table.holding and not table.busy:
                break
            v.app.frame(STEP)
        v.look(f"{near.name}: its end told on the table", 4)


def visit_more(v: Visit) -> None:
    """The screens that show every game, and the new games' own, with four or five games."""
    v.open("title", (TitleScene, {}))
    v.open("picker", (PickerScene, {}))
    for game in [g for g in registry.ids() if g in TEST_GAMES]:
        v.open(f"setup {game}", (SetupScene, {"game": game}))
        setup = v.app.scenes.top
        while len(setup.seats) < setup.max_seats:
            setup.add_seat()
        v.look(f"setup {game}, all seats")
        if v.app.kiosk is not None:
            continue
        v.open(f"rules {game}", (RulesHelpScene, {"game": game}))
        config = GameConfig(game, "pile", seats("human", "easy"), 4)
        v.open(f"{game} table", (table_class(game), {"config": config}))
        table = v.app.scenes.top
        while not table.state.is_over():
            if not table.play(table.state.legal_actions()[0]):  # the last move asks (issue 29)
                v.app.scenes.apply_pending()
                v.look(f"{game} table, the question before the last move")
                v.app.scenes.top.yes()
                v.app.scenes.apply_pending()
            v.look(f"{game} table, {table.state.pile} left")
        outcome = table.outcome_dict()
        v.open(f"results {game}", (ResultsScene, {"config": config, "outcome": outcome}))


def visit_kiosk(v: Visit) -> None:
    v.open("kiosk title", (TitleScene, {}))
    v.open("kiosk setup", (SetupScene, {"game": "bergruft"}))
    v.open("kiosk keyboard", (SetupScene, {"game": "bergruft"}),
           (KeyboardScene, {"text": i18n.tr("setup.seat_default", n=1)}))  # fmt: skip
    v.open("kiosk attract", (AttractScene, {"station": v.app.kiosk}))
    v.open("kiosk still", (table_class("bergruft"), {"config": tables()[5]}),
           (StillPlayingScene, {"station": v.app.kiosk}))  # fmt: skip
    v.open("kiosk pin", (TitleScene, {}), (PinScene, {"station": v.app.kiosk}))
    kiosk = v.app.kiosk
    kiosk.gate.try_pin(kiosk.config.admin_pin)
    kiosk.open_admin()
    v.app.scenes.apply_pending()
    v.look("kiosk admin")


def run_visit(tmp_path: Path, language: str, scale: float, kiosk: bool,
              visit: Callable[[Visit], None]) -> dict[str, set[str]]:  # fmt: skip
    folder = tmp_path / "data"
    folder.mkdir()
    save_settings(folder, Settings(language=language, ui_scale=scale))
    if kiosk:
        (folder / "kiosk.toml").write_text("attract_after_s = 600\nidle_in_game_s = 900\n")
    else:
        config = tables()[5]
        saves.write_replay(folder, finished(config, 7))
        saves.save_game(folder, finished(config, 7))
    app = App(Options(data_dir=folder, raise_errors=True, size=(1920, 1080), fullscreen=False,
                      kiosk=kiosk))  # fmt: skip
    app.start()
    v = Visit(app)
    try:
        visit(v)
    finally:
        theme.stop_recording(v.recording)
        close(app)
    return v.found


@pytest.fixture(autouse=True)
def plain_theme() -> Iterator[None]:
    yield
    theme.configure(False, 1.0, False)
    i18n.set_language("en")
    pygame.event.clear()


def report(found: dict[str, set[str]]) -> str:
    """Each cut once, with the first screen it was seen on."""
    first: dict[str, str] = {}
    for screen, cuts in found.items():
        for cut in sorted(cuts):
            first.setdefault(cut, screen)
    return "\n".join(f"{screen}: {cut}" for cut, screen in first.items())


@pytest.mark.parametrize("scale", SCALES)
@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("part", ["menus", "tables", "endings", "kiosk"])
def test_no_text_is_cut_anywhere(tmp_path, language, scale, part):
    i18n.set_language(language)
    visit = {"menus": visit_menus, "tables": visit_tables, "endings": visit_endings,
             "kiosk": visit_kiosk}[part]  # fmt: skip
    found = run_visit(tmp_path, language, scale, part == "kiosk", visit)
    assert not found, f"cut at {scale:.0%} in {language}:\n{report(found)}"


@pytest.mark.parametrize("scale", SCALES)
@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("kiosk", [False, True], ids=["home", "kiosk"])
@pytest.mark.parametrize("extra", [1, 2], ids=["one more game", "two more games"])
def test_no_text_is_cut_with_more_games(tmp_path, language, scale, kiosk, extra):
    i18n.set_language(language)
    with more_games(extra) as games:
        found = run_visit(tmp_path, language, scale, kiosk, visit_more)
    assert not found, f"cut at {scale:.0%} in {language} with {len(games)} games:\n{report(found)}"
