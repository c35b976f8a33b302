"""Issue 27 items 5 and 6: whatever is where a data file should be costs that file only.

Deep nesting, a number too long for Python, a FIFO, a folder, a symbolic link that loops: the
settings, saves, replays, kiosk configuration and statistics each give their defaults (or leave
the file out of a list), keep the file aside as ``*.bad`` (the kiosk configuration: never moved)
and say so. A FIFO is never opened for reading. A newer version's file is left where it is.
"""

from __future__ import annotations

import errno
import json
import os
import sqlite3
import subprocess
import sys
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from game.persist import paths
from game.persist.kiosk_config import KIOSK_FILE, KioskConfig, load_kiosk_config
from game.persist.settings import SETTINGS_FILE, Settings, load_settings
from game.persist.stats import STATS_FILE, Stats
from game.play import saves
from tests.persist.test_saves import config, play

ROOT = Path(__file__).resolve().parents[2]
POSIX = pytest.mark.skipif(os.name == "nt", reason="FIFOs and symbolic links of POSIX")

DEEP_JSON = "[" * 100_000 + "]" * 100_000
LONG_NUMBER_JSON = '{"version": 1, "volume": ' + "7" * 5000 + "}"


def make(kind: str, path: Path, text: str = "") -> None:
    """Put ``kind`` where ``path`` is: text, a FIFO, a folder or a symbolic link to itself."""
    path.parent.mkdir(parents=True, exist_ok=True)
    if kind == "text":
        path.write_text(text, encoding="utf-8")
    elif kind == "fifo":
        os.mkfifo(path)
    elif kind == "folder":
        path.mkdir()
    elif kind == "loop":
        os.symlink(path.name, path)


def without_hanging(work: Callable[[], Any], fifo: Path | None = None) -> Any:
    """``work()``; if it waits on ``fifo`` (it opened it for reading), the FIFO is fed an end of
    file so the test fails instead of hanging the run."""
    result: list[Any] = []
    thread = threading.Thread(target=lambda: result.append(work()), daemon=True)
    thread.start()
    thread.join(20)
    if thread.is_alive() and fifo is not None:
        for name in (fifo, fifo.with_name(fifo.name + ".bad")):
            try:  # the reader waits: a writer that closes at once lets it go on
                os.close(os.open(name, os.O_WRONLY | os.O_NONBLOCK))
            except OSError:
                pass
        thread.join(20)
        pytest.fail(f"{fifo} was opened for reading: that waits for a writer for ever")
    assert result, "the work did not finish"
    return result[0]


KINDS = [
    pytest.param("text", DEEP_JSON, id="deep-nesting"),
    pytest.param("text", LONG_NUMBER_JSON, id="5000-digits"),
    pytest.param("fifo", "", id="fifo", marks=POSIX),
    pytest.param("folder", "", id="folder"),
    pytest.param("loop", "", id="symlink-loop", marks=POSIX),
]


# ---- the shared reader -------------------------------------------------------------------------
@pytest.mark.parametrize(("kind", "text"), KINDS)
def test_the_reader_refuses_what_cannot_be_a_data_file(tmp_path, kind, text):
    path = tmp_path / "data.json"
    make(kind, path, text)
    fifo = path if kind == "fifo" else None

    def read() -> Exception | None:
        try:
            paths.loads_json(paths.read_text_file(path))
        except paths.Unusable as exc:
            return exc
        return None

    assert isinstance(without_hanging(read, fifo), paths.Unusable)


def test_the_reader_refuses_a_file_over_its_limit_and_reads_a_symlinked_file(tmp_path):
    big = tmp_path / "big.json"
    big.write_text("[" + "1," * 600 + "1]", encoding="utf-8")
    with pytest.raises(paths.Unusable, match="larger than 1000 bytes"):
        paths.read_text_file(big, limit=1000)
    if os.name != "nt":
        link = tmp_path / "link.json"
        os.symlink(big.name, link)
        assert len(paths.loads_json(paths.read_text_file(link))) == 601


