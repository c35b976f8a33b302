"""The Nanuuk! floe renderer: layout geometry, drawing smoke tests and layer caching."""

from __future__ import annotations

import math

import pygame
import pytest

from game.games.nanuuk.rules.board import Board, bits
from game.games.nanuuk.rules.level import default_level
from game.games.nanuuk.view import figures, floe
from game.games.nanuuk.view.floe import FIELD_STYLES, FloeLayout, FloeRenderer

RECT = pygame.Rect(40, 120, 1180, 900)


@pytest.fixture(scope="module", autouse=True)
def _pygame():
    pygame.init()
    yield


@pytest.fixture(scope="module")
def level():
    return default_level()


@pytest.fixture(scope="module")
def layout(level):
    return FloeLayout(level.floe, RECT)


@pytest.fixture(scope="module")
def board(level):
    return Board.build(level.floe, level.in_play("all"))


def _changed(before: pygame.Surface, after: pygame.Surface) -> bool:
    return before.get_view("2").raw != after.get_view("2").raw


# ---- layout ---------------------------------------------------------------------------------
def test_the_whole_floe_fits_in_the_rect(level, layout):
    assert layout.radius > 30
    for f in level.floe.kinds:
        for x, y in layout.corners(f):
            assert RECT.left <= x <= RECT.right and RECT.top <= y <= RECT.bottom


def test_field_at_centre_round_trip(level, layout):
    for f in level.floe.kinds:
        assert layout.field_at(layout.centre(f)) == f
        cx, cy = layout.centre(f)
        r = layout.radius * 0.8
        for k in range(6):  # well inside the hex, towards every corner
            a = math.radians(-90 + 60 * k)
            assert layout.field_at((cx + r * math.cos(a), cy + r * math.sin(a))) == f


def test_field_at_water_is_none(layout):
    assert layout.field_at((RECT.left + 3, RECT.top + 3)) is None
    assert layout.field_at((RECT.right - 3, RECT.bottom - 3)) is None
    assert layout.field_at((-500, -500)) is None


def test_neighbours_share_two_corners_and_the_edge_segment(level, layout, board):
    for edge, (f, g) in board.edges.items():
        cf, cg = layout.corners(f), layout.corners(g)
        shared = [p for p in cf if any(math.dist(p, q) < 1e-6 for q in cg)]
        assert len(shared) == 2
        a, b = layout.edge_segment(edge)
        for end in (a, b):
            assert min(math.dist(end, p) for p in shared) < 1e-6


def test_edge_at_finds_the_edge_near_its_midpoint(layout, board):
    candidates = list(board.edges)
    for edge in candidates:
        (ax, ay), (bx, by) = layout.edge_segment(edge)
        mid = ((ax + bx) / 2 + 2, (ay + by) / 2 - 2)
        assert layout.edge_at(mid, candidates) == edge
    assert layout.edge_at((-900, -900), candidates) is None
    assert layout.edge_at((0, 0), []) is None


def test_edge_at_respects_the_tolerance(layout, board):
    edge = next(iter(board.edges))
    (ax, ay), (bx, by) = layout.edge_segment(edge)
    mid = ((ax + bx) / 2, (ay + by) / 2)
    dx, dy = by - ay, ax - bx  # the normal, as long as the side
    length = math.hypot(dx, dy)
    off = (mid[0] + dx / length * 20, mid[1] + dy / length * 20)
    assert layout.edge_at(off, [edge], tolerance=25) == edge
    assert layout.edge_at(off, [edge], tolerance=10) is None


# ---- drawing --------------------------------------------------------------------------------
@pytest.mark.parametrize("mode", ["all", "no-dots", "no-waves", "region"])
def test_draw_board_every_mode(level, mode):
    region = level.region if mode in ("all", "region") else None
    renderer = FloeRenderer(level.floe, level.in_play(mode), RECT, region)
    surface = pygame.Surface((1920, 1080))
    before = surface.copy()
    renderer.draw_board(surface, 0.0)
    assert _changed(before, surface)
    renderer.draw_board(surface, 1.7)


def test_cracks_full_and_growing(level, board):
    renderer = FloeRenderer(level.floe, level.in_play("all"), RECT)
    surface = pygame.Surface((1920, 1080))
    renderer.draw_board(surface, 0.0)
    edges = sorted(board.edges)
    cracks = sum(edges[::2][:60])
    before = surface.copy()
    renderer.draw_cracks(surface, cracks)
    assert _changed(before, surface)
    for progress in (0.0, 0.01, 0.3, 0.99, 1.0):
        renderer.draw_cracks(surface, edges[1], {edges[1]: progress})
    renderer.draw_cracks(surface, 0)
    assert len(bits(cracks)) == 60


