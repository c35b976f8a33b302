"""What the set-up screen says of a game's options: their labels, help and values, in the
game's own words where its text file has them (``setup.options.<game>.<key>.*``)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from game.i18n import has, tr
from game.protocol.base import VariantOption


def label(game: str, option: VariantOption) -> str:
    key = f"setup.options.{game}.{option.key}.label"
    return tr(key) if has(key) else option.key


def help_text(game: str, option: VariantOption) -> str:
    key = f"setup.options.{game}.{option.key}.help"
    return tr(key) if has(key) else option.description


def value_text(game: str, option: VariantOption, value: Any, names: Sequence[str]) -> str:
    """``value`` in words; an option that names a seat by number shows the seat's name."""
    if isinstance(value, bool):
        return tr("common.on") if value else tr("common.off")
    if option.names_a_seat and isinstance(value, int) and 1 <= value <= len(names):
        return names[value - 1].strip() or tr("setup.seat_default", n=value)
    if option.key == "setup":
        return str(value) if value else tr(f"setup.options.{game}.setup.printed")
    key = f"setup.options.{game}.{option.key}.values.{value}"
    return tr(key) if has(key) else str(value)