# ---- settings ----------------------------------------------------------------------------------
@pytest.mark.parametrize(("kind", "text"), KINDS)
def test_damaged_settings_give_the_defaults_and_are_kept_as_bad(tmp_path, kind, text):
    path = tmp_path / SETTINGS_FILE
    make(kind, path, text)
    settings, problem = without_hanging(lambda: load_settings(tmp_path), path)
    assert settings == Settings()
    assert problem is not None and problem.kept_as == "settings.json.bad", problem
    assert not path.exists() and not path.is_symlink()
    assert os.path.lexists(tmp_path / "settings.json.bad")


def test_damaged_settings_that_cannot_be_moved_still_give_the_defaults(tmp_path, monkeypatch):
    (tmp_path / SETTINGS_FILE).write_text(DEEP_JSON, encoding="utf-8")

    def read_only(path: Path) -> Path:
        raise OSError(errno.EROFS, "Read-only file system", str(path))

    monkeypatch.setattr("game.persist.settings.keep_bad", read_only)
    settings, problem = load_settings(tmp_path)
    assert settings == Settings()
    assert problem is not None and problem.kept_as == "" and "moved aside" in problem.reason
    assert (tmp_path / SETTINGS_FILE).exists()


def test_settings_of_a_newer_version_are_left_where_they_are(tmp_path):
    path = tmp_path / SETTINGS_FILE
    path.write_text(json.dumps({"version": 2, "language": "de"}), encoding="utf-8")
    settings, problem = load_settings(tmp_path)
    assert settings == Settings() and problem is not None and "newer" in problem.reason
    assert path.exists() and not (tmp_path / "settings.json.bad").exists()


# ---- saves and replays -------------------------------------------------------------------------
@pytest.mark.parametrize(("kind", "text"), KINDS)
def test_a_damaged_autosave_is_kept_as_bad_and_the_title_goes_on(tmp_path, kind, text):
    path = saves.autosave_path(tmp_path, "nanuuk")
    make(kind, path, text)
    listing = without_hanging(lambda: saves.unfinished_games(tmp_path), path)
    assert listing.records == []
    assert [kept.name for kept, _ in listing.bad] == ["autosave-nanuuk.json.bad"]
    assert not os.path.lexists(path)


@pytest.mark.parametrize(("kind", "text"), KINDS)
def test_a_damaged_replay_leaves_the_rest_of_the_list(tmp_path, kind, text):
    cfg = config("bergruft", "standard", 2)
    moves, state = play(cfg)
    good = saves.write_replay(tmp_path, saves.build("replay", cfg, moves, state))
    path = saves.replays_dir(tmp_path) / "zz-damaged.json"
    make(kind, path, text)
    listing = without_hanging(lambda: saves.list_replays(tmp_path), path)
    assert [r.path for r in listing.records] == [good]
    assert [kept.name for kept, _ in listing.bad] == ["zz-damaged.json.bad"]


def newer_replay(tmp_path: Path) -> Path:
    cfg = config("bergruft", "standard", 2)
    moves, state = play(cfg)
    data = json.loads(saves.to_json(saves.build("replay", cfg, moves, state)))
    data["version"] = saves.VERSION + 1
    path = saves.replays_dir(tmp_path) / "bergruft-from-the-future.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def test_a_newer_replay_is_left_in_the_list_folder_and_reported_once(tmp_path):
    path = newer_replay(tmp_path)
    first = saves.list_replays(tmp_path)
    assert first.records == [] and first.bad == []
    assert [(p, "newer" in why) for p, why in first.newer] == [(path, True)]
    assert path.exists() and not list(tmp_path.rglob("*.bad"))
    again = saves.list_replays(tmp_path)
    assert again.newer == [] and again.bad == [] and path.exists()