def test_highlights_every_style(level, board):
    renderer = FloeRenderer(level.floe, level.in_play("all"), RECT)
    fields = sorted(level.floe.kinds)
    edges = sorted(board.edges)
    for i, style in enumerate(FIELD_STYLES):
        surface = pygame.Surface((1920, 1080))
        before = surface.copy()
        renderer.draw_highlights(surface, {fields[i * 5]: style}, {}, 0.3)
        assert _changed(before, surface), style
    for style in ("crack", "crack-focus"):
        surface = pygame.Surface((1920, 1080))
        before = surface.copy()
        renderer.draw_highlights(surface, {}, {edges[7]: style}, 0.3)
        assert _changed(before, surface), style


@pytest.mark.parametrize("kind", figures.PIECE_KINDS)
def test_every_piece_draws(kind):
    surface = pygame.Surface((200, 200))
    before = surface.copy()
    figures.draw_piece(surface, kind, (100, 100), 60)
    assert _changed(before, surface)
    icon = figures.piece_icon(kind, 48)
    assert icon.get_size() == (48, 48)
    assert icon is figures.piece_icon(kind, 48)


@pytest.mark.parametrize("kind", figures.EQUIPMENT_KINDS)
def test_every_equipment_draws(kind):
    surface = pygame.Surface((200, 200))
    before = surface.copy()
    figures.draw_equipment(surface, kind, (100, 100), 60)
    assert _changed(before, surface)
    assert figures.piece_icon(kind, 40).get_size() == (40, 40)


def test_hunters_and_kayak_draw():
    from game.ui import theme

    for seat, (_, colour) in enumerate(theme.seat_colours()[:4]):
        for selected in (False, True):
            surface = pygame.Surface((200, 200))
            before = surface.copy()
            figures.draw_hunter(
                surface, (100, 100), 60, colour, theme.seat_shape(seat), selected=selected
            )
            assert _changed(before, surface)
    for angle in (0, 45.5, -90, 390):
        surface = pygame.Surface((200, 200))
        before = surface.copy()
        figures.draw_kayak(surface, (100, 100), 60, angle)
        assert _changed(before, surface)


def test_unknown_icon_is_an_error():
    with pytest.raises(ValueError):
        figures.piece_icon("narwhal", 32)


# ---- caching --------------------------------------------------------------------------------
def test_board_layer_is_reused_across_frames_and_renderers(level):
    in_play = level.in_play("no-dots")
    renderer = FloeRenderer(level.floe, in_play, RECT)
    surface = pygame.Surface((1920, 1080))
    renderer.draw_board(surface, 0.0)
    layer = renderer.board_layer
    renderer.draw_board(surface, 0.5)
    assert renderer.board_layer is layer
    again = FloeRenderer(level.floe, in_play, RECT)
    assert again.board_layer is layer
    other = FloeRenderer(level.floe, level.in_play("all"), RECT)
    assert other.board_layer is not layer


def test_sprites_are_cached(level, board):
    renderer = FloeRenderer(level.floe, level.in_play("all"), RECT)
    edge = next(iter(board.edges))
    surface = pygame.Surface((1920, 1080))
    renderer.draw_cracks(surface, edge)
    sprite = renderer._crack_sprite(edge)[0]
    renderer.draw_cracks(surface, edge)
    assert renderer._crack_sprite(edge)[0] is sprite
    r = round(renderer.layout.radius)
    assert floe._field_sprite("move", r) is floe._field_sprite("move", r)
    assert figures._piece_sprite("bear", 60) is figures._piece_sprite("bear", 60)
    assert figures._hunter_sprite(60, (1, 2, 3), "star", False) is figures._hunter_sprite(
        60, (1, 2, 3), "star", False
    )



def test_a_crack_splits_the_ice_along_its_whole_edge_and_into_both_fields(level, board):
    """Read from the sofa as broken ice, not a short stroke (issue 18, item 5): the open water
    runs the edge from corner to corner, and fractures run off it into the ice on both sides."""
    renderer = FloeRenderer(level.floe, level.in_play("all"), RECT)
    r = renderer.layout.radius
    ice = (240, 240, 240)
    for edge in sorted(board.edges)[::37][:6]:
        surface = pygame.Surface((1920, 1080))
        surface.fill(ice)
        renderer.draw_cracks(surface, edge)
        (ax, ay), (bx, by) = renderer.layout.edge_segment(edge)
        length = math.hypot(bx - ax, by - ay)
        ux, uy = (bx - ax) / length, (by - ay) / length  # along the edge
        along, across = [], []
        box = pygame.Rect(min(ax, bx) - r, min(ay, by) - r, abs(bx - ax) + 2 * r,
                          abs(by - ay) + 2 * r).clip(surface.get_rect())  # fmt: skip
        for x in range(box.left, box.right, 2):
            for y in range(box.top, box.bottom, 2):
                if sum(surface.get_at((x, y))[:3]) < 3 * 150:  # dark: water or a fracture
                    dx, dy = x - ax, y - ay
                    along.append(dx * ux + dy * uy)
                    across.append(dx * -uy + dy * ux)
        assert min(along) <= 0.1 * length and max(along) >= 0.9 * length  # corner to corner
        assert min(across) <= -0.25 * r and max(across) >= 0.25 * r  # into both fields
