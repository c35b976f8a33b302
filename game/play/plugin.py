"""One game as the rest of the program sees it: a :class:`GamePlugin`.

Everything outside a game's own folder reaches the game through its plugin: the command line,
the menus, the kiosk, the tools and the loop. A plugin is plain data and import paths, so
importing it is cheap (no pygame, no drawing, no level files): the heavy parts (rules, bots,
the play scene, pictures, emblem, ambience) are imported on first use.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import cached_property
from importlib import resources
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from game.protocol.base import Outcome, Rules, State
from game.protocol.bots import BUDGETS, DEMO, BotClass, demo_level
from game.resources import asset
from game.resources import level as level_folder

if TYPE_CHECKING:
    from collections.abc import Sequence

    from game.play.bot_settings import LevelSetting
    from game.play.config import GameConfig

# A plugin is light (the bot worker imports it): it names no part of the engine, not even for
# its types, so a scene's services and the scene are ``Any`` here.


class TableClass(Protocol):
    """A game's play scene class (a ``game.play.table.PlayTable``), as it is opened: with the
    game's config, and moves to play again, a replay, or a saved position to go on from."""

    def __call__(self, services: Any, config: GameConfig,
                 moves: Sequence[dict[str, Any]] = (), replaying: bool = False,
                 start: State[Any] | None = None, played: int = 0,
                 game_id: str = "") -> Any: ...  # fmt: skip

    def guides(self) -> bool:
        """Whether the table leads a guided first game (``PlayTable.guides``)."""


class EditorClass(Protocol):
    """A game's set-up editor scene class: for so many players and the options chosen; it
    hands the set-up's name back through ``on_done`` (None: nothing changed)."""

    def __call__(self, services: Any, players: int = 4,
                 options: Mapping[str, Any] | None = None,
                 on_done: Callable[[str | None], None] | None = None) -> Any: ...  # fmt: skip


class OptionsFileError(ValueError):
    """A file an option names (a saved set-up) that cannot be used. ``key`` is the option, and
    ``kept_as`` and ``file`` are the names a screen tells the player (the message is for the
    log)."""

    def __init__(self, message: str, key: str, kept_as: str = "", file: str = "") -> None:
        super().__init__(message)
        self.key, self.kept_as, self.file = key, kept_as, file


def load(path: str) -> Any:
    """The object at ``"package.module:name"``."""
    module, _, name = path.partition(":")
    return getattr(importlib.import_module(module), name)


def package_file(path: str) -> Traversable:
    """The file or folder at ``"package:sub/path"`` (read through importlib.resources)."""
    package, _, inside = path.partition(":")
    node = resources.files(package)
    for part in inside.split("/"):
        node = node / part
    return node


@dataclass(frozen=True)
class Demo:
    """How the kiosk shows the game when nobody plays: the variants it offers and rotates
    through by default, and for a demo game the seats and options that keep it short."""

    variants: tuple[str, ...]
    players: Mapping[str, int] = field(default_factory=dict)  # variant -> seats (else fewest)
    options: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Playouts:
    """One fixed workload of random playouts for the bench: ``games`` games of ``variant``
    with ``players`` seats (a (fewest, most) range is drawn per game), seeded by ``seed``."""

    key: str
    variant: str
    players: tuple[int, int]
    games: int
    seed: int
    options: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Bench:
    """What the bench measures of the game: a game of ``scene_players`` Easy bots on the
    screen, bot decisions in positions of ``decisions`` (variant, seats), and its rules' random
    playouts; and the shared screens it opens on this game (``"setup"``, ``"rules_help"``):
    standing still for the idle CPU share (``idle_menus``), and from their first frame on
    (``first_menus``; the game's table is always timed so)."""

    scene_variant: str
    scene_players: int
    decisions: tuple[str, int]
    playouts: tuple[Playouts, ...]
    idle_menus: tuple[str, ...] = ()
    first_menus: tuple[str, ...] = ()


