"""The faster engine changed no rule (issue 31, item 6), over arbitrary play (hypothesis):

- the trusted path (``State.apply_legal``, for actions of the state's own legal list) and the
  checked one (``State.apply``) give equal states, move by move, in every game;
- Nanuuk!'s regions, passed on from copy to copy and split crack by crack, are what a flood
  over uncracked edges finds, and every flood read from them is the board's own flood;
- Nanuuk!'s legal lists that the turn flow hands on with a new state, and its steps and cracks
  from tables kept across games, are the ones worked out afresh and spelled out; the short cut
  from a crack to the next turn gives the state the crack gives applied rule by rule; a view
  sent to a bot's worker carries the board as its map alone, so it does not grow with those
  tables;
- Kap Hoorn's legal list, built from per-card tables, is the one its rules spell out: every
  card of the hand on every frontier field, then (before any card) on every replaceable one;
  the frontier's fields edited from a former position's are the mask's; the sails and the
  ignore targets, with every ship in the way, are the ones with the other ships in the way; a
  move, a stay, a buy or an end applied in one copy gives the state the flow's steps give one
  after the other; and a view sent to a bot's worker leaves the memo and the carried lists
  behind, so it does not grow with the games played.

The before/after figures: ``python -m game.tools.bench_rules --base REV``; the records of old
games and the seeded tournaments are checked by their own tests (tests/games/nanuuk/
test_nanuuk_old_records.py, tests/games/kaphoorn/test_kaphoorn_saves.py, tests/tools/).
"""

from __future__ import annotations

import contextlib
import pickle
import random
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.games.kaphoorn.rules import turn as kap_turn
from game.games.kaphoorn.rules.actions import ignore, play, replace
from game.games.kaphoorn.rules.chart import bits as chart_bits
from game.games.kaphoorn.rules.position import HIDDEN
from game.games.nanuuk.rules import hunt as nanuuk_hunt
from game.games.nanuuk.rules import moves as nanuuk_moves
from game.games.nanuuk.rules import turn as nanuuk_turn
from game.games.nanuuk.rules.actions import Crack, Step
from game.games.nanuuk.rules.board import bits
from game.games.nanuuk.rules.position import NanuukPosition
from game.games.nanuuk.rules.sheet import HARPOON, KAYAK
from game.games.nanuuk.rules.spec import board_for
from game.play.registry import IDS, plugin, rules_for

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


def _steps_spelled_out(st_: Any, i: int) -> list[tuple[int, bool]]:
    """N9, N23, N25: where mover ``i`` may step, field by field, as the rules say it."""
    f = st_.pos[i]
    if f < 0:
        return []
    board, cracks, occupied = st_.spec.board, st_.cracks, st_.occupied()
    if st_.spec.variant != "full":
        return [(g, False) for g, e in board.steps[f] if not cracks & e and not occupied >> g & 1]
    kayak = st_.sheets[i].carried & KAYAK
    banned = st_.turns[st_.spec.movers[i].seat] == 0
    out = []
    for g, e in board.steps[f]:
        if cracks & e and not kayak or occupied >> g & 1 and not board.igloos >> g & 1:
            continue
        if st_.pieces[nanuuk_moves.BEARS] >> g & 1 and not nanuuk_moves._may_face_bear(
            st_, i, g, banned
        ):
            continue
        out.append((g, bool(cracks & e)))
    return out


@settings(max_examples=20, deadline=None)
@given(table=st.sampled_from([t for t in TABLES if t[0] == "nanuuk"]), seed=st.integers(0, 10**9))
def test_nanuuks_steps_from_the_tables_are_the_ones_spelled_out(
    table: tuple[str, str, int], seed: int
) -> None:
    """Steps come from tables kept across games, looked up by the cracks round a field, the
    movers next to it and (full game) the kayak: every mover's steps in every position of
    whole games are the ones spelled out, and in the full game also with every hunter given a
    kayak, and with every kayak taken away (N25: where the tables would mix the two up)."""
    rng = random.Random(seed)
    state = _new(*table, seed)
    while not state.is_over():
        if state.phase != "place":
            looks = [state]
            if state.sheets:
                for kayak in (True, False):
                    sheets = tuple(
                        s._replace(carried=s.carried | KAYAK if kayak else s.carried & ~KAYAK)
                        for s in state.sheets
                    )
                    looks.append(state.with_(sheets=sheets))
            for look in looks:
                for i in range(len(look.pos)):
                    assert list(nanuuk_moves.targets(look, i)) == _steps_spelled_out(look, i)
        state = state.apply(rng.choice(state.legal_actions()))


