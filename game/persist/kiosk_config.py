"""The kiosk configuration, ``kiosk.toml`` in the data folder (``python main.py --kiosk``).

The operator of a game event edits this file by hand, so every key is checked (type, range, known
games, variants, AI levels, languages, key names) and an unknown key is reported too: a typo must
not silently fall back to a default nobody notices. The file is the operator's: it is never
moved, renamed or written. A wrong value gives the default for that key only (a wrong list of one
game's variants, that game's default list), and an unknown key is ignored; a file that cannot be
read as a whole (not TOML, not UTF-8, no access) gives the defaults for every key. Either way the
problem, naming the key, goes to the log and the admin menu, never to the visitors' screens. A
missing file is not a problem: it gives the defaults. ``KioskConfig().to_toml()`` is the example
file, every key with its default and what it means for the games installed; ``python -m
game.tools.kiosk_example > kiosk.toml`` writes it (the repository keeps no copy, which a new
game would have to change).
"""

from __future__ import annotations

import json
import re
import tomllib
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, fields, replace
from pathlib import Path
from typing import Any

from game.i18n import LANGUAGES
from game.persist.paths import loads_toml, read_text_file
from game.protocol import catalogue

KIOSK_FILE = "kiosk.toml"
MAX_BYTES = 1024 * 1024  # the example with every key is some 3 kB

# Held together with at least one other key, these open the admin menu; either side counts.
MODIFIER_KEYS: tuple[str, ...] = ("ctrl", "shift", "alt")
# Names as ``pygame.key.name()`` gives them, so ``pygame.key.key_code(name)`` finds the key.
PLAIN_KEYS: tuple[str, ...] = (
    tuple("abcdefghijklmnopqrstuvwxyz") + tuple("0123456789") + tuple(f"f{i}" for i in range(1, 13))
)
ADMIN_KEY_NAMES: frozenset[str] = frozenset(MODIFIER_KEYS + PLAIN_KEYS)
ADMIN_CHORD = (2, 4)  # keys in the chord: at least two, so one stray key press never opens it
PIN_DIGITS = (4, 8)
_PIN = re.compile(r"[0-9]+")
NO_PIN = ""  # admin_pin's default: no PIN of the operator's, so the kiosk makes one at each start
# The example PIN that earlier versions' README and kiosk.example.toml showed: anybody may know
# it, and copies of that example are still about, so it is refused like a malformed PIN.
PUBLISHED_PINS = frozenset({"2468"})

# Allowed ranges (inclusive) of the numbers; README's kiosk section lists the same figures.
RANGES: dict[str, tuple[float, float]] = {
    "display": (0, 15),
    "attract_after_s": (5.0, 3600.0),
    "idle_in_game_s": (10.0, 7200.0),
    "still_playing_s": (3.0, 300.0),
    "admin_hold_s": (1.0, 30.0),
    "demo_speed": (0.25, 10.0),
    "max_log_mb": (0.1, 1024.0),
}


def _default_variants() -> dict[str, tuple[str, ...]]:
    return catalogue.games().demo_variants()


def _game_ids() -> tuple[str, ...]:
    return catalogue.games().ids()


def _levels_of(games: tuple[str, ...]) -> tuple[str, ...]:
    """The bot levels any of ``games`` has, each once, in the games' own orders."""
    found = (level for game in games for level in catalogue.games().levels(game))
    return tuple(dict.fromkeys(found))


@dataclass(frozen=True)
class KioskConfig:
    display: int = 0
    attract_after_s: float = 60.0
    idle_in_game_s: float = 180.0
    still_playing_s: float = 20.0
    games: tuple[str, ...] = field(default_factory=_game_ids)
    variants: dict[str, tuple[str, ...]] = field(default_factory=_default_variants)
    ai_levels: tuple[str, ...] = ("easy", "normal")
    languages: tuple[str, ...] = ("en", "nl", "de")
    attract_sound: bool = False
    admin_keys: tuple[str, ...] = ("ctrl", "shift", "k")
    admin_hold_s: float = 3.0
    admin_pin: str = NO_PIN  # no PIN is built in: see game.kiosk.gate.pin_in_force
    demo_speed: float = 1.0
    max_log_mb: float = 5.0
    phones: bool = False  # issue 30: visitors may play from their phones (a server on the LAN)

    def to_toml(self) -> str:
        """This configuration as a commented ``kiosk.toml`` that loads back to it exactly."""
        lines = [HEADER]
        for f in fields(self):
            if f.name != "variants":
                lines += [*_comment(f.name), f"{f.name} = {_toml_value(getattr(self, f.name))}", ""]
        lines += [*_comment("variants"), "[variants]"]
        lines += [f"{game} = {_toml_value(ids)}" for game, ids in self.variants.items()]
        return "\n".join(lines) + "\n"


