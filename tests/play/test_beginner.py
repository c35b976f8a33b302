"""Easy plays like a beginner in every game (issue 31, item 3): ``BeginnerBot`` takes a move that
wins at once, never one that loses at once while another is left, otherwise a plausible move
drawn at random; it never searches, reads no clock and counts no work. ``GreedyBot`` (the
tournament's ``greedy``) plays the move its game's evaluation likes best. All seeded."""

from __future__ import annotations

import random
import time
from dataclasses import dataclass
from typing import Any

import pytest

from game.games.bergruft.bots.beginner import EasyBot as BergEasy
from game.games.bergruft.rules import RULES as BERG
from game.games.bergruft.rules import Phase
from game.games.bergruft.rules.actions import LiftScreen
from game.games.kaphoorn.bots.beginner import Beginner as KapBeginner
from game.games.kaphoorn.bots.beginner import EasyBot as KapEasy
from game.games.kaphoorn.bots.simple import NormalBot as KapNormal
from game.games.kaphoorn.rules import RULES as KAP
from game.games.kaphoorn.rules import turn as kap_turn
from game.games.nanuuk.bots.beginner import EasyBot as NanuukEasy
from game.play.bots import make_bot
from game.play.registry import plugin
from game.protocol.base import Outcome
from game.protocol.bots import BeginnerBot, GreedyBot, Line, RandomBot, won_by
from game.tools.bench_ai import random_positions
from game.tools.tournament import BOT_NAMES, make_player, play_one
from tests.games.nanuuk.nanuuk_positions import position

# (game, variant, players): every game, and Nanuuk!'s two families of play
TABLES = [
    ("nanuuk", "intro", 2),
    ("nanuuk", "intro", 3),
    ("nanuuk", "full", 3),
    ("kaphoorn", "standard", 3),
    ("bergruft", "standard", 2),
]
IDS = [f"{g}-{v}-{p}" for g, v, p in TABLES]


# -- the shared bot on a toy game ---------------------------------------------------------------
@dataclass(frozen=True)
class Toy:
    """A position of a one-move toy game: over or not, and who won."""

    name: str
    over: bool = False
    winners: tuple[int, ...] = ()

    @property
    def current_player(self) -> int:
        return 0

    def legal_actions(self) -> tuple[str, ...]:
        return ("win", "lose", "trap", "quiet", "loud", "dull")

    def is_over(self) -> bool:
        return self.over

    def outcome(self) -> Outcome | None:
        return Outcome((0, 0), (0, 1), self.winners) if self.over else None


AFTER = {
    "win": Toy("win", True, (0,)),
    "lose": Toy("lose", True, (1,)),
    "trap": Toy("trap"),  # the next player wins at once from here
    "quiet": Toy("quiet"),
    "loud": Toy("loud"),
    "dull": Toy("dull"),
}


class ToyHook:
    def __init__(self, moves: tuple[str, ...], weights: dict[str, float] | None = None) -> None:
        self.moves = moves
        self.weights = weights or {}

    def turn_key(self, view: Toy) -> str:
        return view.name

    def lines(self, view: Toy, rng: random.Random) -> list[Line]:
        return [Line((m,), AFTER[m]) for m in self.moves]

    def lost(self, after: Toy, seat: int) -> bool:
        return False

    def hands_over(self, after: Toy, seat: int) -> bool:
        return after.name == "trap"

    def plausibility(self, view: Toy, line: Line) -> float:
        return self.weights.get(line.actions[0], 1.0)


def choices(hook: ToyHook, seeds: int = 60) -> set[str]:
    return {BeginnerBot(hook).choose(Toy("start"), random.Random(s), 0.1) for s in range(seeds)}


def test_the_beginner_takes_a_win_at_once_whatever_the_weights() -> None:
    hook = ToyHook(("quiet", "win", "loud", "trap"), {"win": 0.0, "quiet": 100.0})
    assert choices(hook) == {"win"}


def test_the_beginner_never_loses_at_once_nor_hands_over_a_win_while_another_move_is_left() -> None:
    hook = ToyHook(("lose", "trap", "quiet", "loud"), {"lose": 1000.0, "trap": 1000.0})
    assert choices(hook) == {"quiet", "loud"}
    assert choices(ToyHook(("lose", "trap"))) == {"trap"}  # a trap rather than a loss
    assert choices(ToyHook(("lose",))) == {"lose"}  # and a loss when nothing else is left