@settings(max_examples=40, deadline=None)
@given(
    table=st.sampled_from([t for t in TABLES if t[0] == "nanuuk"]),
    seed=st.integers(0, 10**9),
    picks=st.lists(st.integers(0, 10**6), min_size=1, max_size=300),
)
def test_nanuuks_legal_lists_handed_on_are_the_ones_worked_out_afresh(
    table: tuple[str, str, int], seed: int, picks: list[int]
) -> None:
    """The flow hands on the legal list of the question it asks (the choice at a turn's start,
    the crack after a step), and steps and cracks come from tables kept across games: the same
    lists as a fresh copy of the state (no caches) works out phase by phase, and every mover's
    steps are the ones spelled out."""
    state = _new(*table, seed)
    for pick in picks:
        if state.is_over():
            break
        fresh = type(state).from_dict(state.to_dict())
        assert fresh.__dict__["_legal"] is None
        assert state.legal_actions() == fresh.legal_actions()
        if state.phase != "place":
            for i in range(len(state.pos)):
                assert list(nanuuk_moves.targets(state, i)) == _steps_spelled_out(state, i)
        if state.phase == "step":  # the interned steps of the legal list, from a table
            who = state.spec.movers[state.mover].id
            steps = [Step(who, g, kayak) for g, kayak in _steps_spelled_out(state, state.mover)]
            assert [a for a in state.legal_actions() if isinstance(a, Step)] == steps
        actions = state.legal_actions()
        state = state.apply(actions[pick % len(actions)])


@pytest.mark.parametrize(
    "table",
    [("nanuuk", "intro", 2), ("nanuuk", "intro", 3), ("nanuuk", "full", 2),
     ("nanuuk", "full", 3), ("nanuuk", "full", 4)],
)  # fmt: skip
def test_nanuuks_short_cut_at_a_turns_end_is_the_crack_step_by_step(
    table: tuple[str, str, int],
) -> None:
    """The crack that ends a turn takes a short cut to the next turn (one copy, no detours
    through the flow's functions): the same state, with the same legal list, as the crack
    applied one rule after the other. Whole random games, to their end: the short cut's rarer
    turns (players passed over, once round the table and on) come late in a game."""
    for seed in range(12):
        rng = random.Random(seed)
        state = _new(*table, seed)
        while not state.is_over():
            action = rng.choice(state.legal_actions())
            if state.phase == "crack":
                short = state.apply(action)  # the short cut where it applies
                with _rule_by_rule():
                    long = nanuuk_turn.crack_step_by_step(state, action)
                assert short == long
                assert short.to_dict() == long.to_dict()
                assert short.legal_actions() == long.legal_actions()
                fresh = type(short).from_dict(short.to_dict())
                assert fresh.legal_actions() == short.legal_actions()
            state = state.apply(action)


@contextlib.contextmanager
def _rule_by_rule() -> Iterator[None]:
    """Nanuuk!'s turn flow without its short cuts: no next turn in one copy after a crack or at a
    turn's end (``_next_hunter``, ``_next_intro_turn``), no quick yes to "can someone still
    hunt?" (``prey_near``: N26 asked of every hunter in full)."""
    saved = (nanuuk_turn._next_hunter, nanuuk_turn._next_intro_turn, nanuuk_turn.prey_near)
    nanuuk_turn._next_hunter = nanuuk_turn._next_intro_turn = lambda *_: None  # type: ignore
    nanuuk_turn.prey_near = nanuuk_hunt.prey_near = lambda _: False  # type: ignore
    try:
        yield
    finally:
        nanuuk_turn._next_hunter, nanuuk_turn._next_intro_turn, nanuuk_turn.prey_near = saved
        nanuuk_hunt.prey_near = saved[2]


