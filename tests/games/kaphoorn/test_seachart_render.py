"""The Kap Hoorn sea chart renderer: layout geometry, drawing smoke tests and sprite caching."""

from __future__ import annotations

import pygame
import pytest

from game.games.kaphoorn.rules import RULES
from game.games.kaphoorn.rules.chart import FORWARD, default_chart
from game.games.kaphoorn.rules.turn import EMPTY, all_winds
from game.games.kaphoorn.view import clipper, seachart, windcard
from game.games.kaphoorn.view.seachart import HIGHLIGHT_STYLES, ChartLayout, ChartRenderer

RECT = pygame.Rect(16, 96, 1180, 968)


@pytest.fixture(scope="module", autouse=True)
def _pygame():
    pygame.init()
    yield


@pytest.fixture(scope="module")
def chart():
    return default_chart()


@pytest.fixture(scope="module")
def renderer(chart):
    return ChartRenderer(chart, RECT)


@pytest.fixture(scope="module")
def layout(renderer):
    return renderer.layout


def _pixels(surface: pygame.Surface, rect: pygame.Rect | None = None) -> bytes:
    part = surface if rect is None else surface.subsurface(rect)
    return pygame.image.tobytes(part, "RGBA")


def _canvas(size=(RECT.right + 16, RECT.bottom + 16)) -> pygame.Surface:
    surface = pygame.Surface(size)
    surface.fill((40, 44, 58))
    return surface


# ---- layout ---------------------------------------------------------------------------------
def test_the_grid_is_square_centred_and_inside_the_rect(chart, layout):
    assert layout.cell >= 36
    assert RECT.contains(layout.grid)
    assert abs(layout.grid.centerx - RECT.centerx) <= 1
    assert abs(layout.grid.centery - RECT.centery) <= 1
    r = layout.field_rect(0)
    assert r.size == (layout.cell, layout.cell)
    assert r.topleft == layout.grid.topleft


def test_field_at_centre_round_trip(chart, layout):
    for f in range(chart.width * chart.height):
        assert layout.field_at(layout.centre(f)) == f
        r = layout.field_rect(f)
        assert layout.field_at((r.left + 1, r.top + 1)) == f
        assert layout.field_at((r.right - 1, r.bottom - 1)) == f


def test_field_at_off_the_grid_is_none(layout):
    g = layout.grid
    assert layout.field_at((g.left - 2, g.centery)) is None
    assert layout.field_at((g.right + 1, g.centery)) is None
    assert layout.field_at((g.centerx, g.bottom + 1)) is None
    assert layout.field_at((-500, -500)) is None


def test_a_smaller_rect_gives_smaller_cells(chart):
    small = ChartLayout(chart, pygame.Rect(0, 0, 600, 500))
    assert small.cell < ChartLayout(chart, RECT).cell
    assert pygame.Rect(0, 0, 600, 500).contains(small.grid)


# ---- the board layer --------------------------------------------------------------------------
def test_board_layer_is_the_rect_size_and_cached(renderer, chart):
    layer = renderer.board_layer
    assert layer.get_size() == RECT.size
    assert renderer.board_layer is layer
    assert ChartRenderer(chart, RECT).board_layer is layer


def test_the_chart_shows_sea_land_and_stations_differently(renderer, chart, layout):
    layer = renderer.board_layer
    ox, oy = RECT.topleft

    def colour(f: int) -> tuple[int, ...]:
        x, y = layout.centre(f)
        return tuple(layer.get_at((round(x - ox), round(y - oy))))[:3]

    land = next(f for f, s in enumerate(chart.terrain) if s == "#" and chart.zone[f] == 0)
    sea = {
        z: next(
            f
            for f in range(len(chart.zone))
            if chart.zone[f] == z and f not in chart.station and not chart.finish >> f & 1
        )
        for z in (1, 2, 3)
    }
    assert len({colour(sea[1]), colour(sea[2]), colour(sea[3]), colour(land)}) == 4
    station = next(iter(chart.station))
    assert colour(station) != colour(sea[chart.zone[station]])


