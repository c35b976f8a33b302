"""See what the others did (issue 29, item 3): every game's table shows the newest lines of its
move log, the newest always whole, at every text size and in every language; and opens the
whole game's log over the table (a button, a press on its lines, L, a pad's X), a list that
scrolls by wheel, drag, keys and pad from the newest entry to the first and back, each entry
after its seat's mark, in the player's language, a language change followed.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pygame
import pytest
from app_support import close
from scenes_support import Driver, table_class

from game import i18n
from game.app import App, Options
from game.engine.intents import Intent, Kind
from game.i18n import LANGUAGES
from game.persist.settings import Settings, save_settings
from game.play.config import GameConfig, Seat
from game.play.logview import LIST, MoveLogScene, log_key
from game.play.panels import PanelCache
from game.play.registry import plugin
from game.play.trails import Trails, footsteps
from game.ui import theme
from tests.games_support import knob, shipped

SCALES = (1.0, 1.15, 1.3)


def crowded(game: str) -> tuple[str, int]:
    first = plugin(game).rules.variants()[0]
    variant, seats = knob(game, "CROWDED", (first.id, first.max_players))
    return variant, min(seats, 4)


def table_config(game: str, everybody: str = "", seed: int = 5) -> GameConfig:
    """The game's fullest table: a person first, computers after him (or ``everybody``)."""
    variant, count = crowded(game)
    level = everybody or plugin(game).levels[0]
    kinds = [everybody or "human"] + [level] * (count - 1)
    colours = ("red", "blue", "green", "yellow", "purple")
    seats = tuple(Seat(f"P{i + 1}", kind, colours[i]) for i, kind in enumerate(kinds))
    return GameConfig(game, variant, seats, seed)


def open_table(app: App, config: GameConfig) -> Any:
    app.scenes.reset(table_class(config.game), config=config)
    app.scenes.apply_pending()
    return app.scenes.top


def play_randomly(table: Any, moves: int, seed: int = 3) -> None:
    """``moves`` legal actions, chosen at random among those that do not end the game, played
    through the table (every seat's)."""
    rng = random.Random(seed)
    for _ in range(moves):
        st = table.state
        on = [a for a in st.legal_actions() if not st.apply(a).is_over()]
        table.play(rng.choice(on or list(st.legal_actions())))
        table.skip()
    assert not table.state.is_over()


def repaint(table: Any) -> None:
    """Panels painted once on a still picture are painted again (the settings changed)."""
    for value in vars(table).values():
        if isinstance(value, PanelCache):
            value.reset()


@pytest.fixture
def scaled_app(tmp_path: Path, request: pytest.FixtureRequest):
    """An App at the text size ``request.param``."""
    save_settings(tmp_path, Settings(ui_scale=request.param))
    app = App(Options(data_dir=tmp_path, raise_errors=True, size=(1920, 1080), fullscreen=False))
    app.start()
    yield app
    close(app)
    theme.configure(False, 1.0, False)
    i18n.set_language("en")


# ---- the table's panel: the newest line always whole -------------------------------------------
@pytest.mark.parametrize("scaled_app", SCALES, indirect=True, ids=lambda s: f"{s:.0%}")
@pytest.mark.parametrize("game", shipped())
def test_the_newest_log_line_is_seen_whole_at_every_text_size_and_language(scaled_app, game):
    app = scaled_app
    drive = Driver(app)
    table = open_table(app, table_config(game))
    area = table.log_area()
    assert area is not None, f"{game}: the table shows no lines of its move log"
    recording = theme.start_recording()
    try:
        for moves in (3, 14, 30):
            play_randomly(table, moves - len(table.moves), seed=moves)
            for language in LANGUAGES:
                i18n.set_language(language)
                repaint(table)
                recording.texts.clear()
                recording.cuts.clear()
                drive.frames(1)
                newest = table.log_text(table.log[-1])
                drawn = [rect for text, rect in recording.texts if text == newest]
                where = f"{game} at {theme.access().ui_scale:.0%} in {language}, move {moves}"
                assert drawn, f"{where}: the newest line {newest!r} is not drawn whole"
                assert any(area.contains(rect) for rect in drawn), (
                    f"{where}: the newest line {newest!r} lies at {drawn}, not inside {area}"
                )
                assert newest not in {whole for whole, _ in recording.cuts}, where
    finally:
        theme.stop_recording(recording)


