"""What the Nanuuk! screen says (game/games/nanuuk/log.py): the rules' codes in every language.

The rules refuse with a code and plain parameters (field labels, mover ids, animals) and end with
a reason code; the screen translates them, and never reads the rules' English.
"""

from __future__ import annotations

import pytest

from game import i18n
from game.games.nanuuk import log as talk
from game.games.nanuuk.rules.state import LEGACY_REASONS
from game.games.nanuuk.rules.why import ENGLISH
from game.protocol.base import Outcome, Refusal

LANGUAGES = ("en", "nl", "de")
SAMPLE = {"field": "F12", "mover": "hunter 2", "animal": "walrus", "phase": "crack", "action": "?"}


@pytest.fixture(autouse=True)
def english_after():
    yield
    i18n.set_language("en")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_refusal_the_rules_can_give_is_translated(lang: str) -> None:
    """Also the codes random games rarely reach (variant 2, one crack without variant 1 ...)."""
    i18n.set_language(lang)
    i18n.MISSING.clear()
    for code in ENGLISH:
        text = talk.refusal_text(Refusal(code, SAMPLE))
        assert text and "{" not in text and code not in text, code
    assert i18n.MISSING == set()


def test_a_refusal_names_movers_and_animals_in_the_players_language() -> None:
    i18n.set_language("de")
    assert talk.refusal_text(Refusal("bag_holds", {"animal": "seal"})) == "Schon im Beutel: Robbe."
    i18n.set_language("nl")
    assert talk.refusal_text(Refusal("no_animal", {"animal": "whale"})) == "Hier is geen walvis."
    assert talk.named({"mover": "bear 2", "to": "F3"}) == {"mover": "ijsbeer 2", "to": "F3"}


def test_an_unknown_mover_id_is_shown_as_it_is() -> None:
    assert talk.mover_name(None, "ghost") == "ghost"


def outcome(reason: str, **details: str) -> Outcome:
    return Outcome((1, 0), (0, 1), (0,), reason, details)


def test_the_results_reason_is_the_outcome_code_or_in_the_full_game_what_decided_it() -> None:
    assert talk.reason_key(outcome("partner")) == "nanuuk_partner"
    assert talk.reason_key(outcome("hunt_over", decided_by="equipment")) == "nanuuk_equipment"
    assert talk.reason_text(outcome("no_moves", decided_by="shared")) == (
        "Equal points and equipment: the win is shared."
    )


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_reason_code_and_tie_break_is_translated(lang: str) -> None:
    codes = {*LEGACY_REASONS.values(), "most_points", "equipment", "shared"}
    assert all(f"results.reason.nanuuk_{c}" in i18n.load_language(lang) for c in codes)
