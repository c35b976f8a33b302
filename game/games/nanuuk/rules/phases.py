"""The names a Nanuuk! position is made of, below the state and its turn flow (both use them):
the phases (which question is open) and the pieces on the floe, in the order of
``NanuukState.pieces``."""

from __future__ import annotations

PLACE, CHOOSE, STEP, CRACK, TAKE, BANISH, IGLOO, OVER = (
    "place", "choose", "step", "crack", "take", "banish", "igloo", "over",
)  # fmt: skip
PIECES = ("fish", "seal", "walrus", "whale", "inuk", "bear")  # order of ``NanuukState.pieces``
PIECE_OF_KIND = {"fish": "fish", "seals": "seal", "walruses": "walrus", "whales": "whale",
                 "inuit": "inuk", "bears": "bear"}  # fmt: skip
NOT_PLACED, REMOVED = -1, -2
