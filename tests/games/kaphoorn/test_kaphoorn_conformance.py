"""The rules protocol on 500 seeded random games of Kap Hoorn for 3, 4 and 5 players.

Options are drawn at random too: a round limit of 3-25 (K15; random play almost never wins, so
the limit is what ends a game and keeps it short) and now and then a fixed start player (K11).
The cheap checks run on every action; the costly ones on a share of them:

- every ``ROUND_TRIP_EVERY``-th action and at the end: the JSON round trip of the whole state,
  the 90 cards all accounted for, ``legal_actions()`` equal on the rebuilt state
  (deterministic, and a function of what a save holds), the state unchanged by ``apply``;
- at every other action: two actions not offered (one offered earlier, one made up) are
  refused with ``IllegalAction`` and a reason code, the same that ``why_not`` gives; at every
  action the Ignore button's ``why_not_ignore`` agrees with the Ignores offered;
- in every ``FULL_EVERY_GAME``-th game, at every ``FULL_EVERY_STEP``-th action: every offered
  action is applied;
- in every ``REPLAY_EVERY``-th game: the replay of (variant, players, seed, options, actions).
"""

from __future__ import annotations

import json
import random
from collections import Counter
from typing import Any

import pytest

from game import i18n
from game.games.kaphoorn.rules import RULES, KapState
from game.games.kaphoorn.rules.actions import AGAIN, BUY, END, STAY, Ignore, Play, Replace, Sail
from game.games.kaphoorn.rules.chart import default_chart
from game.games.kaphoorn.rules.turn import HAND_LIMIT, HIDDEN, MAX_SAIL
from game.games.kaphoorn.rules.why import ENGLISH
from game.games.kaphoorn.rules.winds import default_deck
from game.protocol.base import IllegalAction, Outcome, Replay, replay

GAMES = 500
PLAYERS = (3, 4, 5)
MAX_ACTIONS = 3_000  # 25 rounds of 5 players take ~450 actions
ROUND_TRIP_EVERY = 24
FULL_EVERY_GAME, FULL_EVERY_STEP = 10, 4
REPLAY_EVERY = 10
REASONS = {"rounds", "roses", "finish"}
LANG = {lang: i18n.load_language(lang) for lang in ("en", "nl", "de")}
SIMPLE = (AGAIN, STAY, BUY, END)


def random_options(players: int, rng: random.Random) -> dict[str, Any]:
    options: dict[str, Any] = {"rounds": rng.randint(3, 25)}
    roll = rng.random()
    if roll < 0.3:
        options["start"] = rng.randint(1, players)
    elif roll < 0.4:
        options["start"] = "random"
    return options


def strangers(rng: random.Random, seen: list[Any], state: KapState) -> list[Any]:
    """Two actions not offered now: one offered earlier, one made up (any card on any field, any
    direction, or one of the four simple actions)."""
    chart = default_chart()
    fields, winds = chart.width * chart.height, len(default_deck().winds)
    kind = rng.randrange(5)
    if kind == 0:
        made_up: Any = Play(rng.randrange(winds), rng.randrange(fields))
    elif kind == 1:
        made_up = Replace(rng.randrange(winds), rng.randrange(fields))
    elif kind == 2:
        made_up = Sail(rng.randrange(8), rng.randrange(fields))
    elif kind == 3:
        made_up = Ignore(rng.randrange(fields))
    else:
        made_up = rng.choice(SIMPLE)
    earlier = [a for a in rng.sample(seen, min(4, len(seen))) if not state.is_legal(a)]
    return earlier[:1] + [made_up] * (not state.is_legal(made_up))


def check_refused(state: KapState, action: Any) -> None:
    try:
        state.apply(action)
    except IllegalAction as refused:
        assert str(refused), f"no reason given for refusing {action!r}"
        assert refused.code in ENGLISH, refused.code
        assert state.why_not(action) == refused.refusal  # the cheap answer is the same
    else:
        pytest.fail(f"{action!r} is not offered but was applied")


def check_ignore_button(state: KapState, actions: tuple[Any, ...]) -> None:
    """The Ignore button's question agrees with the actions offered."""
    refused = state.why_not_ignore()
    assert (refused is None) == any(isinstance(a, Ignore) for a in actions)
    assert refused is None or refused.code in ENGLISH


