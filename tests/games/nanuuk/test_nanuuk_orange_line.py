"""The rules pages speak of "the 24 fields inside the orange line" (issue 29, item 10): the
floe's picture draws that line, whichever variant the pages explain."""

from __future__ import annotations

import pygame
import pytest

from game.games.nanuuk import pictures
from game.games.nanuuk.rules import RULES
from game.games.nanuuk.view.floelayout import REGION
from game.i18n import tr

SIZE = (900, 760)


@pytest.fixture(scope="module", autouse=True)
def _pygame():
    pygame.init()
    yield


def orange(image: pygame.Surface) -> int:
    """How many pixels of the picture are the orange line's colour."""
    count = 0
    w, h = image.get_size()
    for y in range(0, h, 2):
        for x in range(0, w, 2):
            r, g, b, *_ = image.get_at((x, y))
            count += abs(r - REGION[0]) + abs(g - REGION[1]) + abs(b - REGION[2]) < 40
    return count


def test_the_rules_speak_of_the_orange_line():
    assert "orange line" in tr("rules.nanuuk.floe.body")


@pytest.mark.parametrize("variant", [v.id for v in RULES.variants()])
def test_the_floe_picture_draws_the_orange_line(variant):
    image = pictures.floe(variant, SIZE)
    assert orange(image) > 400, variant  # the line round 24 fields, sampled every 2nd pixel
