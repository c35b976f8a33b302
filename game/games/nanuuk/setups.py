"""Nanuuk! free-style set-ups (ruling N29), saved in the user data folder.

Each set-up is one file ``<data_dir>/nanuuk_setups/<name>.toml`` listing, per kind of piece, the
fields it starts on (``fish = ["F3", "F40"]``), the same ``kind -> labels`` table the rules
engine accepts as the ``setup`` option. A file that cannot be read or names unknown fields is
moved aside as ``*.bad`` (never silently overwritten) and reported with a clear message.
"""

from __future__ import annotations

import re
import tomllib
from pathlib import Path
from typing import Any

from game.games.nanuuk.rules.level import BOX, PIECE_KINDS, default_level, setup_from_dict
from game.persist.paths import Unusable, keep_bad, loads_toml, read_text_file, write_atomic
from game.play.plugin import OptionsFileError
from game.protocol.base import LevelError

SETUPS_DIR = "nanuuk_setups"
SUFFIX = ".toml"
NAME_LIMIT = 24
MAX_BYTES = 256 * 1024  # a set-up lists some 30 fields
_UNSAFE = re.compile(r"[^\w\- ]+")
_RESERVED = {"con", "prn", "aux", "nul", *(f"com{i}" for i in range(10))}
_RESERVED |= {f"lpt{i}" for i in range(10)}

HEADER = """\
# Nanuuk! free-style set-up (ruling N29), made with Speltafel's set-up editor.
# Each kind of piece lists the fields it starts on: labels F1, F2, ... of the floe in
# levels/nanuuk/floe.toml. At most one piece per field, none on an igloo; whales and Inuit
# should not lie side by side, and never next to an igloo or a whale next to an Inuk.
"""


class SetupFileError(OptionsFileError):
    """A saved set-up that cannot be used; the message names the file and the problem (for the
    log). ``file`` and ``kept_as`` are the names a screen tells the player."""

    def __init__(self, message: str, kept_as: str = "", file: str = "") -> None:
        super().__init__(message, "setup", kept_as, file)


def option_choices(data_dir: Path, key: str) -> tuple[str, ...] | None:
    """The set-up scene's choices of ``setup``: the printed set-up ("") and the saved ones."""
    return ("", *list_setups(data_dir)) if key == "setup" else None


def resolve_options(data_dir: Path, options: dict[str, Any]) -> dict[str, Any]:
    """The set-up scene's options as the rules take them: a saved set-up's name becomes its
    ``kind -> labels`` table. Raises SetupFileError for a broken saved set-up."""
    name = options.get("setup")
    if isinstance(name, str) and name:
        return {**options, "setup": load_setup(data_dir, name)}
    return options


def setups_dir(data_dir: Path) -> Path:
    return Path(data_dir) / SETUPS_DIR


def safe_name(name: str) -> str:
    """``name`` as a safe file name: letters, digits, spaces, '-' and '_' only; ValueError if
    nothing is left."""
    text = _UNSAFE.sub("_", str(name)).strip(" _")
    text = re.sub(r"\s+", " ", text)[:NAME_LIMIT].strip(" _")
    if not text:
        raise ValueError(f"{name!r} is not usable as a set-up name")
    if text.casefold() in _RESERVED:
        text = f"{text}_"
    return text


def list_setups(data_dir: Path) -> list[str]:
    """The names of the saved set-ups, sorted case-insensitively."""
    folder = setups_dir(data_dir)
    if not folder.is_dir():
        return []
    names = [p.stem for p in folder.glob(f"*{SUFFIX}") if p.is_file()]
    return sorted(names, key=lambda n: (n.casefold(), n))


def _normalise(data: Any, source: str, name: str) -> dict[str, list[str]]:
    """The set-up as ``kind -> labels`` (every kind present); LevelError if it is broken."""
    level = default_level()
    if not isinstance(data, dict):
        raise LevelError(f"{source}: expected a table of piece kinds")
    setup = setup_from_dict(level.floe, data, source, name)
    for kind in PIECE_KINDS:
        if setup.count(kind) > BOX[kind]:
            raise LevelError(
                f"{source}: {kind}: {setup.count(kind)} pieces, but the box holds only {BOX[kind]}"
            )
    return setup.to_dict(level.floe)


def to_toml(setup_dict: dict[str, list[str]]) -> str:
    lines = [HEADER]
    for kind in PIECE_KINDS:
        labels = ", ".join(f'"{label}"' for label in setup_dict.get(kind, []))
        lines.append(f"{kind} = [{labels}]")
    return "\n".join(lines) + "\n"


def save_setup(data_dir: Path, name: str, setup_dict: dict[str, Any]) -> str:
    """Save ``setup_dict`` (kind -> labels) under ``name``; returns the name it was saved as.

    Raises ValueError (a LevelError for unknown fields) when the set-up or name is unusable,
    OSError when the file cannot be written.
    """
    safe = safe_name(name)
    path = setups_dir(data_dir) / f"{safe}{SUFFIX}"
    data = _normalise(setup_dict, f"set-up {safe!r}", safe)
    write_atomic(path, to_toml(data))
    return safe


def delete_setup(data_dir: Path, name: str) -> None:
    (setups_dir(data_dir) / f"{safe_name(name)}{SUFFIX}").unlink(missing_ok=True)


def load_setup(data_dir: Path, name: str) -> dict[str, list[str]]:
    """The saved set-up ``name`` as ``kind -> labels``.

    Raises :class:`SetupFileError` naming the file and the problem. A file that is broken (not
    TOML, unknown kinds or fields, two pieces on a field, more pieces than the box) is moved aside
    as ``<name>.toml.bad`` first, so the list no longer offers it.
    """
    path = setups_dir(data_dir) / f"{safe_name(name)}{SUFFIX}"
    try:  # a FIFO or a folder is refused unopened, deep nesting and long numbers too
        return _normalise(loads_toml(read_text_file(path, MAX_BYTES)), path.name, path.stem)
    except (Unusable, tomllib.TOMLDecodeError, LevelError) as exc:
        problem = _problem(path, exc)
    except OSError as exc:
        raise SetupFileError(
            f"{path}: cannot be read ({exc.strerror or exc})", file=path.name
        ) from None
    try:
        kept = keep_bad(path).name
    except OSError:
        kept = ""
    message = f"{problem}; kept as {kept}" if kept else problem
    raise SetupFileError(message, kept, path.name)


def _problem(path: Path, exc: Exception) -> str:
    if isinstance(exc, tomllib.TOMLDecodeError):
        return f"{path.name}: not valid TOML ({exc})"
    if isinstance(exc, LevelError):
        return str(exc)
    return f"{path.name}: {exc}"  # Unusable: not UTF-8, not a file, nested too deeply, ...
