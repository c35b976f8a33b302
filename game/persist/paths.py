"""Where user data lives: the platform's user data folder unless ``--data-dir`` says otherwise."""

from __future__ import annotations

import errno
import json
import os
import re
import stat
import tempfile
import tomllib
from collections.abc import Callable
from pathlib import Path
from typing import Any

import platformdirs


def default_data_dir() -> Path:
    """The platform's user data folder, where the data lives without ``--data-dir``."""
    return Path(platformdirs.user_data_dir("speltafel", False))


def data_dir(override: str | os.PathLike[str] | None = None) -> Path:
    path = Path(override) if override else default_data_dir()
    path.mkdir(parents=True, exist_ok=True)
    return path


def write_atomic(path: Path, text: str) -> None:
    """Write to a temporary file beside ``path`` and rename it over, so a crash never truncates.

    The data is flushed to the disk (fsync) before the rename and the folder after it: without
    that, a power cut shortly after the rename may leave the new name pointing at an empty file.
    """
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=path.name, suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(text)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    fsync_folder(path.parent)


# why a file could not be written, as a code the screens translate (``files.<code>``); the
# exception's own text, in the system's language and with the path, is for the log
FULL, LOCKED, FAILED = "full", "locked", "failed"


def write_failure(exc: OSError) -> str:
    """What a player can do about ``exc``: free space (``full``), give the game its folder back
    (``locked``: no permission, a read-only disk) or try again (``failed``)."""
    if exc.errno in (errno.ENOSPC, getattr(errno, "EDQUOT", errno.ENOSPC)):
        return FULL
    if exc.errno in (errno.EACCES, errno.EPERM, errno.EROFS) or isinstance(exc, PermissionError):
        return LOCKED
    return FAILED


