"""What the shared conformance suite (tests/conformance) needs to know of Der Berg ruft: how
many random games to play, and what no other seat may see."""

from typing import Any

GAMES = 300  # random games: short ones


def hidden(state: Any, seat: int) -> None:
    """The secret number, while it is being guessed, is the caller's alone."""
    view = state.view(seat)
    if seat != state.caller and state.phase in ("guess", "decide"):
        assert view.number is None and view.is_hidden
    else:
        assert view.number == state.number

PIECE_DRAWER = ("game.games.bergruft.view.mountain", "draw_figure")  # draws a seat's piece