def test_a_newer_replay_to_import_stays_in_the_import_folder(tmp_path):
    path = newer_replay(tmp_path)
    waiting = saves.import_dir(tmp_path) / path.name
    path.rename(waiting)
    newer: list[tuple[Path, str]] = []
    imported, bad = saves.import_replays(tmp_path, newer)
    assert imported == [] and bad == [] and [p for p, _ in newer] == [waiting]
    assert waiting.exists()


def test_read_replay_never_moves_the_file_it_refuses(tmp_path):
    cfg = config("nanuuk", "full", 2)
    moves, state = play(cfg, limit=5)
    a_save = saves.save_game(tmp_path, saves.build("save", cfg, moves, state))
    for path in (a_save, newer_replay(tmp_path)):
        with pytest.raises(saves.SaveError):
            saves.read_replay(path)
        assert path.exists()


# ---- kiosk configuration: the operator's file is never moved -----------------------------------
@pytest.mark.parametrize(
    ("kind", "text"),
    [
        pytest.param("text", "a = " + "[" * 5000 + "]" * 5000, id="deep-nesting"),
        pytest.param("text", "display = " + "7" * 5000, id="5000-digits"),
        *KINDS[2:],
    ],
)
def test_a_damaged_kiosk_config_gives_the_defaults_and_stays(tmp_path, kind, text):
    path = tmp_path / KIOSK_FILE
    make(kind, path, text)
    config, problem = without_hanging(lambda: load_kiosk_config(tmp_path), path)
    assert config == KioskConfig()
    assert problem is not None and "every key uses its default" in problem.reason
    assert os.path.lexists(path) and not os.path.lexists(tmp_path / "kiosk.toml.bad")


# ---- statistics ----------------------------------------------------------------------------------
@pytest.mark.parametrize(("kind", "text"), KINDS[2:])
def test_statistics_that_are_not_a_file_are_kept_as_bad_and_a_fresh_store_starts(
    tmp_path, kind, text
):
    path = tmp_path / STATS_FILE
    make(kind, path, text)
    store, problem = without_hanging(lambda: Stats.open(tmp_path), path)
    try:
        assert problem is not None and problem.kept_as == str(tmp_path / "stats.sqlite3.bad")
        assert store.started("nanuuk", "intro", ["human", "easy"]) > 0
        assert path.is_file()  # the fresh store, on the disk
    finally:
        store.close()


def test_statistics_of_a_newer_version_are_left_where_they_are(tmp_path):
    path = tmp_path / STATS_FILE
    other = sqlite3.connect(path)
    other.executescript("PRAGMA application_id = 1397771348; PRAGMA user_version = 7;")
    other.close()
    original = path.read_bytes()
    store, problem = Stats.open(tmp_path)
    try:
        assert problem is not None and "newer" in problem.reason and problem.kept_as == ""
        assert path.read_bytes() == original and not (tmp_path / "stats.sqlite3.bad").exists()
        assert store.started("nanuuk", "intro", ["human", "easy"]) > 0  # in memory
    finally:
        store.close()
    assert path.read_bytes() == original


# ---- the app at start ----------------------------------------------------------------------------
def started_app(folder: Path):
    from game.app import App, Options

    app = App(Options(data_dir=folder, raise_errors=True, size=(1920, 1080), fullscreen=False))
    app.start()
    return app


def close(app) -> None:
    for scene in reversed(app.scenes.stack):
        scene.exit()


LONG_VERSION = '{"format": "speltafel", "version": ' + "9" * 5000 + "}"


@pytest.mark.parametrize("text", [DEEP_JSON, LONG_VERSION])
def test_a_damaged_autosave_gives_the_title_and_one_message(tmp_path, text):
    from game import i18n

    i18n.set_language("en")
    path = saves.autosave_path(tmp_path, "kaphoorn")
    make("text", path, text)
    app = started_app(tmp_path)
    try:
        assert app.scenes.top.name == "title"
        kept = i18n.tr("saves.damaged", kept_as="autosave-kaphoorn.json.bad")
        assert [text for text, _ in app.messages].count(kept) == 1
        assert not path.exists() and path.with_name("autosave-kaphoorn.json.bad").exists()
    finally:
        close(app)


