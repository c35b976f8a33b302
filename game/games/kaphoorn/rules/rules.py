"""The ``RULES`` object of Kap Hoorn: the variant, its options and new games."""

from __future__ import annotations

from typing import Any

from game.games.kaphoorn.rules.chart import default_chart
from game.games.kaphoorn.rules.codes import DecidedBy, Ending, Refused
from game.games.kaphoorn.rules.saves import GAME_ID, VARIANT
from game.games.kaphoorn.rules.state import KapState
from game.games.kaphoorn.rules.turn import EMPTY, MAX_SAIL
from game.games.kaphoorn.rules.winds import default_deck
from game.protocol.base import NewGame, Rules, Variant, VariantOption, seeded_rng

START_SAIL = 3
START_HAND = 3
DEFAULT_ROUNDS = 80

ROUNDS = VariantOption(
    key="rounds",
    default=DEFAULT_ROUNDS,
    description="End the game after this many rounds, best placed first (0 = no limit; K15)",
    menu=(0, 10, 15, 20, 30, 40, 60, DEFAULT_ROUNDS),
)
START = VariantOption(
    key="start",
    default="random",
    description="Who starts: 'random' (by the seed) or a seat number 1-5 (K11)",
    menu=("random", 1, 2, 3, 4, 5),
    names_a_seat=True,
)
STANDARD = Variant(
    id=VARIANT, title="Kap Hoorn", min_players=3, max_players=5, options=(ROUNDS, START)
)


class KapHoornRules(Rules):
    id = GAME_ID
    refusals = Refused
    endings = Ending
    decisions = DecidedBy

    def variants(self) -> list[Variant]:
        return [STANDARD]

    def start(self, game: NewGame) -> KapState:
        names, seed = game.names, game.seed
        rounds = game.whole_number(ROUNDS.key)  # 0: no limit (K15)
        start = game.start_seat(game.options[START.key])  # K11
        chart, deck = default_chart(), default_deck()
        pile = list(deck.cards())
        seeded_rng(seed, "deck").shuffle(pile)
        hands: list[tuple[int, ...]] = [()] * len(names)
        for i in range(len(names)):  # deal three each, from the start player on
            seat = (start + i) % len(names)
            hands[seat] = tuple(sorted(pile[-START_HAND:]))
            del pile[-START_HAND:]
        cards = [EMPTY] * (chart.width * chart.height)
        laid = 0
        for i, f in enumerate(chart.starts):  # K3: the printed start winds
            cards[f] = len(deck.winds) + i
            laid |= 1 << f
        ships = tuple(chart.starts[(seat - start) % len(names)] for seat in range(len(names)))
        sail = [START_SAIL] * len(names)
        sail[start] = min(MAX_SAIL, START_SAIL + 1)  # step 1 of the first turn
        return KapState(
            names=names,
            seed=seed,
            rounds=rounds,
            start_player=start,
            cards=tuple(cards),
            laid=laid,
            ships=ships,
            sail=tuple(sail),
            roses=((EMPTY, EMPTY, EMPTY),) * len(names),
            hands=tuple(hands),
            pile=tuple(pile),
            seat=start,
        )

    def state_from_dict(self, data: dict[str, Any]) -> KapState:
        return KapState.from_dict(data)

    def resume(self, data: dict[str, Any], seed: int) -> KapState:
        """K18: a saved game goes on with its draw pile shuffled afresh by the new ``seed``:
        nobody knew the order, so it is the same game; later reshuffles follow the new seed."""
        state = KapState.from_dict({**data, "seed": seed})
        pile = list(state.pile)
        seeded_rng(seed, "resume").shuffle(pile)
        return state.with_(pile=tuple(pile))


RULES = KapHoornRules()
