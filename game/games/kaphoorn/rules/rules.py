"""The ``RULES`` object of Kap Hoorn: the variant, its options and new games."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from game.games.kaphoorn.rules.chart import default_chart
from game.games.kaphoorn.rules.state import GAME_ID, VARIANT, KapState
from game.games.kaphoorn.rules.turn import EMPTY, MAX_SAIL
from game.games.kaphoorn.rules.winds import default_deck
from game.protocol.base import Rules, Variant, VariantOption, player_names, seeded_rng

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

    def variants(self) -> list[Variant]:
        return [STANDARD]

    def new_game(
        self,
        variant: str,
        players: int | Sequence[str],
        *,
        seed: int,
        options: dict[str, Any] | None = None,
    ) -> KapState:
        v = self.variant(variant)
        names = player_names(players, v.min_players, v.max_players)
        rounds, start = _options(options or {}, len(names), seed)
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


def _options(options: dict[str, Any], players: int, seed: int) -> tuple[int, int]:
    unknown = set(options) - {ROUNDS.key, START.key}
    if unknown:
        raise ValueError(f"kaphoorn: unknown options {', '.join(sorted(unknown))}")
    rounds = options.get(ROUNDS.key, ROUNDS.default)
    if isinstance(rounds, bool) or not isinstance(rounds, int) or rounds < 0:
        raise ValueError(f"kaphoorn: rounds must be a whole number >= 0, not {rounds!r}")
    start = options.get(START.key, START.default)
    if start == "random":
        return rounds, seeded_rng(seed, "start").randrange(players)  # K11
    if isinstance(start, str) and start.isdigit():
        start = int(start)
    if isinstance(start, bool) or not isinstance(start, int) or not 1 <= start <= players:
        raise ValueError(f"kaphoorn: start must be 'random' or a seat 1-{players}, not {start!r}")
    return rounds, start - 1


RULES = KapHoornRules()
