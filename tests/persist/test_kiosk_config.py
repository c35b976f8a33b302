"""kiosk.toml: every key is checked; any problem gives the defaults for the whole configuration,
the file kept as kiosk.toml.bad and a message naming the key."""

from __future__ import annotations

import tomllib
import warnings
from dataclasses import fields, replace
from pathlib import Path

import pytest

from game.persist.kiosk_config import (
    KIOSK_FILE,
    PLAIN_KEYS,
    KioskConfig,
    load_kiosk_config,
)

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "kiosk.example.toml"

FULL = """\
display = 1
attract_after_s = 30
idle_in_game_s = 240.5
still_playing_s = 15
games = ["bergruft", "nanuuk"]
ai_levels = ["easy", "normal", "hard"]
languages = ["nl"]
attract_sound = true
admin_keys = ["ctrl", "alt", "f12"]
admin_hold_s = 5
admin_pin = "0042"
demo_speed = 2.5
max_log_mb = 1

[variants]
nanuuk = ["full", "bear-hunt"]
kaphoorn = ["standard"]
"""

FULL_CONFIG = KioskConfig(
    display=1,
    attract_after_s=30.0,
    idle_in_game_s=240.5,
    still_playing_s=15.0,
    games=("bergruft", "nanuuk"),
    variants={
        "nanuuk": ("full", "bear-hunt"),
        "kaphoorn": ("standard",),
        "bergruft": ("standard",),
    },
    ai_levels=("easy", "normal", "hard"),
    languages=("nl",),
    attract_sound=True,
    admin_keys=("ctrl", "alt", "f12"),
    admin_hold_s=5.0,
    admin_pin="0042",
    demo_speed=2.5,
    max_log_mb=1.0,
)


def write(folder: Path, text: str) -> Path:
    path = folder / KIOSK_FILE
    path.write_text(text, encoding="utf-8")
    return path


def test_missing_file_gives_the_defaults_and_no_problem(tmp_path):
    assert load_kiosk_config(tmp_path) == (KioskConfig(), None)


def test_the_defaults_are_the_documented_ones():
    config = KioskConfig()
    assert (config.display, config.attract_after_s, config.idle_in_game_s) == (0, 60.0, 180.0)
    assert config.games == ("nanuuk", "kaphoorn", "bergruft")
    assert config.variants == {
        "nanuuk": ("intro", "full"),
        "kaphoorn": ("standard",),
        "bergruft": ("standard",),
    }
    assert config.ai_levels == ("easy", "normal") and config.languages == ("en", "nl", "de")
    assert config.admin_keys == ("ctrl", "shift", "k") and config.admin_pin == "2468"
    assert (config.still_playing_s, config.admin_hold_s, config.demo_speed) == (20.0, 3.0, 1.0)
    assert (config.attract_sound, config.max_log_mb) == (False, 5.0)


def test_a_full_valid_file_is_read_exactly(tmp_path):
    write(tmp_path, FULL)
    assert load_kiosk_config(tmp_path) == (FULL_CONFIG, None)
    assert (tmp_path / KIOSK_FILE).exists()


def test_an_explicit_path_is_read_instead_of_the_data_folder(tmp_path):
    other = tmp_path / "event" / "my-kiosk.toml"
    other.parent.mkdir()
    other.write_text(FULL, encoding="utf-8")
    assert load_kiosk_config(tmp_path, other) == (FULL_CONFIG, None)
    assert load_kiosk_config(tmp_path, tmp_path / "nowhere.toml") == (KioskConfig(), None)


def test_a_partial_file_keeps_the_other_defaults_and_variants(tmp_path):
    write(tmp_path, 'games = ["kaphoorn"]\n[variants]\nnanuuk = ["partner"]\n')
    config, problem = load_kiosk_config(tmp_path)
    assert problem is None
    assert config == replace(
        KioskConfig(),
        games=("kaphoorn",),
        variants={"nanuuk": ("partner",), "kaphoorn": ("standard",), "bergruft": ("standard",)},
    )


def test_to_toml_loads_back_to_the_same_configuration(tmp_path):
    write(tmp_path, FULL_CONFIG.to_toml())
    assert load_kiosk_config(tmp_path) == (FULL_CONFIG, None)


def test_the_example_file_is_exactly_the_defaults():
    text = EXAMPLE.read_text(encoding="utf-8")
    regenerate = (
        'regenerate it: python -c "from game.persist.kiosk_config import KioskConfig; '
        "print(KioskConfig().to_toml(), end='')\" > kiosk.example.toml"
    )
    assert text == KioskConfig().to_toml(), regenerate
    assert set(tomllib.loads(text)) == {f.name for f in fields(KioskConfig)}
    assert load_kiosk_config(EXAMPLE.parent, EXAMPLE) == (KioskConfig(), None)


def test_every_plain_admin_key_name_is_known_to_pygame():
    pygame = pytest.importorskip("pygame")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # key_code warns before pygame.init(); the codes hold
        assert all(pygame.key.name(pygame.key.key_code(n)) == n for n in PLAIN_KEYS)


