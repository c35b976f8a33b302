"""Every game's codes and the protocol's shared checks, without playing a game.

A game lists its refusal and outcome codes as ``StrEnum``s (``Rules.refusals``, ``endings``,
``decisions``); each needs a text in every language. The random games of test_conformance.py
check that the codes the rules give are members of those lists.
"""

from __future__ import annotations

import pytest

from game import i18n
from game.play.registry import plugin
from tests.games_support import knob, shipped

LANGUAGES = ("en", "nl", "de")
GAME_IDS = shipped()


def untranslated(keys: list[str]) -> list[str]:
    """The keys some language has no text for, as ``lang:key``."""
    return [
        f"{lang}:{key}" for lang in LANGUAGES for key in keys if key not in i18n.load_language(lang)
    ]


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_refusal_code_has_a_text_in_every_language(game_id: str) -> None:
    rules = plugin(game_id).rules
    assert len(rules.refusals) > 1
    assert untranslated([f"refusal.{game_id}.{code}" for code in rules.refusals]) == []


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_ending_has_a_text_in_every_language(game_id: str) -> None:
    rules = plugin(game_id).rules
    assert len(rules.endings) > 1
    assert untranslated([f"results.reason.{game_id}_{code}" for code in rules.endings]) == []


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_what_decided_a_game_has_a_text_in_every_language(game_id: str) -> None:
    decisions = plugin(game_id).rules.decisions
    if decisions is None:
        return
    # the results screen's key of what decided: results.reason.<id>_<DECIDED_AFTER><code> (Kap
    # Hoorn's only at the round limit, K15: "rounds_"; the game's own knob)
    after = knob(game_id, "DECIDED_AFTER", "")
    keys = [f"results.reason.{game_id}_{after}{code}" for code in decisions]
    assert untranslated(keys) == []


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_english_sentence_is_of_a_refusal_code(game_id: str) -> None:
    """The developers' sentences (IllegalAction's message; the game's knob ``ENGLISH``) are
    keyed by the game's codes."""
    assert set(knob(game_id, "ENGLISH", {})) <= set(plugin(game_id).rules.refusals)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_a_new_game_checks_variant_seats_and_options(game_id: str) -> None:
    rules = plugin(game_id).rules
    variant = rules.variants()[0]
    with pytest.raises(ValueError, match="unknown variant 'chess'"):
        rules.new_game("chess", variant.min_players, seed=1)
    with pytest.raises(ValueError, match="players"):
        rules.new_game(variant.id, variant.max_players + 1, seed=1)
    with pytest.raises(ValueError, match="unknown options speed"):
        rules.new_game(variant.id, variant.min_players, seed=1, options={"speed": 2})


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_an_option_value_it_does_not_offer_is_refused(game_id: str) -> None:
    rules = plugin(game_id).rules
    for variant in rules.variants():
        for option in variant.options:
            if option.choices and option.applies(variant.min_players):
                with pytest.raises(ValueError, match=f"{option.key} must be one of"):
                    rules.new_game(
                        variant.id, variant.min_players, seed=1, options={option.key: "nonsense"}
                    )


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_a_save_names_its_game_and_version_and_others_are_refused(game_id: str) -> None:
    rules = plugin(game_id).rules
    variant = rules.variants()[0]
    state = rules.new_game(variant.id, variant.min_players, seed=3)
    data = state.to_dict()
    assert data["game"] == game_id and data["version"] == type(state).VERSION
    assert rules.state_from_dict(data) == state
    newer = {**data, "version": type(state).VERSION + 1}
    foreign = {**data, "game": "chess"}
    unversioned = {k: v for k, v in data.items() if k != "version"}
    for broken, message in (
        (newer, f"version {type(state).VERSION + 1} \\(this build reads"),
        (foreign, "this is a save of 'chess'"),
        (unversioned, "version None"),
        ([], "not a JSON object"),
    ):
        with pytest.raises(ValueError, match=message):
            rules.state_from_dict(broken)  # type: ignore[arg-type]
