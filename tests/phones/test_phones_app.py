"""The app's phone server (``game.phone_host``): its port (the settings' ``phones_port``,
``--phones-port``), and that it stops at the end of a game, at quit to title, at the window's
close and at SIGTERM, each time with a real phone connected that is told and closed. The kiosk
offers the phones only when its configuration says so."""

from __future__ import annotations

import json
import signal
import socket
from pathlib import Path
from typing import Any

import pygame
import pytest

from game import i18n
from game.app import App, Options, _settings_message
from game.cli import parse_args
from game.engine.scenes import Scene
from game.menus.setup import SetupScene
from game.persist.settings import load_settings
from game.play.config import GameConfig, Seat
from game.play.plugin import GamePlugin
from tests.app_support import close, finished
from tests.menus.test_join import Phones, make_app, port_free
from tests.phones.phones_support import HOST, free_port
from tests.scenes_support import Driver


@pytest.fixture
def phones():
    made = Phones()
    yield made
    made.stop()


def connected(app: App, phones: Phones) -> Any:
    """The app's server started, and a phone joined to seat 0."""
    door = app.phones.open()
    return phones.join(door, 0)


def stopped(app: App, phones: Phones, phone: Any, port: int) -> bool:
    """The server is gone: no door, the phone closed by the server, the port free again."""
    code = phones.run(phone.closed())
    return app.phones.door is None and code is not None and port_free(port)


def test_the_server_stops_when_a_game_ends(tmp_path: Path, phones, monkeypatch) -> None:
    app = make_app(tmp_path / "data")
    try:
        phone = connected(app, phones)
        config = GameConfig("bergruft", "standard", (Seat("Anna"), Seat("Ben")), 1,
                            phones=frozenset({0}))  # fmt: skip
        record = finished(config, 7)
        outcome = {"game": "bergruft", "players": ["Anna", "Ben"], "winners": [0]}
        app.services.game_over(record, outcome)  # what a table does at its end
        Driver(app).frames(2)
        assert app.scenes.top is not None and app.scenes.top.name == "results"
        assert stopped(app, phones, phone, app.options.phones_port)
        started: list[GameConfig] = []
        monkeypatch.setattr(GamePlugin, "scene", lambda self: lambda services, config: (
            started.append(config), Scene(services))[1])  # fmt: skip
        app.scenes.top.play_again()  # type: ignore[attr-defined]
        app.scenes.apply_pending()
        assert [c.phones for c in started] == [frozenset()]  # the next game is on the TV
    finally:
        close(app)


def test_the_server_stops_at_quit_to_title(tmp_path: Path, phones) -> None:
    app = make_app(tmp_path / "data")
    try:
        phone = connected(app, phones)
        app.services.menus.title()  # the pause menu's Quit, the kiosk's return, an error's
        Driver(app).frames(2)
        assert stopped(app, phones, phone, app.options.phones_port)
    finally:
        close(app)


def run_until_stopped(tmp_path: Path, phones: Phones, stop: Any) -> tuple[App, Any, int]:
    """A whole run (``App.run``) whose first scene opens the server, joins a phone and then
    ``stop()``s the run as the operating system or the player would."""
    i18n.set_language("en")
    port = free_port()
    app = App(Options(data_dir=tmp_path, raise_errors=True, size=(1920, 1080),
                      fullscreen=False, phones_port=port))  # fmt: skip
    app.phones.host = HOST
    first, joined = app.open_first, []

    def open_first() -> None:
        first()
        joined.append(connected(app, phones))
        stop()

    app.open_first = open_first
    assert app.run() == 0
    return app, joined[0], port


def test_the_server_stops_when_the_window_is_closed(tmp_path: Path, phones) -> None:
    app, phone, port = run_until_stopped(tmp_path, phones,
                                         lambda: pygame.event.post(pygame.event.Event(pygame.QUIT)))
    assert not app.stop.requested  # the window's close, not a signal
    assert stopped(app, phones, phone, port)


def test_the_server_stops_at_sigterm(tmp_path: Path, phones) -> None:
    app, phone, port = run_until_stopped(tmp_path, phones,
                                         lambda: signal.raise_signal(signal.SIGTERM))
    assert app.stop.reason == "SIGTERM"
    assert stopped(app, phones, phone, port)


def test_close_twice_and_before_open_is_harmless(tmp_path: Path) -> None:
    app = make_app(tmp_path / "data")
    try:
        app.phones.close()
        assert app.phones.open() is app.phones.open()  # one server at most
        app.phones.close()
        app.phones.close()
        assert app.phones.door is None and port_free(app.options.phones_port)
    finally:
        close(app)


# ---- the port -----------------------------------------------------------------------------------
def write_settings(folder: Path, **values: Any) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "settings.json").write_text(json.dumps({"version": 1, **values}), encoding="utf-8")


