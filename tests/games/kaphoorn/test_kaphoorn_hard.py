"""The Kap Hoorn hard bot: a search on its own view only, legal, reproducible, and in time."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from game.games.kaphoorn.bots.hard import Branch, HardBot, _leads
from game.games.kaphoorn.bots.plans import WIN_VALUE
from game.games.kaphoorn.bots.simple import Course
from game.games.kaphoorn.rules import RULES, KapState
from game.games.kaphoorn.rules.actions import (
    AGAIN,
    END,
    Again,
    Buy,
    End,
    Ignore,
    KapAction,
    Play,
    Replace,
    Sail,
    Stay,
    play,
    sail,
)
from game.games.kaphoorn.rules.chart import DIRECTIONS, default_chart
from game.games.kaphoorn.rules.turn import AGAIN_PHASE, EMPTY, HIDDEN, LAY, MOVED, all_winds
from game.games.kaphoorn.rules.winds import default_deck
from game.play.bots import make_bot
from game.protocol.bots import Bot
from tests.games.kaphoorn.test_kaphoorn_ai import _won_in_one, random_positions
from tests.play.ticking import TickClock

MOVES = (Sail, Ignore, Stay)


def _shuffled_secrets(state: KapState, seed: int) -> KapState:
    """The same game with the cards the player to move cannot see dealt differently."""
    view = state.view(state.seat)
    other = view.determinized(random.Random(seed))
    return other.with_(seed=state.seed)


def test_the_registry_makes_the_search_bot() -> None:
    assert isinstance(make_bot("kaphoorn", "hard"), HardBot)


def test_it_chooses_legal_actions_from_its_view() -> None:
    bot = HardBot(iterations=6)
    rng = random.Random(1)
    phases = set()
    for state in random_positions(60, seed=11):
        view = state.view(state.seat)
        assert all(c == HIDDEN for c in view.pile)
        assert all(c == HIDDEN for s, h in enumerate(view.hands) if s != state.seat for c in h)
        action = bot.choose(view, rng, 2.0)
        assert action in state.legal_actions()
        phases.add(state.phase)
    assert {"lay", "draw"} <= phases


def test_hidden_cards_do_not_change_its_decision() -> None:
    positions = [p for p in random_positions(30, seed=5) if p.phase == LAY][:8]
    assert positions
    for i, state in enumerate(positions):
        other = _shuffled_secrets(state, seed=100 + i)
        assert other.hands[state.seat] == state.hands[state.seat]
        assert other.view(state.seat) == state.view(state.seat)
        assert (other.hands, other.pile) != (state.hands, state.pile) or not state.pile
        first = HardBot(iterations=24).choose(state.view(state.seat), random.Random(i), 2.0)
        again = HardBot(iterations=24).choose(other.view(state.seat), random.Random(i), 2.0)
        assert first == again


def test_it_takes_the_win_in_one() -> None:
    state = _won_in_one()
    bot = HardBot(iterations=20)
    rng = random.Random(2)
    for _ in range(8):
        if state.is_over():
            break
        state = state.apply(bot.choose(state.view(0), rng, 2.0))
    assert state.winner == 0 and state.reason == "finish"


def test_the_later_actions_of_a_turn_follow_the_plan() -> None:
    positions = [p for p in random_positions(40, seed=9) if p.phase == LAY][:10]
    for i, state in enumerate(positions):
        bot, rng, seat = HardBot(iterations=12), random.Random(i), state.seat
        played = []
        while state.seat == seat and not state.is_over() and state.phase != "draw":
            action = bot.choose(state.view(seat), rng, 2.0)
            played.append(action)
            state = state.apply(action)
        moving = [a for a in played if isinstance(a, (Play, Replace, Again, *MOVES))]
        assert tuple(moving) == bot.last_plan
        assert sum(isinstance(a, MOVES) for a in moving) == 1


def test_it_keeps_to_its_budget_on_its_clock() -> None:
    state = next(p for p in random_positions(20, seed=3) if p.phase == LAY and p.turn > 20)
    clock = TickClock(0.002, limit=10.0)
    bot = HardBot(clock=clock)
    action = bot.choose(state.view(state.seat), random.Random(4), 0.3)
    assert clock.now <= 0.3  # read at the start and last within the 0.3 s it was given
    assert action in state.legal_actions()
    assert bot.last_iterations > 1


def _depth(branch: Branch) -> int:
    return 1 + max((_depth(b) for b in branch.after.values() if b.tried), default=0)


def test_its_tree_holds_the_rivals_turns_after_each_plan() -> None:
    """Issue 31 item 4: below every plan raced at the root grow the turns after it, the next
    player's replies first; each reply is tried on the deals that offered it, and the walks
    reach past the rivals' turns to the bot's own next one."""
    state = next(p for p in random_positions(20, seed=3) if p.phase == LAY and p.turn > 20)
    assert state.players == 3
    bot = HardBot(iterations=300)
    bot.choose(state.view(state.seat), random.Random(1), 2.0)
    assert bot.last_limited and bot.last_iterations == sum(t.tried for t in bot.trees.values())
    played = bot.trees[bot.last_plan]
    replies = [b for b in played.after.values() if b.tried]
    assert len(replies) >= 2  # the next player's turn is searched, not one greedy guess
    assert all(b.tried <= b.offered for b in replies)
    assert sum(b.tried for b in replies) == played.tried
    assert _depth(played) >= 4  # the two rivals' turns and the bot's own, below the root


def test_each_player_in_the_tree_is_scored_by_his_own_lead() -> None:
    """Max^n: a branch counts the lead of the player who chose it, ``Course`` less the best
    rival's: the leader's lead is the runner-up's deficit, and a won game is the winner's."""
    for state in random_positions(12, seed=8):
        if state.is_over():
            continue
        me = (state.seat + 1) % state.players  # not to move: no greedy move of its own
        leads = _leads(state, me)
        values = [Course(p)(state) for p in range(state.players)]
        for p in range(state.players):
            best_rival = max(v for q, v in enumerate(values) if q != p)
            assert leads[p] == pytest.approx(
                max(-WIN_VALUE, min(WIN_VALUE, values[p] - best_rival))
            )
        first, second = sorted(leads, reverse=True)[:2]
        assert first >= 0 and first == pytest.approx(-second)
    won = random_positions(1, seed=8)[0].with_(winner=1)
    assert _leads(won, 0) == [-WIN_VALUE, WIN_VALUE, -WIN_VALUE][: won.players]


def test_it_sails_a_game_against_normal_bots() -> None:
    state = RULES.new_game("standard", 3, seed=21)
    bots = [
        HardBot(iterations=8),
        make_bot("kaphoorn", "normal"),
        make_bot("kaphoorn", "normal"),
    ]
    rng = random.Random(21)
    while not state.is_over():
        seat = state.current_player
        assert seat is not None
        state = state.apply(bots[seat].choose(state.view(seat), rng, 0.5))
    assert state.outcome() is not None


# -- a hand-made position: an immediate loss avoided -------------------------------------------

F = default_chart().field
WIND = default_deck().index
RED, YELLOW, GREEN = 1, 0, 2


def _gift_to_the_next_player() -> KapState:
    """Seat 0 to move (3 players), all in zone 3 (cards point north) south of the finish line
    (row 8, A8-E8), where no card lies yet and none touches C8.

    - Seat 0 on A10 (a fork: north-west leaves the chart, north-east 2 ends on the empty C8),
      a red rose of stage 2 only, 5 sail points, hand backwind, beam, breeze, cross, trade. Its
      best course is the yellow station C10 (a trade on it, north 2 to C8), then the finish.
    - Seat 1 on E10 (a fork: north-east runs onto land, north-west 2 ends on C8 too) with a
      yellow rose of stage 1 and a green one of stage 2: enough to win on the finish line. Empty
      hand, 0 sail points (1 on his turn: no "ignore", no "move again"), so all he can do next
      turn is sail by his fork, and that needs a card on C8.
    - Seat 2 at its start field, far away.
    The deck stays whole: the cards not on the board or in a hand form the pile.
    """
    s = RULES.new_game("standard", 3, seed=1, options={"start": 1})
    board = {F("A10"): WIND("fork"), F("E10"): WIND("fork"), F("C10"): WIND("trade")}
    names = ("backwind", "beam", "breeze", "cross", "trade")
    hands = (tuple(sorted(WIND(n) for n in names)), (), s.hands[2])
    pile = Counter(default_deck().cards())
    pile.subtract([*board.values(), *hands[0], *hands[2]])
    assert min(pile.values()) >= 0
    rest = list(pile.elements())
    random.Random(3).shuffle(rest)
    cards, laid = list(s.cards), s.laid
    for field, wind in board.items():
        cards[field] = wind
        laid |= 1 << field
    state = s.with_(
        cards=tuple(cards),
        laid=laid,
        ships=(F("A10"), F("E10"), s.ships[2]),
        sail=(5, 0, 3),
        roses=((EMPTY, RED, EMPTY), (YELLOW, GREEN, EMPTY), (EMPTY, EMPTY, EMPTY)),
        hands=hands,
        pile=tuple(rest),
        seat=0,
        turn=30,
    )
    deck = Counter(c for c in state.cards if 0 <= c < len(default_deck().winds))
    deck.update(c for hand in state.hands for c in hand)
    deck.update(state.pile)
    assert deck == Counter(default_deck().cards())  # 90 cards, none twice
    return state


def _wins_this_turn(state: KapState) -> bool:
    """Whether the player to move (whose hand must be empty: no cards to lay) can win in this
    turn, trying every move, "ignore" and "move again" through the rules engine."""
    seat = state.seat
    assert state.phase == LAY and not state.hands[seat]

    def search(s: KapState) -> bool:
        if s.winner == seat:
            return True
        if s.is_over() or s.seat != seat or s.phase not in (LAY, MOVED, AGAIN_PHASE):
            return False  # after the move (draw phase) nothing can win any more
        return any(search(s.apply(a)) for a in s.legal_actions() if not isinstance(a, Buy | End))

    return search(state)


def _play_turn(state: KapState, bot: Bot, rng: random.Random) -> tuple[KapState, list[KapAction]]:
    """The whole turn of the player to move, each action chosen on his view."""
    played: list[KapAction] = []
    seat = state.seat
    while state.seat == seat and not state.is_over():
        action = bot.choose(state.view(seat), rng, 2.0)
        played.append(action)
        state = state.apply(action)
    return state, played


def test_it_does_not_lay_the_next_player_his_winning_card() -> None:
    """Seat 0's most attractive plan (the normal bot's choice) bridges to C8 with a breeze on B9,
    lays a backwind on C8, sails there by its fork and "moves again" south onto the yellow
    station C10: two roses and two steps from the finish. But it leaves a card on C8 with no ship
    on it, so seat 1 sails his fork onto C8 and wins at once. The hard bot, whose play-outs include
    the rivals' turns, must leave seat 1 no winning move (it may, e.g., stay on C8 to block it)."""
    state = _gift_to_the_next_player()
    c8, winds = F("C8"), all_winds()
    assert default_chart().finish >> c8 & 1 and state.cards[c8] == EMPTY
    assert default_chart().end_of(F("E10"), DIRECTIONS.index("NW"), 2) == c8
    assert winds[state.cards[F("E10")]].name == "fork"
    assert not _wins_this_turn(state.with_(seat=1, sail=(5, 1, 3)))  # no win for him as it is
    # The gift, through the rules engine: every step legal, and seat 1 wins right after it.
    fatal = (
        play(WIND("breeze"), F("B9")),
        play(WIND("backwind"), c8),
        sail(DIRECTIONS.index("NE"), c8),
        AGAIN,
        sail(DIRECTIONS.index("S"), F("C10")),
    )
    after = state
    for action in (*fatal, END):
        after = after.apply(action)
    assert after.seat == 1 and after.roses[0] == (EMPTY, RED, YELLOW) and not after.is_over()
    assert _wins_this_turn(after)
    won = after.apply(sail(DIRECTIONS.index("NW"), c8))
    assert won.winner == 1 and won.reason == "finish"
    # The normal bot, which does not look at its rivals' next sails, makes that gift.
    for seed in range(3):
        after, played = _play_turn(state, make_bot("kaphoorn", "normal"), random.Random(seed))
        assert tuple(played[: len(fatal)]) == fatal, [str(a) for a in played]
        assert _wins_this_turn(after)
    # The hard bot weighs the same plan (it is among its candidates) and never makes the gift.
    candidates = HardBot().candidates(state.view(0).determinized(random.Random(0)))
    assert fatal in [plan for _, plan in candidates]
    for seed in range(5):
        bot = HardBot(iterations=30)
        after, played = _play_turn(state, bot, random.Random(seed))
        assert bot.last_plan != fatal
        assert not after.is_over() and after.seat == 1
        assert not _wins_this_turn(after), [str(a) for a in played]
