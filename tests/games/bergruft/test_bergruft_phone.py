"""Der Berg ruft's part of a phone's payload (game/games/bergruft/phone.py, issue 30): made from
the seat's own view only, so the guesser's page never holds the caller's number (B7, B18); the
pad's greyed numbers follow the hints (B3); the choices are the rules' legal actions in the TV's
words (B4, B6)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from game import i18n
from game.games.bergruft import phone
from game.games.bergruft.rules import (
    RULES,
    AllowGuess,
    BergState,
    Guess,
    Hint,
    LiftScreen,
    Phase,
    SetFlags,
)


@pytest.fixture(autouse=True)
def english():
    i18n.set_language("en")
    yield
    i18n.set_language("en")


def fresh(players: int = 2) -> BergState:
    names = ("Anna", "Ben", "Cleo", "Dirk")[:players]
    return RULES.new_game("standard", names, seed=3, options={}).with_positions(
        (0,) * players, (1,) * players, caller=0
    )


def turn(number: int, guesses: tuple[int, ...], players: int = 2) -> list[BergState]:
    """Every position of a turn: Anna calls ``number``, Ben guesses ``guesses``, Anna allows
    another guess after each wrong one but the last (the hint the truth gives)."""
    st = fresh(players).apply(SetFlags(0, "Anna", number))
    seen = [st]
    for i, value in enumerate(guesses):
        st = st.apply(Guess(1, "Ben", value))
        seen.append(st)
        if i < len(guesses) - 1:
            st = st.apply(AllowGuess(0, "Anna", Hint.HIGHER if number > value else Hint.LOWER))
            seen.append(st)
    return seen


def everything(view: BergState, seat: int) -> str:
    """All a phone is told by the game's hooks, as the JSON it travels in."""
    told = {"page": phone.page(view, seat), "choices": phone.choices(view, seat),
            "question": phone.question(view, seat)}  # fmt: skip
    return json.dumps(told, sort_keys=True)


# ---- secrecy ------------------------------------------------------------------------------------
def test_the_guessers_page_is_the_same_whatever_the_number_behind_the_screen():
    """Two turns that differ only in the hidden number (11 or 12: the same hints) tell the
    guesser, and a third player watching, exactly the same, position by position."""
    for players, seats in ((2, (1,)), (3, (1, 2))):
        for a, b in zip(turn(11, (5, 8), players), turn(12, (5, 8), players), strict=True):
            assert a.phase in (Phase.GUESS, Phase.DECIDE)
            for seat in seats:
                assert everything(a.view(seat), seat) == everything(b.view(seat), seat)
                assert phone.page(a.view(seat), seat)["number"] is None


def test_the_callers_page_holds_his_number_and_says_only_he_sees_it():
    for st in turn(11, (5, 8)):
        page = phone.page(st.view(0), 0)
        assert page["role"] == "caller" and page["number"] == 11
        assert page["words"]["number"] == "Your number: 11"
        assert page["words"]["private"] == "Only you can see this"


def test_the_number_is_on_every_page_once_the_screen_is_lifted():
    st = turn(15, (0, 1, 2))[-1]  # a third guess off by 13: punish or waive, the screen is up
    assert st.phase is Phase.PUNISH
    for seat in (0, 1):
        page = phone.page(st.view(seat), seat)
        assert page["number"] == 15 and page["lifted"]
    resolved = st.apply(st.legal_actions()[0])
    last = phone.page(resolved.view(1), 1)["last"]
    assert last["number"] == 15 and last["guesses"] == [0, 1, 2] and not last["guessed"]


# ---- the pad ------------------------------------------------------------------------------------
def test_the_pad_greys_what_the_hints_rule_out():
    st = fresh().apply(SetFlags(0, "Anna", 9)).apply(Guess(1, "Ben", 5))
    st = st.apply(AllowGuess(0, "Anna", Hint.HIGHER)).apply(Guess(1, "Ben", 13))
    st = st.apply(AllowGuess(0, "Anna", Hint.LOWER))  # B3: the guess must lie in 6..12
    page = phone.page(st.view(1), 1)
    assert page["excluded"] == [0, 1, 2, 3, 4, 5, 13, 14, 15]
    assert page["guesses"] == [5, 13] and page["hints"] == ["higher", "lower"]
    assert page["words"]["range"] == "6 – 12"
    choices = phone.choices(st.view(1), 1)
    assert [c["value"] for c in choices] == list(range(6, 13))
    assert {c["kind"] for c in choices} == {"guess"} and choices[0]["label"] == "Guess 6"
    assert phone.question(st.view(1), 1) == "Ben, how many flags are up? Lower than 13!"
    assert phone.choices(st.view(0), 0) == []  # not the caller's turn