# Nanuuk!'s tables, and options that change who moves: two hunters each in the full game for two
# (a choice at each turn's start), husky and sledge's double move with one crack (variant 1)
NANUUK_TABLES: list[tuple[str, int, dict[str, Any] | None]] = [
    (variant, players, None) for game, variant, players in TABLES if game == "nanuuk"
] + [("full", 2, {"two-hunters": True}), ("full", 4, {"variant-1": True})]


@settings(max_examples=40, deadline=None)
@given(table=st.sampled_from(NANUUK_TABLES), seed=st.integers(0, 10**9))
def test_nanuuks_short_cuts_play_the_game_the_rules_play_step_by_step(
    table: tuple[str, int, dict[str, Any] | None], seed: int
) -> None:
    """The same game played twice, to its end, with the turn flow's short cuts and without any
    (a copy of its own, no state's caches shared with the first): the same state, move by
    move, the same legal lists, the same outcome."""
    rng = random.Random(seed)
    variant, players, options = table
    fast = rules_for("nanuuk").new_game(variant, players, seed=seed, options=options)
    plain = type(fast).from_dict(fast.to_dict())
    while not fast.is_over():
        action = rng.choice(fast.legal_actions())
        fast = fast.apply(action)
        with _rule_by_rule():
            plain = plain.apply(action)
            plain_legal = plain.legal_actions()
        assert fast == plain
        assert fast.to_dict() == plain.to_dict()
        assert fast.legal_actions() == plain_legal
    assert fast.outcome() == plain.outcome()


def _occupied_spelled_out(st_: Any) -> int:
    return sum({1 << p for p in st_.pos if p >= 0})  # hunters may share an igloo


@settings(max_examples=30, deadline=None)
@given(table=st.sampled_from(NANUUK_TABLES), seed=st.integers(0, 10**9))
def test_nanuuks_copies_in_fewer_steps_are_the_copies_with_makes(
    table: tuple[str, int, dict[str, Any] | None], seed: int
) -> None:
    """The turn flow's own copies (a step: ``stepped_to``; a crack: ``cracked``; the turn's
    fields alone: ``with_turn``) are the copies ``with_`` makes, field by field, and what they
    carry in the memo (the fields with a mover) is what the position holds, at every step and
    crack of whole games."""
    rng = random.Random(seed)
    variant, players, options = table
    state: Any = rules_for("nanuuk").new_game(variant, players, seed=seed, options=options)
    while not state.is_over():
        action = rng.choice(state.legal_actions())
        if isinstance(action, Step):
            pos = list(state.pos)
            pos[state.mover] = action.to
            copy = state.stepped_to(action.to, state.sheets)
            want = state.with_(pos=tuple(pos), steps=state.steps - 1, stepped=state.stepped + 1,
                               at=action.to)  # fmt: skip
        elif isinstance(action, Crack):
            copy = state.cracked(state.cracks | action.edge)
            want = state.with_(cracks=state.cracks | action.edge)
        else:
            copy = state.with_turn({"closing": True, "quiet": 1})
            want = state.with_(closing=True, quiet=1)
        assert copy == want
        assert copy.to_dict() == want.to_dict()
        assert copy.__dict__["_legal"] is None
        occupied = copy.memo.get("occupied")
        assert occupied is None or occupied == _occupied_spelled_out(copy)
        state = state.apply(action)


@settings(max_examples=30, deadline=None)
@given(
    table=st.sampled_from([t for t in NANUUK_TABLES if t[0] == "full"]),
    seed=st.integers(0, 10**9),
)
def test_nanuuks_enclosed_movers_have_no_step(
    table: tuple[str, int, dict[str, Any] | None], seed: int
) -> None:
    """N9, N25: the hunters the flow found enclosed (every edge round them cracked, no kayak)
    and carries from copy to copy, not asking them again at each turn's end, have no step,
    spelled out, in every position of whole games (and are enclosed still)."""
    rng = random.Random(seed)
    variant, players, options = table
    state: Any = rules_for("nanuuk").new_game(variant, players, seed=seed, options=options)
    while not state.is_over():
        enclosed = state.__dict__["_enclosed"]
        for i in range(len(state.pos)):
            if enclosed >> i & 1:
                assert nanuuk_moves.is_enclosed(state, i)
                assert _steps_spelled_out(state, i) == []
        state = state.apply(rng.choice(state.legal_actions()))


