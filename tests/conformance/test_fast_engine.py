"""The faster engine changed no rule (issue 31, item 6), over arbitrary play (hypothesis):

- the trusted path (``State.apply_legal``, for actions of the state's own legal list) and the
  checked one (``State.apply``) give equal states, move by move, in every game;
- Nanuuk!'s regions, passed on from copy to copy and split crack by crack, are what a flood
  over uncracked edges finds, and every flood read from them is the board's own flood;
- Kap Hoorn's legal list, built from per-field tables, is the one its rules spell out: every
  card of the hand on every frontier field, then (before any card) on every replaceable one.

The before/after figures: ``python -m game.tools.bench_rules --base REV``; the records of old
games and the seeded tournaments are checked by their own tests (tests/games/nanuuk/
test_nanuuk_old_records.py, tests/games/kaphoorn/test_kaphoorn_saves.py, tests/tools/).
"""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from game.games.kaphoorn.rules import turn as kap_turn
from game.games.kaphoorn.rules.actions import play, replace
from game.games.kaphoorn.rules.chart import bits as chart_bits
from game.games.kaphoorn.rules.position import HIDDEN
from game.games.nanuuk.rules.board import bits
from game.games.nanuuk.rules.position import NanuukPosition
from game.play.registry import IDS, plugin

TABLES = [
    (game, variant.id, players)
    for game in IDS
    for variant in plugin(game).rules.variants()
    for players in sorted({variant.min_players, variant.max_players})
]


def _new(game: str, variant: str, players: int, seed: int) -> Any:
    options = {"rounds": 12} if game == "kaphoorn" else None  # K15: a bounded game
    return plugin(game).rules.new_game(variant, players, seed=seed, options=options)


@settings(max_examples=60, deadline=None)
@given(
    table=st.sampled_from(TABLES),
    seed=st.integers(0, 10**9),
    picks=st.lists(st.integers(0, 10**6), min_size=1, max_size=400),
)
def test_the_trusted_path_gives_the_checked_paths_states(
    table: tuple[str, str, int], seed: int, picks: list[int]
) -> None:
    state = _new(*table, seed)
    for pick in picks:
        if state.is_over():
            break
        actions = state.legal_actions()
        action = actions[pick % len(actions)]
        checked, trusted = state.apply(action), state.apply_legal(action)
        assert trusted == checked
        assert trusted.to_dict() == checked.to_dict()
        assert trusted.legal_actions() == checked.legal_actions()
        state = trusted if pick % 2 else checked  # both paths go on


def _check_regions(st_: NanuukPosition) -> None:
    board, cracks = st_.spec.board, st_.cracks
    regions = st_.regions()
    assert sorted(regions) == sorted(board.regions(cracks))  # what a fresh start finds
    union = 0
    for region in regions:
        assert region and not union & region  # a partition of the fields in play
        union |= region
        assert board.flood(region & -region, cracks) == region
    assert union == board.mask
    for p in st_.pos:
        if p >= 0:
            assert st_.flood(1 << p) == board.flood(1 << p, cracks)
    seeds = board.crossings(st_.flood(1 << max(st_.pos)), cracks) if max(st_.pos) >= 0 else 0
    assert st_.flood(seeds) == board.flood(seeds, cracks)


@settings(max_examples=40, deadline=None)
@given(
    variant=st.sampled_from(["full", "intro"]),
    players=st.integers(2, 4),
    seed=st.integers(0, 10**9),
    picks=st.lists(st.integers(0, 10**6), min_size=1, max_size=300),
    every=st.integers(1, 7),
)
def test_nanuuks_carried_regions_are_the_floods(
    variant: str, players: int, seed: int, picks: list[int], every: int
) -> None:
    state = _new("nanuuk", variant, players, seed)
    for k, pick in enumerate(picks):
        if state.is_over():
            break
        if k % every == 0:  # asked now and then: the regions carried over several cracks too
            _check_regions(state)
        actions = state.legal_actions()
        state = state.apply(actions[pick % len(actions)])
    _check_regions(state)


def _spelled_out(s: Any) -> tuple[Any, ...]:
    """Kap Hoorn's lay actions as the rules say them, one by one (the old way of building)."""
    if s.replaced:
        return ()
    hand = sorted(set(s.hands[s.seat]) - {HIDDEN})
    out = [play(w, f) for f in chart_bits(kap_turn.frontier(s)) for w in hand]
    if s.played == 0:
        out += [replace(w, f) for f in chart_bits(kap_turn.replaceable(s)) for w in hand]
    return tuple(out)


@settings(max_examples=30, deadline=None)
@given(
    players=st.integers(3, 5),
    seed=st.integers(0, 10**9),
    picks=st.lists(st.integers(0, 10**6), min_size=1, max_size=300),
)
def test_kap_hoorns_legal_list_is_the_one_spelled_out(
    players: int, seed: int, picks: list[int]
) -> None:
    state = _new("kaphoorn", "standard", players, seed)
    for pick in picks:
        if state.is_over():
            break
        if state.phase == kap_turn.LAY:
            assert kap_turn.lay_actions(state) == _spelled_out(state)
            view = state.view(state.seat)  # a player's view lists the same
            assert view.legal_actions() == state.legal_actions()
        actions = state.legal_actions()
        state = state.apply(actions[pick % len(actions)])


def test_bits_lists_every_set_bit_lowest_first() -> None:
    for mask in (0, 1, 2**700, 2**64 - 1, (2**600 - 1) ^ 2**300, 0b1011 << 517):
        assert bits(mask) == [i for i in range(mask.bit_length()) if mask >> i & 1]