# ---- cards ------------------------------------------------------------------------------------
def test_cards_change_the_pixels_of_their_field_only(renderer, chart, layout):
    field = next(
        f
        for f in range(len(chart.zone))
        if chart.zone[f] == 1 and f not in chart.starts and f not in chart.station
    )
    cards = [EMPTY] * len(chart.zone)
    before = _canvas()
    before.blit(renderer.board_layer, RECT.topleft)
    after = before.copy()
    cards[field] = 0
    renderer.draw_cards(after, cards)
    box = layout.field_rect(field)
    assert _pixels(before, box) != _pixels(after, box)
    far = layout.field_rect((field + 7 * chart.width) % len(chart.zone))
    assert _pixels(before, far) == _pixels(after, far)


def test_hidden_and_start_fields_are_not_drawn(renderer, chart):
    state = RULES.new_game("standard", 4, seed=1)  # only the printed start winds are laid
    before = _canvas()
    after = before.copy()
    renderer.draw_cards(after, state.cards)
    assert _pixels(before) == _pixels(after)
    cards = [EMPTY] * len(chart.zone)
    field = next(f for f in range(len(chart.zone)) if chart.zone[f] == 2)
    cards[field] = 1
    renderer.draw_cards(after, cards, hidden={field})
    assert _pixels(before) == _pixels(after)


def test_a_card_is_turned_by_its_zone(renderer, chart):
    wind = all_winds()[0]  # one forward arrow: the turn shows plainly
    sprites = {z: windcard.board_sprite(wind, FORWARD[z], renderer.layout.cell) for z in (1, 2, 3)}
    raw = {z: _pixels(s) for z, s in sprites.items()}
    assert len(set(raw.values())) == 3
    one, three = sprites[1], sprites[3]
    assert _pixels(pygame.transform.rotate(one, 180)) != raw[1]  # not symmetric by chance
    assert one.get_size() == three.get_size()


def test_a_card_on_a_station_shows_the_station_colour(renderer, chart):
    station, colour = next(iter(chart.station.items()))
    plain = renderer.card_sprite(
        0, station + 1 if station + 1 not in chart.station else station - 1
    )
    on_station = renderer.card_sprite(0, station)
    assert _pixels(plain) != _pixels(on_station)
    rgb = windcard.STATION_RGB[colour]
    found = any(
        all(abs(a - b) < 30 for a, b in zip(on_station.get_at((x, y))[:3], rgb, strict=True))
        for x in range(on_station.get_width())
        for y in range(on_station.get_height())
    )
    assert found


def test_every_wind_in_every_zone_draws(renderer, chart):
    surface = _canvas()
    cards = [EMPTY] * len(chart.zone)
    winds = all_winds()
    sea = [f for f in range(len(chart.zone)) if chart.zone[f] and f not in chart.starts]
    for zone in (1, 2, 3):
        fields = [f for f in sea if chart.zone[f] == zone]
        for i in range(len(winds)):
            cards[fields[i % len(fields)]] = i
            windcard.draw_wind_card(surface, pygame.Rect(10, 10, 100, 136), winds[i], FORWARD[zone])
    renderer.draw_cards(surface, cards)
    for f in chart.station:
        cards[f] = 3
    renderer.draw_cards(surface, cards)


def test_a_full_chart_is_drawn_from_cached_sprites(renderer, chart):
    """What keeps a frame of 90 cards cheap: each sprite is painted once, then only blitted
    (the time it takes is a bench figure, kaphoorn_animating, not a test)."""
    state = RULES.new_game("standard", 4, seed=3)
    cards = list(state.cards)
    sea = [f for f in range(len(chart.zone)) if chart.zone[f] and f not in chart.starts]
    for i, f in enumerate(sea[:90]):
        cards[f] = i % 9
    first = _canvas()
    renderer.draw_cards(first, cards)
    painted = windcard.board_sprite.cache_info().misses
    for _ in range(20):
        again = _canvas()
        renderer.draw_cards(again, cards)
    assert windcard.board_sprite.cache_info().misses == painted  # nothing painted again
    assert _pixels(again) == _pixels(first)


