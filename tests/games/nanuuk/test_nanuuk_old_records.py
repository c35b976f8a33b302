"""Nanuuk! replays written before the outcome's reason became a code (issue 17, step 2) still load.

``records/nanuuk-*-60bcf96.json`` were written by the code of commit 60bcf96, whose stored final
state says how the game ended in an English sentence ("...; the tie broken by equipment"); today
the state holds a code (``hunt_over``) and the outcome the tie-break (``decided_by``).
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from game.games.nanuuk.rules import RULES, NanuukState
from game.play import saves

RECORDS = Path(__file__).parent / "records"
# file -> (the sentence it stores, the code it is read as, what decided the full game)
OLD_RECORDS = {
    "nanuuk-full-60bcf96.json": (
        "every hunter is home or stranded (N26); the tie broken by equipment",
        "hunt_over",
        {"decided_by": "equipment"},
    ),
    "nanuuk-intro-60bcf96.json": ("the last hunter able to move", "last_hunter", {}),
}
# every reason the engine of 60bcf96 wrote, and its code now
OLD_SENTENCES = {
    "the last hunter able to move": "last_hunter",
    "a hunter of the loser is enclosed (N13)": "two_player_enclosed",
    "the partner of the enclosed hunter wins": "partner",
    "whose left neighbour is enclosed first wins (N14)": "left_neighbour",
    "whose right neighbour is enclosed first wins (N14)": "right_neighbour",
    "the opponent's polar bear is enclosed (N15)": "bear_enclosed",
    "the polar bear is enclosed (N16)": "inuit_win",
    "an Inuk is enclosed (N16)": "bear_wins",
    "the last Inuk able to move wins the fur (N16 d)": "fur",
    "his Inuk is enclosed (N18)": "inuk_enclosed",
    "every hunter is home or stranded (N26); most points": "hunt_over",
    "every hunter is home or stranded (N26); a shared win": "hunt_over",
    "no hunter can move any more (N31); the tie broken by equipment": "no_moves",
}


@pytest.mark.parametrize("name", sorted(OLD_RECORDS))
def test_a_replay_written_before_the_reason_codes_loads_and_replays(name: str) -> None:
    sentence, code, details = OLD_RECORDS[name]
    path = RECORDS / name
    assert json.loads(path.read_text())["final"]["turn"]["reason"] == sentence  # the old form
    record = saves.load(path)
    assert record.kind == "replay" and record.finished
    state = saves.rebuild(record.config, list(record.moves))
    outcome = state.outcome()
    assert outcome is not None and state.reason == code
    assert outcome.reason_code == code and dict(outcome.details) == details
    assert record.summary["winners"] == [record.config.names[w] for w in outcome.winners]


def test_an_old_replay_whose_reason_was_changed_is_still_refused() -> None:
    data = json.loads((RECORDS / "nanuuk-full-60bcf96.json").read_text())
    data["final"]["turn"]["reason"] = "no hunter can move any more (N31); most points"
    with pytest.raises(saves.SaveError, match="do not lead to the saved position"):
        saves.from_json(json.dumps(data))


def finished_intro() -> NanuukState:
    rng = random.Random(2)
    state = RULES.new_game("intro", 2, seed=2)
    while not state.is_over():
        state = state.apply(rng.choice(state.legal_actions()))
    return state


@pytest.mark.parametrize(("sentence", "code"), sorted(OLD_SENTENCES.items()))
def test_an_old_saved_reason_sentence_is_read_as_its_code(sentence: str, code: str) -> None:
    state = finished_intro()
    data = json.loads(json.dumps(state.to_dict()))
    data["turn"]["reason"] = sentence
    assert NanuukState.upgrade_dict(data)["turn"]["reason"] == code
    assert data["turn"]["reason"] == sentence  # upgrading leaves the stored dict alone
    assert NanuukState.from_dict(data).reason == code


def test_a_save_of_today_needs_no_upgrade() -> None:
    data = json.loads(json.dumps(finished_intro().to_dict()))
    assert data["turn"]["reason"] == "two_player_enclosed"
    assert NanuukState.upgrade_dict(data) is data