def check_invariants(state: KapState) -> None:
    """Cheap facts of every position."""
    chart = default_chart()
    assert all(0 <= sail <= MAX_SAIL for sail in state.sail)
    assert all(len(hand) <= HAND_LIMIT for hand in state.hands)
    assert all(state.laid >> ship & 1 for ship in state.ships), "a ship off the cards"
    alone = [ship for ship in state.ships if ship not in chart.station]
    assert len(set(alone)) == len(alone), "two ships on one field that is not a station"
    assert state.viewer == -1 and HIDDEN not in state.pile


def check_cards(state: KapState) -> None:
    """The 90 cards: on the board (deck motifs, not the printed start winds), in the hands, the
    pile and the discards, each motif as often as the deck has it."""
    deck = default_deck()
    counts = Counter(c for c in state.cards if 0 <= c < len(deck.winds))
    counts.update(state.discard)
    counts.update(state.pile)
    for hand in state.hands:
        counts.update(hand)
        assert list(hand) == sorted(hand)
    assert counts == Counter(deck.cards())


def round_trip(state: KapState) -> dict[str, Any]:
    snapshot = state.to_dict()
    again = RULES.state_from_dict(json.loads(json.dumps(snapshot)))
    assert again == state and again.to_dict() == snapshot
    assert again.legal_actions() == state.legal_actions()  # deterministic, and all in the save
    check_cards(state)
    return snapshot


def check_end(state: KapState, players: int) -> Outcome:
    outcome = state.outcome()
    assert isinstance(outcome, Outcome) and state.current_player is None
    assert state.legal_actions() == ()
    assert state.reason in REASONS, state.reason
    assert sorted(outcome.ranking) == list(range(players)) and len(outcome.scores) == players
    assert outcome.scores == tuple(state.rose_count(s) for s in range(players))
    assert outcome.winners and outcome.ranking[: len(outcome.winners)] == outcome.winners
    if state.reason == "rounds":  # K15: more roses, then nearer the finish; ties share
        assert state.winner == -1 and state.turn == state.rounds * players
        ranked = [
            (-outcome.scores[s], state.chart.distance[state.ships[s]]) for s in outcome.ranking
        ]
        assert ranked == sorted(ranked)
        assert all(ranked[i] == ranked[0] for i in range(len(outcome.winners)))
        assert len(outcome.winners) == players or ranked[len(outcome.winners)] != ranked[0]
        decided = outcome.details["decided_by"]  # what put the winners ahead: the results say it
        if len(outcome.winners) == players:
            assert decided == "shared"
        else:
            runner_up = ranked[len(outcome.winners)]
            assert decided == ("roses" if runner_up[0] != ranked[0][0] else "to_finish")
        assert all(f"results.reason.kaphoorn_rounds_{decided}" in LANG[lang] for lang in LANG)
    else:  # K8: two roses and the finish; or three roses
        assert outcome.winners == (state.winner,) and state.winner == state.seat
        assert outcome.details == {}
        assert state.rose_count(state.winner) >= 2
        if state.reason == "finish":
            assert state.chart.finish >> state.ships[state.winner] & 1
        else:
            assert state.rose_count(state.winner) == 3
    return outcome


def check_every_action(state: KapState, actions: tuple[Any, ...]) -> None:
    for action in actions:
        nxt = state.apply(action)
        assert isinstance(nxt, KapState) and nxt is not state
        check_invariants(nxt)


