"""No secret leaks through the seed (ARCHITECTURE.md, *Secrets*).

The attacker is a player at a real table. He has his own view, sees every public action and
runs the open-source bots and the guide, seeded every way the screen could seed them from what
he knows. In Der Berg ruft he also knows the game number (he may have chosen it in the set-up):
the number behind the screen must not follow from it. In Kap Hoorn the game number deals the
cards (the same number, the same deal), so there he plays a random game, whose number he is
told only on the results screen.
"""

from __future__ import annotations

import math
import random
import secrets
from collections.abc import Callable, Iterator
from random import Random
from typing import Any

import pytest

from game.games.bergruft import guide as berg_guide
from game.games.bergruft.bots.simple import TEMPERATURE, NormalBot, number_values
from game.games.bergruft.rules import BergState, Guess, Phase, SetFlags
from game.games.kaphoorn.rules import RULES as KAP
from game.games.kaphoorn.rules.state import KapState
from game.games.kaphoorn.rules.turn import HIDDEN
from game.play.bots import BotRunner, make_bot
from game.play.config import GameConfig, Seat, new_seed
from game.protocol.streams import Streams
from tests.scenes_support import table_class

TURNS = 10  # computer (or guided) caller turns the attacker watches


@pytest.fixture(autouse=True)
def system_chance(monkeypatch: pytest.MonkeyPatch) -> int:
    """The table's private key is fixed so that the test repeats; the attacker never learns it.
    (It overrides the draws tests/conftest.py gives every test: this module's key for all.)"""
    key = 0x5EC2E7
    monkeypatch.setattr(secrets, "randbits", lambda bits: key % (1 << bits))
    return key


def public_seeds(known: set[int], key: tuple[object, ...]) -> set[int]:
    """Every seed the attacker can form from the numbers he ``known``s for the decision ``key``:
    the numbers bare, the way the screen once seeded its bots (the game number and the
    decision), and this table's way for computer-only games."""
    seeds = set(known)
    for number in known:
        seeds.add(random.Random(f"{number}:{key}").getrandbits(32))
        seeds.add(Streams.for_table(number, humans=0).seed("bot", *key))
        seeds.add(Streams.for_table(number, humans=0).seed("guide", key[-1]))
    return seeds


def asked(drive, table: Any, seat: int) -> None:
    """Run the table until it asks the human ``seat`` (or the game ends); hand-off screens are
    confirmed as the player would, with a tap."""

    def ready() -> bool:
        top = drive.app.scenes.top
        if top is not table and getattr(top, "name", "") == "handoff":
            drive.tap(top.ring.items[0].element.rect.center)
        return table.state.is_over() or (
            table.state.current_player == seat and drive.app.scenes.top is table and not table.busy
        )

    assert drive.until(ready, 120)


def start(drive, config: GameConfig) -> Any:
    drive.app.options.speed = 40
    drive.app.scenes.reset(table_class(config.game), config=config)
    drive.frames(2)
    return drive.app.scenes.stack[0]


# ---- Der Berg ruft: the caller's number ------------------------------------------------------
def caller_turns(drive, config: GameConfig, caller: int) -> Iterator[tuple[BergState, int]]:
    """Play real tables (the next game number when a game ends); yield the guesser's view of
    each turn ``caller`` calls, taken before the number is set, with the number then set.
    Human guessers guess the lowest number left, a human caller sets what the guide points
    at, or 7 when he is not the one watched."""
    seen = 0
    while seen < TURNS:
        scene = start(drive, config)
        while seen < TURNS and not scene.state.is_over():
            state = scene.state
            if state.phase is not Phase.SET:  # a computer caller set his number meanwhile
                finish_the_turn(drive, scene, config)
                continue
            guesser_view = state.view(state.guesser)
            if not config.seats[state.caller].is_human:
                assert drive.until(lambda t=scene: t.state.phase is not Phase.SET, 60)
            elif state.caller == caller:
                asked(drive, scene, caller)
                hint = scene.guide_hint()
                assert hint is not None and isinstance(hint.action, SetFlags)
                assert scene.play(hint.action)
            else:
                assert scene.play(SetFlags(state.caller, state.names[state.caller], 7))
            if state.caller == caller:
                seen += 1
                yield guesser_view, scene.state.number
            finish_the_turn(drive, scene, config)
        config = config.with_seed(config.seed + 1)


def finish_the_turn(drive, scene: Any, config: GameConfig) -> None:
    while scene.state.phase is not Phase.SET and not scene.state.is_over():
        now = scene.state
        seat = now.current_player
        if seat is not None and config.seats[seat].is_human:
            asked(drive, scene, seat)
            now = scene.state
            low = Guess(seat, now.names[seat], now.low)
            assert scene.play(low if now.phase is Phase.GUESS else now.legal_actions()[0])
        else:
            drive.frames(1)
    assert drive.until(lambda: scene.state.phase is Phase.SET or scene.state.is_over(), 60)


def derivations(config: GameConfig, view: BergState) -> dict[str, int]:
    """The seeds the attacker tries for the caller's decision, each way by name."""
    key = (view.turn, "set", 0, view.caller)  # how the screen names the decision
    ways: dict[str, int] = {}
    for name, number in (("game number", config.seed), ("view seed", view.seed)):
        ways[f"{name}, as the screen once seeded bots"] = random.Random(
            f"{number}:{key}"
        ).getrandbits(32)
        ways[f"{name}, as for computers only"] = Streams.for_table(number, 0).seed("bot", *key)
        ways[f"{name}, as the guide once did"] = number  # the guide's own formula, below
    return ways