# ---- the whole log over the table ---------------------------------------------------------------
def log_button(table: Any) -> pygame.Rect:
    found = [i.element.rect for i in table.ring.items
             if i.element.text == i18n.tr("movelog.open") and i.element.visible]  # fmt: skip
    assert len(found) == 1, f"{table.config.game}: one button opens the whole log"
    return found[0]


def opened(drive: Driver) -> MoveLogScene:
    top = drive.scene
    assert isinstance(top, MoveLogScene), f"the move log is not open: {type(top).__name__}"
    return top


def with_moves(drive: Driver, game: str, moves: int = 40) -> Any:
    """A table of ``game``, people only (nothing moves by itself), ``moves`` played."""
    table = open_table(drive.app, table_config(game, everybody="human"))
    play_randomly(table, moves)
    drive.frames(2)
    while drive.scene is not table:  # a hand-off screen: the person is there
        drive.scene.confirm()
        drive.frames(2)
    return table


@pytest.mark.parametrize("game", shipped())
def test_the_log_opens_by_mouse_touch_key_pad_and_a_press_on_its_lines(drive, game):
    table = with_moves(drive, game)
    ways = [
        ("click the button", lambda: drive.click(log_button(table).center)),
        ("tap the button", lambda: drive.tap(log_button(table).center)),
        ("press the lines", lambda: drive.click(lines_point(table))),
        ("key L", lambda: drive.key(pygame.K_l)),
        ("pad X", lambda: drive.pad(pygame.CONTROLLER_BUTTON_X)),
    ]
    closes = [
        ("Esc", lambda: drive.key(pygame.K_ESCAPE)),
        ("key L", lambda: drive.key(pygame.K_l)),
        ("pad B", lambda: drive.pad(pygame.CONTROLLER_BUTTON_B)),
        ("pad X", lambda: drive.pad(pygame.CONTROLLER_BUTTON_X)),
        ("the Close button", lambda: drive.click(opened(drive).close_button.rect.center)),
        ("a press beside it", lambda: drive.click((60, 540))),
    ]
    for (how, way), (shut, close_it) in zip(ways * 2, closes, strict=False):
        way()
        view = opened(drive)
        assert view.source is table, how
        close_it()
        assert drive.scene is table, f"opened by {how}, {shut} closes the log"


def lines_point(table: Any) -> tuple[int, int]:
    """A point of the table's log lines that no control covers."""
    area = table.log_area()
    controls = [i.element.rect for i in table.ring.items if i.element.visible]
    for y in range(area.bottom - 4, area.top, -8):
        for x in range(area.left + 4, area.right, 16):
            if not any(r.collidepoint(x, y) for r in controls):
                return (x, y)
    raise AssertionError("the log lines are all under controls")


