"""Every string exists in English, Dutch and German with the same placeholders."""

import re
import string

import pytest

from game import i18n

OTHER = [lang for lang in i18n.LANGUAGES if lang != i18n.FALLBACK]


def _fields(entry) -> set[str]:
    """The placeholders of a text (of every plural form of one)."""
    texts = [v for k, v in entry.items() if k != "by"] if isinstance(entry, dict) else [entry]
    return {name for text in texts for _, name, _, _ in string.Formatter().parse(text) if name}


def _texts(entry) -> list[str]:
    return [v for k, v in entry.items() if k != "by"] if isinstance(entry, dict) else [entry]


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
        table = i18n.load_language(lang)
        empty = [k for k, v in table.items() if not all(text.strip() for text in _texts(v))]
        assert empty == [], lang


def test_scene_code_has_no_user_visible_literals():
    """Strings drawn on screen come from tr(): no literal passed to text()/button() in scenes."""
    from pathlib import Path

    pattern = re.compile(
        r"(?:theme\.text|self\.button|self\.label|set_text)\([^)]*?[\"']([A-Za-z][a-z]+ [a-z]+)"
    )
    offenders = []
    game = Path(i18n.__file__).parent
    scenes = [*game.joinpath("menus").glob("*.py"), *game.joinpath("kiosk").glob("*.py"),
              *game.joinpath("play").rglob("*.py"), *game.glob("games/*/scene.py"),
              *game.glob("games/*/editor.py"), *game.glob("games/*/view/*.py")]  # fmt: skip
    assert len(scenes) > 30
    for path in scenes:
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


# ---- plural forms (CLDR rules, through Babel) -------------------------------------------------
@pytest.mark.parametrize("lang", list(i18n.LANGUAGES))
def test_every_plural_text_has_each_form_its_language_needs(lang):
    from babel import Locale

    needed = set(Locale.parse(lang).plural_form.tags) | {"other"}
    plurals = {k: v for k, v in i18n.load_language(lang).items() if isinstance(v, dict)}
    assert len(plurals) >= 25
    wrong = {k: sorted(set(v) - {"by"}) for k, v in plurals.items() if set(v) - {"by"} != needed}
    assert wrong == {}
    english = i18n.load_language("en")
    assert all(isinstance(english[k], dict) for k in plurals)  # plural in every language alike
    assert all(v.get("by", "n") in _fields(v) for v in plurals.values())


@pytest.mark.parametrize(
    ("lang", "key", "params", "shown"),
    [
        ("en", "bergruft.screen.flags", {"n": 1}, "1 flag!"),
        ("en", "bergruft.screen.flags", {"n": 0}, "0 flags!"),
        ("en", "nanuuk.sheet.points", {"n": 1}, "1 point"),
        ("en", "bergruft.log.guessed", dict(name="Al", k=2, n=1), "Al guessed it in 2: +1 step"),
        ("en", "results.footer", {"turns": 1, "seed": 7}, "1 turn  ·  game number 7"),
        ("nl", "nanuuk.sheet.points", {"n": 1}, "1 punt"),
        ("nl", "nanuuk.sheet.points", {"n": 2}, "2 punten"),
        ("de", "kaphoorn.pile", {"n": 1}, "1 Karte"),
        ("de", "kaphoorn.pile", {"n": 5}, "5 Karten"),
        ("de", "bergruft.card.stones", {"n": 1}, "1 Stein"),
    ],
)  # fmt: skip
def test_a_count_takes_its_plural_form(lang, key, params, shown):
    i18n.set_language(lang)
    try:
        assert i18n.tr(key, **params) == shown
    finally:
        i18n.set_language("en")


def test_no_english_count_text_is_left_without_its_singular():
    """'{n} flags' as a plain text would show '1 flags': a text with a count and a plural noun
    after it is a plural table (a number that is not a count, like 'Player {n}', is not)."""
    english = i18n.load_language("en")
    plain = {k: v for k, v in english.items() if isinstance(v, str)}
    count = r"\{(?:n|count|off|turns|free|total)\}"
    counted = re.compile(count + r" (?:more |free )?(?!is|has|wins)[a-z]+s\b")
    found = sorted(k for k, v in plain.items() if counted.search(v))
    always_many = ["bergruft.punish.waive", "editor.heading", "editor.msg.unused",
                   "guide.bergruft.waive"]  # off by 4 or more; 2 players or more  # fmt: skip
    assert found == always_many


def test_players_never_read_a_ruling_id():
    """Rulings (N9, K4, B19) are ours, for the code and docs/rules; the screen says the rule."""
    ruling = re.compile(r"\b[NKB]\d{1,2}\b")
    for lang in i18n.LANGUAGES:
        found = [k for k, v in i18n.load_language(lang).items()
                 if any(ruling.search(text) for text in _texts(v))]  # fmt: skip
        assert found == [], lang


def _games_named(key: str, games: tuple[str, ...]) -> set[str]:
    """The games a key names: a part that is a game's id, or starts with it and "_"
    (``results.reason.bergruft_summit``)."""
    return {g for part in key.split(".") for g in games if part == g or part.startswith(g + "_")}


def _keys(file) -> set[str]:
    import tomllib

    table: dict = {}
    with file.open("rb") as fh:
        i18n._flatten("", tomllib.load(fh), table)
    return set(table)


@pytest.mark.parametrize("lang", list(i18n.LANGUAGES))
def test_no_shared_text_file_names_a_game(lang):
    """A game's texts are all in its own file: adding a game touches no shared one."""
    from game.play.registry import ids

    files = i18n.shared_files(lang)
    assert len(files) > 5
    named = [f"{file.name}: {key}" for file in files for key in sorted(_keys(file))
             if _games_named(key, ids())]  # fmt: skip
    assert named == []


@pytest.mark.parametrize("lang", list(i18n.LANGUAGES))
def test_a_games_text_file_names_no_other_game(lang):
    from game.play.registry import games, ids

    for game in games():
        others = tuple(g for g in ids() if g != game.id)
        named = sorted(key for key in _keys(game.texts(lang)) if _games_named(key, others))
        assert named == [], game.id
