"""The pages of the rules help: which pages a game and variant has, and how a page's text is laid
out in its column.

The order and the pictures are data, one file per game (its plugin's ``pages()``:
``assets/rules/<game>.toml``); the texts are translations
(``rules.<game>.<page>.heading`` and ``.body``). In a body, "- " starts a bullet and an empty
line separates paragraphs.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import cache

from game.i18n import has, tr
from game.play.registry import ids, plugin
from game.ui import theme

EVERY_VARIANT = "*"

BODY = 32  # couch-legible body text on the 1920x1080 canvas
LINE = 45
BULLET_INDENT = 40
PARAGRAPH_GAP = 16
SMALLEST = 24  # only ever used at a UI scale of 115 % or more, where it is drawn >= 28 px


@dataclass(frozen=True)
class Page:
    game: str
    id: str
    picture: str
    variants: tuple[str, ...]

    @property
    def heading_key(self) -> str:
        return f"rules.{self.game}.{self.id}.heading"

    @property
    def body_key(self) -> str:
        return f"rules.{self.game}.{self.id}.body"

    def is_for(self, variant: str) -> bool:
        return EVERY_VARIANT in self.variants or variant in self.variants


@cache
def game_pages(game: str) -> tuple[Page, ...]:
    """The game's pages in reading order, from its pages file."""
    with plugin(game).pages().open("rb") as fh:
        entries = tomllib.load(fh).get("page", [])
    return tuple(
        Page(game, entry["id"], entry.get("picture", ""), tuple(entry["variants"]))
        for entry in entries
    )


def all_pages() -> dict[str, tuple[Page, ...]]:
    """Every game's pages, by game."""
    return {game: game_pages(game) for game in ids()}


def pages_for(game: str, variant: str) -> list[Page]:
    """The pages a player of ``variant`` reads: the shared ones and the variant's own."""
    return [page for page in game_pages(game) if page.is_for(variant)]


def variant_name(game: str, variant: str) -> str:
    key = f"setup.variants.{game}.{variant}"
    return tr(key) if has(key) else variant


@dataclass(frozen=True)
class Line:
    text: str
    y: int
    indent: int
    bullet: bool = False


@dataclass(frozen=True)
class Column:
    """A body laid out in a column: its lines, the text size used and the total height."""

    lines: list[Line]
    size: int
    height: int


def layout(body: str, width: int, size: int = BODY) -> Column:
    """The body's lines with their y offsets in a column ``width`` wide, at ``size`` px."""
    step = max(round(size * LINE / BODY), theme.font(size).get_linesize())
    lines: list[Line] = []
    y = 0
    for raw in body.strip().split("\n"):
        text = raw.strip()
        if not text:
            y += PARAGRAPH_GAP
        elif text.startswith("- "):
            for i, part in enumerate(theme.wrap(text[2:], size, width - BULLET_INDENT)):
                lines.append(Line(part, y, BULLET_INDENT, bullet=i == 0))
                y += step
            y += 4
        else:
            for part in theme.wrap(text, size, width):
                lines.append(Line(part, y, 0))
                y += step
    return Column(lines, size, y)


def fit(body: str, width: int, room: int) -> Column:
    """The body at the body size, or smaller when a larger UI scale would run it past ``room``
    (never below ``SMALLEST`` px before scaling)."""
    column = layout(body, width)
    size = BODY
    while column.height > room and size > SMALLEST:
        size -= 2
        column = layout(body, width, size)
    return column