@settings(max_examples=60, deadline=None)
@given(
    mode=st.sampled_from(["all", "no-dots", "no-waves", "region"]),
    seed=st.integers(0, 10**9),
    cracks=st.integers(0, 150),
)
def test_nanuuks_board_tables_are_the_rules_worked_out_afresh(
    mode: str, seed: int, cracks: int
) -> None:
    """The board's tables, looked up by the cracks near a field, for any cracks anywhere: the
    crack's edges are N7's (``Board.crack_options``: free C-lines first, then free d-lines,
    edge by edge), the steps over the ice and by kayak are N9's and N25's, edge by edge."""
    board = board_for(mode)
    rng = random.Random(seed)
    cut = 0
    for e in rng.sample(sorted(board.edges), min(cracks, len(board.edges))):
        cut |= e
    for f in sorted(board.in_play):
        assert board.crack_edges[f, board.crack_key(f, cut)] == board.crack_options(f, cut)
        on_foot = [(g, False) for g, e in board.steps[f] if not cut & e]
        by_kayak = [(g, bool(cut & e)) for g, e in board.steps[f]]
        assert list(nanuuk_moves.on_ice(board, f, cut, 0)) == on_foot
        assert list(nanuuk_moves.on_ice(board, f, cut, KAYAK)) == by_kayak


def _hunt_over_spelled_out(st_: Any) -> bool:
    """N26 as the rules say it: no hunter can reach an animal and take it (as he is, or after an
    igloo), asked of every hunter."""
    return not any(nanuuk_hunt._can_still_hunt(st_, i) for i in range(len(st_.pos)))


def _preys_spelled_out(st_: Any) -> list[int]:
    out = []
    for sheet in st_.sheets:
        prey = 0
        for k, animal in enumerate(("fish", "seal", "walrus", "whale")):
            if sheet.carried & HARPOON and sheet.can_take(animal):
                prey |= st_.pieces[k]
        out.append(prey)
    return out


@settings(max_examples=25, deadline=None)
@given(players=st.integers(2, 4), seed=st.integers(0, 10**9))
def test_nanuuks_quick_answer_to_the_hunts_end_is_the_rules_answer(players: int, seed: int) -> None:
    """N26: the quick yes (``prey_near``: floods from each hunter that stop at the first animal
    he may take, or at an animal and an igloo) is a yes of the rule asked of every hunter, the
    memo of the answer is the rule's answer, and the prey carried from copy to copy (with the
    pieces and sheets it is for) is each hunter's prey worked out afresh (N22), and a hunter
    once found cut off from it (or from an igloo and an animal) still is. Whole games: the
    hunt's end, the igloos' exchanges and the lost harpoons come late."""
    rng = random.Random(seed)
    state = _new("nanuuk", "full", players, seed)
    while not state.is_over():
        if state.phase != "place":
            over = _hunt_over_spelled_out(state)
            if nanuuk_hunt.prey_near(state):
                assert not over
            assert nanuuk_hunt.hunt_is_over(state) == over
            quarry = nanuuk_hunt.quarry(state)
            assert list(quarry.preys) == _preys_spelled_out(state)
            board = state.spec.board
            for i, p in enumerate(state.pos):  # who was found cut off still is
                region = board.flood(1 << p, state.cracks)
                if quarry.cut_off >> i & 1:
                    assert not region & quarry.preys[i]
                if quarry.homeless >> i & 1:
                    assert not (region & board.igloos and region & quarry.homes[i])
        state = state.apply(rng.choice(state.legal_actions()))


@settings(max_examples=200, deadline=None)
@given(
    seed=st.integers(0, 10**9),
    cracks=st.integers(0, 60),
    seeds=st.integers(1, 4),
    targets=st.integers(0, 6),
    also=st.booleans(),
)
def test_nanuuks_stopped_flood_answers_what_the_whole_flood_holds(
    seed: int, cracks: int, seeds: int, targets: int, also: bool
) -> None:
    """``Board.reaches`` (a flood that stops at the first field of ``target`` and of ``also``)
    says whether the whole flood over uncracked edges holds both."""
    rng = random.Random(seed)
    board = rules_for("nanuuk").new_game("full", 4, seed=1).spec.board
    fields = sorted(bits(board.mask))
    cut = 0
    for e in rng.sample(sorted(board.edges), cracks):
        cut |= e
    start = sum(1 << f for f in rng.sample(fields, seeds))
    target = sum(1 << f for f in rng.sample(fields, targets))
    other = board.igloos if also else -1
    flood = board.flood(start, cut)
    want = bool(flood & target and flood & other)
    assert board.reaches(start, target, board.open_masks(cut), other) == want