def test_leftovers_of_interrupted_writes_are_removed_at_start(tmp_path):
    import tempfile

    (tmp_path / SETTINGS_FILE).write_text(json.dumps({"version": 1, "volume": 0.3}))
    leftovers, kept = [], []
    targets = (("", SETTINGS_FILE), ("saves", "autosave-nanuuk.json"),
               ("replays", "bergruft-20261203-101010.json"), ("exports", "x.json"))  # fmt: skip
    for folder, name in targets:
        where = tmp_path / folder
        where.mkdir(exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=name, suffix=".tmp", dir=where)  # as write_atomic
        os.write(fd, b'{"half a')
        os.close(fd)
        leftovers.append(Path(tmp))
        kept.append(where / "notes.tmp")  # not one of ours: stays
        kept[-1].write_text("mine")
    app = started_app(tmp_path)
    try:
        assert [p for p in leftovers if p.exists()] == []
        assert all(p.exists() for p in kept)
        assert app.settings.volume == 0.3  # the real file is untouched
    finally:
        close(app)


BROKEN_START = """
import sys
from pathlib import Path
from game import app

def broken(*args, **kwargs):
    raise RuntimeError("something nobody foresaw")

setattr(app, sys.argv[2], broken)  # an error nobody foresaw, while the App is built
sys.exit(app.run(app.Options(data_dir=Path(sys.argv[1]), size=(640, 480))))
"""


@pytest.mark.parametrize("where", ["load_settings", "setup_logging"])
def test_an_error_while_the_app_is_built_ends_in_one_line(tmp_path, where):
    # a process of its own: run() ends with pygame.quit(), which the other tests' fonts outlive
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    run = subprocess.run([sys.executable, "-c", BROKEN_START, str(tmp_path), where], env=env,
                         cwd=ROOT, capture_output=True, text=True, timeout=120)  # fmt: skip
    assert run.returncode == 1
    assert run.stderr.count("\n") == 1 and "Traceback" not in run.stderr, run.stderr
    if where == "load_settings":  # the log is open by then: the traceback is there
        assert f"unexpected error, see {tmp_path / 'speltafel.log'}" in run.stderr
        assert "something nobody foresaw" in (tmp_path / "speltafel.log").read_text()
    else:  # before the log: the error itself, in the one line
        assert "unexpected error, RuntimeError: something nobody foresaw" in run.stderr


def test_statistics_rows_nested_too_deeply_are_logged_not_raised(tmp_path):
    store, _ = Stats.open(tmp_path)
    try:
        row = store.started("nanuuk", "intro", ["human", "easy"])
        store._db.execute("UPDATE games SET seats = ? WHERE id = ?", (DEEP_JSON, row))
        assert store.rows() == [] and store.summary() == []
    finally:
        store.close()


# ---- Nanuuk!'s saved set-ups: the same reader --------------------------------------------------
@pytest.mark.parametrize(
    ("kind", "text"),
    [
        pytest.param("text", "fish = " + "[" * 5000 + "]" * 5000, id="deep-nesting"),
        pytest.param("text", "fish = " + "7" * 5000, id="5000-digits"),
        *KINDS[2:],
    ],
)
def test_a_damaged_nanuuk_set_up_is_kept_as_bad(tmp_path, kind, text):
    from game.games.nanuuk.setups import SetupFileError, load_setup, setups_dir

    path = setups_dir(tmp_path) / "mine.toml"
    make(kind, path, text)

    def load() -> SetupFileError | None:
        try:
            load_setup(tmp_path, "mine")
        except SetupFileError as exc:
            return exc
        return None

    refused = without_hanging(load, path)
    assert refused is not None and refused.kept_as == "mine.toml.bad", refused
    assert not os.path.lexists(path)
