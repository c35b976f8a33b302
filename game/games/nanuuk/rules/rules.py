"""The ``RULES`` object of Nanuuk!: variants, options and new games."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from game.games.nanuuk.rules.sheet import Sheet
from game.games.nanuuk.rules.spec import FULL, VARIANTS, make_spec
from game.games.nanuuk.rules.state import NOT_PLACED, PIECE_OF_KIND, PIECES, NanuukState
from game.protocol.base import Rules, Variant


class NanuukRules(Rules):
    id = "nanuuk"

    def variants(self) -> list[Variant]:
        return list(VARIANTS)

    def new_game(
        self,
        variant: str,
        players: int | Sequence[str],
        *,
        seed: int,
        options: dict[str, Any] | None = None,
    ) -> NanuukState:
        spec = make_spec(variant, players, seed, options)
        by_piece = {PIECE_OF_KIND[k]: mask for k, mask in spec.pieces.items()}
        return NanuukState(
            spec=spec,
            pos=(NOT_PLACED,) * len(spec.movers),
            cracks=spec.cracks,
            pieces=tuple(by_piece.get(p, 0) for p in PIECES),
            sheets=(Sheet(),) * len(spec.movers) if variant == FULL else (),
            seat=spec.placing[0][0] % spec.players,
            turns=(0,) * spec.players,
        )

    def state_from_dict(self, data: dict[str, Any]) -> NanuukState:
        return NanuukState.from_dict(data)


RULES = NanuukRules()