HEADER = """\
# Speltafel kiosk configuration (python main.py --kiosk), read from kiosk.toml in the data
# folder. Every key is optional; a missing key keeps the default shown here. A wrong value keeps
# the default of that key only and an unknown key is ignored; the admin menu and speltafel.log
# name them. Speltafel never changes, moves or renames this file.
"""

DOCS: dict[str, str] = {
    "display": "Which display to go fullscreen on (0 = the first; 0-15).",
    "attract_after_s": "Idle seconds on the title screen before demo games start (5-3600).",
    "idle_in_game_s": (
        "Seconds without human input in a game before 'Still playing?' is asked (10-7200; more "
        "than attract_after_s)."
    ),
    "still_playing_s": "The countdown of 'Still playing?' in seconds (3-300).",
    "games": (
        "Games offered to visitors and shown in attract mode, in rotation order (any of "
        "{games}; each at most once)."
    ),
    "ai_levels": (
        "AI levels offered to visitors (any of {levels}; a game offers those of them it has)."
    ),
    "languages": (f"Language flags shown on the title (any of {', '.join(LANGUAGES)})."),
    "attract_sound": "Play sound during demo games (true or false).",
    "admin_keys": (
        "The key chord held to open the admin menu: 2-4 different keys, at least one of ctrl, "
        "shift, alt; the others a-z, 0-9 or f1-f12."
    ),
    "admin_hold_s": "How long the admin chord must be held, in seconds (1-30).",
    "admin_pin": (
        "The admin PIN: 4-8 digits, best in quotes (a number without quotes counts as its "
        "digits, but TOML refuses one with a leading zero). Empty: no PIN is built in, so the "
        "kiosk makes a one-time PIN of 6 digits at every start (with --supervise, once per "
        "supervisor run), prints it on the terminal and writes it to speltafel.log, never on the "
        "screen. On a touch screen: tap the four corners clockwise from the top left, then type "
        "the PIN."
    ),
    "demo_speed": "Game-time multiplier of demo games (0.25-10; 2 = twice as fast).",
    "max_log_mb": "The error log speltafel.log is rotated beyond this size in MB (0.1-1024).",
    "phones": (
        "Offer visitors the set-up's Phones choice: each person plays from a phone's browser, "
        "joined by a QR code (true or false). The game then listens on the network (the "
        "settings' phones_port, 8765 by default); leave it off on a network you do not trust."
    ),
    "variants": (
        "Per game, the variants offered to visitors and used in attract mode. A game left out "
        "keeps its default list."
    ),
}


def _comment(key: str) -> list[str]:
    """``DOCS[key]`` as comment lines of at most 100 characters, with the default appended."""
    default = getattr(KioskConfig(), key)
    if key == "variants":
        shown = ", ".join(f"{g} = {_toml_value(ids)}" for g, ids in default.items())
    else:
        shown = _toml_value(default)
    text = DOCS[key].replace("{games}", ", ".join(_game_ids()))
    text = text.replace("{levels}", ", ".join(_levels_of(_game_ids())))
    words = f"{text} Default: {shown}".split()
    lines: list[str] = []
    for word in words:
        if lines and len(lines[-1]) + 1 + len(word) <= 100:
            lines[-1] += " " + word
        else:
            lines.append("# " + word)
    return lines


