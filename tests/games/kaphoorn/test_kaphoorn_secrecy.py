"""Kap Hoorn keeps its secrets (K10): no view carries another player's cards or the pile order.

Over many positions of random 3-5 player games, for every seat: a second full state that differs
only in what that seat may not know (the other hands and the draw pile dealt anew from the same
cards, the sizes kept, another seed) must give exactly the same view, as an object and as a save.
Then the view itself: the own hand as it is, the rest as counts; the mover's view offers what the
full state offers; a determinized view is a legal full state with the same public information
that can be played on; and a view cannot draw a card it cannot see.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from typing import Any

import pytest

from game.games.kaphoorn.rules import RULES, KapState
from game.games.kaphoorn.rules.actions import STAY, Play, Replace
from game.games.kaphoorn.rules.turn import AGAIN_PHASE, HAND_LIMIT, HIDDEN, LAY, MOVED, OVER

GAMES = 150
SAMPLE = 0.04  # share of the positions of a game that are checked
RARE = (AGAIN_PHASE, MOVED, OVER)  # ... and these always (the end, "move again" pending)
DETERMINIZED_PLAY = 12  # actions played on a determinized view

# the fields a view shows as they are; hands, pile, seed and viewer are checked one by one
PUBLIC = (
    "names", "rounds", "start_player", "cards", "laid", "ships", "sail", "roses", "discard",
    "reshuffles", "seat", "turn", "phase", "played", "replaced", "winner", "reason",
)  # fmt: skip


def positions(games: int = GAMES, seed: int = 0) -> list[KapState]:
    """A few positions of each of ``games`` random games, from the start to the end."""
    rng = random.Random(f"kaphoorn-secrecy:{seed}")
    out = []
    for game in range(games):
        players = 3 + game % 3
        options: dict[str, Any] = {"rounds": rng.randint(3, 25)}
        if rng.random() < 0.3:
            options["start"] = rng.randint(1, players)
        state = RULES.new_game("standard", players, seed=rng.randrange(10**9), options=options)
        out.append(state)
        while not state.is_over():
            state = state.apply(rng.choice(state.legal_actions()))
            if rng.random() < SAMPLE or state.phase in RARE:
                out.append(state)
    return out


POSITIONS = positions()


def rehide(state: KapState, seat: int, rng: random.Random) -> KapState:
    """The same game for ``seat``'s eyes: the cards of the other hands and the pile reshuffled
    among them (each hand and the pile keep their size), and another seed."""
    pool = [c for s, hand in enumerate(state.hands) if s != seat for c in hand] + list(state.pile)
    rng.shuffle(pool)
    hands = []
    for s, hand in enumerate(state.hands):
        if s == seat:
            hands.append(hand)
        else:
            hands.append(tuple(sorted(pool[: len(hand)])))  # hands are kept sorted
            del pool[: len(hand)]
    return state.with_(hands=tuple(hands), pile=tuple(pool), seed=rng.randrange(2**31))


def public(state: KapState) -> dict[str, Any]:
    return {field: getattr(state, field) for field in PUBLIC}


def check_view(state: KapState, seat: int) -> KapState:
    view = state.view(seat)
    assert view.viewer == seat and view.seed == -1
    assert public(view) == public(state)
    assert view.hands[seat] == state.hands[seat]
    for other, hand in enumerate(state.hands):
        if other != seat:
            assert view.hands[other] == (HIDDEN,) * len(hand)
    assert view.pile == (HIDDEN,) * len(state.pile)
    data = view.to_dict()
    assert data["seed"] == -1 and data["viewer"] == seat
    assert all(c is None for c in data["pile"])
    assert all(c is None for s, hand in enumerate(data["hands"]) if s != seat for c in hand)
    assert RULES.state_from_dict(json.loads(json.dumps(data))) == view  # a view is a valid save
    return view


def test_there_are_enough_positions() -> None:
    assert len(POSITIONS) >= 600
    assert {s.players for s in POSITIONS} == {3, 4, 5}
    phases = Counter(s.phase for s in POSITIONS)
    assert set(phases) == {LAY, MOVED, AGAIN_PHASE, "draw", OVER}, phases
    assert any(not s.pile for s in POSITIONS) and any(s.discard for s in POSITIONS)


def test_views_do_not_depend_on_hidden_information() -> None:
    rng = random.Random(7)
    changed_hands = changed_pile = changed = 0
    for state in POSITIONS:
        for seat in range(state.players):
            view = check_view(state, seat)
            for k in range(2):
                other = rehide(state, seat, rng)
                if k == 0:  # a legal full state (all 90 cards accounted for) ...
                    assert RULES.state_from_dict(json.loads(json.dumps(other.to_dict()))) == other
                # ... with the same view, down to the save
                assert other.view(seat) == view and hash(other.view(seat)) == hash(view)
                assert other.view(seat).to_dict() == view.to_dict()
                changed_hands += other.hands != state.hands
                changed_pile += other.pile != state.pile
                changed += other != state
    # the test could fail: the hidden information really was different, in hands and pile
    checks = 2 * sum(s.players for s in POSITIONS)
    assert changed > 0.9 * checks
    assert changed_hands > 0.8 * checks and changed_pile > 0.5 * checks


def test_changing_what_a_seat_sees_changes_its_view() -> None:
    """The converse, so the comparison above is not vacuous: the own hand shows."""
    state = POSITIONS[0]
    seat = 0
    hands = list(state.hands)
    pile = list(state.pile)
    hands[seat], pile[-3:] = tuple(sorted(pile[-3:])), list(hands[seat])
    swapped = state.with_(hands=tuple(hands), pile=tuple(pile))
    assert swapped.hands[seat] != state.hands[seat]
    assert swapped.view(seat) != state.view(seat)
    assert swapped.view(seat).to_dict() != state.view(seat).to_dict()
    assert swapped.view(1) == state.view(1)


def test_the_movers_view_offers_what_the_game_offers() -> None:
    for state in POSITIONS:
        if state.is_over():
            for seat in range(state.players):
                assert state.view(seat).legal_actions() == ()
            continue
        view = state.view(state.seat)
        assert view.current_player == state.current_player
        assert view.legal_actions() == state.legal_actions()


def test_a_determinized_view_is_a_full_state_with_the_same_public_information() -> None:
    rng = random.Random(11)
    for n, state in enumerate(POSITIONS):
        for seat in range(state.players):
            view = state.view(seat)
            full = view.determinized(rng)
            assert full.viewer == -1 and HIDDEN not in full.pile
            assert all(HIDDEN not in hand for hand in full.hands)
            assert RULES.state_from_dict(json.loads(json.dumps(full.to_dict()))) == full
            assert public(full) == public(state)
            assert full.hands[seat] == state.hands[seat]
            assert [len(h) for h in full.hands] == [len(h) for h in state.hands]
            assert len(full.pile) == len(state.pile)
            assert full.view(seat) == view  # nothing public was changed
            if seat == state.seat:
                assert full.legal_actions() == state.legal_actions()
            if n % 4 == 0:  # and it can be played on
                for _ in range(DETERMINIZED_PLAY):
                    if full.is_over():
                        break
                    full = full.apply(rng.choice(full.legal_actions()))


def drawing_actions(state: KapState) -> tuple[list[Any], list[Any]]:
    """The mover's offered actions that draw a card, and those that do not (on the full state)."""
    draws, others = [], []
    for action in state.legal_actions():
        nxt = state.apply(action)
        grew = len(nxt.hands[state.seat]) > len(state.hands[state.seat])
        (draws if grew and not isinstance(action, Play | Replace) else others).append(action)
    return draws, others