@pytest.mark.parametrize("game", shipped())
def test_the_log_scrolls_from_the_newest_entry_to_the_first_and_back(drive, game):
    table = with_moves(drive, game, 60)
    drive.key(pygame.K_l)
    view = opened(drive)
    assert view.most > 0, f"{game}: 60 moves fill more than the view"
    assert view.offset == view.most and view.visible()[-1] is view.rows[-1]  # the newest
    line = view.line()
    moves = [
        ("arrow up", lambda: drive.key(pygame.K_UP), -line),
        ("arrow down", lambda: drive.key(pygame.K_DOWN), line),
        ("wheel up", lambda: wheel(drive, 1), -3 * line),
        ("pad up", lambda: drive.pad(pygame.CONTROLLER_BUTTON_DPAD_UP), -line),
        ("page up", lambda: drive.key(pygame.K_PAGEUP), -(LIST.h - line)),
        ("shoulder", lambda: drive.pad(pygame.CONTROLLER_BUTTON_RIGHTSHOULDER), LIST.h - line),
        ("drag down", lambda: drag(drive, 150), -150),
        ("swipe up", lambda: swipe(drive, -100), 100),
    ]
    drive.key(pygame.K_HOME)
    drive.key(pygame.K_PAGEDOWN)  # somewhere in the middle, room both ways
    for how, move, by in moves:
        before = view.offset
        move()
        assert view.offset == pytest.approx(max(0, min(view.most, before + by)), abs=1), how
    drive.click(view.first_button.rect.center)
    assert view.offset == 0 and view.visible()[0] is view.rows[0]
    first = table.log_text(table.log[0])
    assert first in texts_drawn(drive), "the first entry is shown at the top"
    drive.click(view.newest_button.rect.center)
    assert view.offset == view.most
    drive.key(pygame.K_HOME)
    assert view.offset == 0
    drive.key(pygame.K_END)
    assert view.offset == view.most and table.log_text(table.log[-1]) in texts_drawn(drive)


def wheel(drive: Driver, y: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=y, flipped=False))
    drive.frames(2)


def drag(drive: Driver, dy: int) -> None:
    """A mouse dragged ``dy`` pixels down over the list."""
    start = (LIST.centerx, LIST.centery - dy // 2)
    end = (start[0], start[1] + dy)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=end, rel=(0, dy),
                                         buttons=(1, 0, 0)))  # fmt: skip
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1))
    drive.frames(2)


def swipe(drive: Driver, dy: int) -> None:
    """A finger swiped ``dy`` pixels down over the list."""
    w, h = pygame.display.get_window_size()
    x, y0 = LIST.centerx / w, (LIST.centery - dy // 2) / h
    y1 = y0 + dy / h
    common = {"touch_id": 1, "finger_id": 1, "x": x, "dx": 0.0, "dy": 0.0, "pressure": 1.0}
    pygame.event.post(pygame.event.Event(pygame.FINGERDOWN, y=y0, **common))
    pygame.event.post(pygame.event.Event(pygame.FINGERMOTION, y=y1, **common))
    pygame.event.post(pygame.event.Event(pygame.FINGERUP, y=y1, **common))
    drive.frames(2)


def texts_drawn(drive: Driver) -> set[str]:
    recording = theme.start_recording()
    try:
        drive.frames(1)
    finally:
        theme.stop_recording(recording)
    return {text for text, _ in recording.texts}


@pytest.mark.parametrize("game", shipped())
def test_each_entry_stands_after_its_seats_mark_in_the_players_language(drive, game):
    table = with_moves(drive, game, 12)
    drive.key(pygame.K_l)
    view = opened(drive)
    drive.key(pygame.K_HOME)
    surface = drive.app.surface()
    step = theme.line_height(30)
    for row in view.visible()[:6]:
        entry = table.log[view.rows.index(row)]
        assert row.lines == tuple(theme.wrap(table.log_text(entry), 30, LIST.w - 64))
        if entry[0] is None:
            assert row.mark is None
            continue
        assert row.mark == table.seat_mark(entry[0])
        y = LIST.y + row.top - round(view.offset) + 8 + step // 2
        assert surface.get_at((LIST.x + 24, y))[:3] == table.colours[entry[0]], (
            f"{game}: the mark before {row.lines[0]!r} is not its seat's colour"
        )
    english = table.log_text(table.log[0])
    i18n.set_language("de")
    german = table.log_text(table.log[0])
    assert german != english and german in texts_drawn(drive)
    i18n.set_language("en")


def test_the_log_key_is_l_and_the_pads_x_not_a_letter_typed_with_ctrl():
    def key(k: int, mod: int = 0) -> Intent:
        return Intent(Kind.TEXT, event=pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod))

    assert log_key(key(pygame.K_l)) and log_key(Intent(Kind.LOG, "pad"))
    assert not log_key(key(pygame.K_l, pygame.KMOD_CTRL)) and not log_key(key(pygame.K_k))