def _toml_value(value: Any) -> str:
    """One TOML value; the config holds only booleans, numbers, strings and lists of strings."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | float):
        return repr(value)
    if isinstance(value, str):
        return json.dumps(value)  # a TOML basic string uses the same escapes
    return "[" + ", ".join(_toml_value(v) for v in value) + "]"


@dataclass(frozen=True)
class Damaged:
    """A data file that could not be used as it was: which, why, where it was kept (the log, the
    admin screen).

    ``kept_as`` is the full path of the ``*.bad`` copy, or "" when nothing was moved aside;
    ``keys`` names the keys that fell back to their defaults when the rest of the file was used.
    """

    file: str
    reason: str
    kept_as: str = ""
    keys: tuple[str, ...] = ()

    def __str__(self) -> str:
        where = f"; kept as {self.kept_as}" if self.kept_as else ""
        return f"{self.file}: {self.reason}{where}"


class KioskConfigError(ValueError):
    """One wrong key of ``kiosk.toml``: the message is ``key: problem``."""

    def __init__(self, key: str, problem: str) -> None:
        super().__init__(f"{key}: {problem}")
        self.key = key


def load_kiosk_config(folder: Path, path: Path | None = None) -> tuple[KioskConfig, Damaged | None]:
    """The kiosk configuration, and what was wrong with the file (None: nothing).

    ``path`` None means ``folder / "kiosk.toml"``. A missing file gives the defaults and no
    problem. The file is only ever read.
    """
    path = folder / KIOSK_FILE if path is None else Path(path)
    try:
        data = _read_toml(path)
    except FileNotFoundError:
        return KioskConfig(), None
    except ValueError as exc:  # not TOML, not UTF-8, a FIFO or a folder, nested too deeply
        return KioskConfig(), Damaged(path.name, f"{exc}; every key uses its default")
    except OSError as exc:
        reason = f"could not be read ({exc.strerror or exc}); every key uses its default"
        return KioskConfig(), Damaged(path.name, reason)
    config, problems = parse_kiosk_config(data)
    if not problems:
        return config, None
    reason = "; ".join(map(str, problems))
    return config, Damaged(path.name, reason, keys=tuple(p.key for p in problems))


def _read_toml(path: Path) -> dict[str, Any]:
    """The file's TOML; whatever it holds or is, a ValueError saying what is wrong with it
    (``game.persist.paths.read_text_file``: a FIFO is never opened, no file is moved)."""
    try:
        return loads_toml(read_text_file(path, MAX_BYTES))
    except tomllib.TOMLDecodeError as exc:
        raise ValueError(f"not valid TOML: {exc}") from None


def parse_kiosk_config(data: Mapping[str, Any]) -> tuple[KioskConfig, list[KioskConfigError]]:
    """A ``KioskConfig`` from parsed TOML, and its wrong keys: each has its default instead."""
    problems: list[KioskConfigError] = []
    values: dict[str, Any] = {}
    known = [f.name for f in fields(KioskConfig)]
    for key in data:
        if key not in known:
            problems.append(
                KioskConfigError(key, f"unknown key, ignored (known: {', '.join(known)})")
            )
    for key, check in _CHECKS.items():
        if key in data:
            try:
                values[key] = check(key, data[key])
            except KioskConfigError as exc:
                problems.append(exc)
    if "variants" in data:
        values["variants"] = _variants(data["variants"], problems)
    if "ai_levels" in data:  # after the games: checked against the levels they have
        try:
            games = values.get("games") or _game_ids()
            values["ai_levels"] = _levels("ai_levels", data["ai_levels"], games)
        except KioskConfigError as exc:
            problems.append(exc)
    config = KioskConfig(**values)
    if config.idle_in_game_s <= config.attract_after_s:
        problems.append(
            KioskConfigError(
                "idle_in_game_s",
                f"{config.idle_in_game_s:g} must be more than attract_after_s "
                f"({config.attract_after_s:g})",
            )
        )
        config = _idle_default(config)
    return config, problems


def _idle_default(config: KioskConfig) -> KioskConfig:
    """The default idle time in a game; with an attract time as long, that one's default too."""
    config = replace(config, idle_in_game_s=KioskConfig.idle_in_game_s)
    if config.idle_in_game_s <= config.attract_after_s:
        config = replace(config, attract_after_s=KioskConfig.attract_after_s)
    return config


def _number(key: str, value: Any) -> float:
    lo, hi = RANGES[key]
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise KioskConfigError(key, f"{value!r} is not a number")
    if not lo <= value <= hi:
        raise KioskConfigError(key, f"{value!r} is outside {lo:g}-{hi:g}")
    return float(value)


