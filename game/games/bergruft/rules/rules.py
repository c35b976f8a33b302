"""The ``RULES`` object of Der Berg ruft: variants, options and new games."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from game.games.bergruft.rules.mountain import HEIDI_START, PETER_START, default_mountain
from game.games.bergruft.rules.state import GAME_ID, VARIANT, BergState
from game.protocol.base import Rules, Variant, VariantOption, player_names, seeded_rng

TURN_LIMIT = VariantOption(
    key="turn_limit",
    default=0,
    description="End the game with normal scoring after this many turns (0 = off; B8)",
    menu=(0, 10, 15, 20, 30),
)

STANDARD = Variant(
    id=VARIANT, title="Der Berg ruft", min_players=2, max_players=4, options=(TURN_LIMIT,)
)


class BergRuftRules(Rules):
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
    ) -> BergState:
        v = self.variant(variant)
        names = player_names(players, v.min_players, v.max_players)
        turn_limit = _turn_limit(options or {})
        start = seeded_rng(seed, "start").randrange(len(names))  # B9
        state = BergState(
            names=names,
            seed=seed,
            turn_limit=turn_limit,
            mountain=default_mountain().stones,
            heidi=(HEIDI_START,) * len(names),
            peter=(PETER_START,) * len(names),
            start_player=start,
            caller=start,
        )
        state.validate()
        return state

    def state_from_dict(self, data: dict[str, Any]) -> BergState:
        return BergState.from_dict(data)


def _turn_limit(options: dict[str, Any]) -> int:
    unknown = set(options) - {TURN_LIMIT.key}
    if unknown:
        raise ValueError(f"bergruft: unknown options {', '.join(sorted(unknown))}")
    value = options.get(TURN_LIMIT.key, TURN_LIMIT.default)
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise ValueError(f"bergruft: turn_limit must be a whole number >= 0, not {value!r}")
    return value


RULES = BergRuftRules()
