"""Every string exists in English, Dutch and German with the same placeholders."""

import re
import string

import pytest

from game import i18n

OTHER = [lang for lang in i18n.LANGUAGES if lang != i18n.FALLBACK]


def _fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


@pytest.mark.parametrize("lang", OTHER)
def test_every_key_is_translated(lang):
    english, other = i18n.load_language("en"), i18n.load_language(lang)
    assert sorted(set(english) - set(other)) == []
    assert sorted(set(other) - set(english)) == []


@pytest.mark.parametrize("lang", OTHER)
def test_placeholders_match_english(lang):
    english, other = i18n.load_language("en"), i18n.load_language(lang)
    wrong = [k for k in english if k in other and _fields(english[k]) != _fields(other[k])]
    assert wrong == []


def test_tr_fills_placeholders_and_falls_back_to_english():
    i18n.set_language("de")
    try:
        assert "Einstellungsdatei" in i18n.tr("settings.corrupt", kept_as="x")
        assert i18n.tr("no.such.key") == "no.such.key"
    finally:
        i18n.set_language("en")


def test_no_empty_strings():
    for lang in i18n.LANGUAGES:
        empty = [k for k, v in i18n.load_language(lang).items() if not v.strip()]
        assert empty == [], lang


def test_scene_code_has_no_user_visible_literals():
    """Strings drawn on screen come from tr(): no literal passed to text()/button() in scenes."""
    from pathlib import Path

    pattern = re.compile(
        r"(?:theme\.text|self\.button|self\.label|set_text)\([^)]*?[\"']([A-Za-z][a-z]+ [a-z]+)"
    )
    offenders = []
    for path in Path(i18n.__file__).parent.joinpath("scenes").glob("*.py"):
        offenders += [f"{path.name}: {m}" for m in pattern.findall(path.read_text())]
    assert offenders == []


def test_every_literal_key_in_the_code_exists():
    """A ``tr("some.key")`` in the game's code names a key the translations have."""
    from pathlib import Path

    english = i18n.load_language("en")
    pattern = re.compile(r"""\btr\(\s*["']([a-z0-9_.\-]+)["']""")
    used = {
        f"{path.name}: {key}"
        for path in Path(i18n.__file__).parent.rglob("*.py")
        for key in pattern.findall(path.read_text(encoding="utf-8"))
        if key not in english
    }
    assert sorted(used) == []