def fsync_folder(folder: Path) -> None:
    """Make a rename in ``folder`` durable; Windows cannot open a folder (NTFS journals it)."""
    if os.name == "nt":
        return
    fd = os.open(folder, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def keep_bad(path: Path) -> Path:
    """Move a damaged file aside as ``*.bad`` (never silently overwritten); returns the new path."""
    bad = path.with_name(path.name + ".bad")
    n = 1
    while bad.exists():
        bad = path.with_name(f"{path.name}.{n}.bad")
        n += 1
    os.replace(path, bad)
    return bad


# ---- reading a data file, whatever is there --------------------------------------------------
# A data file may hold anything: a FIFO (reading it would wait for ever), a folder, a symlink
# loop, gigabytes, JSON nested so deep or numbers so long that the parser gives up with an error
# that is not its usual one. Every reader goes through read_text_file and loads_json (or
# loads_toml), which turn all of it into ``Unusable`` (a ValueError: the file is damaged, keep
# it aside) while a missing file stays FileNotFoundError and a file we may not read another
# OSError (not the file's fault).

MAX_DATA_BYTES = 16 * 1024 * 1024  # a long replay is some 100 kB; more is not one of ours


class Unusable(ValueError):
    """What is in the file (or what the file is) cannot be used; the message says why."""


def read_text_file(path: Path, limit: int = MAX_DATA_BYTES) -> str:
    """The UTF-8 text of the regular file ``path``, at most ``limit`` bytes.

    The kind of file is checked before it is opened (a FIFO is never opened for reading), and
    again on the open file, opened non-blocking, in case it was swapped meanwhile.
    """
    try:
        found = os.stat(path)  # follows a symlink: one to a regular file is fine
    except OSError as exc:
        if exc.errno == errno.ELOOP:
            raise Unusable("a symbolic link that loops") from None
        raise
    _check_regular(found, limit)
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
    with os.fdopen(fd, "rb") as fh:
        _check_regular(os.fstat(fh.fileno()), limit)
        data = fh.read(limit + 1)
    if len(data) > limit:
        raise Unusable(f"larger than {limit} bytes")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        raise Unusable("not UTF-8 text") from None


def regular_file_problem(path: Path) -> str | None:
    """Why ``path`` is there but not a regular file (a folder, a FIFO, a symlink loop); None
    when it is one or is missing. For files opened by others (SQLite), without opening them."""
    try:
        found = os.stat(path)
    except FileNotFoundError:
        return None
    except OSError as exc:
        return "a symbolic link that loops" if exc.errno == errno.ELOOP else None
    return None if stat.S_ISREG(found.st_mode) else f"{_kind(found.st_mode)}, not a file"


def _check_regular(found: os.stat_result, limit: int) -> None:
    if not stat.S_ISREG(found.st_mode):
        raise Unusable(f"{_kind(found.st_mode)}, not a file")
    if found.st_size > limit:
        raise Unusable(f"larger than {limit} bytes")


def _kind(mode: int) -> str:
    kinds = ((stat.S_ISDIR, "a folder"), (stat.S_ISFIFO, "a FIFO"), (stat.S_ISSOCK, "a socket"),
             (stat.S_ISCHR, "a device"), (stat.S_ISBLK, "a device"))  # fmt: skip
    return next((name for test, name in kinds if test(mode)), "something else")


def loads_json(text: str) -> Any:
    """``json.loads``, with the parser's other ways of giving up as ``Unusable``: nesting deeper
    than the interpreter's recursion (RecursionError) and an integer longer than Python converts
    (ValueError, over ``sys.get_int_max_str_digits()`` digits). A plain syntax error stays a
    ``json.JSONDecodeError`` (also a ValueError), for its line number."""
    return _guarded(json.loads, json.JSONDecodeError, text)


def loads_toml(text: str) -> dict[str, Any]:
    """``tomllib.loads`` with the same guard; its syntax errors stay ``TOMLDecodeError``."""
    result: dict[str, Any] = _guarded(tomllib.loads, tomllib.TOMLDecodeError, text)
    return result


def _guarded(parse: Callable[[str], Any], syntax: type[ValueError], text: str) -> Any:
    """``parse(text)``; its syntax errors (``syntax``) as they are, the rest as ``Unusable``."""
    try:
        return parse(text)
    except RecursionError:
        raise Unusable("nested too deeply") from None
    except syntax:
        raise
    except ValueError as exc:
        raise Unusable(f"a number too long ({exc})") from None


# ---- leftovers of an interrupted write ---------------------------------------------------------
# write_atomic's temporary files: ``<name><8 letters, digits or _>.tmp`` (tempfile.mkstemp),
# left behind when the program is killed between making one and the rename.
_TEMPORARY = re.compile(r".+\.(json|toml|csv)[a-z0-9_]{8}\.tmp")


def remove_leftovers(folder: Path) -> list[Path]:
    """Remove the temporary files of interrupted writes in the data folder ``folder`` and its
    folders (saves, replays, exports, ...); returns what was removed. Only regular files of
    exactly that name go, so nothing else of the user's is touched."""
    removed: list[Path] = []
    for where in [folder, *_subfolders(folder)]:
        for entry in _entries(where):
            if _TEMPORARY.fullmatch(entry.name) and entry.is_file(follow_symlinks=False):
                try:
                    os.unlink(entry.path)
                except OSError:
                    continue  # a read-only folder: the file does no harm where it is
                removed.append(Path(entry.path))
    return removed


def _entries(folder: Path) -> list[os.DirEntry[str]]:
    try:
        with os.scandir(folder) as found:
            return list(found)
    except OSError:
        return []  # not there (yet), or not ours to read


def _subfolders(folder: Path) -> list[Path]:
    return [Path(e.path) for e in _entries(folder) if e.is_dir(follow_symlinks=False)]


# ---- paths from the command line, checked at the door (game.cli) ------------------------------
# Each check says what is wrong in one line (``python main.py: --flag PATH: problem``), or None.
# Found here, a problem cannot surface later as a traceback (a --data-dir that is a file), a
# screenshot lost at the end of a run, or a kiosk quietly on its defaults (a --kiosk-config that
# is not there).


NAME_MAX = 255  # bytes in one name of a path, on every file system the game runs on


def path_problem(path: Path) -> str | None:
    """What makes ``path`` unusable as a path at all: a name too long for any file system
    (ENAMETOOLONG deep inside pathlib otherwise), or a character no file name may hold."""
    for part in path.parts:
        try:
            size = len(os.fsencode(part))
        except (UnicodeError, ValueError):
            return "holds characters no file name may have"
        if size > NAME_MAX:
            return f"a name in it is longer than {NAME_MAX} bytes"
    if "\0" in str(path):
        return "holds characters no file name may have"
    return None


def checked(check: Callable[[Path], str | None]) -> Callable[[Path], str | None]:
    """``check`` behind ``path_problem``, and any error of the system (a path too long as a
    whole, a drive that is gone) as the problem instead of a traceback."""

    def guarded(path: Path) -> str | None:
        problem = path_problem(path)
        if problem is not None:
            return problem
        try:
            return check(path)
        except (OSError, ValueError) as exc:
            return f"cannot be used ({getattr(exc, 'strerror', None) or exc})"

    guarded.__doc__ = check.__doc__
    return guarded


@checked
def data_folder_problem(path: Path) -> str | None:
    """The data folder must be a folder we can write to; a missing one is made, but only inside
    a folder that exists (a missing drive or an unplugged stick is not made up on the spot)."""
    if path.exists() and not path.is_dir():
        return "is a file, not a folder"
    parent = path.absolute().parent
    if not path.exists() and not parent.is_dir():
        return f"{parent} does not exist (is the drive connected?)"
    try:
        path.mkdir(exist_ok=True)
        with tempfile.TemporaryFile(dir=path):  # the one sure test: os.access misleads as root
            pass
    except OSError as exc:
        return f"cannot be written to ({exc.strerror or exc})"
    return None


@checked
def file_problem(path: Path) -> str | None:
    """A file to read (``--replay``, ``--kiosk-config``): there, a regular file, readable. A
    FIFO or a device is refused by its kind, without opening it (which could wait for ever)."""
    try:
        found = os.stat(path)
    except FileNotFoundError:
        return "no such file"
    except OSError as exc:
        if exc.errno == errno.ELOOP:
            return "is a symbolic link that loops"
        raise
    if stat.S_ISDIR(found.st_mode):
        return "is a folder, not a file"
    if not stat.S_ISREG(found.st_mode):
        return f"is {_kind(found.st_mode)}, not a file"
    try:
        os.close(os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0)))
    except OSError as exc:
        return f"cannot be read ({exc.strerror or exc})"
    return None


@checked
def output_file_problem(path: Path) -> str | None:
    """A file to write at the end (``--screenshot``): not a folder, nor a FIFO (writing into one
    waits for a reader for ever), inside a folder that exists or can be made, and that we may
    write to."""
    odd = regular_file_problem(path)
    if odd is not None:
        return "is a folder, not a file" if odd.startswith("a folder") else f"is {odd}"
    folder = path.absolute().parent
    while not folder.exists():
        folder = folder.parent
    if not folder.is_dir():
        return f"{folder} is a file, not a folder"
    if not os.access(folder, os.W_OK | os.X_OK):
        return f"{folder} cannot be written to"
    return None
