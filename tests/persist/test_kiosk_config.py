"""kiosk.toml: every key is checked; a wrong value gives that key's default only, an unknown key
is ignored, a file unreadable as a whole gives every default; the problem names the key, and the
operator's file is never moved, renamed or changed."""

from __future__ import annotations

import os
import subprocess
import sys
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
from game.play import registry
from tests.testgames.fixture import more_games

ROOT = Path(__file__).resolve().parents[2]


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
    # the file names two games' variants; every other game keeps its own default list
    variants={**KioskConfig().variants, "nanuuk": ("full", "bear-hunt"), "kaphoorn": ("standard",)},
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
    assert config.games == registry.ids()  # every game, in the menus' order
    assert config.variants == {g.id: g.demo.variants for g in registry.games()}
    assert (config.variants["nanuuk"], config.variants["kaphoorn"], config.variants["bergruft"]) \
        == (("intro", "full"), ("standard",), ("standard",))  # as the README says
    assert config.ai_levels == ("easy", "normal") and config.languages == ("en", "nl", "de")
    assert config.admin_keys == ("ctrl", "shift", "k") and config.admin_pin == ""
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
        variants={**KioskConfig().variants, "nanuuk": ("partner",)},
    )


def test_to_toml_loads_back_to_the_same_configuration(tmp_path):
    write(tmp_path, FULL_CONFIG.to_toml())
    assert load_kiosk_config(tmp_path) == (FULL_CONFIG, None)


def test_the_example_file_the_command_writes_is_exactly_the_defaults(tmp_path):
    """``python -m game.tools.kiosk_example > kiosk.toml``: every key, loading back to the
    defaults, for the games installed (the repository keeps no copy a new game would change)."""
    written = subprocess.run([sys.executable, "-m", "game.tools.kiosk_example"], check=True,
                             capture_output=True, text=True, cwd=tmp_path,
                             env={**os.environ, "PYTHONPATH": str(ROOT)}).stdout  # fmt: skip
    assert written == KioskConfig().to_toml()
    assert set(tomllib.loads(written)) == {f.name for f in fields(KioskConfig)}
    write(tmp_path, written)
    assert load_kiosk_config(tmp_path) == (KioskConfig(), None)
    assert not (ROOT / "kiosk.example.toml").exists()


def test_the_example_names_the_games_there_are(tmp_path):
    with more_games(2) as games:
        text = KioskConfig().to_toml()
        write(tmp_path, text)
        assert load_kiosk_config(tmp_path) == (KioskConfig(), None)
    assert tomllib.loads(text)["games"] == list(games)
    assert set(tomllib.loads(text)["variants"]) == set(games)


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
    ("games", 'games = ["chess"]', f"unknown game 'chess' (known: {', '.join(registry.ids())})"),
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
    ("admin_pin", "admin_pin = 123", "'123' is not 4-8 digits"),
    ("admin_pin", "admin_pin = -7391", "'-7391' is not 4-8 digits"),
    ("admin_pin", "admin_pin = 7391.0", "7391.0 must be 4-8 digits in quotes"),
    ("admin_pin", 'admin_pin = "2468"', "the example PIN of Speltafel's README"),
    ("admin_pin", "admin_pin = 2468", "the example PIN of Speltafel's README"),
    ("admin_pin", 'admin_pin = "12"', "not 4-8 digits"),
    ("admin_pin", 'admin_pin = "12ab"', "not 4-8 digits"),
    ("admin_pin", 'admin_pin = "123456789"', "not 4-8 digits"),
    ("demo_speed", "demo_speed = 100", "outside 0.25-10"),
    ("max_log_mb", "max_log_mb = 0", "outside 0.1-1024"),
    ("atract_after_s", "atract_after_s = 30", "unknown key, ignored (known: display, attract_"),
]


@pytest.mark.parametrize(("key", "line", "problem"), WRONG, ids=[w[1] for w in WRONG])
def test_a_wrong_key_gets_its_default_is_named_and_the_file_stays(tmp_path, key, line, problem):
    text = f"# an event\n{line}\n"
    path = write(tmp_path, text)
    config, damaged = load_kiosk_config(tmp_path)
    assert config == KioskConfig()
    assert damaged is not None and damaged.keys == (key,) and damaged.kept_as == ""
    assert str(damaged).startswith(f"kiosk.toml: {key}: ") and problem in str(damaged)
    assert path.read_text(encoding="utf-8") == text
    assert sorted(p.name for p in tmp_path.iterdir()) == [KIOSK_FILE]


def test_the_message_names_file_key_and_problem(tmp_path):
    write(tmp_path, 'games = ["chess"]\n')
    _, damaged = load_kiosk_config(tmp_path)
    known = ", ".join(registry.ids())
    assert str(damaged) == f"kiosk.toml: games: unknown game 'chess' (known: {known})"


def test_the_good_keys_survive_a_wrong_one(tmp_path):
    write(tmp_path, 'display = 2\nlanguages = ["fr"]\nadmin_pin = "1357"\nattract_after_s = 90\n')
    config, damaged = load_kiosk_config(tmp_path)
    assert config == replace(KioskConfig(), display=2, admin_pin="1357", attract_after_s=90.0)
    assert damaged is not None and damaged.keys == ("languages",)


def test_one_games_wrong_variants_keep_that_games_default_only(tmp_path):
    write(tmp_path, '[variants]\nnanuuk = ["expert"]\nkaphoorn = ["standard"]\nbergruft = 3\n')
    config, damaged = load_kiosk_config(tmp_path)
    assert config.variants == KioskConfig().variants
    assert damaged is not None and damaged.keys == ("variants.nanuuk", "variants.bergruft")
    write(tmp_path, '[variants]\nnanuuk = ["full"]\nchess = ["x"]\n')
    config, damaged = load_kiosk_config(tmp_path)
    assert config.variants["nanuuk"] == ("full",) and damaged.keys == ("variants.chess",)


def test_idle_times_that_clash_fall_back_so_that_they_fit(tmp_path):
    write(tmp_path, "attract_after_s = 600\nidle_in_game_s = 300\n")
    config, damaged = load_kiosk_config(tmp_path)
    assert (config.attract_after_s, config.idle_in_game_s) == (60.0, 180.0)
    assert damaged is not None and damaged.keys == ("idle_in_game_s",)


def test_every_wrong_key_is_named_at_once(tmp_path):
    write(tmp_path, 'display = -3\nadmin_pin = "x"\ncolour = "pink"\n')
    _, damaged = load_kiosk_config(tmp_path)
    assert damaged is not None
    assert damaged.keys == ("colour", "display", "admin_pin")
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
def test_broken_toml_gives_the_defaults_and_stays_where_it_is(tmp_path, content, problem):
    (tmp_path / KIOSK_FILE).write_bytes(content)
    config, damaged = load_kiosk_config(tmp_path)
    assert config == KioskConfig()
    assert damaged is not None and str(damaged).startswith(f"kiosk.toml: {problem}")
    assert "every key uses its default" in damaged.reason and damaged.kept_as == ""
    assert (tmp_path / KIOSK_FILE).read_bytes() == content
    assert sorted(p.name for p in tmp_path.iterdir()) == [KIOSK_FILE]


def test_an_explicit_config_file_is_never_moved_either(tmp_path):
    event = tmp_path / "event.toml"
    event.write_text("display = [\n", encoding="utf-8")
    config, damaged = load_kiosk_config(tmp_path / "data", event)
    assert config == KioskConfig() and damaged is not None
    assert sorted(p.name for p in tmp_path.iterdir()) == ["event.toml"]