def _spelled_out(s: Any) -> tuple[Any, ...]:
    """Kap Hoorn's lay actions as the rules say them, one by one (the old way of building)."""
    if s.replaced:
        return ()
    hand = sorted(set(s.hands[s.seat]) - {HIDDEN})
    out = [play(w, f) for f in chart_bits(kap_turn.frontier(s)) for w in hand]
    if s.played == 0:
        out += [replace(w, f) for f in chart_bits(kap_turn.replaceable(s)) for w in hand]
    return tuple(out)


def test_a_nanuuk_view_sent_to_a_worker_does_not_grow_with_the_games_played() -> None:
    """Every request to a bot's worker pickles the view; the board in it travels as its map and
    fields in play, and the worker builds it once. With its tables and the cache of crack lists
    it gathers across games, a request weighed 43 KB in a fresh process and 400 KB after 200
    games, and the kiosk's demo bots answered a frame late: their games ran into the demo cap."""
    rules = rules_for("nanuuk")

    def sent() -> bytes:
        return pickle.dumps(rules.new_game("full", 2, seed=1).view(0))

    before = sent()
    rng = random.Random(5)
    for seed in range(20):
        state = rules.new_game("full", 2, seed=seed)
        while not state.is_over():
            state = state.apply(rng.choice(state.legal_actions()))
    assert sent() == before
    assert len(before) < 4_000  # no table of the board's travels
    arrived = pickle.loads(before)
    assert arrived.spec.board is state.spec.board  # the process's own board, caches and all
    assert arrived.legal_actions() == rules.new_game("full", 2, seed=1).view(0).legal_actions()


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


def _sails_spelled_out(s: Any, at: int) -> list[tuple[int, int]]:
    """K4: the sails from ``at`` ending on a card without another ship (stations hold any)."""
    chart = kap_turn.default_chart()
    others = [f for seat, f in enumerate(s.ships) if seat != s.seat]
    return [
        (d, to)
        for d, to in kap_turn.course(s.with_(ships=kap_turn._set(s.ships, s.seat, at)))
        if to >= 0 and s.laid >> to & 1 and (to not in others or to in chart.station)
    ]


