"""The ``RULES`` object of Nanuuk!: variants, options and new games."""

from __future__ import annotations

from typing import Any

from game.games.nanuuk.rules.codes import DecidedBy, Ending, Refused
from game.games.nanuuk.rules.spec import VARIANTS, make_spec
from game.games.nanuuk.rules.state import NanuukState
from game.protocol.base import NewGame, Rules, Variant


class NanuukRules(Rules):
    id = "nanuuk"
    refusals = Refused
    endings = Ending
    decisions = DecidedBy

    def variants(self) -> list[Variant]:
        return list(VARIANTS)

    def start(self, game: NewGame) -> NanuukState:
        return NanuukState.first(make_spec(game))

    def state_from_dict(self, data: dict[str, Any]) -> NanuukState:
        return NanuukState.from_dict(data)


RULES = NanuukRules()