def caller_odds(view: BergState) -> list[float]:
    """The chance of each number under the caller's own mixed strategy (its softmax)."""
    values = number_values(view)
    weights = [math.exp((v - max(values)) / TEMPERATURE) for v in values]
    return [w / sum(weights) for w in weights]


def attack(
    turns: list[tuple[BergState, int]], config: GameConfig, predict: Callable[[BergState, int], int]
) -> None:
    """Each way of seeding is one prediction per turn. Knowing the caller's strategy but not
    his stream, a prediction lands with the chance of that number; reading the stream lands
    every time. So every way must stay nearer its chance than every time."""
    for way in derivations(config, turns[0][0]):
        hits = chance = 0.0
        for view, number in turns:
            guess = predict(view, derivations(config, view)[way])
            hits += guess == number
            chance += caller_odds(view)[guess]
        assert hits < (chance + len(turns)) / 2, (way, hits, chance)


def test_a_guesser_cannot_work_out_the_computer_callers_number(drive) -> None:
    config = GameConfig("bergruft", "standard", (Seat("Anna"), Seat("Ben", "normal")), seed=3)
    turns = list(caller_turns(drive, config, caller=1))
    assert all(view.seed == -1 and view.number is None for view, _ in turns)
    attack(turns, config, lambda view, seed: NormalBot().choose(view, Random(seed), 0.5).flags)


def test_a_guesser_cannot_work_out_the_number_the_guide_gives_the_caller(drive) -> None:
    config = GameConfig("bergruft", "standard", (Seat("Anna"), Seat("Ben")), seed=3, guided=True)
    turns = list(caller_turns(drive, config, caller=0))
    # Before the number is set the caller's view is the guesser's: the attacker has it.
    attack(turns, config, lambda view, seed: berg_guide.suggest(view, view.caller, seed).flags)


# ---- Kap Hoorn: the other hands and the pile -------------------------------------------------
def test_a_kap_hoorn_player_cannot_rebuild_the_other_hands_or_the_pile(drive) -> None:
    seats = (Seat("Anna"), Seat("Ben", "normal"), Seat("Cleo", "hard"))
    config = GameConfig("kaphoorn", "standard", seats, seed=new_seed())  # a random game
    scene = start(drive, config)
    while scene.state.turn < 2 * len(seats):  # two rounds: Anna just ends her turns
        asked(drive, scene, 0)
        assert scene.play(scene.state.legal_actions()[-1])
    asked(drive, scene, 0)
    state: KapState = scene.state
    view = state.view(0)
    assert view.seed == -1 and set(view.pile) == {HIDDEN}
    assert all(set(hand) == {HIDDEN} for hand in view.hands[1:])
    known = {view.seed, view.turn, view.reshuffles, view.played, 0, *range(1, 100)}  # and the
    seeds = public_seeds(known, (view.turn, view.phase, view.played, 1))  # set-up's numbers
    dealt = KAP.new_game("standard", config.names, seed=config.seed)
    for seed in seeds:
        # the deal from a seed he can form, and the bots' search worlds from their streams
        rebuilt = KAP.new_game("standard", config.names, seed=seed)
        assert (rebuilt.hands[1:], rebuilt.pile) != (dealt.hands[1:], dealt.pile)
        world = view.determinized(random.Random(seed))
        assert (world.hands[1:], world.pile) != (state.hands[1:], state.pile)
        make_bot("kaphoorn", "hard").choose(view, random.Random(seed), 0.01)  # its own view only


# ---- every game: the computer seats' streams -------------------------------------------------
# How each screen names a bot's decision (open source: the attacker knows it too).
DECISIONS: dict[str, Callable[[Any], tuple[object, ...]]] = {
    "bergruft": lambda t: (t.state.turn, str(t.state.phase), len(t.state.guesses),
                           t.state.current_player),
    "nanuuk": lambda t: (len(t.log), t.state.phase, t.state.current_player, t.state.mover,
                         t.state.at),
    "kaphoorn": lambda t: (len(t.log), t.state.turn, t.state.phase, t.state.played),
}  # fmt: skip


@pytest.mark.parametrize(
    ("game", "variant", "kinds"),
    [
        ("bergruft", "standard", ("human", "normal")),
        ("nanuuk", "full", ("human", "easy")),
        ("kaphoorn", "standard", ("human", "easy", "easy")),
    ],
)
def test_the_computer_seats_draw_from_streams_no_other_seat_can_reproduce(
    drive, monkeypatch: pytest.MonkeyPatch, game: str, variant: str, kinds: tuple[str, ...]
) -> None:
    """Every seed the table hands a bot is one the human seat cannot form, though he knows the
    game number, his view and the decision being made."""
    seats = tuple(Seat(f"P{i + 1}", kind) for i, kind in enumerate(kinds))
    config = GameConfig(game, variant, seats, seed=7)
    requests: list[tuple[tuple[object, ...], Any, int]] = []
    original = BotRunner.start

    def start_and_note(runner: BotRunner, view: Any, seed: int) -> None:
        requests.append((DECISIONS[game](drive.app.scenes.stack[0]), view, seed))
        original(runner, view, seed)

    monkeypatch.setattr(BotRunner, "start", start_and_note)
    scene = start(drive, config)
    while len(requests) < 3 and not scene.state.is_over():
        if scene.state.current_player == 0:  # the human plays whatever comes first
            asked(drive, scene, 0)
            assert scene.play(scene.state.legal_actions()[0])
        else:
            drive.frames(1)
    assert requests
    for key, view, seed in requests:
        known = {config.seed, getattr(view, "seed", config.seed), 0}
        assert seed not in public_seeds(known, key), key
