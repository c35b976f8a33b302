"""The Kap Hoorn hand (issue 29, item 8): the picked card, lifted out of the hand, leaves its
title ("Anna's hand") readable at 100 % and 130 % text, and a card dragged over the chart looks
exactly as it will lie there: its arrows turned as the rules turn a card laid on that field
(screenshots 204, 205: dragged pointing north, laid pointing south)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pygame
import pytest

from game import i18n
from game.app import App, Options
from game.games.kaphoorn.rules.turn import all_winds
from game.games.kaphoorn.scene import KapHoornScene
from game.games.kaphoorn.view import hand, seachart
from game.games.kaphoorn.view.layout import BOARD_RECT, WIND_RECT, ZOOM_RECTS
from game.i18n import tr
from game.persist.settings import Settings, save_settings
from game.play.config import GameConfig, Seat
from game.ui import theme
from tests.scenes_support import Driver, table_class


@pytest.fixture(autouse=True)
def plain_theme() -> Iterator[None]:
    yield
    theme.configure(False, 1.0, False)
    i18n.set_language("en")


def table(tmp_path, language: str = "en", scale: float = 1.0) -> tuple[Driver, KapHoornScene]:
    """Anna (human) against two computers, at her first turn with cards to lay."""
    save_settings(tmp_path, Settings(language=language, ui_scale=scale))
    app = App(Options(data_dir=tmp_path, raise_errors=True, size=(1920, 1080), fullscreen=False))
    app.start()
    drive = Driver(app)
    seats = (Seat("Anna", "human", "red"), Seat("Ben", "easy", "blue"),
             Seat("Cleo", "easy", "yellow"))  # fmt: skip
    app.scenes.reset(table_class("kaphoorn"), config=GameConfig("kaphoorn", "standard", seats, 4))
    drive.frames(2)
    scene = app.scenes.stack[0]
    assert isinstance(scene, KapHoornScene)
    assert drive.until(lambda: scene.human_turn and bool(scene.playable_winds()) and not scene.busy)
    return drive, scene


def press_card(drive: Driver, scene: KapHoornScene) -> tuple[int, tuple[int, int]]:
    """Press (and hold) a playable card of the hand: its wind and where it was pressed."""
    rect, wind = next((r, w) for r, w in scene.hand_slots() if w in scene.playable_winds())
    pos = rect.center
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0),
                                         buttons=(0, 0, 0)))  # fmt: skip
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    drive.frames(1)
    return wind, pos


@pytest.mark.parametrize("scale", [1.0, 1.3])
@pytest.mark.parametrize("language", ["en", "de"])
def test_the_lifted_card_leaves_the_hand_s_title_readable(tmp_path, language, scale):
    drive, scene = table(tmp_path, language, scale)
    wind, pos = press_card(drive, scene)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    drive.frames(2)
    assert scene.selected == wind  # a tap picks the card up: it stands out of the hand
    recording = theme.start_recording()
    try:
        scene.draw(drive.app.surface(), 0.0)
    finally:
        theme.stop_recording(recording)
    title = tr("kaphoorn.your_hand", name="Anna")
    lines = [rect for words, rect in recording.texts if words == title]  # with the line's room
    assert lines, f"{title!r} is not drawn"
    cards = [hand.lifted(rect, w, scene.selected) for rect, w in scene.hand_slots()]
    lifted = [card for card in cards if card.y < max(c.y for c in cards)]
    assert len(lifted) == 1  # the picked card, and only it, stands out
    for line in lines:
        assert line.collidelist(cards) == -1, (title, line, cards)


def visible_field(scene: KapHoornScene, zone: int) -> int:
    """A sea field of ``zone`` shown on the chart, clear of what lies over it."""
    chart = scene.state.chart
    fields = [f for f in range(len(chart.zone)) if chart.zone[f] == zone and chart.is_sea(f)]
    for field in fields:
        rect = scene.layout.field_rect(field)
        if BOARD_RECT.contains(rect) and rect.collidelist([WIND_RECT, *ZOOM_RECTS]) == -1:
            return field
    scene.chart_view.look_at(fields[len(fields) // 2])
    return visible_field(scene, zone)


@pytest.mark.parametrize("zone", [1, 2, 3])
def test_a_dragged_card_looks_as_it_will_lie(tmp_path, monkeypatch, zone):
    """Over a field of each stage the dragged card's arrows point where the rules make them
    point once it is laid there (screenshots 204, 205)."""
    drive, scene = table(tmp_path)
    wind, start = press_card(drive, scene)
    field = visible_field(scene, zone)
    drive.frames(1)
    centre = scene.layout.centre(field)
    at = (round(centre[0]), round(centre[1]))
    drawn: list[tuple[pygame.Rect, Any, int]] = []
    real = seachart.draw_wind_card

    def record(surface, rect, card, forward=0, **kw):
        drawn.append((pygame.Rect(rect), card, forward))
        real(surface, rect, card, forward, **kw)

    monkeypatch.setattr(seachart, "draw_wind_card", record)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=at, rel=(1, 1),
                                         buttons=(1, 0, 0)))  # fmt: skip
    drive.frames(2)
    under = [(card, forward) for rect, card, forward in drawn if rect.center == at]
    assert under, "no card is drawn under the pointer"
    card, forward = under[-1]
    assert card == all_winds()[wind]
    assert card.turned(forward) == scene.state.chart.arrows(card, field), (zone, forward)
