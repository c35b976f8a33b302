"""What Nanuuk!'s bots judge, worked out faster and the same: a sheet's points and the kinds its
hunter may take (N22, N27) against their rule-by-rule reading, and the full game's hunter values
kept across positions (``Evaluator.hunter_value``) against the same value worked out afresh, and
the nearness of what a hunter may take (``Evaluator._prospects``, bit-parallel floods) against
a walk field by field; the introduction games' safety of every piece, worked out in one loop
from the position's regions, against each piece's safety read plainly with a flood from its
field."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.games.nanuuk.bots import simple
from game.games.nanuuk.bots.simple import (
    CUT_OFF,
    DECAY,
    HOME_HUNT,
    MAX_DIST,
    MOBILITY,
    PROSPECT,
    REGION,
    REGION_CAP,
    THREATENED_LAST_WAY,
    UNPLACED,
    WAYS,
    evaluator,
)
from game.games.nanuuk.rules import RULES, moves
from game.games.nanuuk.rules.sheet import ANIMAL_BITS, KAYAK, VALUE, Sheet

ANIMALS = tuple(ANIMAL_BITS)
sheets = st.builds(
    Sheet,
    carried=st.integers(0, 15),
    bag=st.integers(0, 15),
    inuk=st.booleans(),
    igloo=st.tuples(*[st.integers(0, 6)] * 5),
)


@given(sheets)
def test_a_sheets_points_and_what_it_may_take_are_the_rules_own(sheet: Sheet) -> None:
    in_bag = sum(VALUE[a] for a in ANIMALS if sheet.bag & ANIMAL_BITS[a])
    on_igloo_side = sum(n * VALUE[a] for n, a in zip(sheet.igloo, ANIMALS, strict=False))
    assert sheet.points == in_bag + on_igloo_side  # N27 (the Inuit count nothing)
    assert sheet.takes == sum(ANIMAL_BITS[a] for a in ANIMALS if sheet.can_take(a))  # N22


def full_game_positions(seed: int, games: int = 6) -> list:
    rng, found = random.Random(seed), []
    for g in range(games):
        state = RULES.new_game("full", ["A", "B", "C"][: 2 + g % 2], seed=seed + g)
        while not state.is_over():
            found.append(state)
            state = state.apply(rng.choice(state.legal_actions()))
    return found


def test_a_hunters_value_kept_is_the_value_worked_out_afresh() -> None:
    simple._JUDGED.clear()
    positions = full_game_positions(5)
    hits = 0
    for _ in range(2):  # the second round: every value comes from what was kept
        for state in positions:
            judge = evaluator(state.spec, state.seat)
            for i in range(len(state.spec.movers)):
                kept = len(simple._JUDGED)
                assert judge.hunter_value(state, i) == judge._hunter_value(state, i)
                hits += len(simple._JUDGED) == kept
    assert hits > len(positions)  # (the second round at least) found them kept


def test_the_values_kept_are_bounded_and_hold_their_boards(monkeypatch) -> None:
    monkeypatch.setattr(simple, "JUDGED_CAP", 50)
    simple._JUDGED.clear()
    simple._JUDGED_BOARDS.clear()
    for state in full_game_positions(9, games=2):
        evaluator(state.spec, state.seat).hunter_value(state, 0)
        assert len(simple._JUDGED) <= 50
        boards = {key[0] for key in simple._JUDGED}
        assert boards <= set(simple._JUDGED_BOARDS)  # a board's id is its own while kept
        assert all(id(b) == k for k, b in simple._JUDGED_BOARDS.items())


def seen_at(state, i: int) -> dict[int, int]:
    """Each field the hunter sees, by the walk he needs to see it: one step over uncracked ice
    beyond a field he can walk to (no other hunter, outside the igloos; no bear)."""
    board, p = state.spec.board, state.pos[i]
    blocked = (state.occupied() & ~board.igloos & ~(1 << p)) | state.pieces[5]
    walked, seen, layer = {p}, {}, [p]
    for d in range(1, MAX_DIST + 1):
        nxt = []
        for f in layer:
            for g, edge in board.steps[f]:
                if not state.cracks & edge and g not in walked and g not in seen:
                    seen[g] = d
                    if not blocked >> g & 1:
                        walked.add(g)
                        nxt.append(g)
        layer = nxt
    return seen


def prospects_walked(judge, state, i: int) -> float:
    """``_prospects`` read field by field: the best animal he may take (or an Inuk to meet while
    whales are about), by its worth decayed per step; otherwise an igloo to empty his bag at;
    the pull towards the nearest igloo, or the loss of being cut off from all of them."""
    board, sheet, p = state.spec.board, state.sheets[i], state.pos[i]
    pieces = state.pieces
    wanted = [(pieces[k], VALUE[a]) for k, a in enumerate(ANIMALS) if sheet.takes >> k & 1]
    if not sheet.inuk and pieces[3]:
        wanted.append((pieces[4], simple.INUK_VALUE))
    later = sum(pieces[k] for k in range(4) if not sheet.takes >> k & 1
                and (k < 3 or sheet.fresh_inuk))  # fmt: skip
    seen = seen_at(state, i)
    best, igloo, found_later = 0.0, 0 if board.igloos >> p & 1 else None, False
    for d in range(1, MAX_DIST + 1):  # in the order he finds them, until a whale is in sight
        at_d = [f for f, fd in seen.items() if fd == d]
        for mask, v in wanted:
            best = max([best] + [v * DECAY ** (d - 1) for f in at_d if mask >> f & 1])
        if igloo is None and any(board.igloos >> f & 1 for f in at_d):
            igloo = d
        found_later |= any(later >> f & 1 for f in at_d)
        if best >= 4.0 * DECAY ** (d - 1) and igloo is not None:
            break
    value = PROSPECT * best
    if found_later and igloo is not None:
        value = max(value, 0.5 * PROSPECT * 2.0 * DECAY ** (igloo + 2))
    if igloo is not None:
        return value + HOME_HUNT * DECAY**igloo
    kayak = bool(sheet.carried & KAYAK)
    return value - (0 if board.reach(1 << p, state.cracks, kayak) & board.igloos else CUT_OFF)


def test_the_nearness_of_the_hunt_is_the_walk_field_by_field() -> None:
    checked = 0
    for state in full_game_positions(3, games=4):
        if state.home:
            continue
        judge = evaluator(state.spec, state.seat)
        for i, p in enumerate(state.pos):
            if p >= 0:
                in_igloo = bool(state.spec.board.igloos >> p & 1)
                got = judge._prospects(state, i, state.sheets[i], in_igloo)
                assert got == pytest.approx(prospects_walked(judge, state, i), abs=1e-12)
                checked += 1
    assert checked > 1000


def plain_safety(st, i: int) -> tuple[float, bool]:
    """A piece's safety read plainly, one rule at a time: its ways out (the uncracked edges
    round it in the 2-player introduction game, else its free steps), the next player's threat
    to its last one, its free steps, and its ice region as a flood from its field; and whether
    the threat counted."""
    p = st.pos[i]
    if p == -1:
        return UNPLACED, False
    if p < 0:
        return WAYS[0], False
    spec, board = st.spec, st.spec.board
    ice = spec.variant == "intro" and spec.players == 2
    targets = moves.targets(st, i)
    open_edges = board.around[p] & ~st.cracks if ice else 0
    ways = open_edges.bit_count() if ice else len(targets)
    value, threatened = WAYS[ways] if ways < len(WAYS) else 0.0, False
    if ways == 1 and spec.movers[i].seat != st.seat:
        threats = evaluator(spec, 0)._threats(st, st.seat)
        if ice and open_edges & threats:
            value, threatened = value + THREATENED_LAST_WAY, True
        elif not ice and any(e & threats for g, e in board.steps[p] if (g, False) in targets):
            value, threatened = value + THREATENED_LAST_WAY / 3, True
    region = board.flood(1 << p, st.cracks).bit_count()
    return value + MOBILITY * len(targets) + REGION * min(region, REGION_CAP), threatened


@pytest.mark.parametrize(
    ("variant", "players"),
    [("intro", 2), ("intro", 3), ("intro", 4), ("partner", 4), ("helpers", 2),
     ("bear-hunt", 3), ("bear-fear", 2)],
)  # fmt: skip
def test_the_pieces_safeties_are_their_plain_reading(variant, players) -> None:
    """``Evaluator.safeties`` (one loop, the regions passed on from copy to copy) gives the same
    floats as each piece's safety read plainly, in positions of random play, and some pieces
    met a threat to their last way out."""
    rng, checked, threatened = random.Random(11), 0, 0
    for game in range(6):
        state = RULES.new_game(variant, players, seed=game)
        while not state.is_over():
            simple._SAFE.clear()
            got = evaluator(state.spec, 0).safeties(state)
            plain = [plain_safety(state, i) for i in range(len(state.pos))]
            assert got == tuple(value for value, _ in plain)
            checked += 1
            threatened += sum(met for _, met in plain)
            state = state.apply(rng.choice(state.legal_actions()))
    assert checked > 200 and threatened > 0


@pytest.mark.parametrize(
    ("variant", "players"),
    [("intro", 2), ("intro", 3), ("partner", 4), ("helpers", 2), ("bear-hunt", 3),
     ("bear-fear", 2)],
)  # fmt: skip
def test_a_pieces_safety_kept_for_one_seat_is_the_same_for_the_others(variant, players) -> None:
    """The safeties are kept by position (``Evaluator.safeties``), whichever seat judged it
    first: each seat's value is the same as with nothing kept."""
    rng = random.Random(5)
    for game in range(3):
        state = RULES.new_game(variant, players, seed=game)
        while not state.is_over():
            for seat in range(players):
                simple._SAFE.clear()
                fresh = evaluator(state.spec, seat)(state)
                for other in range(players):
                    simple._SAFE.clear()
                    evaluator(state.spec, other)(state)  # judged by another seat first
                    assert evaluator(state.spec, seat)(state) == fresh
            state = state.apply(rng.choice(state.legal_actions()))