def test_a_view_cannot_draw_but_can_do_everything_else() -> None:
    refused = followed = 0
    for state in POSITIONS:
        if state.is_over() or not (state.pile or state.discard):  # no card left to draw
            continue
        view = state.view(state.seat)
        draws, others = drawing_actions(state)
        for action in draws:
            with pytest.raises(ValueError, match="cannot draw"):
                view.apply(action)
            refused += 1
        for action in others[:: max(1, len(others) // 5)]:  # every other action: as in the game
            assert view.apply(action) == state.apply(action).view(state.seat)
            followed += 1
    assert refused > 100 and followed > 500


def empty_pile_position() -> KapState:
    """A position before a draw with an empty draw pile and cards on the discard pile."""
    for seed in range(50):
        rng = random.Random(seed)
        state = RULES.new_game("standard", 5, seed=seed, options={"rounds": 0})
        for _ in range(3_000):
            hand = state.hands[state.seat]
            if state.phase == LAY and not state.pile and state.discard and len(hand) < HAND_LIMIT:
                return state
            state = state.apply(rng.choice(state.legal_actions()))
    raise AssertionError("no position with an empty pile and discards found")


def test_the_empty_pile_position_draws_in_the_full_game() -> None:
    state = empty_pile_position()
    nxt = state.apply(STAY)
    assert len(nxt.hands[state.seat]) == len(state.hands[state.seat]) + 1
    assert nxt.reshuffles == state.reshuffles + 1  # K6: the discards became the pile


def test_a_view_cannot_draw_from_the_reshuffled_discards() -> None:
    state = empty_pile_position()
    with pytest.raises(ValueError, match="cannot draw"):
        state.view(state.seat).apply(STAY)


def test_a_view_needs_a_real_seat() -> None:
    state = POSITIONS[0]
    for seat in (-1, state.players, 99):
        with pytest.raises(ValueError):
            state.view(seat)
