"""The players' cards of an introduction game keep their words inside them at every text size:
at 130 % with four players the line "Moves: hunter 1" hung out of its card and the next card
cut it in half (issue 29, item 8: layout slips)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from game import i18n
from game.games.nanuuk.view import panels
from game.games.nanuuk.view.layout import sheet_rect
from game.i18n import LANGUAGES
from game.play.config import GameConfig, Seat
from game.ui import theme
from tests.scenes_support import table_class

NAMES = ("Wilhelmina Max", "Ben", "Clara", "David")


@pytest.fixture
def plain_theme() -> Iterator[None]:
    yield
    theme.configure(False, 1.0, False)
    i18n.set_language("en")


@pytest.mark.parametrize("scale", [1.0, 1.15, 1.3])
@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_word_on_a_players_card_lies_inside_it(
    drive, plain_theme, players, language, scale
) -> None:
    i18n.set_language(language)
    theme.configure(False, scale, False)
    seats = tuple(Seat(NAMES[i]) for i in range(players))
    drive.app.scenes.reset(table_class("nanuuk"), config=GameConfig("nanuuk", "intro", seats, 5))
    drive.frames(2)
    scene = drive.app.scenes.top
    recording = theme.start_recording()
    try:
        scene.painted.reset()
        drive.frames(2)
    finally:
        theme.stop_recording(recording)
    cards = [sheet_rect(seat, players) for seat in range(players)]
    for seat, card in enumerate(cards):
        said = panels.moved_by(scene.state, seat)
        inks = [ink for text, ink, _ in recording.inks if said.startswith(text)
                and card.colliderect(ink)]  # fmt: skip
        assert inks, f"{said!r} is not drawn on card {seat + 1}"
        for ink in inks:  # every letter's pixels inside the card, clear of its rim
            assert card.inflate(-4, -4).contains(ink), (said, ink, card)
    assert not [whole for whole, _ in recording.cuts if whole not in NAMES]
