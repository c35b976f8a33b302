"""Kap Hoorn's fast play-out policy (``bots/playout.py``): the plans it values are legal turns,
and with bridges it offers the normal bot's bridged plans (issue 31, item 4: the Hard bot's
play-outs and the rivals' replies in its tree are only as good as this policy)."""

from __future__ import annotations

import random

import pytest

from game.games.kaphoorn.bots.playout import turn_plans
from game.games.kaphoorn.bots.simple import NormalBot
from game.games.kaphoorn.rules import RULES, KapState
from game.games.kaphoorn.rules.actions import Play
from game.games.kaphoorn.rules.turn import LAY
from tests.games.kaphoorn.test_kaphoorn_ai import random_positions


def normal_positions(games: int) -> list[KapState]:
    """The LAY-phase positions of seeded games between normal bots (cards laid as players lay
    them, where bridges matter; random play scatters cards everywhere)."""
    bot, found = NormalBot(), []
    for seed in range(1, games + 1):
        state = RULES.new_game("standard", 3 + seed % 3, seed=seed)
        rng = random.Random(seed)
        while not state.is_over():
            if state.phase == LAY:
                found.append(state)
            state = state.apply(bot.choose(state.view(state.seat), rng, 0.5))
    return found


def lay_positions() -> list[KapState]:
    mixed = normal_positions(2) + random_positions(80, seed=5)
    return [s for s in mixed if s.phase == LAY]


@pytest.mark.parametrize("bridges", [False, True])
def test_every_plan_is_a_legal_turn_that_ends_where_it_says(bridges: bool) -> None:
    plans = 0
    for state in lay_positions():
        for _, plan, end in turn_plans(state, bridges):
            s = state
            for action in plan:
                assert action in s.legal_actions(), (plan, action)
                s = s.apply(action)
            assert s.ships[state.seat] == end
            plans += 1
    assert plans > 1000


def test_with_bridges_it_offers_the_normal_bots_bridged_plans() -> None:
    """Every plan of the normal bot that bridges to an end field (two cards or more, then the
    move onto the last) is among the policy's plans with bridges, and none without."""
    normal, bridged = NormalBot(), 0
    for state in normal_positions(4):
        offered = {plan for _, plan, _ in turn_plans(state)}
        short = {plan for _, plan, _ in turn_plans(state, bridges=False)}
        for _, actions in normal.plans(state):
            cards = [a for a in actions if isinstance(a, Play)]
            move = actions[-1]
            if len(cards) < 2 or getattr(move, "to", None) != cards[-1].to:
                continue
            bridged += 1
            assert tuple(actions) in offered
            assert tuple(actions) not in short
    assert bridged > 50