WRONG = [
    ("display", "display = -1", "-1 is outside 0-15"),
    ("display", "display = 1.5", "not a whole number"),
    ("display", "display = true", "not a whole number"),
    ("attract_after_s", 'attract_after_s = "60"', "'60' is not a number"),
    ("attract_after_s", "attract_after_s = 2", "outside 5-3600"),
    ("idle_in_game_s", "idle_in_game_s = 99999", "outside 10-7200"),
    ("idle_in_game_s", "idle_in_game_s = 45", "must be more than attract_after_s (60)"),
    ("still_playing_s", "still_playing_s = 0", "outside 3-300"),
    ("games", 'games = ["chess"]', "unknown game 'chess' (known: nanuuk, kaphoorn, bergruft)"),
    ("games", "games = []", "the list is empty"),
    ("games", 'games = ["nanuuk", "nanuuk"]', "listed twice"),
    ("games", 'games = "nanuuk"', "not a list of games"),
    ("variants", 'variants = ["intro"]', "not a table"),
    (
        "variants.nanuuk",
        '[variants]\nnanuuk = ["expert"]',
        "unknown variant 'expert' (known: intro",
    ),
    ("variants.chess", '[variants]\nchess = ["standard"]', "unknown game 'chess'"),
    ("variants.kaphoorn", "[variants]\nkaphoorn = []", "the list is empty"),
    ("ai_levels", 'ai_levels = ["demo"]', "unknown AI level 'demo' (known: easy, normal, hard)"),
    ("languages", 'languages = ["fr"]', "unknown language 'fr' (known: en, nl, de)"),
    ("attract_sound", 'attract_sound = "yes"', "not true or false"),
    ("admin_keys", 'admin_keys = ["ctrl", "escape"]', "unknown key 'escape'"),
    ("admin_keys", 'admin_keys = ["ctrl"]', "1 keys; the chord needs 2-4"),
    ("admin_keys", 'admin_keys = ["a", "b"]', "needs one of ctrl, shift, alt"),
    ("admin_hold_s", "admin_hold_s = 0", "outside 1-30"),
    ("admin_pin", "admin_pin = 2468", "digits in quotes"),
    ("admin_pin", 'admin_pin = "12"', "not 4-8 digits"),
    ("admin_pin", 'admin_pin = "12ab"', "not 4-8 digits"),
    ("admin_pin", 'admin_pin = "123456789"', "not 4-8 digits"),
    ("demo_speed", "demo_speed = 100", "outside 0.25-10"),
    ("max_log_mb", "max_log_mb = 0", "outside 0.1-1024"),
    ("atract_after_s", "atract_after_s = 30", "unknown key (known: display, attract_after_s"),
]


@pytest.mark.parametrize(("key", "line", "problem"), WRONG, ids=[w[1] for w in WRONG])
def test_a_wrong_key_gives_defaults_names_the_key_and_keeps_the_file(tmp_path, key, line, problem):
    text = f"# an event\n{line}\n"
    path = write(tmp_path, text)
    config, damaged = load_kiosk_config(tmp_path)
    assert config == KioskConfig()
    assert damaged is not None
    bad = tmp_path / "kiosk.toml.bad"
    assert str(damaged).startswith(f"kiosk.toml: {key}: ")
    assert problem in str(damaged) and str(damaged).endswith(f"; kept as {bad}")
    assert damaged.kept_as == str(bad) and bad.read_text(encoding="utf-8") == text
    assert not path.exists()


def test_the_message_names_file_key_problem_and_where_it_was_kept(tmp_path):
    write(tmp_path, 'games = ["chess"]\n')
    _, damaged = load_kiosk_config(tmp_path)
    assert str(damaged) == (
        "kiosk.toml: games: unknown game 'chess' (known: nanuuk, kaphoorn, bergruft); "
        f"kept as {tmp_path / 'kiosk.toml.bad'}"
    )


def test_one_good_key_does_not_survive_a_wrong_one(tmp_path):
    write(tmp_path, 'display = 2\nlanguages = ["fr"]\n')
    config, damaged = load_kiosk_config(tmp_path)
    assert config.display == 0 and damaged is not None


def test_every_wrong_key_is_named_at_once(tmp_path):
    write(tmp_path, 'display = -3\nadmin_pin = "x"\ncolour = "pink"\n')
    _, damaged = load_kiosk_config(tmp_path)
    assert damaged is not None
    for key in ("colour: unknown key", "display: -3", "admin_pin: 'x'"):
        assert key in damaged.reason


@pytest.mark.parametrize(
    ("content", "problem"),
    [
        (b'games = ["nanuuk"', "not valid TOML"),
        (b"display = 0\ndisplay = 1\n", "not valid TOML"),
        (b"[variants\n", "not valid TOML"),
        (b"admin_pin = '\xff\xfe'\n", "not UTF-8 text"),
    ],
)
def test_broken_toml_gives_defaults_and_is_kept(tmp_path, content, problem):
    (tmp_path / KIOSK_FILE).write_bytes(content)
    config, damaged = load_kiosk_config(tmp_path)
    assert config == KioskConfig()
    assert damaged is not None and str(damaged).startswith(f"kiosk.toml: {problem}")
    assert (tmp_path / "kiosk.toml.bad").read_bytes() == content


def test_a_second_bad_file_does_not_overwrite_the_first(tmp_path):
    for text in ("display = -1\n", "display = -2\n"):
        write(tmp_path, text)
        load_kiosk_config(tmp_path)
    assert (tmp_path / "kiosk.toml.bad").read_text() == "display = -1\n"
    assert (tmp_path / "kiosk.toml.1.bad").read_text() == "display = -2\n"
