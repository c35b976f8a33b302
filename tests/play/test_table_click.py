"""A press on a table's board that no control takes is a click on the board: the table plays the
action its game offers there (``action_at``), or what the press would mean (``guess_at``), so
that the rules say why not. A new game writes those two and nothing of the input."""

from __future__ import annotations

from game.play.config import GameConfig, Seat
from tests.scenes_support import Driver, table_class
from tests.testgames.fixture import more_games
from tests.testgames.fourth.pebbles.rules import Take
from tests.testgames.fourth.pebbles.scene import PILE, PebblesScene


class ClickedPebbles(PebblesScene):
    """Pebbles with a pile that takes one pebble when it is clicked, and says why not elsewhere."""

    def action_at(self, pos: tuple[int, int]) -> Take | None:
        return Take(1) if PILE.collidepoint(pos) else None

    def guess_at(self, pos: tuple[int, int]) -> Take | None:
        return Take(9)  # more than may be taken: the rules refuse it, the table says so


def test_a_press_on_the_board_plays_what_is_offered_there_and_else_says_why_not(app):
    with more_games(1):
        seats = (Seat("Anna", "human", "red"), Seat("Ben", "human", "blue"))
        app.scenes.reset(ClickedPebbles, config=GameConfig("pebbles", "pile", seats, 5))
        drive = Driver(app)
        drive.frames(2)
        table = app.scenes.top
        assert isinstance(table, ClickedPebbles) and table_class("pebbles") is PebblesScene
        pile = table.state.pile
        drive.click(PILE.center)
        assert table.state.pile == pile - 1  # the action offered on the pile
        button = table.take_buttons[0].rect  # a control: the board is not clicked through it
        drive.click((PILE.x - 40, PILE.bottom + 40))  # the board, nothing offered there
        assert table.state.pile == pile - 1 and table.notice is not None
        assert "at most 3" in table.notice[0].lower()
        drive.click(button.center)
        assert table.state.pile == pile - 2  # the button took one, the board nothing