# ---- hand cards, backs, pile --------------------------------------------------------------------
def test_hand_cards_turn_and_highlight(renderer):
    wind = all_winds()[4]
    rect = pygame.Rect(20, 20, 104, 136)
    shots = []
    for forward, highlight in ((0, False), (2, False), (0, True)):
        surface = _canvas((200, 200))
        windcard.draw_wind_card(surface, rect, wind, forward, highlight=highlight)
        shots.append(_pixels(surface))
    assert len(set(shots)) == 3


def test_card_back_and_pile(renderer):
    surface = _canvas((200, 200))
    before = _pixels(surface)
    windcard.draw_card_back(surface, pygame.Rect(20, 20, 60, 80))
    assert _pixels(surface) != before
    full, empty = _canvas(), _canvas()
    renderer.draw_pile(full, 60)
    renderer.draw_pile(empty, 0)
    box = renderer.pile_rect()
    assert _pixels(full, box) != _pixels(empty, box)
    assert box.collidepoint(renderer.pile_point())
    assert renderer.layout.field_at(renderer.pile_point()) in {
        f for f, s in enumerate(renderer.chart.terrain) if s == "K"
    }


# ---- ships ----------------------------------------------------------------------------------
def test_ships_of_two_colours_and_marks_differ():
    def ship(colour, shape, heading=2, selected=False) -> bytes:
        surface = _canvas((120, 120))
        clipper.draw_ship(surface, (60, 60), 46, colour, shape, heading, selected)
        return _pixels(surface)

    red = ship((213, 94, 0), "circle")
    assert red != ship((0, 114, 178), "circle")
    assert red != ship((213, 94, 0), "square")
    assert red != ship((213, 94, 0), "circle", heading=6)
    assert red != ship((213, 94, 0), "circle", selected=True)
    assert red == ship((213, 94, 0), "circle", heading=90.0)  # index 2 is east = 90 degrees
    for heading in [*range(8), 12.5, 200.0, 359.0]:
        ship((0, 158, 115), "star", heading)


def test_ship_offsets_keep_ships_apart():
    for n in range(1, 6):
        offsets = clipper.ship_offsets(n)
        assert len(offsets) == n
        assert len(set(offsets)) == n
        assert all(abs(dx) < 0.5 and abs(dy) < 0.5 for dx, dy in offsets)
    assert clipper.ship_size(40, 1) > clipper.ship_size(40, 2) > clipper.ship_size(40, 4)


def test_roses_of_the_three_colours_differ():
    shots = []
    for colour in range(3):
        surface = _canvas((80, 80))
        clipper.draw_rose(surface, (40, 40), 30, colour)
        shots.append(_pixels(surface))
    assert len(set(shots)) == 3


# ---- highlights -------------------------------------------------------------------------------
def test_highlight_styles_differ(renderer, chart):
    field = next(f for f in range(len(chart.zone)) if chart.zone[f] == 1 and f not in chart.starts)
    box = renderer.layout.field_rect(field).inflate(renderer.layout.cell, renderer.layout.cell)
    shots = {}
    for style in HIGHLIGHT_STYLES:
        surface = _canvas()
        renderer.draw_highlights(surface, {field: style}, 0.0)
        shots[style] = _pixels(surface, box)
    assert len(set(shots.values())) == len(HIGHLIGHT_STYLES)
    surface = _canvas()
    renderer.draw_highlights(surface, {field: "no-such-style", -5: "play"}, 1.0)  # no error


# ---- log books --------------------------------------------------------------------------------
@pytest.mark.parametrize("size", [(690, 140), (420, 110)])
def test_logbook_draws_every_sail_value(size):
    shots = set()
    for sail in range(9):
        surface = _canvas((size[0] + 20, size[1] + 20))
        seachart.draw_logbook(
            surface,
            pygame.Rect(10, 10, *size),
            name="Anna Zee-Verhoeven van den Berg",
            colour=(0, 114, 178),
            shape="triangle",
            sail=sail,
            roses=(0, -1, 2) if sail % 2 else (-1, -1, -1),
            hand=sail % 7,
            current=sail == 3,
            ai=sail > 4,
        )
        shots.add(_pixels(surface))
    assert len(shots) == 9
