"""The ``RULES`` object of Der Berg ruft: variants, options and new games."""

from __future__ import annotations

from typing import Any

from game.games.bergruft.rules.codes import Ending, Refused
from game.games.bergruft.rules.mountain import HEIDI_START, PETER_START, default_mountain
from game.games.bergruft.rules.state import GAME_ID, VARIANT, BergState
from game.protocol.base import NewGame, Rules, Variant, VariantOption

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
    refusals = Refused
    endings = Ending

    def variants(self) -> list[Variant]:
        return [STANDARD]

    def start(self, game: NewGame) -> BergState:
        names, seed = game.names, game.seed
        turn_limit = game.whole_number(TURN_LIMIT.key)  # 0: off (B8)
        start = game.start_seat()  # B9
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


RULES = BergRuftRules()
