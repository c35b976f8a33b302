"""Kap Hoorn bots: legal on their own view only, they finish games, and they see a win."""

from __future__ import annotations

import random

import pytest

from game.games.kaphoorn.bots.simple import course
from game.games.kaphoorn.rules import RULES, KapState
from game.games.kaphoorn.rules.actions import Sail
from game.games.kaphoorn.rules.chart import default_chart
from game.games.kaphoorn.rules.turn import EMPTY
from game.games.kaphoorn.rules.winds import default_deck
from game.play.bots import make_bot
from game.protocol.bots import LEVELS


def random_positions(count: int, seed: int) -> list[KapState]:
    """Positions from random play of 3-5 players, in every phase of a turn."""
    rng = random.Random(seed)
    found: list[KapState] = []
    while len(found) < count:
        state = RULES.new_game("standard", rng.randint(3, 5), seed=rng.randrange(10**6))
        for _ in range(rng.randint(1, 400)):
            if state.is_over():
                break
            state = state.apply(rng.choice(state.legal_actions()))
        if not state.is_over():
            found.append(state)
    return found


@pytest.mark.parametrize("level", LEVELS)
def test_bots_choose_legal_actions_from_their_view(level: str) -> None:
    bot = make_bot("kaphoorn", level)
    rng = random.Random(level)
    phases = set()
    for state in random_positions(120, seed=len(level)):
        seat = state.current_player
        assert seat is not None
        view = state.view(seat)
        assert view.pile.count(-1) == len(view.pile)  # the bot never sees the draw order
        action = bot.choose(view, rng, 0.1)
        assert action in state.legal_actions()
        phases.add(state.phase)
    assert {"lay", "draw"} <= phases


@pytest.mark.parametrize("players", [3, 4, 5])
def test_normal_bots_sail_a_game_to_a_win(players: int) -> None:
    state = RULES.new_game("standard", players, seed=7 + players)
    bots = [make_bot("kaphoorn", "normal") for _ in range(players)]
    rng = random.Random(players)
    while not state.is_over():
        seat = state.current_player
        assert seat is not None
        state = state.apply(bots[seat].choose(state.view(seat), rng, 0.5))
    outcome = state.outcome()
    assert outcome is not None and outcome.reason_code in ("roses", "finish")
    assert state.turn < 60 * players  # far from the round limit (K15)


def test_easy_bots_finish_a_game_too() -> None:
    state = RULES.new_game("standard", 4, seed=3)
    bots = [make_bot("kaphoorn", "easy") for _ in range(4)]
    rng = random.Random(3)
    while not state.is_over():
        seat = state.current_player
        assert seat is not None
        state = state.apply(bots[seat].choose(state.view(seat), rng, 0.1))
    assert state.outcome() is not None and state.reason in ("roses", "finish")


def _won_in_one() -> KapState:
    """Seat 0 holds two roses (stages 1 and 2); a sail of its card ends on the finish line."""
    chart, deck = default_chart(), default_deck()
    trade = deck.index("trade")  # distance 2, forward: north in zone 3
    finish = [f for f in range(len(chart.terrain)) if chart.finish >> f & 1]
    for end in finish:
        start = end + 2 * chart.width  # two rows south of the finish field
        if chart.end_of(start, 0, 2) == end and chart.zone[start] == 3:
            break
    else:
        raise AssertionError("no zone-3 field two rows south of the finish line")
    s = RULES.new_game("standard", 3, seed=1, options={"start": 1})
    cards = list(s.cards)
    cards[start], cards[end] = trade, trade
    hands = list(s.hands)
    # keep the deck whole: the two trade cards come out of the pile (or a hand)
    pile = list(s.pile)
    for _ in range(2):
        if trade in pile:
            pile.remove(trade)
        else:
            holder = next(i for i, h in enumerate(hands) if trade in h)
            h = list(hands[holder])
            h.remove(trade)
            hands[holder] = tuple(h)
    return s.with_(
        cards=tuple(cards),
        laid=s.laid | 1 << start | 1 << end,
        ships=(start,) + s.ships[1:],
        roses=((0, 1, EMPTY),) + s.roses[1:],
        hands=tuple(hands),
        pile=tuple(pile),
    )


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_a_bot_takes_the_win_in_one(level: str) -> None:
    state = _won_in_one()
    assert course(state.ships[0], state.roses[0]) == 2
    rng = random.Random(5)
    bot = make_bot("kaphoorn", level)
    for _ in range(8):  # cards first if it likes, then the winning sail
        if state.is_over():
            break
        action = bot.choose(state.view(0), rng, 0.5)
        state = state.apply(action)
        if isinstance(action, Sail):
            break
    assert state.winner == 0 and state.reason == "finish"


def test_the_course_counts_the_stations_still_needed() -> None:
    chart = default_chart()
    start = chart.starts[0]
    none_yet = course(start, (EMPTY, EMPTY, EMPTY))
    assert none_yet >= chart.distance[start]  # at least two stations on the way home
    station = next(f for f, c in chart.station.items() if chart.zone[f] == 1)
    colour = chart.station[station]
    assert course(station, (colour, EMPTY, EMPTY)) < none_yet
