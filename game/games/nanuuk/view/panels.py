"""The Nanuuk! table's panels: the banner with the players, the question, the players' sheets,
the take-or-leave / igloo dialog and how the move log looks (``game.play.panels`` draws it and
the refusal).

Pure drawing: each function takes what it draws and writes nothing of it. The still parts (the
backdrop, the floe and the empty panels) are one cached layer (:class:`StaticLayer`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import pygame

from game import i18n
from game.games.nanuuk.log import mover_name
from game.games.nanuuk.rules import NanuukState, turn
from game.games.nanuuk.rules.actions import ANIMALS
from game.games.nanuuk.rules.sheet import EQUIPMENT_BITS
from game.games.nanuuk.rules.spec import SHARED
from game.games.nanuuk.view import figures, floeboard
from game.games.nanuuk.view.floe import FloeRenderer
from game.games.nanuuk.view.layout import (
    ASK_RECT,
    BANNER_RECT,
    BOARD_RECT,
    LOG_RECT,
    chip_rect,
    sheet_rect,
)
from game.i18n import tr
from game.play.panels import LogStyle, phone_mark
from game.ui import theme

Colour = tuple[int, int, int]
LOG_LINES = 7  # at the normal text size; larger text shows fewer
LOG_STYLE = LogStyle(
    size=24, line=28, mark_x=20, mark_y=None, mark_r=8, text_x=38, anchor="topleft", room=50,
    shrink=False, colour=theme.SNOW, latest=None)  # fmt: skip
LOG_ORIGIN = (LOG_RECT.x, LOG_RECT.y + 12)  # the first row's left and y
PHONE_MARK = 30  # the height of a chip's phone mark


class StaticLayer:
    """The backdrop, the floe and the empty panels: drawn once, one opaque blit per frame."""

    def __init__(self, renderer: FloeRenderer, players: int) -> None:
        self.renderer = renderer
        self.players = players
        self._key: object = None
        self._layer = pygame.Surface((1, 1))

    def blit(self, surface: pygame.Surface) -> None:
        surface.blit(self.layer(surface.get_size()), (0, 0))

    def layer(self, size: tuple[int, int] = (1920, 1080)) -> pygame.Surface:
        """The picture; while the floe is still being painted (``FloeRenderer.paint``, over
        the table's first frames) it shows plain sea in its place."""
        painted = self.renderer.painted
        key = (size, theme.gui_key(), painted)  # high contrast draws the panels solid
        if self._key != key:
            layer = pygame.Surface(size)
            theme.draw_backdrop(layer, 0.0)
            if painted:
                layer.blit(self.renderer.board_layer, BOARD_RECT.topleft)
            else:
                floeboard.draw_placeholder(layer, BOARD_RECT)
            for rect in (BANNER_RECT, ASK_RECT, LOG_RECT):
                theme.panel(layer, rect, (14, 22, 38, 215), 18)
            for seat in range(self.players):
                theme.panel(layer, sheet_rect(seat, self.players), (24, 34, 54, 215), 14)
                theme.panel(layer, chip_rect(seat), (28, 38, 58, 200), 14)
            self._layer = layer.convert() if pygame.display.get_surface() else layer
            self._key = key
        return self._layer


def draw_banner(surface: pygame.Surface, state: NanuukState, colours: Sequence[Colour],
                phones: Mapping[int, bool] | None = None) -> None:  # fmt: skip
    """The variant's title and a chip per player: the one to move lit, the enclosed crossed,
    a seat played from a phone with a phone's mark (``phones``: seat -> its phone is joined)."""
    phones = phones or {}
    st = state
    title = tr(f"setup.variants.nanuuk.{st.spec.variant}")
    room = pygame.Rect(BANNER_RECT.x + 24, BANNER_RECT.y + 4, 0, BANNER_RECT.h - 8)
    room.width = chip_rect(0).x - 16 - room.x  # up to the first chip, never under it
    if theme.fits(title, 34, room.w, True):
        theme.text(surface, title, (room.x, room.centery), 34, theme.WHITE, True, "midleft")
    else:  # the long bear variants' names, in German above all: two lines
        theme.text_in(surface, title, room, 26, theme.WHITE, True, middle=True)
    for seat in range(len(colours)):
        current = seat == st.current_player
        out = seat in st.out
        rect = chip_rect(seat)
        if current:  # the plain chips are in the static layer
            theme.panel(surface, rect, (60, 84, 120, 230), 14)
            pygame.draw.rect(surface, theme.palette().accent, rect, 3, border_radius=14)
        mark_at = (rect.x + 26, rect.centery)
        theme.draw_mark(surface, theme.seat_shape(seat), colours[seat], mark_at, 14)
        name = st.names[seat] + (" ✕" if out else "")
        colour = theme.palette().muted if out else theme.WHITE
        width = rect.w - 60
        if seat in phones:
            width -= PHONE_MARK // 2 + 8
            at = (rect.right - 10 - PHONE_MARK // 3, rect.centery)
            phone_mark(surface, at, PHONE_MARK, phones[seat])
        label = theme.fit(name, 28, width, bold=current)
        theme.text(surface, label, (rect.x + 50, rect.centery), 28, colour, current, "midleft")


def draw_ask(surface: pygame.Surface, question: str, state: NanuukState) -> None:
    """The question of the moment, and under it who had to pass (no move left)."""
    room = ASK_RECT.inflate(-40, -20).move(0, 4)  # two lines, smaller if the UI scale is big
    theme.text_in(surface, question, room, 32, theme.WHITE, True)
    if state.skipped:
        names = ", ".join(state.names[s] for s in state.skipped)
        at = (ASK_RECT.x + 20, ASK_RECT.bottom + 6)
        text = tr("nanuuk.skipped", names=names)
        theme.text(surface, text, at, 24, theme.palette().muted, False, "topleft",
                   width=ASK_RECT.w - 40)  # a large UI scale shrinks back to fit the panel


def draw_sheets(surface: pygame.Surface, state: NanuukState, colours: Sequence[Colour]) -> None:
    """A card per player: his name, and his points and hunters' sheets (or whether he is out)."""
    st, players = state, len(colours)
    for seat in range(players):
        rect = sheet_rect(seat, players)
        if seat == st.current_player:  # the plain cards are in the static layer
            theme.panel(surface, rect, (44, 62, 92, 230), 14)
        mark_at = (rect.x + 24, rect.y + 24)
        theme.draw_mark(surface, theme.seat_shape(seat), colours[seat], mark_at, 12)
        name = theme.fit(st.names[seat], 26, 220, True)
        theme.text(surface, name, (rect.x + 46, rect.y + 24), 26, theme.WHITE, True, "midleft")
        right = (rect.right - 16, rect.y + 24)
        if st.spec.variant == "full":
            score = tr("nanuuk.sheet.points", n=st.score(seat))
            theme.text(surface, score, right, 26, theme.SNOW, True, "midright")
            _draw_hunter_sheets(surface, st, seat, rect)
        else:
            status = tr("nanuuk.sheet.out") if seat in st.out else tr("nanuuk.sheet.playing")
            theme.text(surface, status, right, 24, theme.palette().muted, False, "midright")
            # in the room under the name row: at 130 % with four players a line at the full
            # text size would hang out of the card, so it comes back as far as the room needs
            room = pygame.Rect(rect.x + 16, rect.y + 42, rect.w - 32, rect.bottom - 4 - rect.y - 42)
            rows = max(1, room.h // theme.base_font(24).get_linesize())
            theme.text_in(surface, moved_by(st, seat), room, 24, theme.SNOW, max_lines=rows)


def moved_by(state: NanuukState, seat: int) -> str:
    """What a player of an introduction variant moves: "Moves: Inuk 1 and Inuk 2" (N17; "or"
    with option e), "Moves: polar bear" (N16/N17, the bear's player), or a bear, then his own
    Inuk (N18, in the order of his turn)."""
    spec = state.spec
    pieces = [mover_name(state, spec.movers[i].id) for i in spec.of_seat(seat)]
    shared = sum(1 for m in spec.movers if m.seat == SHARED)
    if shared:
        pieces.insert(0, tr("nanuuk.sheet.the_bear" if shared == 1 else "nanuuk.sheet.any_bear"))
    one_of = spec.opt("e") if "e" in spec.options else False
    stuck = turn.stuck(state, seat) if seat not in state.out else ()
    if not stuck:
        style = "or" if one_of and len(pieces) > 1 else "standard"
        return tr("nanuuk.sheet.moves", pieces=i18n.listing(pieces, style))
    # who cannot move now is never said to move (issue 29: "moves hunter 1 and hunter 2")
    held = [mover_name(state, spec.movers[i].id) for i in stuck if spec.movers[i].seat != SHARED]
    if shared and spec.movers[stuck[0]].seat == SHARED:
        pieces.pop(0)
        held.insert(0, tr("nanuuk.sheet.stuck_bear" if shared == 1 else "nanuuk.sheet.stuck_bears"))
    free = [p for p in pieces if p not in held]
    key = "nanuuk.sheet.stuck" if len(held) == 1 else "nanuuk.sheet.stuck_several"
    said = tr(key, pieces=i18n.listing(held))
    if not free:
        return said
    style = "or" if one_of and len(free) > 1 else "standard"
    return tr("nanuuk.sheet.moves_but", pieces=i18n.listing(free, style), stuck=said)


def _draw_hunter_sheets(
    surface: pygame.Surface, state: NanuukState, seat: int, rect: pygame.Rect
) -> None:
    """Per hunter: equipment carried, the bag's four slots, the Inuk, and the igloo side."""
    hunters = state.spec.of_seat(seat)
    size = sheet_icon_size(len(hunters), rect)
    y = rect.y + 44
    for i in hunters:
        y = draw_hunter_sheet(surface, state, i, rect.move(0, y - rect.y - 44), size)


def sheet_icon_size(hunters: int, rect: pygame.Rect) -> int:
    """The icons of a card with ``hunters`` rows: as large as its height and width allow (the
    nine slots and a full igloo side), between ICON_MIN and ICON_MAX."""
    tall = (rect.h - 52) // max(1, hunters) - 6
    wide = (rect.w - 14 - 24 - IGLOO_ROOM) // SLOTS - SLOT_GAP
    return max(ICON_MIN, min(ICON_MAX, tall, wide))


def draw_hunter_sheet(
    surface: pygame.Surface, state: NanuukState, i: int, rect: pygame.Rect, size: int = 34
) -> int:
    """Hunter ``i``'s sheet as a row of icons at ``rect.y + 44``; returns the next row's y."""
    y = rect.y + 44
    sheet = state.sheets[i]
    x = rect.x + 14
    for name, bit in EQUIPMENT_BITS.items():
        x = _icon(surface, name, (x, y), size, bool(sheet.carried & bit))
    x += 12
    for k, animal in enumerate(ANIMALS):
        x = _icon(surface, animal, (x, y), size, bool(sheet.bag & (1 << k)))
    x = _icon(surface, "inuk", (x, y), size, sheet.inuk) + 12
    pygame.draw.line(surface, theme.palette().muted, (x - 6, y + 2), (x - 6, y + size - 2), 2)
    small = size * 3 // 4  # the igloo side: what was brought home, with counts
    kinds = sum(1 for n in sheet.igloo if n)
    while small > 18 and x + kinds * (small + 34) > rect.right - 8:
        small -= 2  # a full igloo side shrinks rather than running off the card
    for k, animal in enumerate((*ANIMALS, "inuk")):
        if sheet.igloo[k]:
            x = _icon(surface, animal, (x, y + (size - small) // 2), small, True)
            label = f"×{sheet.igloo[k]}"
            mid = (x - 2, y + size // 2)
            theme.text(surface, label, mid, 20, theme.SNOW, True, "midleft")
            x += theme.font(20, True).size(label)[0] + 4
    return y + size + 6


def draw_dialog(
    surface: pygame.Surface, rect: pygame.Rect, state: NanuukState, heading: str
) -> None:
    """The take-or-leave / igloo dialog over the floe: its heading and the mover's sheet (its
    buttons are the scene's controls)."""
    theme.panel(surface, rect, (16, 26, 46, 240), 22)
    pygame.draw.rect(surface, theme.palette().accent, rect, 3, border_radius=22)
    theme.text(surface, heading, (rect.x + 24, rect.y + 18), 34, theme.WHITE, True, "topleft")
    sheet_at = pygame.Rect(rect.x + 10, rect.y + 46, rect.w - 20, 100)
    draw_hunter_sheet(surface, state, state.mover, sheet_at, 44)


ICON_MIN, ICON_MAX = 40, 64  # a sheet's icons at 1080p: readable from the sofa
SLOTS, SLOT_GAP, IGLOO_ROOM = 9, 6, 120  # four tools, four animals, the Inuk; the igloo side
CARRIED_TILE = (214, 226, 240)  # a carried piece lies on it
EMPTY_RING = (120, 136, 160)  # an empty slot's outline

_FADED: dict[int, pygame.Surface] = {}


def _faded(icon: pygame.Surface) -> pygame.Surface:
    key = id(icon)
    if key not in _FADED:
        faded = icon.copy()
        faded.set_alpha(70)
        _FADED[key] = faded
    return _FADED[key]


def _icon(surface: pygame.Surface, kind: str, at: tuple[int, int], size: int, bright: bool) -> int:
    """An equipment or animal slot: what is carried (or in the bag) lies on a light tile, an
    empty slot is a ring with the faded picture in it, so that the two differ in shape as well
    as in brightness; returns the next x."""
    slot = pygame.Rect(at[0], at[1], size, size)
    if bright:
        pygame.draw.rect(surface, CARRIED_TILE, slot, border_radius=size // 4)
    else:
        pygame.draw.rect(surface, EMPTY_RING, slot, 2, border_radius=size // 4)
    icon = figures.piece_icon(kind, size)
    surface.blit(icon if bright else _faded(icon), at)
    return at[0] + size + SLOT_GAP
