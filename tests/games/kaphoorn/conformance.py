"""What the shared tests (tests/conformance, tests/ui, the saves) need to know of Kap Hoorn. A
game with the default 80 rounds takes 650-1050 actions with ~40 offered at each: few games here
(the larger conformance test is test_kaphoorn_conformance.py)."""

from typing import Any

from game.games.kaphoorn.rules.why import ENGLISH  # noqa: F401  (the developers' sentences)
from tests.games.kaphoorn.guide_words import says as guide_says  # noqa: F401  (its words)

GAMES = 16
FULL_CHECKS = 4  # games in which every legal action is applied at every step
DECIDED_AFTER = "rounds_"  # what decided a game is told only at the round limit (K15)
CROWDED = ("standard", 5)  # the most crowded table (the accessibility tests)
PIECE_DRAWER = ("game.games.kaphoorn.view.seachart", "draw_ship")  # draws a seat's piece

# the seeded games the guide is walked through (tests/play/test_guide_says.py)
GUIDE_GAMES = (("standard", 3, 1, {"rounds": 15}), ("standard", 4, 2, {"rounds": 10}))


def hidden(state: Any, seat: int) -> None:
    """Another seat's hand and the draw pile are placeholders; no seed."""
    placeholder = -1  # game.games.kaphoorn.rules.turn.HIDDEN
    view = state.view(seat)
    assert view.viewer == seat and view.seed == -1
    for owner, (hand, seen) in enumerate(zip(state.hands, view.hands, strict=True)):
        assert seen == hand if owner == seat else seen == (placeholder,) * len(hand)
    assert view.pile == (placeholder,) * len(state.pile)