def turns_completed(state: Any, outcome: Outcome) -> int:
    """Turns taken by all players together in a finished game: the state's turn counter."""
    return int(getattr(state, "turn", 0))


@dataclass(frozen=True)
class GamePlugin:
    """A game: its rules, bots by level, play scene, rules pictures, emblem and ambience
    (``"module:name"`` paths), how the kiosk shows it, and what its set-up and results add."""

    id: str  # a-z, 0-9 and "-"
    title: str  # the game's own name in every language ("Nanuuk!")
    rules_path: str
    # level -> bot class, in the order the set-up offers them (easiest first); none: the game
    # is for people only (the set-up offers no computer seat, the command line and the table
    # refuse one)
    bot_paths: Mapping[str, str]
    scene_path: str  # the play scene's class
    pictures_path: str  # a module with FIGURES (and READY) for the rules pages
    emblem_path: str  # (surface, rect, seconds) -> None
    ambience_path: str  # numpy Generator -> samples of the ambient loop
    demo: Demo
    bench: Bench
    editor_path: str = ""  # a set-up editor scene, if the game has one
    editor_variants: tuple[str, ...] = ()  # the variants whose set-up the editor makes
    # (data folder, chosen options) -> the options as the rules take them (a saved set-up's
    # name becomes its pieces); raises OptionsFileError for a file that cannot be used
    options_path: str = ""
    # (data folder, option key) -> the choices of an option with none printed (the saved
    # set-ups), or None
    choices_path: str = ""
    # () -> None: slow work for the table started in the background while its set-up is
    # chosen (Kap Hoorn's chart, painted large for the camera)
    warm_up_path: str = ""
    lower_is_better: bool = False  # the results' score column: an avalanche is better small
    # (finished state, its outcome) -> turns taken by all players together (the tournament's
    # turns per player)
    turns_played: Callable[[Any, Outcome], int] = turns_completed
    order: int = 100  # where the menus show the game: the smallest first (then by id)
    # the game's own files, as "package:path" (a game kept elsewhere than the shipped ones:
    # the tests' games); "" = assets/rules/<id>.toml and assets/translations/<lang>/<id>.toml
    pages_file: str = ""  # the rules pages ([[page]] entries)
    texts_folder: str = ""  # <lang>.toml for each language
    # () -> {name: recipe}: the game's sound effects (a numpy Generator -> samples)
    effects_path: str = ""
    # level -> seconds a bot of the game thinks per move on the screen; a level not named here
    # thinks as its levels file says, else the shared default (``game.protocol.bots.BUDGETS``)
    budgets: Mapping[str, float] = field(default_factory=dict)
    # the shipped settings of the levels (time and work budgets, ``game.play.bot_settings``),
    # as "package:path"; "" = levels/<id>/bots.toml (none there: the shared defaults)
    levels_file: str = ""
    # name -> bot class of players that are no level, for measuring the levels only (the
    # tournament's and the ladder's "greedy": one-ply greedy on the game's own evaluation)
    measure_paths: Mapping[str, str] = field(default_factory=dict)

    @cached_property
    def rules(self) -> Rules:
        rules: Rules = load(self.rules_path)
        return rules

    @property
    def levels(self) -> tuple[str, ...]:
        """The game's bot levels, in its order (``bot_paths``); () for a game of people only."""
        return tuple(self.bot_paths)

    @cached_property
    def level_settings(self) -> Mapping[str, LevelSetting]:
        """The shipped settings of the game's levels (``levels/<id>/bots.toml``); LevelError
        naming the file for a broken one."""
        from game.play import bot_settings  # read on first use: the plugin stays light

        file = package_file(self.levels_file) if self.levels_file else level_folder(self.id)
        if not self.levels_file:
            file = file / bot_settings.FILE_NAME
        return bot_settings.read(file, self.levels)

    def budget(self, level: str) -> float:
        """The seconds a bot of ``level`` thinks per move: the game's own figure, else its
        levels file's, else the shared default (a level the default does not know thinks as
        long as "normal")."""
        if level in self.budgets:
            return self.budgets[level]
        shipped = self.level_settings.get(level)
        if shipped is not None and shipped.budget_s is not None:
            return shipped.budget_s
        return BUDGETS.get(level, BUDGETS["normal"])

    def iterations(self, level: str, variant: str | None = None) -> int | None:
        """The work budget of ``level`` as it ships, in a game of ``variant`` (its levels
        file; None: the clock alone). The demo games' bots, unless the file names them, have
        their level's."""
        shipped = self.level_settings.get(level)
        if shipped is None and level == DEMO:
            shipped = self.level_settings.get(demo_level(self.levels))
        return None if shipped is None else shipped.work(variant)

    def make_bot(self, level: str, iterations: int | None = None, timed: bool = False) -> Any:
        """A fresh bot of ``level`` with a work budget of ``iterations`` (None: the clock alone;
        ``timed``: whichever comes first, see ``game.protocol.bots``); ValueError naming the
        known levels for another."""
        path = self.bot_paths.get(level)
        if path is None:
            known = ", ".join(self.bot_paths)
            raise ValueError(f"unknown bot level {level!r} for {self.id} (known: {known})")
        cls: BotClass = load(path)
        return cls(iterations=iterations, timed=timed)

    def make_measure(self, name: str, iterations: int | None = None) -> Any:
        """A fresh measuring player ``name`` (``measure_paths``), e.g. "greedy"; ValueError for
        a game without one."""
        path = self.measure_paths.get(name)
        if path is None:
            raise ValueError(f"{self.id} has no {name!r} player")
        cls: BotClass = load(path)
        return cls(iterations=iterations)

    def resolve_options(self, data_dir: Path, options: dict[str, Any]) -> dict[str, Any]:
        """The set-up's chosen options as the rules take them."""
        if not self.options_path:
            return options
        resolved: dict[str, Any] = load(self.options_path)(data_dir, options)
        return resolved

    def option_choices(self, data_dir: Path, key: str) -> tuple[Any, ...] | None:
        """The set-up's choices of option ``key`` that come from files, if it has such."""
        if not self.choices_path:
            return None
        found: tuple[Any, ...] | None = load(self.choices_path)(data_dir, key)
        return found

    def pages(self) -> Traversable:
        """The file of the game's rules pages."""
        if self.pages_file:
            return package_file(self.pages_file)
        return asset("rules", f"{self.id}.toml")

    def texts(self, lang: str) -> Traversable:
        """The file of every text the game shows in ``lang``."""
        if self.texts_folder:
            return package_file(self.texts_folder) / f"{lang}.toml"
        return asset("translations", lang, f"{self.id}.toml")

    def effects(self) -> Mapping[str, Callable[..., Any]]:
        """The game's own sound effects by name (none if it has no effects_path)."""
        if not self.effects_path:
            return {}
        found: Mapping[str, Callable[..., Any]] = load(self.effects_path)
        return found

    def emblem(self) -> Callable[..., None]:
        painter: Callable[..., None] = load(self.emblem_path)
        return painter

    def ambience(self) -> Callable[..., Any]:
        """The recipe of the ambient loop: a numpy Generator -> its samples."""
        recipe: Callable[..., Any] = load(self.ambience_path)
        return recipe

    def scene(self) -> TableClass:
        """The play scene's class (a PlayTable)."""
        cls: TableClass = load(self.scene_path)
        return cls

    def warm_up(self) -> None:
        """Start the table's slow preparations in the background, if it has any."""
        if self.warm_up_path:
            load(self.warm_up_path)()

    def editor(self) -> EditorClass | None:
        """The set-up editor's scene class, if the game has one."""
        return load(self.editor_path) if self.editor_path else None
