"""The rules protocol shared by every game (see ARCHITECTURE.md, "The rules protocol").

Pure Python: nothing here (or in any game's ``rules`` and ``bots``) may import pygame or the rest of
``game``, but ``game.resources`` (standard library only) for the shipped level files. The screen,
the AI and the tests all reach a game through its module-level ``RULES``.
"""

from __future__ import annotations

import random
import tomllib
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import Any, ClassVar, Generic, Protocol, TypeAlias, TypeVar

Seat: TypeAlias = int


@dataclass(frozen=True)
class Refusal:
    """Why an action is not legal now: a ``code`` and its ``params``, which the screen turns
    into the player's language (``refusal.<game>.<code>``); the rules never write sentences
    for players."""

    code: str
    params: Mapping[str, Any] = field(default_factory=dict)


class IllegalAction(ValueError):
    """An action that the current state does not offer. ``code`` and ``params`` say why (see
    :class:`Refusal`); the message says the same in English, for logs and developers."""

    def __init__(
        self, code: str, params: Mapping[str, Any] | None = None, message: str = ""
    ) -> None:
        super().__init__(message or code)
        self.code = code
        self.params: dict[str, Any] = dict(params or {})

    @property
    def refusal(self) -> Refusal:
        return Refusal(self.code, self.params)


class LevelError(ValueError):
    """A level data file that is missing or broken; the message names the file and the place."""


@dataclass(frozen=True)
class VariantOption:
    """One documented option of a variant: ``key=value`` on the command line."""

    key: str
    default: Any
    choices: tuple[Any, ...] = ()
    description: str = ""
    seats: tuple[int, ...] = ()  # the numbers of players it is for; empty: any
    # what a set-up menu offers of an open range (any whole number, say) that ``choices`` does
    # not close: the command line still takes every valid value
    menu: tuple[Any, ...] = ()
    names_a_seat: bool = False  # a whole number k in ``menu`` means seat k (1-based)

    def menu_values(self, players: int) -> tuple[Any, ...]:
        """The values a set-up menu offers for a game of ``players`` seats."""
        values = self.choices or self.menu
        if self.names_a_seat:
            return tuple(v for v in values if not isinstance(v, int) or 1 <= v <= players)
        return tuple(values)

    def applies(self, players: int) -> bool:
        """Whether the option is for a game of ``players`` seats."""
        return not self.seats or players in self.seats


@dataclass(frozen=True)
class Variant:
    id: str
    title: str
    min_players: int
    max_players: int
    options: tuple[VariantOption, ...] = ()


