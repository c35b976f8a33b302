"""Settings persist in the user data folder; a damaged file gives defaults, a message, a *.bad."""

import json

import pytest

from game import i18n
from game.app import App, Options
from game.persist.settings import SETTINGS_FILE, Settings, load_settings, save_settings


def test_settings_round_trip(tmp_path):
    wanted = Settings(language="de", fullscreen=True, volume=0.3, animation_speed=2.0)
    save_settings(tmp_path, wanted)
    assert load_settings(tmp_path) == (wanted, None)


def test_missing_file_gives_defaults_without_message(tmp_path):
    assert load_settings(tmp_path) == (Settings(), None)


@pytest.mark.parametrize(
    "content",
    [
        "{not json",
        "[]",
        json.dumps({"version": 99, "language": "en"}),
        json.dumps({"version": 1, "language": "fr"}),
        json.dumps({"version": 1, "volume": 7}),
        json.dumps({"version": 1, "colour": "pink"}),
        "\udcff",
    ],
)
def test_corrupt_file_gives_defaults_and_is_kept_as_bad(tmp_path, content):
    path = tmp_path / SETTINGS_FILE
    path.write_bytes(content.encode("utf-8", "surrogateescape"))
    settings, damaged = load_settings(tmp_path)
    assert settings == Settings()
    assert damaged is not None and damaged.kept_as == "settings.json.bad" and damaged.reason
    assert not path.exists()
    assert (tmp_path / "settings.json.bad").read_bytes() == content.encode(
        "utf-8", "surrogateescape"
    )


def test_a_second_bad_file_does_not_overwrite_the_first(tmp_path):
    for content in ("{1", "{2"):
        (tmp_path / SETTINGS_FILE).write_text(content)
        load_settings(tmp_path)
    assert (tmp_path / "settings.json.bad").read_text() == "{1"
    assert (tmp_path / "settings.json.1.bad").read_text() == "{2"


def test_app_with_corrupt_settings_starts_and_shows_a_message(tmp_path):
    (tmp_path / SETTINGS_FILE).write_text("{garbage")
    i18n.set_language("en")
    app = App(Options(data_dir=tmp_path, raise_errors=True, size=(1920, 1080)))
    app.start()
    assert app.settings == Settings()
    assert any("damaged" in text and "settings.json.bad" in text for text, _ in app.messages)
    app.frame(1 / 60)  # draws the message without failing


def test_app_saves_changed_settings_for_the_next_start(tmp_path):
    i18n.set_language("en")
    app = App(Options(data_dir=tmp_path, raise_errors=True, size=(1920, 1080)))
    app.update_settings(Settings(language="nl", volume=0.5))
    assert i18n.language() == "nl"
    assert load_settings(tmp_path)[0] == Settings(language="nl", volume=0.5)
    i18n.set_language("en")
