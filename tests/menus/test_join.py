"""The set-up's Phones choice and the join screen (issue 30): a real phone server on a free
loopback port, real aiohttp phones joining it, and the picture read back from the canvas."""

from __future__ import annotations

import asyncio
import json
import socket
import threading
from collections.abc import Coroutine, Iterator
from pathlib import Path
from typing import Any, TypeVar

import pygame
import pytest
import segno

from game import i18n
from game.app import App, Options
from game.engine.pacing import FULL
from game.engine.scenes import Scene
from game.menus.join import JoinScene
from game.menus.setup import SetupScene
from game.play.config import GameConfig
from game.ui import qr, theme
from tests.app_support import close
from tests.phones.browser import phone  # noqa: F401 (the fixture: a headless browser)
from tests.phones.phones_support import GUARD, HOST, Phone, free_port, until
from tests.scenes_support import Driver, fake_tables

T = TypeVar("T")


class Table(Scene):
    """The table a menu starts, as far as the menus go: it keeps the config it was given."""

    name = "kaphoorn"
    started: list[GameConfig] = []

    def __init__(self, services: Any, config: GameConfig) -> None:
        super().__init__(services)
        Table.started.append(config)

    @classmethod
    def guides(cls) -> bool:  # as the real table: the set-up offers its guided first game
        return True


class Phones:
    """Phones on a loop of their own thread: they stay connected while the test drives the
    game's frames (the server has its own thread too)."""

    def __init__(self) -> None:
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.thread.start()
        self.open: list[Phone] = []

    def run(self, work: Coroutine[Any, Any, T]) -> T:
        return asyncio.run_coroutine_threadsafe(work, self.loop).result(GUARD)

    def join(self, door: Any, seat: int, device: str = "device-aaaa") -> Phone:
        handset = self.run(Phone.join(door, seat, device))
        self.open.append(handset)
        return handset

    def stop(self) -> None:
        for handset in self.open:
            self.run(handset.close())
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(GUARD)


@pytest.fixture
def phones() -> Iterator[Phones]:
    made = Phones()
    yield made
    made.stop()


def make_app(folder: Path, size: tuple[int, int] = (1920, 1080), **options: Any) -> App:
    i18n.set_language("en")
    folder.mkdir(parents=True, exist_ok=True)
    options.setdefault("phones_port", free_port())
    app = App(Options(data_dir=folder, raise_errors=True, size=size, fullscreen=False, **options))
    app.phones.host = HOST  # the loopback: nothing of the test reaches the network
    app.start()
    return app


