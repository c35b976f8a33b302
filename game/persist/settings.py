"""Player settings, persisted as JSON in the user data folder."""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, fields, replace
from pathlib import Path
from typing import Any

from game.i18n import LANGUAGES
from game.persist.paths import keep_bad, write_atomic

SETTINGS_FILE = "settings.json"
VERSION = 1
ANIMATION_SPEEDS = (0.5, 1.0, 1.5, 2.0, 3.0)
UI_SCALES = (1.0, 1.15, 1.3)  # couch distance and low vision: text and controls grow


@dataclass(frozen=True)
class Settings:
    language: str = "en"
    fullscreen: bool = False
    volume: float = 0.7
    muted: bool = False
    animation_speed: float = 1.0
    # accessibility (issue 9); a file written before these existed loads with the defaults
    high_contrast: bool = False
    ui_scale: float = 1.0
    reduced_motion: bool = False

    def validated(self) -> Settings:
        """Raise ValueError when a value is out of range (a foreign or hand-edited file)."""
        if self.language not in LANGUAGES:
            raise ValueError(f"unknown language {self.language!r}")
        if not isinstance(self.fullscreen, bool):
            raise ValueError("fullscreen must be true or false")
        if not 0.0 <= float(self.volume) <= 1.0:
            raise ValueError("volume must be between 0 and 1")
        if not isinstance(self.muted, bool):
            raise ValueError("muted must be true or false")
        if not 0.25 <= float(self.animation_speed) <= 4.0:
            raise ValueError("animation_speed must be between 0.25 and 4")
        for name in ("high_contrast", "reduced_motion"):
            if not isinstance(getattr(self, name), bool):
                raise ValueError(f"{name} must be true or false")
        if isinstance(self.ui_scale, bool) or float(self.ui_scale) not in UI_SCALES:
            raise ValueError(f"ui_scale must be one of {list(UI_SCALES)}")
        return replace(
            self,
            volume=float(self.volume),
            animation_speed=float(self.animation_speed),
            ui_scale=float(self.ui_scale),
        )


@dataclass(frozen=True)
class Damaged:
    """A settings file that could not be used: where it was kept, and why (for the log)."""

    kept_as: str
    reason: str

    def __str__(self) -> str:
        return f"{SETTINGS_FILE}: {self.reason}; kept as {self.kept_as}"


def load_settings(folder: Path) -> tuple[Settings, Damaged | None]:
    """The saved settings, or the defaults and what was wrong with the file.

    A damaged file is kept as ``settings.json.bad`` and never silently overwritten.
    """
    path = folder / SETTINGS_FILE
    if not path.exists():
        return Settings(), None
    try:
        data: Any = json.loads(path.read_text(encoding="utf-8"))
        if not isinstance(data, dict) or data.get("version") != VERSION:
            raise ValueError("not a Speltafel settings file of a known version")
        known = {f.name for f in fields(Settings)}
        unknown = set(data) - known - {"version"}
        if unknown:
            raise ValueError(f"unknown keys {sorted(unknown)}")
        return Settings(**{k: v for k, v in data.items() if k in known}).validated(), None
    except (ValueError, TypeError, UnicodeDecodeError) as exc:
        return Settings(), Damaged(keep_bad(path).name, str(exc))


def save_settings(folder: Path, settings: Settings) -> None:
    data = {"version": VERSION, **asdict(settings)}
    write_atomic(folder / SETTINGS_FILE, json.dumps(data, indent=2) + "\n")