def test_the_beginner_draws_by_plausibility_and_never_a_weightless_move() -> None:
    hook = ToyHook(("quiet", "loud", "dull"), {"quiet": 1.0, "loud": 9.0, "dull": 0.0})
    picks = [BeginnerBot(hook).choose(Toy("start"), random.Random(s), 0.1) for s in range(400)]
    assert "dull" not in picks
    assert 0.8 < picks.count("loud") / len(picks) < 0.98  # about nine in ten
    assert choices(ToyHook(("quiet", "dull"), {"quiet": 0.0, "dull": 0.0})) == {"quiet", "dull"}


def test_greedy_plays_the_best_valued_move() -> None:
    class Values:
        def turn_key(self, view: Toy) -> str:
            return view.name

        def scored(self, view: Toy, rng: random.Random) -> list[tuple[float, Line]]:
            return [(1.0, Line(("quiet",))), (3.0, Line(("loud", "dull"))), (2.0, Line(("win",)))]

    bot = GreedyBot(Values())
    assert bot.choose(Toy("start"), random.Random(1), 0.1) == "loud"
    assert bot.choose(Toy("start"), random.Random(1), 0.1) == "dull"  # its plan, followed


# -- the three games -----------------------------------------------------------------------------
def test_easy_is_the_beginner_in_every_game_and_greedy_a_tournament_player() -> None:
    for game in ("nanuuk", "kaphoorn", "bergruft"):
        assert isinstance(make_bot(game, "easy"), BeginnerBot)
        assert "greedy" not in plugin(game).levels  # never offered on the screen
        assert isinstance(make_player(game, "greedy"), GreedyBot)
    assert "greedy" in BOT_NAMES


@pytest.mark.parametrize(("game", "variant", "players"), TABLES, ids=IDS)
@pytest.mark.parametrize("name", ["easy", "greedy"])
def test_every_choice_is_legal(game: str, variant: str, players: int, name: str) -> None:
    for k, state in enumerate(random_positions(game, 8, 5, (variant, players))):
        bot = make_player(game, name)
        seat = state.current_player
        assert bot.choose(state.view(seat), random.Random(k), 0.1) in state.legal_actions()


@pytest.mark.parametrize(("game", "variant", "players"), TABLES, ids=IDS)
def test_the_beginners_choices_vary_with_the_seed_and_repeat_with_it(
    game: str, variant: str, players: int
) -> None:
    varied = 0
    for state in random_positions(game, 8, 9, (variant, players)):
        view = state.view(state.current_player)
        picks = [make_bot(game, "easy").choose(view, random.Random(s), 0.1) for s in range(12)]
        again = [make_bot(game, "easy").choose(view, random.Random(s), 0.1) for s in range(12)]
        assert picks == again
        varied += len(set(picks)) > 1
    assert varied >= 2


def _no_clock(*_: Any) -> float:
    raise AssertionError("the beginner read a clock")