def test_the_port_comes_from_the_settings(tmp_path: Path) -> None:
    port = free_port()
    write_settings(tmp_path / "data", phones_port=port, volume=0.4)
    app = make_app(tmp_path / "data", phones_port=None)
    try:
        assert app.settings.phones_port == port
        assert app.phones.open().address == f"http://{HOST}:{port}/"
    finally:
        app.phones.close()
        close(app)


def test_phones_port_on_the_command_line_wins_over_the_settings(tmp_path: Path) -> None:
    port = free_port()
    write_settings(tmp_path / "data", phones_port=9)
    options = parse_args(["--phones-port", str(port), "--data-dir", str(tmp_path / "data")])
    assert options.phones_port == port
    app = make_app(tmp_path / "data", phones_port=options.phones_port)
    try:
        assert app.phones.open().address.endswith(f":{port}/")
    finally:
        app.phones.close()
        close(app)


@pytest.mark.parametrize("value", [80, 0, 70000, "x", True, 8765.5, None])
def test_a_wrong_port_in_the_settings_gets_the_default_and_the_rest_is_kept(tmp_path, value):
    write_settings(tmp_path, phones_port=value, volume=0.4)
    settings, problem = load_settings(tmp_path)
    assert settings.phones_port == 8765 and settings.volume == 0.4
    assert problem is not None and problem.keys == ("phones_port",)
    i18n.set_language("en")
    assert "Phones' port" in _settings_message(problem)


@pytest.mark.parametrize("value,words", [("80", "not a whole number from 1024 to 65535"),
                                         ("65536", "from 1024 to 65535"),
                                         ("abc", "is not a port number like 8765"),
                                         ("", "is not a port number")])  # fmt: skip
def test_a_wrong_phones_port_flag_is_refused_in_one_line(value, words, capsys) -> None:
    with pytest.raises(SystemExit) as ended:
        parse_args(["--phones-port", value])
    assert ended.value.code == 2
    err = capsys.readouterr().err
    assert "--phones-port" in err and words in err and len(err.strip().splitlines()) == 1


# ---- the kiosk ----------------------------------------------------------------------------------
def kiosk_setup(folder: Path, toml: str) -> tuple[App, SetupScene]:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "kiosk.toml").write_text(toml, encoding="utf-8")
    app = make_app(folder, kiosk=True)
    app.scenes.push(SetupScene, game="kaphoorn")
    Driver(app).frames(2)
    scene = app.scenes.top
    assert isinstance(scene, SetupScene) and scene.kiosk
    return app, scene


def test_the_kiosk_offers_no_phones_unless_its_config_says_so(tmp_path: Path) -> None:
    app, scene = kiosk_setup(tmp_path / "off", "")
    try:
        assert app.kiosk_config is not None and app.kiosk_config.phones is False
        assert scene.seats[0].kind == "human" and scene.phones_button is None
    finally:
        close(app)
    app, scene = kiosk_setup(tmp_path / "on", "phones = true\n")
    try:
        assert scene.phones_button is not None and scene.phones is False  # offered, still off
        assert not scene.phones_button.rect.colliderect(scene.variant_button.rect)
        assert not scene.phones_button.rect.colliderect(scene.guided_button.rect)
    finally:
        close(app)


def test_the_kiosk_example_names_the_phones_key() -> None:
    from game.persist.kiosk_config import KioskConfig

    assert "phones = false" in KioskConfig().to_toml()


def test_a_port_taken_by_another_program_is_phones_unavailable_with_a_free_one(tmp_path) -> None:
    from game.engine.services import PhonesUnavailable

    app = make_app(tmp_path / "data")
    try:
        with socket.socket() as other:
            other.bind((HOST, app.options.phones_port))
            other.listen()
            with pytest.raises(PhonesUnavailable) as refused:
                app.phones.open()
        assert refused.value.key == "join.port_busy"
        assert refused.value.params["port"] == app.options.phones_port
        assert refused.value.params["free"] > app.options.phones_port
        assert app.phones.door is None
    finally:
        close(app)


def test_a_phone_joining_after_the_tv_changed_its_language_mid_game_speaks_the_new_one(
    tmp_path: Path, phones
) -> None:
    from game.menus.settings import SettingsScene
    from tests.phones.phones_support import Phone

    app = make_app(tmp_path / "data")
    try:
        door = app.phones.open()
        drive = Driver(app)
        app.scenes.push(SettingsScene)  # the pause menu's Settings, over the table
        drive.frames(2)
        app.scenes.top.set_language("de")  # type: ignore[union-attr]
        drive.frames(1)
        opened = phones.run(Phone.open(door, device="late-phone"))
        phones.open.append(opened)
        phones.run(opened.hello(token=door.add_seat(1).token))
        assert phones.run(opened.expect("welcome"))["lang"] == "en"  # the settings still open
        app.scenes.top.back()  # type: ignore[union-attr]
        drive.frames(2)
        late = phones.run(Phone.open(door, device="later-phone"))
        phones.open.append(late)
        phones.run(late.hello(token=door.add_seat(2).token))
        assert phones.run(late.expect("welcome"))["lang"] == "de"
    finally:
        i18n.set_language("en")
        close(app)