# ---- the last turns, kept for the board's markers ---------------------------------------------
def test_a_seats_marks_last_until_it_moves_again_and_undo_takes_them_back():
    trails = Trails()
    trails.add(1, [(0, 1, None), (0, 1, "a")])
    trails.add(2, [(0, 1, "b"), (1, 2, None)])
    trails.add(3, [(1, 2, "c")])
    assert trails.last_turns() == {0: ["a", "b"], 1: ["c"]}
    assert trails.last_turns(upto=2) == {0: ["a", "b"], 1: []}  # the last move still moving
    trails.add(4, [(0, 3, None)])  # seat 0 moves again: its old marks go, even with none new
    assert trails.last_turns() == {0: [], 1: ["c"]}
    trails.cut(3)  # that move undone
    assert trails.last_turns() == {0: ["a", "b"], 1: ["c"]}


def test_footsteps_lie_evenly_between_the_ends_left_free():
    spots = footsteps([(0.0, 0.0), (60.0, 0.0), (100.0, 0.0)], 20, 10, 10)
    assert [(round(x), round(y)) for x, y in spots] == [(20, 0), (40, 0), (60, 0), (80, 0)]
    assert footsteps([(0.0, 0.0), (0.0, 0.0)], 20) == []


def test_replays_open_the_log_of_the_moves_shown(drive):
    from app_support import finished

    from game.menus.replay import ReplayScene

    config = table_config(shipped()[0], everybody="human")
    drive.app.scenes.reset(ReplayScene, record=finished(config, 4))
    drive.app.scenes.apply_pending()
    replay = drive.scene
    replay.jump(10)
    drive.key(pygame.K_l)
    view = opened(drive)
    assert view.source is replay.board and len(view.rows) == len(replay.board.log)
    drive.key(pygame.K_ESCAPE)
    assert drive.scene is replay


# ---- Der Berg ruft's "What happened" box (issue 29, item 8; screenshots 89, 209) ----------------
@pytest.mark.parametrize("scale", (1.0, 1.3), ids=("100%", "130%"))
def test_what_happened_in_der_berg_ruft_shows_its_newest_line_in_a_small_window(tmp_path, scale):
    """At 1280x720, in German, at 100 % and 130 %: after every move the newest line stands whole
    inside the box (on main's code it ran out of the box's bottom and was cut off)."""
    from game.games.bergruft.view.layout import LOG_RECT

    save_settings(tmp_path, Settings(ui_scale=scale, language="de"))
    app = App(Options(data_dir=tmp_path, raise_errors=True, size=(1280, 720), fullscreen=False))
    app.start()
    try:
        drive = Driver(app)
        table = open_table(app, table_config("bergruft", everybody="human", seed=9))
        recording = theme.start_recording()
        try:
            for move in range(24):
                play_randomly(table, 1, seed=move)
                recording.texts.clear()
                drive.frames(1)
                newest = table.log_text(table.log[-1])
                drawn = [rect for text, rect in recording.texts if text == newest]
                where = f"at {scale:.0%}, move {move + 1}: {newest!r}"
                assert drawn and all(LOG_RECT.contains(rect) for rect in drawn), (
                    f"{where} lies at {drawn}, not inside the box {LOG_RECT}"
                )
                assert newest not in {whole for whole, _ in recording.cuts}, where
        finally:
            theme.stop_recording(recording)
    finally:
        close(app)
        theme.configure(False, 1.0, False)
        i18n.set_language("en")