@pytest.mark.parametrize(("game", "variant", "players"), TABLES, ids=IDS)
def test_the_beginner_reads_no_clock_and_a_work_budget_changes_nothing(
    game: str, variant: str, players: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    for name in ("perf_counter", "monotonic", "time", "process_time", "thread_time"):
        monkeypatch.setattr(time, name, _no_clock)
        monkeypatch.setattr(time, f"{name}_ns", _no_clock)
    for k, state in enumerate(random_positions(game, 6, 3, (variant, players))):
        view = state.view(state.current_player)
        plain = make_bot(game, "easy").choose(view, random.Random(k), 0.1)
        budgeted = make_bot(game, "easy", iterations=1, timed=True)
        assert budgeted.choose(view, random.Random(k), 0.0) == plain


def test_a_whole_game_of_beginners_and_greedy_players_ends() -> None:
    for game, variant, players in TABLES:
        names = ["easy", "greedy", "easy"][:players]
        result = play_one(game, variant, names, seed=4)
        assert result["winners"]


# -- Nanuuk!: the enclosure at once --------------------------------------------------------------
# Two-player introduction game: hunter 3 (the other player's) on F2, one edge open (F2|F3). Hunter
# 1 on F11 steps to F10, whose C-line F2|F3 encloses hunter 3 by ice (N13): a win at once.
TRAPPED = {"hunter 1": "F11", "hunter 2": "F45", "hunter 3": "F2", "hunter 4": "F56"}
F2_CLOSED = ("F2|F1", "F2|F9", "F2|F10")


def _turn(bot: Any, state: Any, rng: random.Random, seat: int = 0) -> Any:
    while state.seat == seat and not state.is_over():
        state = state.apply(bot.choose(state, rng, 0.1))
    return state


def test_nanuuks_beginner_encloses_the_other_hunter_when_it_can() -> None:
    state = position("intro", 2, TRAPPED, cracks=F2_CLOSED, seat=0)
    for seed in range(20):
        after = _turn(NanuukEasy(), state, random.Random(seed))
        assert after.is_over() and after.winners == (0,)


def test_nanuuks_beginner_never_encloses_its_own_hunter_nor_leaves_it_to_one_crack() -> None:
    """The same corner, now with the beginner's own hunter 2 in it: the step to F10 (its C-line
    F2|F3) would enclose it, and many a turn leaves F2|F3 for the other player to crack."""
    own = {"hunter 1": "F11", "hunter 2": "F2", "hunter 3": "F45", "hunter 4": "F56"}
    state = position("intro", 2, own, cracks=F2_CLOSED, seat=0)
    for seed in range(30):
        bot = NanuukEasy()
        after = _turn(bot, state, random.Random(seed))
        assert not after.is_over()
        assert bot.last_choice == "safe"  # a turn that leaves no enclosure in one crack


# -- Kap Hoorn: the win at once ------------------------------------------------------------------
def _kap_wins_at_once(count: int) -> list[Any]:
    """Start-of-turn positions (Normal bots playing) where one of the beginner's moves (a card
    at the end of its wind, then the sail) wins: the last turn of nearly every game."""
    found = []
    rng = random.Random(3)
    for game in range(40):
        state = KAP.new_game("standard", 3, seed=game)
        normal = KapNormal()
        while not state.is_over() and len(found) < count:
            if state.phase == kap_turn.LAY and state.played == 0:
                lines = KapBeginner().lines(state.view(state.seat), random.Random(game))
                if any(won_by(line.after, state.seat) for line in lines):
                    found.append(state)
            state = state.apply(normal.choose(state.view(state.seat), rng, 0.1))
        if len(found) >= count:
            break
    return found


def test_kap_hoorns_beginner_takes_the_win_at_once() -> None:
    positions = _kap_wins_at_once(4)
    assert positions
    for k, state in enumerate(positions):
        seat, bot, rng = state.seat, KapEasy(), random.Random(k)
        while not state.is_over() and state.seat == seat and state.phase == kap_turn.LAY:
            state = state.apply(bot.choose(state.view(seat), rng, 0.1))
        assert state.winner == seat


# -- Der Berg ruft: the caller's choice that ends the game ---------------------------------------
def _berg_deciding(count: int) -> list[Any]:
    """Decide-phase positions (random play) where lifting the screen ends the game."""
    found = []
    rng = random.Random(8)
    bot = RandomBot()
    for game in range(3000):
        state = BERG.new_game("standard", 2, seed=game)
        while not state.is_over():
            if state.phase is Phase.DECIDE and len(state.legal_actions()) == 2:
                lift = next(a for a in state.legal_actions() if isinstance(a, LiftScreen))
                if state.apply(lift).is_over():
                    found.append(state)
            state = state.apply(bot.choose(state, rng, 0.0))
        if len(found) >= count:
            break
    return found


def test_der_berg_rufts_beginner_lifts_to_win_and_never_to_lose() -> None:
    positions = _berg_deciding(12)
    assert positions
    wins = losses = 0
    for k, state in enumerate(positions):
        lift = next(a for a in state.legal_actions() if isinstance(a, LiftScreen))
        wins_at_once = won_by(state.apply(lift), state.caller)
        view = state.view(state.caller)
        picks = {BergEasy().choose(view, random.Random(s), 0.1) for s in range(k, k + 8)}
        if wins_at_once:
            wins += 1
            assert picks == {lift}
        else:
            losses += 1
            assert lift not in picks
    assert wins and losses
