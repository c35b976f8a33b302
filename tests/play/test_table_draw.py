"""PlayTable.draw is a template: the game draws its board, the table everything over it, in the
same order at every table (issue 28, item 6)."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import pygame
import pytest

from game.play import tabledraw as table_module
from game.play.table import PlayTable
from game.play.tabledraw import GuidePlace
from game.ui import theme


class Recorder(PlayTable):
    """A table with nothing but what ``draw`` reads; every part it draws says so in ``drawn``."""

    NOTICE_AREA = pygame.Rect(0, 900, 400, 60)
    board_focused = False

    def __init__(self, drawn: list[str]) -> None:  # no scene machinery: only draw is used
        self.drawn = drawn
        self.ui = SimpleNamespace(draw_ui=lambda surface: drawn.append("controls"))
        element = SimpleNamespace(rect=pygame.Rect(10, 10, 50, 20))
        self.ring = SimpleNamespace(current=SimpleNamespace(enabled=True, element=element))
        self.services = SimpleNamespace(show_focus=True, clock=SimpleNamespace(now=0.0))
        self.time = SimpleNamespace(now=0.0)
        self.notice = ("refused", 10.0)
        self.guide = SimpleNamespace(draw=self._guide_drawn)
        self.hint = SimpleNamespace(target=("field", 3))

    def _guide_drawn(self, surface: Any, hint: Any, target: Any, panel: Any, *rest: Any) -> None:
        self.drawn.append(f"guide {panel.topleft if hint is not None else None}")

    def guide_hint(self) -> Any:
        return self.hint

    def guide_place(self, hint: Any, target: pygame.Rect | None) -> GuidePlace:
        return GuidePlace(pygame.Rect(5, 6, 100, 100))

    def draw_board(self, surface: pygame.Surface, alpha: float) -> None:
        self.drawn.append("board")

    def draw_over_controls(self, surface: pygame.Surface) -> None:
        self.drawn.append("over controls")

    def draw_over_all(self, surface: pygame.Surface) -> None:
        self.drawn.append("over all")

    def focus_on_board(self) -> bool:
        return self.board_focused


@pytest.fixture
def drawn(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    seen: list[str] = []
    monkeypatch.setattr(theme, "draw_focus", lambda surface, rect, t: seen.append("ring"))
    notice = lambda surface, rect, text, style: seen.append(f"notice {rect.topleft}")  # noqa: E731
    monkeypatch.setattr(table_module.panels, "draw_notice", notice)
    return seen


def test_the_game_draws_its_board_and_the_table_the_rest_over_it(drawn: list[str]) -> None:
    Recorder(drawn).draw(pygame.Surface((64, 64)), 0.0)
    assert drawn == [
        "board",
        "controls",
        "over controls",
        "ring",
        "guide (5, 6)",
        "notice (0, 900)",
        "over all",
    ]


def test_no_ring_round_a_control_while_the_focus_is_on_the_board(drawn: list[str]) -> None:
    table = Recorder(drawn)
    table.board_focused = True
    table.draw(pygame.Surface((64, 64)), 0.0)
    assert "ring" not in drawn


def test_without_a_hint_the_guide_is_told_so_and_nothing_is_placed(drawn: list[str]) -> None:
    table = Recorder(drawn)
    table.hint = None
    table.draw(pygame.Surface((64, 64)), 0.0)
    assert "guide None" in drawn  # the guide forgets its last panel (no stale click target)


def test_a_table_without_a_notice_area_shows_no_notice(drawn: list[str]) -> None:
    table = Recorder(drawn)
    table.NOTICE_AREA = None  # type: ignore[misc]
    table.draw(pygame.Surface((64, 64)), 0.0)
    assert not [d for d in drawn if d.startswith("notice")]


def test_the_log_panel_shows_the_last_entries_with_their_seats_marks() -> None:
    table = Recorder([])
    table.shapes, table.colours = ["circle", "square"], [(1, 2, 3), (4, 5, 6)]
    table.log = [(0, "a", {}), (1, "b", {}), (None, "c", {})]
    table.log_text = lambda entry: entry[1]  # type: ignore[method-assign]
    lines = table.log_lines(2)
    assert [(line.text, line.mark) for line in lines] == [("b", ("square", (4, 5, 6))), ("c", None)]
