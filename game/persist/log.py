"""The error log in the user data folder (kiosk operators and bug reports read it).

A kiosk runs all day: with ``max_bytes`` the log is rotated (``speltafel.log`` and one older
``speltafel.log.1``), so a crash loop can never fill the disk.
"""

from __future__ import annotations

import logging
import logging.handlers
from pathlib import Path

LOG = logging.getLogger("speltafel")


def setup_logging(folder: Path, max_bytes: int | None = None) -> Path:
    """Log to ``speltafel.log`` in ``folder``; a later call moves the log to the new folder or
    changes its size limit (``max_bytes``: rotate beyond it, keeping one older file)."""
    path = folder / "speltafel.log"
    for old in [h for h in LOG.handlers if isinstance(h, logging.FileHandler)]:
        limit = getattr(old, "maxBytes", None) or None
        if Path(old.baseFilename) == path.resolve() and limit == max_bytes:
            return path
        LOG.removeHandler(old)
        old.close()
    try:
        handler: logging.FileHandler
        if max_bytes:
            handler = logging.handlers.RotatingFileHandler(
                path, maxBytes=max_bytes, backupCount=1, encoding="utf-8", delay=True
            )
        else:
            handler = logging.FileHandler(path, encoding="utf-8", delay=True)
    except OSError:
        return path  # an unwritable folder: errors still reach stderr through logging's default
    handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(message)s"))
    LOG.addHandler(handler)
    LOG.setLevel(logging.INFO)
    return path