def test_the_caller_sets_0_to_15_flags_in_words_with_plurals():
    st = fresh()
    choices = phone.choices(st.view(0), 0)
    assert [c["value"] for c in choices] == list(range(16))
    assert [c["label"] for c in choices[:3]] == ["Set 0 flags", "Set 1 flag", "Set 2 flags"]
    assert choices[7]["action"] == {"type": "set_flags", "seat": 0, "flags": 7}
    assert phone.question(st.view(0), 0) == "Anna, how many flags? Pick 0–15."
    assert phone.question(st.view(1), 1) == "Anna sets the flags…"
    assert phone.page(st.view(0), 0)["words"]["confirm"] == "Set"  # the pad's button
    guessing = st.apply(SetFlags(0, "Anna", 7)).view(1)
    assert phone.page(guessing, 1)["words"]["confirm"] == "Guess"


# ---- the caller's answers -----------------------------------------------------------------------
def labels(view: BergState, seat: int) -> list[tuple[str, str]]:
    return [(c["kind"], c["label"]) for c in phone.choices(view, seat)]


def test_after_a_wrong_guess_the_caller_allows_with_the_true_hint_or_lifts():
    st = turn(11, (5,))[-1]
    assert labels(st.view(0), 0) == [
        ("allow_guess", "Another guess: “higher!”"),
        ("lift_screen", "Lift the screen"),
    ]
    assert phone.question(st.view(0), 0) == "Ben guessed 5 – wrong. Your number is higher."
    assert phone.page(st.view(0), 0)["summit_rule"] == ""
    assert phone.question(st.view(1), 1) == "Anna decides…"  # the guesser learns no hint yet


def test_the_summit_rule_leaves_only_another_guess_and_says_why():
    """B6: a first wrong guess whose difference would take the caller's Peter to the summit
    while his Heidi stands below step 14."""
    st = fresh().with_positions((3, 0), (12, 1), caller=0)
    st = st.apply(SetFlags(0, "Anna", 15)).apply(Guess(1, "Ben", 0))
    assert not st.may_lift_screen()
    assert labels(st.view(0), 0) == [("allow_guess", "Another guess: “higher!”")]
    assert phone.page(st.view(0), 0)["summit_rule"] == (
        "Summit rule: your Heidi is too low, allow another guess.")  # fmt: skip
    assert phone.page(st.view(1), 1)["summit_rule"] == ""


def test_a_third_guess_far_off_asks_the_caller_to_punish_or_waive():
    st = turn(15, (0, 1, 2))[-1]
    assert labels(st.view(0), 0) == [
        ("punish", "Climb 3 and punish Ben"), ("waive", "Waive: climb all 13 steps")]  # fmt: skip


def test_a_lift_screen_choice_is_the_rules_own_action():
    st = turn(11, (5,))[-1]
    lift = phone.choices(st.view(0), 0)[1]["action"]
    assert st.action_from_dict(lift) == LiftScreen(0, "Anna", 11)


# ---- the mountain and the words -----------------------------------------------------------------
def test_the_pairs_on_the_mountain_are_the_public_positions():
    st = fresh(3).with_positions((3, 0, 2), (6, 1, 4), caller=2)
    page = phone.page(st.view(1), 1)
    assert page["role"] == "watcher" and page["caller"] == 2 and page["guesser"] == 0
    assert page["words"]["role"] == "Cleo calls, Anna guesses."
    pairs: list[dict[str, Any]] = page["pairs"]
    assert [(p["heidi"], p["peter"], p["free"]) for p in pairs] == [(3, 6, 2), (0, 1, 0), (2, 4, 1)]
    assert [p["avalanche"] for p in pairs] == [st.avalanche(s) for s in range(3)]
    assert page["summit"] == 17


def test_the_page_speaks_the_language_it_is_made_in():
    i18n.set_language("de")
    st = turn(11, (5,))[-1]
    page = phone.page(st.view(0), 0)
    assert page["words"]["number"] == "Deine Zahl: 11"
    assert labels(st.view(0), 0)[0] == ("allow_guess", "Noch ein Tipp: „höher!“")
    assert phone.choices(fresh().view(0), 0)[1]["label"] == "1 Fähnchen setzen"


def test_at_the_end_the_last_screen_stays_lifted_and_nobody_calls():
    st = fresh().with_positions((13, 0), (16, 1), caller=0)
    st = st.apply(SetFlags(0, "Anna", 15)).apply(Guess(1, "Ben", 0))
    st = st.apply(AllowGuess(0, "Anna", Hint.HIGHER)).apply(Guess(1, "Ben", 1))
    st = st.apply(AllowGuess(0, "Anna", Hint.HIGHER)).apply(Guess(1, "Ben", 2))
    over = st.apply(st.legal_actions()[0])  # capped at 3: Anna's Peter reaches the summit
    assert over.is_over()
    for seat in (0, 1):
        page = phone.page(over.view(seat), seat)
        assert page["phase"] == "over" and page["role"] == "watcher"
        assert page["words"]["number"] == "15 flags!" and page["words"]["role"] == ""
        assert phone.choices(over.view(seat), seat) == []
        assert phone.question(over.view(seat), seat) == "Counting the avalanches…"
