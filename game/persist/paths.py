"""Where user data lives: the platform's user data folder unless ``--data-dir`` says otherwise."""

from __future__ import annotations

import errno
import os
import tempfile
from pathlib import Path

import platformdirs


def data_dir(override: str | os.PathLike[str] | None = None) -> Path:
    path = Path(override) if override else Path(platformdirs.user_data_dir("speltafel", False))
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


# ---- paths from the command line, checked at the door (game.cli) ------------------------------
# Each check says what is wrong in one line (``python main.py: --flag PATH: problem``), or None.
# Found here, a problem cannot surface later as a traceback (a --data-dir that is a file), a
# screenshot lost at the end of a run, or a kiosk quietly on its defaults (a --kiosk-config that
# is not there).


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


def file_problem(path: Path) -> str | None:
    """A file to read (``--replay``, ``--kiosk-config``): there, a file, readable."""
    if not path.exists():
        return "no such file"
    if not path.is_file():
        return "is a folder, not a file"
    try:
        with path.open("rb"):
            pass
    except OSError as exc:
        return f"cannot be read ({exc.strerror or exc})"
    return None


def output_file_problem(path: Path) -> str | None:
    """A file to write at the end (``--screenshot``): not a folder, inside a folder that exists
    or can be made, and that we may write to."""
    if path.is_dir():
        return "is a folder, not a file"
    folder = path.absolute().parent
    while not folder.exists():
        folder = folder.parent
    if not folder.is_dir():
        return f"{folder} is a file, not a folder"
    if not os.access(folder, os.W_OK | os.X_OK):
        return f"{folder} cannot be written to"
    return None
