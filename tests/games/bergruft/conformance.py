"""What the shared tests (tests/conformance, tests/ui, the saves) need to know of Der Berg ruft:
how many random games to play, what no other seat may see, and what draws a seat's piece."""

from typing import Any

from game.games.bergruft.rules.state import ENGLISH  # noqa: F401  (the developers' sentences)
from tests.games.bergruft.guide_words import says as guide_says  # noqa: F401  (its words)

GAMES = 300  # random games: short ones
PIECE_DRAWER = ("game.games.bergruft.view.mountain", "draw_figure")  # draws a seat's piece

# the seeded games the guide is walked through (tests/play/test_guide_says.py)
GUIDE_GAMES = (("standard", 2, 1, {"turn_limit": 15}), ("standard", 3, 2, {}))


def hidden(state: Any, seat: int) -> None:
    """The secret number, while it is being guessed, is the caller's alone."""
    view = state.view(seat)
    if seat != state.caller and state.phase in ("guess", "decide"):
        assert view.number is None and view.is_hidden
    else:
        assert view.number == state.number
