"""The player's files: the data folder, the log, and telling the player a write that failed."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from game.i18n import tr
from game.persist.log import LOG
from game.persist.paths import write_failure


@dataclass(frozen=True)
class Files:
    data_dir: Path
    log_path: Path
    tell: Callable[[str, float], None]  # a toast: (text, seconds)

    def not_written(self, message: str, exc: OSError) -> None:
        """A file could not be written: the log gets the system's words and the path, the
        player what happened and what to do about it (``message`` takes ``why``)."""
        LOG.warning("%s: %s", message, exc)
        self.tell(tr(message, why=tr(f"files.{write_failure(exc)}")), 6.0)