def _kap_step_by_step(s: Any, action: Any) -> Any:
    """Kap Hoorn's moves, stays, buys and ends as the flow's steps, a copy after each (the way
    the engine took before it gathered a step's changes into one copy)."""
    chart, seat = kap_turn.default_chart(), s.seat

    def sail_by(s: Any, n: int) -> Any:
        return s.with_(sail=kap_turn._set(s.sail, seat, min(kap_turn.MAX_SAIL, s.sail[seat] + n)))

    def draw(s: Any) -> Any:
        if not s.pile:
            if not s.discard:
                return s
            cards = list(s.discard)
            kap_turn.seeded_rng(s.seed, "reshuffle", s.reshuffles).shuffle(cards)
            s = s.with_(pile=tuple(cards), discard=(), reshuffles=s.reshuffles + 1)
        hand = tuple(sorted(s.hands[seat] + (s.pile[-1],)))
        return s.with_(pile=s.pile[:-1], hands=kap_turn._set(s.hands, seat, hand))

    def enter_draw(s: Any) -> Any:
        s = s.with_(phase=kap_turn.DRAW)
        return draw(s) if len(s.hands[seat]) < kap_turn.HAND_LIMIT else s

    def end_turn(s: Any) -> Any:
        done = s.turn + 1
        if s.rounds and done >= s.rounds * s.players:
            return s.with_(turn=done, phase=kap_turn.OVER, reason=kap_turn.ROUNDS)
        s = s.with_(turn=done, seat=(seat + 1) % s.players, phase=kap_turn.LAY, played=0)
        s = s.with_(replaced=False)
        return s.with_(sail=kap_turn._set(s.sail, s.seat, min(8, s.sail[s.seat] + 1)))

    def moved(s: Any, to: int, cost: int) -> Any:
        second = s.phase == kap_turn.AGAIN_PHASE
        s = sail_by(s.with_(ships=kap_turn._set(s.ships, seat, to)), -cost)
        roses, colour = s.roses[seat], chart.station.get(to)
        if colour is not None and kap_turn.no_rose(s, to) is None:
            roses = kap_turn._set(roses, chart.zone[to] - 1, colour)
            s = s.with_(roses=kap_turn._set(s.roses, seat, roses))
        held = sum(c != kap_turn.EMPTY for c in roses)
        if held == 3 or held >= 2 and chart.finish >> to & 1:
            reason = kap_turn.ROSES if held == 3 else kap_turn.FINISH
            return s.with_(phase=kap_turn.OVER, winner=seat, reason=reason)
        if not second and s.sail[seat] >= kap_turn.AGAIN_COST and _sails_spelled_out(s, to):
            return s.with_(phase=kap_turn.MOVED)
        return enter_draw(s)

    kind, moved_yet = type(action).__name__, s.phase == kap_turn.MOVED
    if kind in ("Sail", "Ignore"):
        return moved(s, action.to, kap_turn.IGNORE_COST if kind == "Ignore" else 0)
    if kind == "Stay":
        return enter_draw(sail_by(s, 1))
    if kind == "Buy":
        return sail_by(draw(enter_draw(s) if moved_yet else s), -kap_turn.CARD_COST)
    if kind == "End":
        return end_turn(enter_draw(s) if moved_yet else s)
    return None  # laying a card, "again": one copy in either way


@settings(max_examples=30, deadline=None)
@given(
    players=st.integers(3, 5),
    seed=st.integers(0, 10**9),
    picks=st.lists(st.integers(0, 10**6), min_size=1, max_size=400),
    rounds=st.sampled_from([3, 12, 40]),
)
def test_kap_hoorns_steps_in_one_copy_are_the_flow_step_by_step(
    players: int, seed: int, picks: list[int], rounds: int
) -> None:
    """Each move, stay, buy and end is applied as one copy of its gathered changes, and the
    chance of "move again" (K13) is read from the sails of the field reached before the ship's
    copy is made: the states the flow gives step by step, and the sails and ignore targets
    (every ship in the way: the mover's own ends none of its courses) the spelled-out ones."""
    state = plugin("kaphoorn").rules.new_game(
        "standard", players, seed=seed, options={"rounds": rounds}
    )
    for pick in picks:
        if state.is_over():
            break
        ship = state.ships[state.seat]
        assert kap_turn.sail_moves(state) == _sails_spelled_out(state, ship)
        others = [f for seat, f in enumerate(state.ships) if seat != state.seat]
        free = [f for f in chart_bits(state.laid) if f not in others or f in state.chart.station]
        neighbours = set(chart_bits(state.chart.neighbours[ship]))
        assert chart_bits(kap_turn.ignore_targets(state)) == [f for f in free if f in neighbours]
        actions = state.legal_actions()
        for action in actions:  # every move of the list: "move again" turns on a rare sail
            long = _kap_step_by_step(state, action)
            if long is not None:
                after = state.apply(action)
                assert after == long
                assert after.to_dict() == long.to_dict()
        state = state.apply(actions[pick % len(actions)])


@settings(max_examples=200, deadline=None)
@given(
    old=st.lists(st.integers(0, 571), max_size=120),
    flips=st.lists(st.integers(0, 571), max_size=20),
)
def test_kap_hoorns_field_lists_edited_are_the_masks_fields(
    old: list[int], flips: list[int]
) -> None:
    """A frontier's fields are carried from position to position and edited where the mask
    changed (a few fields) or read afresh (many): either way the set bits of the new mask."""
    before = sum(1 << f for f in set(old))
    after = before
    for f in flips:
        after ^= 1 << f
    fields = tuple(chart_bits(before))
    assert kap_turn._edited(fields, before, after) == tuple(chart_bits(after))