@pytest.fixture
def tv(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[tuple[App, Driver]]:
    fake_tables(monkeypatch, Table, "kaphoorn")
    Table.started = []
    app = make_app(tmp_path / "data")
    yield app, Driver(app)
    app.phones.close()
    close(app)
    theme.configure(False, 1.0, False)
    i18n.set_language("en")


def setup(drive: Driver, humans: int = 2, phones: bool = True) -> SetupScene:
    """Kap Hoorn's set-up with ``humans`` people (the rest computers), Phones as asked."""
    drive.app.scenes.push(SetupScene, game="kaphoorn")
    drive.frames(2)
    scene = drive.scene
    assert isinstance(scene, SetupScene)
    while len(scene.seats) < max(humans, scene.min_seats):
        scene.add_seat()
    for i, seat in enumerate(scene.seats):
        seat.kind = "human" if i < humans else "easy"
    scene.rebuild()
    drive.frames(2)
    if phones:
        assert scene.phones_button is not None
        press(drive, scene.phones_button)
    return scene


def press(drive: Driver, element: Any) -> None:
    """A click in the middle of a control."""
    drive.click(element.rect.center)


def join_screen(drive: Driver, humans: int = 2) -> JoinScene:
    scene = setup(drive, humans)
    press(drive, scene.start_button)
    top = drive.scene
    assert isinstance(top, JoinScene)
    return top


def port_free(port: int) -> bool:
    """Whether a server could listen on ``port`` again (as the phones' server does, with
    SO_REUSEADDR: a connection it closed may linger in TIME_WAIT, which takes no listener)."""
    with socket.socket() as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind((HOST, port))
        except OSError:
            return False
        return True


# ---- the set-up's choice ----------------------------------------------------------------------
def test_phones_are_off_by_default_and_start_opens_the_table_directly(tv) -> None:
    app, drive = tv
    scene = setup(drive, phones=False)
    assert scene.phones is False and scene.phones_button is not None
    assert "Phones: Off" in scene.phones_button.text
    press(drive, scene.start_button)
    drive.frames(3)
    assert Table.started and Table.started[0].phones == frozenset()
    assert app.phones.door is None  # nothing listens


def test_the_choice_shows_only_while_a_person_plays(tv) -> None:
    _, drive = tv
    scene = setup(drive, humans=1, phones=False)
    assert scene.phones_button is not None
    scene.ring.focus(scene.kind_buttons[0])
    drive.key(pygame.K_RIGHT)  # the one person becomes a computer
    assert scene.seats[0].kind != "human"
    assert scene.phones_button is None and scene.phones is False
    drive.key(pygame.K_LEFT)  # and back
    assert scene.phones_button is not None


def test_phones_on_start_opens_the_join_screen_with_a_running_server(tv) -> None:
    app, drive = tv
    scene = join_screen(drive)
    assert app.phones.door is not None and scene.door is app.phones.door
    assert scene.asked == {0, 1} and not scene.play_button.is_enabled
    assert not port_free(app.options.phones_port)


# ---- joining ----------------------------------------------------------------------------------
def test_a_phone_joins_its_seat_and_play_starts_the_table_with_the_phones(tv, phones) -> None:
    app, drive = tv
    scene = join_screen(drive)
    door = app.phones.door
    assert scene.pace() < FULL  # a still menu while nothing happens
    phones.join(door, 0, "device-anna")
    assert drive.until(lambda: 0 in scene.joined)
    assert scene.pace() == FULL  # the news is drawn at once, not at the next refresh
    assert "Joined" in drawn_texts(drive) and not scene.play_button.is_enabled
    phones.join(door, 1, "device-ben")
    assert drive.until(lambda: scene.play_button.is_enabled)
    assert scene.ring.current is not None and scene.ring.current.element is scene.play_button
    drive.key(pygame.K_RETURN, frames=4)
    assert [c.phones for c in Table.started] == [frozenset({0, 1})]
    assert app.phones.door is door and door.connected() == {0, 1}  # the table's now


def test_real_browsers_join_by_the_qr_address_and_by_the_typed_code(tv, phone) -> None:  # noqa: F811
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait

    app, drive = tv
    scene = join_screen(drive)
    door = app.phones.door
    anna = phone()
    anna.get(door.join_url(0))  # what the first card's QR code says (read back elsewhere)
    WebDriverWait(anna, GUARD).until(lambda _: door.heard(0, "joined"))  # the browser's time
    assert drive.until(lambda: 0 in scene.joined)  # then the screen's frames
    ben = phone()
    ben.get(f"http://{scene.short_address()}")  # typed: the address under the code
    field = WebDriverWait(ben, GUARD).until(lambda page: page.find_element(By.ID, "code"))
    WebDriverWait(ben, GUARD).until(lambda _: field.is_displayed())
    field.send_keys(door.add_seat(1).code.lower())  # any case will do
    ben.find_element(By.CSS_SELECTOR, "#join button").click()
    WebDriverWait(ben, GUARD).until(lambda _: door.heard(1, "joined"))
    assert drive.until(lambda: scene.play_button.is_enabled)
    assert "Everyone has joined: press Play." in drawn_texts(drive)
    drive.key(pygame.K_RETURN, frames=4)
    assert [c.phones for c in Table.started] == [frozenset({0, 1})]


def test_a_seat_goes_back_to_the_tv_and_play_needs_only_the_others(tv, phones) -> None:
    app, drive = tv
    scene = join_screen(drive, humans=3)
    door = app.phones.door
    code = door.add_seat(2).code
    phones.join(door, 0)
    assert drive.until(lambda: 0 in scene.joined)
    buttons = seat_buttons(scene)
    drive.tap(buttons[1].rect.center)  # a finger: Ben plays on the TV
    scene.ring.focus(seat_buttons(scene)[2])
    drive.key(pygame.K_RETURN)  # the keyboard: Cleo too
    assert scene.asked == {0}
    assert door.seats.get(1) is None and door.seats.get(2) is None  # their passes are void
    assert "Plays on the TV" in drawn_texts(drive) and f"Code {code}" not in drawn_texts(drive)
    assert scene.play_button.is_enabled
    press(drive, scene.play_button)
    drive.frames(3)
    assert [c.phones for c in Table.started] == [frozenset({0})]


def test_a_seat_back_on_a_phone_gets_a_new_code(tv) -> None:
    app, drive = tv
    scene = join_screen(drive)
    door = app.phones.door
    old = door.add_seat(1).code
    press(drive, seat_buttons(scene)[1])
    press(drive, seat_buttons(scene)[1])
    assert scene.asked == {0, 1} and door.add_seat(1).code != old
    assert f"Code {door.add_seat(1).code}" in drawn_texts(drive)


def test_a_phone_that_leaves_is_no_longer_joined(tv, phones) -> None:
    app, drive = tv
    scene = join_screen(drive, humans=1)
    handset = phones.join(app.phones.door, 0)
    assert drive.until(lambda: scene.play_button.is_enabled)
    phones.run(handset.close())
    # the server's thread notices the close in its own time, so wait for that on the phones'
    # loop (its hang guard), then for the screen, in frames
    phones.run(until(lambda: app.phones.door.heard(0, "left") > 0))
    assert drive.until(lambda: not scene.play_button.is_enabled)
    assert scene.gone == {0} and "Phone gone, waiting …" in drawn_texts(drive)


def test_what_else_a_phone_said_meanwhile_is_the_tables(tv, phones) -> None:
    app, drive = tv
    scene = join_screen(drive, humans=1)
    handset = phones.join(app.phones.door, 0)
    phones.run(handset.send({"type": "language", "lang": "nl"}))
    assert drive.until(lambda: bool(scene.held))
    press(drive, scene.play_button)
    drive.frames(2)
    news = app.phones.door.poll()
    assert [(n.seat, n.kind, n.body) for n in news] == [(0, "language", {"lang": "nl"})]


def test_back_stops_the_server_and_returns_to_the_set_up(tv, phones) -> None:
    app, drive = tv
    scene = join_screen(drive)
    port = app.options.phones_port
    handset = phones.join(app.phones.door, 0)
    press(drive, scene.back_button)
    assert isinstance(drive.scene, SetupScene) and drive.scene.phones is True
    assert app.phones.door is None and port_free(port)
    assert phones.run(handset.closed()) is not None
    press(drive, drive.scene.start_button)  # and Esc goes back from the join screen too
    assert isinstance(drive.scene, JoinScene)
    drive.key(pygame.K_ESCAPE)
    assert isinstance(drive.scene, SetupScene) and app.phones.door is None


# ---- a port that is taken ---------------------------------------------------------------------
def test_a_busy_port_is_told_in_words_with_a_free_one_and_play_goes_on_without(tv) -> None:
    app, drive = tv
    with socket.socket() as other:  # another program on the port
        other.bind((HOST, app.options.phones_port))
        other.listen()
        scene = join_screen(drive)
        assert app.phones.door is None and scene.problem is not None
        assert scene.problem.key == "join.port_busy"
        free = scene.problem.params["free"]
        assert free != app.options.phones_port and port_free(free)
        texts = drawn_texts(drive)
        assert "The phones cannot join" in texts
        words = " ".join(texts)
        assert f"--phones-port {free}" in words and str(app.options.phones_port) in words
        assert scene.play_button.is_enabled and scene.play_button.text == "Play without phones"
        press(drive, scene.play_button)
        drive.frames(3)
    assert [c.phones for c in Table.started] == [frozenset()]


def test_the_free_port_is_used_at_a_press_and_kept_in_the_settings(tv, phones) -> None:
    app, drive = tv
    busy = app.options.phones_port
    with socket.socket() as other:
        other.bind((HOST, busy))
        other.listen()
        scene = join_screen(drive, humans=1)
        free = scene.problem.params["free"]
        use = next(i.element for i in scene.ring.items if i.element.text == f"Use port {free}")
        press(drive, use)
        assert scene.problem is None and scene.door is app.phones.door
        assert scene.door.address.endswith(f":{free}/") and app.settings.phones_port == free
        assert json.loads((app.data_dir / "settings.json").read_text())["phones_port"] == free
        assert app.options.phones_port is None  # the TV's choice wins over the flag's now
        phones.join(scene.door, 0)
        assert drive.until(lambda: scene.play_button.is_enabled)
        assert f"Use port {free}" not in [i.element.text for i in scene.ring.items]


def test_a_busy_port_lets_the_players_go_back(tv) -> None:
    app, drive = tv
    with socket.socket() as other:
        other.bind((HOST, app.options.phones_port))
        other.listen()
        scene = join_screen(drive)
        press(drive, scene.back_button)
    assert isinstance(drive.scene, SetupScene)


# ---- the picture ------------------------------------------------------------------------------
def drawn_texts(drive: Driver) -> list[str]:
    recording = theme.start_recording()
    try:
        drive.app.draw(0.0)
    finally:
        theme.stop_recording(recording)
    return [text for text, _ in recording.texts]


def seat_buttons(scene: JoinScene) -> list[Any]:
    """The seats' "on the TV" / "on a phone" buttons, in the seats' order."""
    return [item.element for item in scene.ring.items[: len(scene.humans)]]


def read_modules(surface: pygame.Surface, topleft: tuple[float, float], count: int,
                 module: float) -> list[list[int]]:  # fmt: skip
    """The modules of a code ``count`` wide whose first module is at ``topleft``, as the
    pixels at their centres show them: 1 dark, 0 light."""
    rows = []
    for y in range(count):
        row = []
        for x in range(count):
            px = (round(topleft[0] + (x + 0.5) * module), round(topleft[1] + (y + 0.5) * module))
            row.append(1 if sum(surface.get_at(px)[:3]) < 3 * 128 else 0)
        rows.append(row)
    return rows


@pytest.mark.parametrize("size", [(1920, 1080), (1280, 720)])
def test_each_qr_code_on_the_screen_reads_back_as_its_seats_address(tmp_path, size) -> None:
    app = make_app(tmp_path / "data", size)
    try:
        drive = Driver(app)
        drive.app.scenes.push(JoinScene, config=config(5), on_play=lambda _: None)
        drive.frames(3)
        scene = drive.scene
        app.draw(0.0)
        app.display.present()
        window = app.window
        scale = window.get_width() / 1920
        for seat, (where, module, count) in scene.drawn_codes.items():
            url = scene.door.join_url(seat)
            assert url.startswith(f"http://{HOST}:{app.options.phones_port}/#")
            matrix = [list(row) for row in segno.make(url, micro=False).matrix]
            assert count == len(matrix) and module % 3 == 0 and module >= 6
            first = (where.x + qr.QUIET * module) * scale, (where.y + qr.QUIET * module) * scale
            assert read_modules(window, first, count, module * scale) == matrix
            ring = read_modules(window, (where.x * scale, where.y * scale), qr.modules_across(
                matrix), module * scale)  # fmt: skip
            quiet = ring[: qr.QUIET] + ring[-qr.QUIET :] + [r[: qr.QUIET] for r in ring]
            assert not any(any(row) for row in quiet)  # the quiet zone is light all round
        assert len(scene.drawn_codes) == 5
        assert len({scene.door.add_seat(s).code for s in range(5)}) == 5
    finally:
        app.phones.close()
        close(app)


def config(humans: int) -> GameConfig:
    from game.play.config import Seat

    colours = ("red", "blue", "yellow", "green", "pink")
    seats = tuple(Seat(f"Player {i + 1}", "human", colours[i]) for i in range(humans))
    return GameConfig("kaphoorn", "standard", seats, 1)


@pytest.mark.parametrize("lang,scale", [("en", 1.0), ("de", 1.0), ("de", 1.3), ("nl", 1.3)])
@pytest.mark.parametrize("humans", [1, 2, 5])
def test_the_join_screen_fits(tmp_path, lang, scale, humans) -> None:
    fits(make_app(tmp_path / "data"), lang, scale, humans)


@pytest.mark.parametrize("humans", [2, 5])
def test_the_join_screen_fits_the_kiosks_larger_buttons(tmp_path, humans) -> None:
    (tmp_path / "data").mkdir()
    (tmp_path / "data" / "kiosk.toml").write_text("phones = true\n", encoding="utf-8")
    app = make_app(tmp_path / "data", kiosk=True)
    assert app.policy.offer.large_controls
    fits(app, "de", 1.3, humans)


def fits(app: App, lang: str, scale: float, humans: int) -> None:
    """The join screen of ``humans`` seats (one joined, one on the TV) in ``lang`` at ``scale``:
    no text cut or outside the screen, none over a control, a QR code or a card's edge, every
    code inside its card at 6 px a module at least."""
    try:
        i18n.set_language(lang)
        theme.configure(False, scale, False)
        drive = Driver(app)
        drive.app.scenes.push(JoinScene, config=config(humans), on_play=lambda _: None)
        drive.frames(3)
        scene = drive.scene
        scene.joined.add(0)  # one joined, one on the TV: every kind of card
        if humans > 1:
            scene.toggle(humans - 1)
        recording = theme.start_recording()
        try:
            app.draw(0.0)
        finally:
            theme.stop_recording(recording)
        assert recording.cuts == [] and recording.outside == []
        controls = [item.element.rect for item in scene.ring.items]
        codes = [where for where, _, _ in scene.drawn_codes.values()]
        cards = scene.card_rects()
        for text, ink, _ in recording.inks:
            assert not any(ink.colliderect(c) for c in controls if not c.contains(ink)), text
            assert not any(ink.colliderect(c) for c in codes), text
            inside = [c for c in cards if c.colliderect(ink)]
            assert all(c.contains(ink) for c in inside), text
        for card, (where, module, _) in zip(cards, scene.drawn_codes.values(), strict=False):
            assert card.contains(where) and module >= 6
        texts = [t for t, _ in recording.texts]
        assert i18n.tr("join.heading") in texts
        assert sum(t.startswith(i18n.tr("join.code", code="")) for t in texts) == humans - (
            humans > 1)  # fmt: skip
    finally:
        app.phones.close()
        close(app)
        theme.configure(False, 1.0, False)
        i18n.set_language("en")


def test_keys_and_the_pad_reach_every_control(tv) -> None:
    _, drive = tv
    scene = join_screen(drive, humans=2)
    seen = set()
    for _ in range(len(scene.ring.items) + 1):
        seen.add(id(scene.ring.current.element))
        drive.key(pygame.K_DOWN)
    enabled = {id(i.element) for i in scene.ring.items if i.enabled}
    assert enabled <= seen and len(enabled) == 3  # two seats and Back (Play waits)
    scene.ring.focus(seat_buttons(scene)[0])
    drive.pad(pygame.CONTROLLER_BUTTON_A)
    assert scene.asked == {1}
    drive.pad(pygame.CONTROLLER_BUTTON_B)
    assert isinstance(drive.scene, SetupScene)  # pad B: back
