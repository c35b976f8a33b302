"""Player settings, persisted as JSON in the user data folder."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from game.i18n import LANGUAGES
from game.persist.paths import Unusable, keep_bad, loads_json, read_text_file, write_atomic

SETTINGS_FILE = "settings.json"
VERSION = 1
ANIMATION_SPEEDS = (0.5, 1.0, 1.5, 2.0, 3.0)
MAX_BYTES = 1024 * 1024  # a settings file is some 200 bytes
UI_SCALES = (1.0, 1.15, 1.3)  # couch distance and low vision: text and controls grow
PORTS = (1024, 65535)  # the phones' port: none below 1024 (those need an administrator)


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
    # issue 29: a person's move that ends the game (or loses it for him) is asked first
    confirm_ending: bool = True
    # issue 30: the port the phones' server listens on (``--phones-port`` overrides it)
    phones_port: int = 8765


def _flag(value: Any) -> bool:
    if not isinstance(value, bool):
        raise ValueError(f"{value!r} is not true or false")
    return value


def _between(lo: float, hi: float) -> Callable[[Any], float]:
    def check(value: Any) -> float:
        if isinstance(value, bool) or not isinstance(value, int | float) or not lo <= value <= hi:
            raise ValueError(f"{value!r} is not a number from {lo:g} to {hi:g}")
        return float(value)

    return check


def port_problem(value: Any) -> str | None:
    """Why ``value`` cannot be the phones' port (the settings file and ``--phones-port``)."""
    lo, hi = PORTS
    if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
        return f"{value!r} is not a whole number from {lo} to {hi}"
    return None


def _port(value: Any) -> int:
    problem = port_problem(value)
    if problem is not None:
        raise ValueError(problem)
    return int(value)


def _one_of(choices: Iterable[Any]) -> Callable[[Any], Any]:
    allowed = tuple(choices)

    def check(value: Any) -> Any:
        if isinstance(value, bool) or value not in allowed:
            raise ValueError(f"{value!r} is not one of {list(allowed)}")
        return value

    return check


# One check per key: a bad value costs that key only, never the others.
CHECKS: dict[str, Callable[[Any], Any]] = {
    "language": _one_of(LANGUAGES),
    "fullscreen": _flag,
    "volume": _between(0.0, 1.0),
    "muted": _flag,
    "animation_speed": _between(0.25, 4.0),
    "high_contrast": _flag,
    "ui_scale": lambda v: float(_one_of(UI_SCALES)(v)),
    "reduced_motion": _flag,
    "confirm_ending": _flag,
    "phones_port": _port,
}


@dataclass(frozen=True)
class Damaged:
    """A settings file that could not be used as it was, for the log and a message.

    ``kept_as`` is the name of the ``*.bad`` copy of a file unreadable as a whole; "" when only
    some values were wrong (``keys``: those, now back to their defaults) or the file could not
    be read at all (a permission; the file stays where it is).
    """

    kept_as: str
    reason: str
    keys: tuple[str, ...] = ()

    def __str__(self) -> str:
        where = f"; kept as {self.kept_as}" if self.kept_as else ""
        return f"{SETTINGS_FILE}: {self.reason}{where}"


def load_settings(folder: Path) -> tuple[Settings, Damaged | None]:
    """The saved settings, and what was wrong with the file.

    Keys this version does not know are ignored (a newer Speltafel may have written them); a
    wrong value gets its default, the others are kept. A file unreadable as a whole (not JSON,
    not a settings file, not a file at all) gives the defaults and is kept as
    ``settings.json.bad``, never silently overwritten; a newer version's file is left where it
    is, and so is one that cannot be moved (a read-only folder).
    """
    path = folder / SETTINGS_FILE
    try:
        data: Any = loads_json(read_text_file(path, MAX_BYTES))
    except FileNotFoundError:
        return Settings(), None
    except json.JSONDecodeError as exc:
        return Settings(), _kept_aside(path, f"not JSON ({exc})")
    except Unusable as exc:  # a folder, a FIFO, not UTF-8, nested too deeply, ...
        return Settings(), _kept_aside(path, str(exc))
    except OSError as exc:
        return Settings(), Damaged("", f"could not be read ({exc.strerror or exc})")
    version = data.get("version") if isinstance(data, dict) else None
    if isinstance(version, int) and version > VERSION:
        # a newer Speltafel's file is good, only not for us: it stays where it is
        return Settings(), Damaged("", f"written by a newer Speltafel (version {version})")
    if not isinstance(data, dict) or data.get("version") != VERSION:
        reason = "not a Speltafel settings file of a known version"
        return Settings(), _kept_aside(path, reason)
    return _from_dict(data)


def _kept_aside(path: Path, reason: str) -> Damaged:
    """The damaged file moved aside as ``*.bad``; where it cannot be moved (a read-only
    folder), it stays and the game starts on the defaults all the same."""
    try:
        return Damaged(keep_bad(path).name, reason)
    except OSError as exc:
        return Damaged("", f"{reason}; it could not be moved aside ({exc.strerror or exc})")


def _from_dict(data: dict[str, Any]) -> tuple[Settings, Damaged | None]:
    values: dict[str, Any] = {}
    wrong: dict[str, str] = {}
    for key, check in CHECKS.items():
        if key in data:
            try:
                values[key] = check(data[key])
            except ValueError as exc:
                wrong[key] = f"{key}: {exc}"
    if not wrong:
        return Settings(**values), None
    reason = f"the defaults for {'; '.join(wrong.values())}"
    return Settings(**values), Damaged("", reason, tuple(wrong))


def save_settings(folder: Path, settings: Settings) -> None:
    data = {"version": VERSION, **asdict(settings)}
    write_atomic(folder / SETTINGS_FILE, json.dumps(data, indent=2) + "\n")
