"""The error log in the user data folder (kiosk operators and bug reports read it)."""

from __future__ import annotations

import logging
from pathlib import Path

LOG = logging.getLogger("speltafel")


def setup_logging(folder: Path) -> Path:
    """Log to ``speltafel.log`` in ``folder``; a later call moves the log to the new folder."""
    path = folder / "speltafel.log"
    for old in [h for h in LOG.handlers if isinstance(h, logging.FileHandler)]:
        if Path(old.baseFilename) == path.resolve():
            return path
        LOG.removeHandler(old)
        old.close()
    try:
        handler = logging.FileHandler(path, encoding="utf-8", delay=True)
    except OSError:
        return path  # an unwritable folder: errors still reach stderr through logging's default
    handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(message)s"))
    LOG.addHandler(handler)
    LOG.setLevel(logging.INFO)
    return path
