"""Field names no longer read like player names (issue 18, item 1): a log line that names a
field of the chart says "field" before its label ("sails north to field P2", not "to P2", which
reads like "player 2"), in every language."""

from __future__ import annotations

import pytest

from game import i18n
from game.i18n import LANGUAGES

FIELD_WORD = {"en": "field", "de": "Feld", "nl": "veld"}
PARAMS = {"wind": "gale", "direction": "north", "to": "P2", "name": "Anna"}


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("key", ["play", "replace", "sail", "ignore"])
def test_a_field_in_the_log_is_called_a_field(language, key):
    i18n.set_language(language)
    try:
        assert f"{FIELD_WORD[language]} P2" in i18n.tr(f"kaphoorn.log.{key}", **PARAMS)
    finally:
        i18n.set_language("en")
