"""The players' cards of Nanuuk! read from the sofa (issue 18, item 5): every card the same size,
the sheets' icons at least 40 px at 1080p for any number of players, inside their card, and a
carried piece differs from an empty slot by more than its brightness (it lies on a tile)."""

from __future__ import annotations

import pygame
import pytest

from game.games.nanuuk.view import panels
from game.games.nanuuk.view.layout import sheet_rect
from game.play.registry import rules_for
from tests.scenes_support import table_class


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_card_is_the_same_size_and_its_icons_fit_it(players):
    rects = [sheet_rect(seat, players) for seat in range(players)]
    assert len({r.size for r in rects}) == 1
    state = rules_for("nanuuk").new_game("full", ["A", "B", "C", "D"][:players], seed=1)
    for seat, rect in enumerate(rects):
        hunters = len(state.spec.of_seat(seat))
        size = panels.sheet_icon_size(hunters, rect)
        assert size >= 40
        rows_bottom = rect.y + 44 + hunters * (size + 6) - 6
        row_right = rect.x + 14 + panels.SLOTS * (size + panels.SLOT_GAP) + 24
        assert rows_bottom <= rect.bottom and row_right + panels.IGLOO_ROOM <= rect.right + 6


def test_a_carried_piece_lies_on_a_tile_and_an_empty_slot_is_a_ring():
    surface = pygame.Surface((200, 100))
    background = (20, 30, 50)
    surface.fill(background)
    size = 48
    panels._icon(surface, "harpoon", (10, 10), size, True)
    panels._icon(surface, "harpoon", (110, 10), size, False)
    inside = (size // 2, 5)  # near the top edge, within the slot, beside the picture
    assert surface.get_at((10 + inside[0], 10 + inside[1]))[:3] == panels.CARRIED_TILE
    assert surface.get_at((110 + inside[0], 10 + inside[1]))[:3] == background
    assert surface.get_at((110 + size // 2, 10))[:3] == panels.EMPTY_RING


def test_a_click_off_the_glowing_crack_lines_says_why(drive):
    import random

    from game import i18n
    from game.play.config import GameConfig, Seat

    i18n.set_language("en")
    config = GameConfig("nanuuk", "full", (Seat("Anna", "human", "red"),
                                           Seat("Ben", "human", "blue")), 4)  # fmt: skip
    drive.app.scenes.reset(table_class("nanuuk"), config=config)
    drive.frames(2)
    scene = drive.app.scenes.stack[0]
    rng = random.Random(1)
    while scene.state.phase != "crack":
        assert scene.play(rng.choice(scene.state.legal_actions()))
        scene.skip()
    while drive.app.scenes.top is not scene:  # a hand-off screen, if any
        drive.app.scenes.pop()
        drive.app.scenes.apply_pending()
    st = scene.state
    far_field = next(f for f in sorted(st.spec.board.c_lines) if abs(f - st.at) > 10)
    at = scene.layout.centre(far_field)
    drive.click((round(at[0]), round(at[1])))
    assert scene.state is st  # nothing cracked
    assert scene.notice is not None
    before, after = i18n.tr("refusal.nanuuk.not_a_line", field="§").split("§")
    assert scene.notice[0].startswith(before) and scene.notice[0].endswith(after)


MOVES = {  # (variant, players, options): what each seat's card says it moves, in English
    ("bear-hunt", 3, ()): ["Moves: Inuk 1", "Moves: Inuk 2", "Moves: polar bear"],
    ("bear-hunt", 2, ()): ["Moves: Inuk 1 and Inuk 2", "Moves: polar bear"],
    ("bear-hunt", 2, ("e",)): ["Moves: Inuk 1 or Inuk 2", "Moves: polar bear"],  # N17 (e)
    ("bear-fear", 2, ()): ["Moves: the polar bear and Inuk 1", "Moves: the polar bear and Inuk 2"],
}


@pytest.mark.parametrize("key", list(MOVES), ids=lambda k: f"{k[0]}-{k[1]}{''.join(k[2])}")
def test_the_cards_of_the_bear_variants_say_who_moves_what(key):
    from game import i18n
    from game.ui import theme

    variant, players, flags = key
    i18n.set_language("en")
    options = {flag: True for flag in flags} | ({"bears": 1} if variant == "bear-fear" else {})
    state = rules_for("nanuuk").new_game(variant, ["A", "B", "C"][:players], seed=1,
                                         options=options)  # fmt: skip
    surface = pygame.Surface((1920, 1080))
    recording = theme.start_recording()
    try:
        panels.draw_sheets(surface, state, [(200, 60, 60), (60, 60, 200), (60, 160, 60)][:players])
    finally:
        theme.stop_recording(recording)
    for seat, expected in enumerate(MOVES[key]):
        card = sheet_rect(seat, players)
        shown = [t for t, r in recording.texts if t == expected and card.contains(r)]
        assert shown, (expected, [t for t, r in recording.texts if card.contains(r)])
    assert not recording.cuts


def test_two_or_three_bears_are_any_one_of_them():
    from game import i18n

    i18n.set_language("de")
    try:
        state = rules_for("nanuuk").new_game("bear-fear", ["A", "B"], seed=1, options={"bears": 3})
        assert panels.moved_by(state, 1) == "Zieht: einen Eisbären und Inuk 2"
    finally:
        i18n.set_language("en")


def test_the_banner_title_stays_clear_of_the_first_players_chip():
    from game import i18n
    from game.games.nanuuk.view.layout import chip_rect
    from game.ui import theme

    surface = pygame.Surface((1920, 1080))
    for language in i18n.LANGUAGES:
        i18n.set_language(language)
        for variant in rules_for("nanuuk").variants():
            names = ["Anna", "Ben", "Cleo", "Dirk"][: variant.min_players]
            state = rules_for("nanuuk").new_game(variant.id, names, seed=1)
            recording = theme.start_recording()
            try:
                panels.draw_banner(surface, state, [(200, 60, 60)] * len(names))
            finally:
                theme.stop_recording(recording)
            title = i18n.tr(f"setup.variants.nanuuk.{variant.id}")
            words = [r for t, r in recording.texts if t and t in title]
            assert words, (language, variant.id)
            assert max(r.right for r in words) < chip_rect(0).x, (language, variant.id)
            assert not recording.cuts
    i18n.set_language("en")


def test_an_inuk_who_joined_a_hunter_is_drawn_with_him_inside_his_field():
    import dataclasses
    import random

    import numpy

    from game.engine.tween import Tweener
    from game.games.nanuuk.view import floe_view
    from game.games.nanuuk.view.floe import FloeLayout
    from game.games.nanuuk.view.layout import BOARD_RECT
    from game.games.nanuuk.view.motion import Motion

    state, rng = rules_for("nanuuk").new_game("full", ["A", "B"], seed=3), random.Random(3)
    while not any(s.inuk for s in state.sheets):  # random play until a hunter meets an Inuk
        assert not state.is_over()
        state = state.apply(rng.choice(state.legal_actions()))
    hunter = next(i for i, s in enumerate(state.sheets) if s.inuk)
    alone = dataclasses.replace(state, sheets=tuple(s._replace(inuk=False) for s in state.sheets))
    layout = FloeLayout(state.spec.board.floe, BOARD_RECT)
    colours = [(200, 60, 60), (60, 60, 200)]

    def drawn(st):
        surface = pygame.Surface((1920, 1080))
        motion = Motion(Tweener(), layout, lambda name: None)
        floe_view.draw_pieces(surface, st, layout, colours, motion, 1.0)
        return surface

    with_inuk, without = drawn(state), drawn(alone)
    a = pygame.surfarray.array3d(with_inuk).astype(int)
    b = pygame.surfarray.array3d(without).astype(int)
    xs, ys = numpy.nonzero(numpy.abs(a - b).sum(axis=2))
    assert len(xs), "no Inuk drawn with the hunter"
    x, y = layout.centre(state.pos[hunter])
    r = layout.radius
    assert xs.min() > x  # beside him, on his right
    assert (((xs - x) ** 2 + (ys - y) ** 2) <= (0.9 * r) ** 2).all()  # inside his field only