def play(players: int, seed: int) -> tuple[KapState, Replay]:
    rng = random.Random(f"kaphoorn:{players}:{seed}")
    options = random_options(players, rng)
    state = RULES.new_game("standard", players, seed=seed, options=options)
    assert state.rounds == options["rounds"]
    if isinstance(options.get("start"), int):
        assert state.start_player == options["start"] - 1 and state.seat == state.start_player
    full = seed % FULL_EVERY_GAME == 0
    log: list[dict[str, Any]] = []
    seen: list[Any] = []
    for n in range(MAX_ACTIONS):
        if state.is_over():
            break
        assert state.outcome() is None and state.current_player == state.seat
        check_invariants(state)
        actions = state.legal_actions()
        assert actions, f"no legal action in phase {state.phase}"
        assert len(set(actions)) == len(actions), "an action offered twice"
        costly = n % ROUND_TRIP_EVERY == 0
        if costly:
            snapshot = round_trip(state)
        before = hash(state)
        if full and n % FULL_EVERY_STEP == 0:
            check_every_action(state, actions)
        for stranger in strangers(rng, seen, state) if n % 2 else ():
            check_refused(state, stranger)
        check_ignore_button(state, actions)
        assert state.why_not(actions[0]) is None and state.why_not(actions[-1]) is None
        action = rng.choice(actions)
        assert state.action_from_dict(json.loads(json.dumps(action.to_dict()))) == action
        assert str(action) and state.describe(action).startswith(state.names[state.seat])
        nxt = state.apply(action)
        assert hash(state) == before  # the old state is untouched
        if costly:
            assert state.to_dict() == snapshot and state.legal_actions() == actions
        seen = (seen + list(actions[-30:]))[-60:]  # offered in the last steps
        log.append(action.to_dict())
        state = nxt
    else:
        pytest.fail(f"{players}p seed {seed} {options}: no end after {MAX_ACTIONS} actions")
    check_end(state, players)
    round_trip(state)
    names = tuple(f"Player {i + 1}" for i in range(players))
    return state, Replay("kaphoorn", "standard", names, seed, options, tuple(log))


@pytest.mark.parametrize("players", PLAYERS)
def test_random_games_keep_the_protocol(players: int) -> None:
    reasons: Counter[str] = Counter()
    for seed in range(GAMES):
        state, rec = play(players, seed)
        reasons[state.reason] += 1
        if seed % REPLAY_EVERY == 0:  # exact: (variant, players, seed, options, actions)
            again = replay(RULES, rec)
            assert again == state and again.to_dict() == state.to_dict()
            # the options a state reports start the same game again
            redo = Replay("kaphoorn", "standard", rec.players, seed, state.options, rec.actions)
            assert replay(RULES, redo) == state
    assert reasons["rounds"] > 0, reasons  # K15 ends games; wins by random play are rare


def test_the_table_covers_every_player_count() -> None:
    (variant,) = RULES.variants()
    assert set(PLAYERS) == set(range(variant.min_players, variant.max_players + 1))


def test_options_are_checked() -> None:
    for bad in ({"rounds": -1}, {"rounds": True}, {"rounds": "7"}, {"start": 0},
                {"start": 4}, {"start": "first"}, {"speed": 1}):  # fmt: skip
        with pytest.raises(ValueError):
            RULES.new_game("standard", 3, seed=1, options=bad)
    assert RULES.new_game("standard", 3, seed=1, options={"start": "2"}).start_player == 1
    assert RULES.new_game("standard", 3, seed=1).rounds == 80  # K15 default


@pytest.mark.parametrize("action", [Play(999, 0), Replace(999, 0)])
def test_an_unknown_wind_is_refused(action: Any) -> None:
    state = RULES.new_game("standard", 3, seed=1)
    check_refused(state, action)


def test_the_quick_legality_check_agrees_with_the_list_of_legal_actions() -> None:
    """``apply`` checks an action with ``turn.offers`` rather than searching the list."""
    from game.games.kaphoorn.rules import turn
    from game.games.kaphoorn.rules.actions import AGAIN, BUY, END, STAY, ignore, play, replace, sail

    rng = random.Random(77)
    checked = 0
    for seed in range(12):
        state = RULES.new_game("standard", rng.randint(3, 5), seed=seed, options={"rounds": 8})
        while not state.is_over():
            offered = set(state.legal_actions())
            fields = rng.sample(range(len(state.cards)), 40) + [
                a.to for a in offered if hasattr(a, "to")
            ]
            winds = range(len(state.deck.winds))
            candidates = {AGAIN, BUY, END, STAY}
            for f in fields:
                candidates |= {play(rng.choice(winds), f), replace(rng.choice(winds), f)}
                candidates |= {sail(rng.randrange(8), f), ignore(f)}
            candidates |= offered
            for action in candidates:
                assert turn.offers(state, action) == (action in offered), (state.phase, action)
                checked += 1
            state = state.apply(rng.choice(state.legal_actions()))
    assert checked > 10_000
