"""Pictures for the rules help pages, drawn with each game's own renderer from real positions.

``picture(name, variant, size)`` returns the named figure as a surface of ``size``; each is
drawn once per name, variant, size and language (its labels are translated) and then kept.
The figures live in each game's ``pictures`` module (its plugin's ``pictures_path``), whose
``FIGURES`` maps a picture name to a function ``(variant, size) -> Surface``; a slow one also
has an entry in ``READY`` that says whether it can be drawn at once and, if not, prepares it in
the background (``ready``), so that no frame waits for it.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from functools import cache

import pygame

from game import i18n

Figure = Callable[[str, tuple[int, int]], pygame.Surface]


def figures() -> dict[str, Figure]:
    """Every picture by name."""
    return _by_name("FIGURES")


def _entry(table: str, name: str) -> Callable | None:
    """``name``'s entry of ``table`` in its game's pictures module alone (a picture is named
    "<game>.<name>"): opening one game's rules pages imports no other game's renderers."""
    from game.play.registry import ids

    game = name.partition(".")[0]
    games = (game,) if game in ids() else ids()
    return _merged(table, games).get(name)


def _by_name(table: str) -> dict[str, Callable]:
    """The ``table`` of every game's pictures module merged (imported on first use: the
    renderers load level data)."""
    from game.play.registry import ids

    return _merged(table, ids())


@cache
def _merged(table: str, games: tuple[str, ...]) -> dict[str, Callable]:
    from game.play.registry import plugin

    found: dict[str, Callable] = {}
    for game in games:
        found.update(getattr(importlib.import_module(plugin(game).pictures_path), table, {}))
    return found


def ready(name: str, variant: str, size: tuple[int, int]) -> bool:
    """Whether ``picture`` returns at once; False while a slow one is prepared in the
    background (a frame must never wait seconds: ask again in a later frame)."""
    if _key(name, variant, size) in _DRAWN:
        return True
    check = _entry("READY", name)
    return check is None or check(variant, tuple(size))


def picture(name: str, variant: str, size: tuple[int, int]) -> pygame.Surface:
    """The picture ``name`` for ``variant`` in the current language."""
    key = _key(name, variant, size)
    image = _DRAWN.pop(key, None)
    if image is None:
        image = _draw(name, variant, (size[0], size[1]))
        while len(_DRAWN) >= KEEP:
            _DRAWN.pop(next(iter(_DRAWN)))
    _DRAWN[key] = image  # the newest last: the oldest goes first
    return image


# Each picture is drawn once per name, variant, size and language (labels are translated).
KEEP = 16
_DRAWN: dict[tuple[str, str, tuple[int, int], str], pygame.Surface] = {}


def _key(name: str, variant: str, size: tuple[int, int]) -> tuple[str, str, tuple[int, int], str]:
    return name, variant, (size[0], size[1]), i18n.language()


def _draw(name: str, variant: str, size: tuple[int, int]) -> pygame.Surface:
    figure = _entry("FIGURES", name)
    if figure is None:
        raise KeyError(f"no rules picture named {name!r}")
    image = figure(variant, size)
    if image.get_size() != size:
        image = pygame.transform.smoothscale(image, size)
    return image.convert() if pygame.display.get_surface() is not None else image