@settings(max_examples=30, deadline=None)
@given(
    seed=st.integers(0, 10**9),
    picks=st.lists(st.integers(0, 10**6), min_size=1, max_size=300),
    laid=st.lists(st.integers(0, 571), max_size=30),
)
def test_kap_hoorns_carried_frontier_is_the_frontiers_fields(
    seed: int, picks: list[int], laid: list[int]
) -> None:
    """The frontier's fields passed on to a copy are edited to the copy's own frontier, also
    for a copy whose cards differ in more than the card just laid (a position set up by hand)."""
    state = _new("kaphoorn", "standard", 4, seed)
    for pick in picks:
        if state.is_over():
            break
        assert kap_turn.frontier_fields(state) == tuple(chart_bits(kap_turn.frontier(state)))
        if pick % 7 == 0:  # some cards by hand, on sea fields
            extra = sum(1 << f for f in laid if state.chart.playable >> f & 1)
            by_hand = state.with_(laid=state.laid | extra)
            fields = chart_bits(kap_turn.frontier(by_hand))
            assert kap_turn.frontier_fields(by_hand) == tuple(fields)
        actions = state.legal_actions()
        state = state.apply(actions[pick % len(actions)])


def test_a_kap_hoorn_view_sent_to_a_worker_does_not_grow_with_the_games_played() -> None:
    """A view pickled for a bot's worker holds the position's fields alone: not the memo of its
    legal list, nor the frontier's fields carried from copy to copy; the worker's copy lists
    the same actions."""
    rules = rules_for("kaphoorn")

    def sent() -> bytes:
        view = rules.new_game("standard", 4, seed=1).view(0)
        unasked = pickle.dumps(view)
        view.legal_actions()  # memoised in the view: not sent
        assert pickle.dumps(view) == unasked
        return unasked

    before = sent()
    rng = random.Random(5)
    for seed in range(20):
        state = rules.new_game("standard", 4, seed=seed, options={"rounds": 40})
        while not state.is_over():
            state = state.apply(rng.choice(state.legal_actions()))
    mid = state.view(state.seat)
    mid.legal_actions()
    arrived = pickle.loads(pickle.dumps(mid))
    assert not [k for k in arrived.__dict__ if k.startswith("_")]
    assert arrived == mid and arrived.legal_actions() == mid.legal_actions()
    assert sent() == before
    assert len(before) < 3_300  # the fields alone (the board's 572 fields the most of them)


def test_kap_hoorns_move_again_may_lead_back_to_the_field_the_ship_left() -> None:
    """K13 after "ignore": the only sail from the field reached ends on the field the ship has
    just left, which is free now. The one copy reads the sails of the field reached with the
    ship already moved: "move again" is offered, as the flow step by step offers it."""
    state = plugin("kaphoorn").rules.new_game("standard", 3, seed=3)
    chart, deck = state.chart, state.deck
    left = next(  # a field of zone 1 (forward is south) with its east neighbour and no station
        f
        for f in chart_bits(chart.playable & ~state.laid)
        if chart.zone[f] == chart.zone[f + 1] == 1
        and chart.playable >> f + 1 & 1
        and not (f in chart.station or f + 1 in chart.station)
        and not chart.neighbours[f] & state.laid
    )
    squall = deck.index("squall")  # 1 field: FL, FR, L, R (west in zone 1) and B
    ships = kap_turn._set(state.ships, state.seat, left)
    cards = kap_turn._set(kap_turn._set(state.cards, left, deck.index("trade")), left + 1, squall)
    sail = kap_turn._set(state.sail, state.seat, 8)
    state = state.with_(ships=ships, cards=cards, laid=state.laid | 3 << left, sail=sail)
    action = ignore(left + 1)
    assert action in state.legal_actions()
    after = state.apply(action)
    assert after.phase == kap_turn.MOVED
    assert kap_turn.sail_moves(after) == [(6, left)]
    assert after == _kap_step_by_step(state, action)


@settings(max_examples=300, deadline=None)
@given(fields=st.lists(st.integers(0, 1500), max_size=200))
def test_bits_of_any_mask_are_its_set_bits_lowest_first(fields: list[int]) -> None:
    """Many bits are read a byte at a time, skipping the empty bytes: the same list as a bit
    at a time."""
    mask = sum(1 << f for f in set(fields))
    assert bits(mask) == sorted(set(fields))