def _integer(key: str, value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise KioskConfigError(key, f"{value!r} is not a whole number")
    return int(_number(key, value))


def _bool(key: str, value: Any) -> bool:
    if not isinstance(value, bool):
        raise KioskConfigError(key, f"{value!r} is not true or false")
    return value


def _ids(key: str, value: Any, known: tuple[str, ...], what: str) -> tuple[str, ...]:
    """A non-empty list of distinct ids, each one of ``known``."""
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise KioskConfigError(key, f"{value!r} is not a list of {what}s in quotes")
    if not value:
        raise KioskConfigError(key, f"the list is empty (give at least one {what})")
    for v in value:
        if v not in known:
            raise KioskConfigError(key, f"unknown {what} {v!r} (known: {', '.join(known)})")
    if len(set(value)) != len(value):
        raise KioskConfigError(key, f"a {what} is listed twice in {value!r}")
    return tuple(value)


def _games(key: str, value: Any) -> tuple[str, ...]:
    return _ids(key, value, _game_ids(), "game")


def _levels(key: str, value: Any, games: tuple[str, ...]) -> tuple[str, ...]:
    """The levels offered, each one some of the kiosk's ``games`` has (the levels come from
    the games' plugins: a level that none of them has is a typo, or a game left out)."""
    known = _levels_of(games)
    if not known:
        raise KioskConfigError(key, f"none of the kiosk's games ({', '.join(games)}) has bots")
    return _ids(key, value, known, "AI level")  # "known": the levels those games have


def _languages(key: str, value: Any) -> tuple[str, ...]:
    return _ids(key, value, tuple(LANGUAGES), "language")


def _variants(value: Any, problems: list[KioskConfigError]) -> dict[str, tuple[str, ...]]:
    """The ``[variants]`` table merged over the defaults: a game it lists right gets exactly that
    list; a game listed wrong keeps its default list (and a problem is added)."""
    merged = _default_variants()
    if not isinstance(value, dict):
        problems.append(
            KioskConfigError("variants", f"{value!r} is not a table of game = [variants]")
        )
        return merged
    for game, ids in value.items():
        if game not in _game_ids():
            known = ", ".join(_game_ids())
            problems.append(
                KioskConfigError(f"variants.{game}", f"unknown game {game!r} (known: {known})")
            )
            continue
        variants = tuple(v.id for v in catalogue.games().rules_for(game).variants())
        try:
            merged[game] = _ids(f"variants.{game}", ids, variants, "variant")
        except KioskConfigError as exc:
            problems.append(exc)
    return merged


def _admin_keys(key: str, value: Any) -> tuple[str, ...]:
    lo, hi = ADMIN_CHORD
    names = _ids(key, value, tuple(sorted(ADMIN_KEY_NAMES, key=_key_order)), "key")
    if not lo <= len(names) <= hi:
        raise KioskConfigError(key, f"{len(names)} keys; the chord needs {lo}-{hi}")
    if not set(names) & set(MODIFIER_KEYS):
        raise KioskConfigError(key, f"the chord needs one of {', '.join(MODIFIER_KEYS)}")
    return names


def _key_order(name: str) -> tuple[int, int, str]:
    """Modifiers, letters, digits, then f1-f12 in number order (for a readable message)."""
    if name in MODIFIER_KEYS:
        return (0, MODIFIER_KEYS.index(name), name)
    return (1, PLAIN_KEYS.index(name), name)


def is_pin(text: str) -> bool:
    """4-8 digits: what the PIN pad can type and a PIN may be."""
    lo, hi = PIN_DIGITS
    return bool(_PIN.fullmatch(text)) and lo <= len(text) <= hi


def _pin(key: str, value: Any) -> str:
    """The operator's PIN, or ``NO_PIN`` for an empty one (the kiosk then makes its own)."""
    lo, hi = PIN_DIGITS
    if isinstance(value, int) and not isinstance(value, bool):
        # admin_pin = 7391 without quotes: the digits the operator typed (TOML allows no
        # leading zero in an integer, so 0123 never gets this far; a negative one is refused).
        value = str(value)
    if not isinstance(value, str):
        raise KioskConfigError(key, f"{value!r} must be {lo}-{hi} digits in quotes")
    if value == NO_PIN:
        return NO_PIN
    if not is_pin(value):
        raise KioskConfigError(key, f"{value!r} is not {lo}-{hi} digits")
    if value in PUBLISHED_PINS:
        known = "is the example PIN of Speltafel's README, known to anybody; choose your own"
        raise KioskConfigError(key, f"{value!r} {known}")
    return value


_CHECKS: dict[str, Callable[[str, Any], Any]] = {
    "display": _integer,
    "attract_after_s": _number,
    "idle_in_game_s": _number,
    "still_playing_s": _number,
    "games": _games,
    "languages": _languages,
    "attract_sound": _bool,
    "admin_keys": _admin_keys,
    "admin_hold_s": _number,
    "admin_pin": _pin,
    "demo_speed": _number,
    "max_log_mb": _number,
    "phones": _bool,
}