@dataclass(frozen=True)
class Outcome:
    """How a game ended. ``scores`` per seat; ``ranking`` lists seats best first;
    ``reason_code`` says how it ended (``results.reason.<game>_<code>`` on the screen) and
    ``details`` holds what decided it, JSON-safe (e.g. ``{"decided_by": "equipment"}``)."""

    scores: tuple[int, ...]
    ranking: tuple[Seat, ...]
    winners: tuple[Seat, ...]
    reason_code: str = ""
    details: Mapping[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return {
            "scores": list(self.scores),
            "ranking": list(self.ranking),
            "winners": list(self.winners),
            "reason": self.reason_code,
            "details": dict(self.details),
        }


class Action(Protocol):
    """A small frozen dataclass with a readable ``str()`` and a JSON-safe ``to_dict()``."""

    def to_dict(self) -> dict[str, Any]: ...


A = TypeVar("A")  # a game's action type


class State(ABC, Generic[A]):
    """An immutable game position. Every game's state implements this interface."""

    VERSION: ClassVar[int] = 1

    @property
    @abstractmethod
    def current_player(self) -> Seat | None: ...

    @abstractmethod
    def legal_actions(self) -> tuple[A, ...]: ...

    @abstractmethod
    def apply(self, action: A) -> State[A]:
        """The next state; raises :class:`IllegalAction` (with its code) and changes nothing
        if ``action`` is not legal now."""

    def apply_legal(self, action: A) -> State[A]:
        """``apply`` for an action taken from this state's own ``legal_actions()`` (the bots'
        searches and play-outs): a game may skip asking again whether it is legal. Never for
        an action from anywhere else (a player, a save, a replay): that is ``apply``'s."""
        return self.apply(action)

    def why_not(self, action: A) -> Refusal | None:
        """Why ``action`` is not legal now (a disabled button's reason), or None if it is.

        A game answers with its own reasons and starts its ``apply`` with :meth:`refuse`, so
        both say the same; this fallback asks ``apply`` itself (for a game that does not)."""
        try:
            self.apply(action)
        except IllegalAction as exc:
            return exc.refusal
        return None

    def refuse(self, action: A) -> None:
        """Raise :class:`IllegalAction` with ``why_not``'s code and parameters (and
        :meth:`english` as its message) if ``action`` is not legal now; ``apply`` starts here.
        A game that calls it overrides ``why_not``."""
        refusal = self.why_not(action)
        if refusal is not None:
            raise IllegalAction(refusal.code, refusal.params, self.english(refusal))

    def english(self, refusal: Refusal) -> str:
        """A refusal as an English sentence, for logs and developers (never for players)."""
        return refusal.code

    @abstractmethod
    def is_over(self) -> bool: ...

    @abstractmethod
    def outcome(self) -> Outcome | None: ...

    @abstractmethod
    def view(self, seat: Seat) -> State[A]: ...

    @abstractmethod
    def to_dict(self) -> dict[str, Any]: ...

    @classmethod
    @abstractmethod
    def from_dict(cls, data: dict[str, Any]) -> State[A]: ...

    @classmethod
    def upgrade_dict(cls, data: dict[str, Any]) -> dict[str, Any]:
        """``data`` as an older ``to_dict`` wrote it, in today's form (saves compare it with
        the replayed state); the same dict if nothing changed since."""
        return data

    @abstractmethod
    def action_from_dict(self, data: dict[str, Any]) -> A:
        """Rebuild one of this game's actions from ``Action.to_dict()`` (replays, saves)."""

    def stored(self) -> dict[str, Any]:
        """The position as a save keeps it: ``to_dict()`` with no more secret than resuming
        needs (issue 27). Never the seed, which gives away every draw still to come; a game
        with other secrets that resuming can do without leaves them out too. ``Rules.resume``
        reads it back."""
        data = self.to_dict()
        data.pop("seed", None)
        return data


class Rules(ABC):
    id: ClassVar[str]
    # The game's codes, each with a text in every language (tests/conformance checks them):
    refusals: ClassVar[type[StrEnum]]  # of a Refusal / IllegalAction
    endings: ClassVar[type[StrEnum]]  # of Outcome.reason_code: how a game ended
    decisions: ClassVar[type[StrEnum] | None] = None  # of details["decided_by"], if any

    @abstractmethod
    def variants(self) -> list[Variant]: ...

    def new_game(
        self,
        variant: str,
        players: int | Sequence[str],
        *,
        seed: int,
        options: dict[str, Any] | None = None,
    ) -> State[Any]:
        """A new game: the checks every game makes (:meth:`NewGame.checked`), then the game's
        own :meth:`start`."""
        game = NewGame.checked(self.id, self.variants(), variant, players, seed, options)
        return self.start(game)

    @abstractmethod
    def start(self, game: NewGame) -> State[Any]:
        """The first position of ``game`` (checked by :meth:`new_game`)."""

    @abstractmethod
    def state_from_dict(self, data: dict[str, Any]) -> State[Any]: ...

    def resume(self, data: dict[str, Any], seed: int) -> State[Any]:
        """The game a save's ``State.stored()`` position goes on as: ``seed`` (a fresh one,
        never the game's first) decides whatever chance is still to come. A broken position
        raises ValueError, as ``state_from_dict`` does."""
        return self.state_from_dict({**data, "seed": seed})

    def variant(self, variant_id: str) -> Variant:
        return find_variant(self.id, self.variants(), variant_id)


def find_variant(game: str, variants: Sequence[Variant], variant_id: str) -> Variant:
    for v in variants:
        if v.id == variant_id:
            return v
    known = ", ".join(v.id for v in variants)
    raise ValueError(f"{game}: unknown variant {variant_id!r} (known: {known})")


@dataclass(frozen=True)
class NewGame:
    """A new game as :meth:`Rules.new_game` checked it: every option is there (given or its
    default) and has a value the option offers; what else a value must be, the game checks."""

    game: str
    variant: Variant
    names: tuple[str, ...]
    seed: int
    options: dict[str, Any]

    @classmethod
    def checked(
        cls,
        game: str,
        variants: Sequence[Variant],
        variant_id: str,
        players: int | Sequence[str],
        seed: int,
        options: dict[str, Any] | None,
    ) -> NewGame:
        """The variant, the seat count and the options checked: an unknown option, or a value
        an option does not offer, raises ValueError (so does an unknown variant)."""
        variant = find_variant(game, variants, variant_id)
        names = player_names(players, variant.min_players, variant.max_players)
        given = options or {}
        known = {o.key: o for o in variant.options}
        unknown = sorted(set(given) - set(known))
        if unknown:
            keys = ", ".join(known) or "none"
            raise ValueError(
                f"{game} {variant.id}: unknown options {', '.join(unknown)} (known: {keys})"
            )
        chosen = {key: given.get(key, o.default) for key, o in known.items()}
        for key, o in known.items():
            if o.choices and chosen[key] not in o.choices:
                offered = f"one of {o.choices}, not {chosen[key]!r}"
                raise ValueError(f"{game} {variant.id}: {key} must be {offered}")
        return cls(game, variant, names, seed, chosen)

    @property
    def players(self) -> int:
        return len(self.names)

    def start_seat(self, choice: Any = "random") -> Seat:
        """The seat that starts: ``"random"`` draws it from the seed (the same draw in every
        game), a seat number 1-n (also as text, from the command line) names it."""
        if choice == "random":
            return seeded_rng(self.seed, "start").randrange(self.players)
        seat = int(choice) if isinstance(choice, str) and choice.isdigit() else choice
        if isinstance(seat, bool) or not isinstance(seat, int) or not 1 <= seat <= self.players:
            raise ValueError(
                f"{self.game}: start must be 'random' or a seat 1-{self.players}, not {choice!r}"
            )
        return seat - 1

    def whole_number(self, key: str, most: int | None = None) -> int:
        """The option ``key``, which must be a whole number from 0 (to ``most``)."""
        value = self.options[key]
        top = "" if most is None else f"-{most}"
        if (
            isinstance(value, bool)
            or not isinstance(value, int)
            or value < 0
            or (most is not None and value > most)
        ):
            raise ValueError(
                f"{self.game} {self.variant.id}: {key} must be a whole number "
                f"{'0' + top if top else '>= 0'}, not {value!r}"
            )
        return value


def checked_save(data: Any, game: str, title: str, version: int) -> dict[str, Any]:
    """``data`` if it is a ``to_dict()`` of ``game`` in this build's ``version``; else a
    ValueError that says what it is instead (the check every game's ``from_dict`` starts with)."""
    if not isinstance(data, dict):
        raise ValueError(f"{title} save: not a JSON object")
    if data.get("game") != game:
        raise ValueError(f"{title} save: this is a save of {data.get('game')!r}")
    if data.get("version") != version:
        raise ValueError(
            f"{title} save: version {data.get('version')!r} (this build reads {version})"
        )
    return data


@dataclass(frozen=True)
class Replay:
    """Everything needed to replay a game exactly."""

    game: str
    variant: str
    players: tuple[str, ...]
    seed: int
    options: dict[str, Any] = field(default_factory=dict)
    actions: tuple[dict[str, Any], ...] = ()


def player_names(players: int | Sequence[str], lo: int, hi: int) -> tuple[str, ...]:
    """Normalise ``players`` (a count or names) and check the seat count against the variant."""
    names = (
        tuple(f"Player {i + 1}" for i in range(players))
        if isinstance(players, int)
        else tuple(str(p) for p in players)
    )
    if not lo <= len(names) <= hi:
        raise ValueError(f"this game needs {lo}-{hi} players, not {len(names)}")
    return names


def seeded_rng(seed: int, *salt: object) -> random.Random:
    """A private RNG derived from the game seed, so replays are exact and streams independent."""
    return random.Random(f"{seed}:" + ":".join(map(str, salt)))


def read_level(path: Path | Traversable) -> dict[str, Any]:
    """Read a level TOML file (a shipped one from ``game.resources.level`` or one of the user's);
    a missing or malformed file raises ``LevelError`` naming it."""
    try:
        with path.open("rb") as fh:
            return tomllib.load(fh)
    except FileNotFoundError:
        raise LevelError(f"{path}: level file not found") from None
    except tomllib.TOMLDecodeError as exc:
        raise LevelError(f"{path}: not valid TOML: {exc}") from None


def replay(rules: Rules, rec: Replay) -> State[Any]:
    state = rules.new_game(rec.variant, rec.players, seed=rec.seed, options=rec.options)
    for data in rec.actions:
        state = state.apply(state.action_from_dict(data))
    return state
