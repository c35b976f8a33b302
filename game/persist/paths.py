"""Where user data lives: the platform's user data folder unless ``--data-dir`` says otherwise."""

from __future__ import annotations

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
