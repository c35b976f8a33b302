"""The translation layer: every visible string goes through ``tr``.

Strings live in ``assets/translations/<lang>/*.toml``; a table ``[title]`` with key ``play`` in
``menus.toml`` becomes the key ``title.play``. English is the fallback for a missing key, and a
key missing everywhere shows as itself so a gap is visible rather than fatal.
"""

from __future__ import annotations

import tomllib
from typing import Any

from game.resources import asset

TRANSLATIONS_DIR = asset("translations")
LANGUAGES = {"en": "English", "nl": "Nederlands", "de": "Deutsch"}
FALLBACK = "en"

_tables: dict[str, dict[str, str]] = {}
_language = FALLBACK
# Keys ``tr`` was asked for that the current language lacks (English or the key itself was
# shown instead); tests clear and inspect it to prove no screen shows an untranslated string.
MISSING: set[tuple[str, str]] = set()


def _flatten(prefix: str, node: dict[str, Any], out: dict[str, str]) -> None:
    for key, value in node.items():
        full = f"{prefix}.{key}" if prefix else key
        if isinstance(value, dict):
            _flatten(full, value, out)
        else:
            out[full] = str(value)


def load_language(lang: str) -> dict[str, str]:
    """All strings of one language, merged from every file in its folder."""
    if lang not in _tables:
        table: dict[str, str] = {}
        folder = TRANSLATIONS_DIR / lang
        for name in sorted(p.name for p in folder.iterdir() if p.name.endswith(".toml")):
            with (folder / name).open("rb") as fh:
                _flatten("", tomllib.load(fh), table)
        _tables[lang] = table
    return _tables[lang]


def set_language(lang: str) -> None:
    global _language
    _language = lang if lang in LANGUAGES else FALLBACK


def language() -> str:
    return _language


def has(key: str) -> bool:
    return key in load_language(_language) or key in load_language(FALLBACK)


def tr(key: str, **params: Any) -> str:
    """The string for ``key`` in the current language, with ``{name}`` placeholders filled."""
    text = load_language(_language).get(key)
    if not text:
        MISSING.add((_language, key))
        text = load_language(FALLBACK).get(key) or key
    return text.format(**params) if params else text
