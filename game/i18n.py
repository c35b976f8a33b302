"""The translation layer: every visible string goes through ``tr``.

Strings live in ``assets/translations/<lang>/*.toml``; a table ``[title]`` with key ``play`` in
``menus.toml`` becomes the key ``title.play``. Every text that names a game (``games.<id>.*``,
``setup.variants.<id>.*``, ``rules.<id>.*``, ...) is in that game's own file, which its plugin
names (``GamePlugin.texts``: ``<lang>/<id>.toml`` here for the shipped games); the other files
are shared and name no game. English is the fallback for a missing key, and a
key missing everywhere shows as itself so a gap is visible rather than fatal.

A text that depends on a count is a table of CLDR plural forms, ``{ one = "{n} flag", other =
"{n} flags" }``; which form a count takes comes from the language's CLDR plural rules, through
Babel (``Locale.plural_form``), not from code of ours. The count is the parameter ``n``, or the
one the table names with ``by = "off"``.
"""

from __future__ import annotations

import tomllib
from collections.abc import Iterator
from contextlib import contextmanager
from functools import cache
from importlib.resources.abc import Traversable
from typing import Any

from babel import Locale
from babel.lists import format_list

from game.protocol import catalogue
from game.resources import asset

TRANSLATIONS_DIR = asset("translations")
LANGUAGES = {"en": "English", "nl": "Nederlands", "de": "Deutsch"}
FALLBACK = "en"

PLURAL_FORMS = frozenset({"zero", "one", "two", "few", "many", "other"})  # CLDR's categories
Entry = str | dict[str, str]  # a text, or a text's plural forms (and ``by``)

_tables: dict[tuple[str, tuple[str, ...]], dict[str, Entry]] = {}  # (lang, the games) -> texts
_language = FALLBACK
# Keys ``tr`` was asked for that the current language lacks (English or the key itself was
# shown instead); tests clear and inspect it to prove no screen shows an untranslated string.
MISSING: set[tuple[str, str]] = set()


def is_plural(value: object) -> bool:
    """Whether a TOML value is a text's plural forms (rather than a table of more keys)."""
    return isinstance(value, dict) and "other" in value and set(value) <= PLURAL_FORMS | {"by"}


def _flatten(prefix: str, node: dict[str, Any], out: dict[str, Entry]) -> None:
    for key, value in node.items():
        full = f"{prefix}.{key}" if prefix else key
        if is_plural(value):
            out[full] = {form: str(text) for form, text in value.items()}
        elif isinstance(value, dict):
            _flatten(full, value, out)
        else:
            out[full] = str(value)


def listing(items: list[str], style: str = "standard") -> str:
    """``["Inuk 1", "Inuk 2"]`` -> "Inuk 1 and Inuk 2" / "Inuk 1 und Inuk 2" ("or" style:
    "Inuk 1 oder Inuk 2"): CLDR's list patterns of the current language, through Babel."""
    return str(format_list(items, style=style, locale=_language))  # type: ignore[arg-type]


@cache
def plural_form(lang: str, count: float) -> str:
    """The CLDR plural category of ``count`` in ``lang``: "one", "other", ..."""
    return str(Locale.parse(lang).plural_form(abs(count)))


def shared_files(lang: str) -> list[Traversable]:
    """The files of ``lang`` that belong to no game (each game's own file is its plugin's)."""
    ids = catalogue.games().ids
    folder = TRANSLATIONS_DIR / lang
    names = sorted(p.name for p in folder.iterdir() if p.name.endswith(".toml"))
    return [folder / name for name in names if name.removesuffix(".toml") not in ids()]


def load_language(lang: str) -> dict[str, Entry]:
    """All strings of one language: the shared files, then each game's own."""
    games = catalogue.games()
    key = (lang, games.ids())  # a game registered later (a test's) brings its texts
    if key not in _tables:
        table: dict[str, Entry] = {}
        for file in [*shared_files(lang), *games.texts(lang)]:
            if file.is_file():
                with file.open("rb") as fh:
                    _flatten("", tomllib.load(fh), table)
        _tables[key] = table
    return _tables[key]


def set_language(lang: str) -> None:
    global _language
    _language = lang if lang in LANGUAGES else FALLBACK


def language() -> str:
    return _language


@contextmanager
def speaking(lang: str) -> Iterator[str]:
    """Speak ``lang`` for a moment (a phone's payload in its own language), then the table's
    language again: ``with speaking("nl"): tr(...)``. The same catalogues and plural rules as
    the screen; the game loop is one thread, so nothing else speaks meanwhile."""
    global _language
    before = _language
    set_language(lang)
    try:
        yield _language
    finally:
        _language = before


def has(key: str) -> bool:
    return key in load_language(_language) or key in load_language(FALLBACK)


def tr(key: str, **params: Any) -> str:
    """The string for ``key`` in the current language, with ``{name}`` placeholders filled (a
    text with plural forms in the form its count takes)."""
    lang, entry = _language, load_language(_language).get(key)
    if not entry:
        MISSING.add((_language, key))
        lang, entry = FALLBACK, load_language(FALLBACK).get(key) or key
    if isinstance(entry, dict):
        count = params.get(entry.get("by", "n"), 0)
        form = plural_form(lang, count) if isinstance(count, int | float) else "other"
        entry = entry.get(form) or entry["other"]
    return entry.format(**params) if params else entry
