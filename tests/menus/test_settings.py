"""Settings persist in the user data folder; a bad value gets its default and a message, an
unknown key is ignored, and a file unreadable as a whole gives defaults and is kept as *.bad."""

import json

import pytest

from game import i18n
from game.app import App, Options
from game.menus.settings import SettingsScene
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
        json.dumps({"version": 0, "language": "en"}),  # a newer one stays: test_damaged_files
        "\udcff",
    ],
)
def test_a_file_unreadable_as_a_whole_gives_defaults_and_is_kept_as_bad(tmp_path, content):
    path = tmp_path / SETTINGS_FILE
    path.write_bytes(content.encode("utf-8", "surrogateescape"))
    settings, damaged = load_settings(tmp_path)
    assert settings == Settings()
    assert damaged is not None and damaged.kept_as == "settings.json.bad" and damaged.reason
    assert not path.exists()
    assert (tmp_path / "settings.json.bad").read_bytes() == content.encode(
        "utf-8", "surrogateescape"
    )


@pytest.mark.parametrize(
    ("bad", "key"),
    [
        ({"language": "fr"}, "language"),
        ({"volume": 7}, "volume"),
        ({"volume": "loud"}, "volume"),
        ({"animation_speed": float("nan")}, "animation_speed"),
        ({"fullscreen": 1}, "fullscreen"),
    ],
)
def test_a_bad_value_gets_its_default_and_the_others_stay(tmp_path, bad, key):
    mine = {"version": 1, "language": "de", "volume": 0.3, "muted": True, "animation_speed": 2.0}
    (tmp_path / SETTINGS_FILE).write_text(json.dumps({**mine, **bad}))
    settings, damaged = load_settings(tmp_path)
    kept = {k: v for k, v in mine.items() if k not in bad and k != "version"}
    assert settings == Settings(**kept)
    assert damaged is not None and damaged.keys == (key,) and damaged.kept_as == ""
    assert (tmp_path / SETTINGS_FILE).exists() and not (tmp_path / "settings.json.bad").exists()


def test_unknown_keys_are_ignored(tmp_path):
    (tmp_path / SETTINGS_FILE).write_text(json.dumps({"version": 1, "volume": 0.2, "colour": "x"}))
    assert load_settings(tmp_path) == (Settings(volume=0.2), None)


def test_an_unreadable_file_gives_defaults_and_stays_where_it_is(tmp_path, monkeypatch):
    (tmp_path / SETTINGS_FILE).write_text(json.dumps({"version": 1}))

    def no_permission(path, limit):  # as root, no chmod keeps a file from being read
        raise PermissionError(13, "Permission denied", str(path))

    monkeypatch.setattr("game.persist.settings.read_text_file", no_permission)
    settings, damaged = load_settings(tmp_path)
    assert settings == Settings() and damaged is not None and damaged.kept_as == ""
    assert (tmp_path / SETTINGS_FILE).is_file()  # not the file's fault: it stays


def test_app_names_the_settings_that_went_back_to_their_defaults(tmp_path):
    (tmp_path / SETTINGS_FILE).write_text(json.dumps({"version": 1, "volume": 9, "muted": 3}))
    i18n.set_language("en")
    app = App(Options(data_dir=tmp_path, raise_errors=True, size=(1920, 1080)))
    (text,) = [text for text, _ in app.messages]
    assert text.endswith("back to their defaults: Volume, Mute.")


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


# ---- mute -------------------------------------------------------------------------------------
def test_mute_round_trips_and_is_validated(tmp_path):
    save_settings(tmp_path, Settings(muted=True))
    assert load_settings(tmp_path) == (Settings(muted=True), None)
    (tmp_path / SETTINGS_FILE).write_text(json.dumps({"version": 1, "muted": "yes"}))
    settings, damaged = load_settings(tmp_path)
    assert settings == Settings() and damaged is not None and "muted" in damaged.reason
    assert damaged.keys == ("muted",)


def test_an_old_settings_file_without_mute_still_loads(tmp_path):
    old = {"version": 1, "language": "nl", "fullscreen": False, "volume": 0.4}
    old["animation_speed"] = 1.5
    (tmp_path / SETTINGS_FILE).write_text(json.dumps(old))
    settings, damaged = load_settings(tmp_path)
    assert damaged is None
    assert settings == Settings(language="nl", volume=0.4, animation_speed=1.5, muted=False)


def test_muting_silences_sounds_and_the_ambient_loop_at_once(app, fake_audio, tmp_path):
    audio = fake_audio
    app.audio.ambient("nanuuk")
    app.audio.sound("click")
    assert audio.played == ["click"] and audio.ambients[-1] == "nanuuk"
    app.update_settings(Settings(muted=True))
    assert audio.ambients[-1] is None  # the loop stops with the setting, not a frame later
    app.audio.sound("click")
    app.step()
    assert audio.played == ["click"] and audio.ambients[-1] is None
    app.update_settings(Settings(muted=False, volume=0.3))
    assert audio.ambients[-1] == "nanuuk" and audio.volume == 0.3
    app.audio.ambient(None)
    assert audio.ambients[-1] is None
    assert load_settings(tmp_path)[0] == Settings(volume=0.3)


def test_the_mute_toggle_sits_next_to_the_volume(drive):
    drive.app.scenes.reset(SettingsScene)
    drive.frames(2)
    scene = drive.scene
    assert "Mute: Off" in scene.mute_button.text
    assert scene.mute_button.rect.top == scene.volume_button.rect.top
    assert scene.mute_button.rect.left > scene.volume_button.rect.right
    scene.ring.focus(scene.mute_button)
    drive.click(scene.mute_button.rect.center)
    assert drive.app.settings.muted and "Mute: On" in scene.mute_button.text
    assert drive.app.audio.quiet()


def _settings_scene(app):
    app.scenes.push(SettingsScene)
    app.scenes.apply_pending()
    return app.scenes.top


def test_lang_holds_for_the_run_when_only_the_volume_changes(tmp_path):
    """``--lang de`` over a file saying English: changing the volume keeps German, and the
    file keeps the player's own language."""
    save_settings(tmp_path, Settings(language="en"))
    app = App(Options(data_dir=tmp_path, raise_errors=True, size=(1920, 1080), language="de"))
    try:
        app.start()
        scene = _settings_scene(app)
        scene.change(volume=0.3)
        assert i18n.language() == "de"
        assert load_settings(tmp_path)[0] == Settings(language="en", volume=0.3)
    finally:
        for scene in reversed(app.scenes.stack):
            scene.exit()
        i18n.set_language("en")


def test_the_language_picked_in_settings_replaces_lang_and_is_saved(tmp_path):
    app = App(Options(data_dir=tmp_path, raise_errors=True, size=(1920, 1080), language="de"))
    try:
        app.start()
        scene = _settings_scene(app)
        scene.set_language("nl" if "nl" in i18n.LANGUAGES else "en")
        picked = i18n.language()
        assert picked != "de"
        scene.change(volume=0.2)  # and it stays picked
        assert i18n.language() == picked
        assert load_settings(tmp_path)[0].language == picked
    finally:
        for scene in reversed(app.scenes.stack):
            scene.exit()
        i18n.set_language("en")
