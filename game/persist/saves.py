"""Saved games, the autosave and replays: one versioned JSON record for all three.

A record holds the game's set-up (``GameConfig``) and every action played so far. Loading
replays those actions through the rules, so the undo history and hidden information come back
exactly as they were, and checks the result against the final state stored beside them: a
mismatch, a foreign or newer file, or anything else wrong raises ``SaveError``. The caller keeps
such a file as ``*.bad`` and says so; nothing here ever overwrites a file it could not read.

Where the files live, inside the user data folder:

- ``saves/<game>-<time>.json``  saves made from the pause menu
- ``saves/autosave-<game>.json`` per game, the game left by "Quit to title" or by closing the
  window ("Continue"); an older version's single ``autosave.json`` is read too
- ``replays/<game>-<time>.json`` one per finished game, the newest ``KEEP_REPLAYS`` kept
- ``exports/``                   replays exported to share; ``import/``: replays to import
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from game.persist.paths import Unusable, keep_bad, loads_json, read_text_file, write_atomic
from game.play.registry import rules_for
from game.protocol.base import State
from game.session import GameConfig, Seat

FORMAT = "speltafel"
VERSION = 1
# The rules a record was played under: the date of the last correction of any game's rules
# (docs/rules/README.md). An older record still loads if its moves play out the same.
RULES_EDITION = "2026-12-01"
KINDS = ("save", "autosave", "replay")
SAVES_DIR = "saves"
REPLAYS_DIR = "replays"
EXPORTS_DIR = "exports"
IMPORT_DIR = "import"
AUTOSAVE = "autosave.json"  # before 2026-12: one slot for all games (still read, then replaced)
AUTOSAVE_PREFIX = "autosave-"  # autosave-<game>.json: each game's own
KEEP_REPLAYS = 100
SUFFIX = ".json"


class SaveError(ValueError):
    """A save or replay that cannot be used; the message says what is wrong with it."""


class NewerFile(SaveError):
    """A record of a newer Speltafel: good, only not for this version. Never moved aside."""


@dataclass(frozen=True)
class Record:
    """A save, autosave or replay, read or about to be written."""

    kind: str
    config: GameConfig
    moves: tuple[dict[str, Any], ...]
    final: dict[str, Any]  # state.to_dict() after the last move: checked on load
    saved_at: str
    summary: dict[str, Any] = field(default_factory=dict)
    path: Path | None = None

    @property
    def finished(self) -> bool:
        return bool(self.summary.get("finished"))

    def as_kind(self, kind: str) -> Record:
        return Record(kind, self.config, self.moves, self.final, self.saved_at, self.summary)


# ---- building and writing -------------------------------------------------------------------
def build(
    kind: str,
    config: GameConfig,
    moves: list[dict[str, Any]] | tuple[dict[str, Any], ...],
    state: State,
    now: datetime | None = None,
) -> Record:
    """A record of ``config`` after ``moves``; ``state`` is the state they lead to."""
    if kind not in KINDS:
        raise ValueError(f"unknown record kind {kind!r}")
    stamp = (now or datetime.now(UTC)).isoformat(timespec="seconds")
    final = _plain(state.to_dict())
    return Record(kind, config, tuple(moves), final, stamp, _summary(config, len(moves), state))


def _summary(config: GameConfig, moves: int, state: State) -> dict[str, Any]:
    """What the lists show without replaying the game."""
    outcome = state.outcome()
    names = list(config.names)
    seat = state.current_player
    return {
        "game": config.game,
        "variant": config.variant,
        "players": names,
        "move_count": moves,
        "finished": state.is_over(),
        "to_move": names[seat] if seat is not None and 0 <= seat < len(names) else "",
        "winners": [names[w] for w in outcome.winners if w < len(names)] if outcome else [],
    }


def to_json(record: Record) -> str:
    data = {
        "format": FORMAT,
        "kind": record.kind,
        "version": VERSION,
        "rules": RULES_EDITION,
        "config": config_to_dict(record.config),
        "moves": list(record.moves),
        "final": record.final,
        "saved_at": record.saved_at,
        **record.summary,
    }
    return json.dumps(data, ensure_ascii=False, indent=1) + "\n"


def write(record: Record, path: Path) -> Path:
    write_atomic(path, to_json(record))
    return path


def config_to_dict(config: GameConfig) -> dict[str, Any]:
    return {
        "game": config.game,
        "variant": config.variant,
        "seats": [{"name": s.name, "kind": s.kind, "colour": s.colour} for s in config.seats],
        "seed": config.seed,
        "options": _plain(dict(config.options)),
        "guided": config.guided,
    }


def _plain(data: Any) -> Any:
    """The JSON form (tuples become lists), so a stored state compares equal after reading."""
    return json.loads(json.dumps(data))


# ---- reading --------------------------------------------------------------------------------
def from_json(text: str, path: Path | None = None) -> Record:
    """Parse and check a record; anything wrong raises ``SaveError`` saying what."""
    try:
        data = loads_json(text)
    except json.JSONDecodeError as exc:
        raise SaveError(f"not valid JSON ({exc.msg}, line {exc.lineno})") from None
    except Unusable as exc:
        raise SaveError(str(exc)) from None
    try:
        return _checked(data, path)
    except (RecursionError, OverflowError) as exc:  # odd values the rules trip over
        raise SaveError(f"cannot be checked ({type(exc).__name__})") from None


def _checked(data: Any, path: Path | None) -> Record:
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise SaveError("not a Speltafel save or replay")
    version = data.get("version")
    if not isinstance(version, int) or version < 1:
        raise SaveError(f"unknown version {version!r}")
    if version > VERSION:
        raise NewerFile(f"made by a newer Speltafel (version {version}, this one reads {VERSION})")
    kind = data.get("kind")
    if kind not in KINDS:
        raise SaveError(f"unknown kind {kind!r}")
    config = config_from_dict(data.get("config"))
    moves = data.get("moves")
    if not isinstance(moves, list) or not all(isinstance(m, dict) for m in moves):
        raise SaveError("the moves must be a list of actions")
    try:
        state = rebuild(config, moves)
        final = data.get("final")
        if isinstance(final, dict):  # written by an older to_dict: compared in today's form
            final = type(state).upgrade_dict(final)
        if _plain(state.to_dict()) != final:
            raise SaveError("the moves do not lead to the saved position (the file was changed)")
    except SaveError:
        if data.get("rules") != RULES_EDITION:
            raise SaveError(
                "it was played under rules that have been corrected since "
                f"({RULES_EDITION}) and does not play out the same under the corrected ones"
            ) from None
        raise
    final = data["final"]
    saved_at = data.get("saved_at")
    stamp = saved_at if isinstance(saved_at, str) else ""
    summary = _summary(config, len(moves), state)
    return Record(kind, config, tuple(moves), final, stamp, summary, path)


def config_from_dict(data: Any) -> GameConfig:
    if not isinstance(data, dict):
        raise SaveError("the game's set-up is missing")
    try:
        seats = tuple(
            Seat(str(s["name"]), str(s.get("kind", "human")), str(s.get("colour", "")))
            for s in data["seats"]
        )
        game, variant, seed = str(data["game"]), str(data["variant"]), data["seed"]
        options = data.get("options") or {}
        guided = bool(data.get("guided", False))
    except (KeyError, TypeError, AttributeError) as exc:
        raise SaveError(f"the game's set-up is incomplete ({exc})") from None
    if not isinstance(seed, int) or not isinstance(options, dict) or not seats:
        raise SaveError("the game's set-up is malformed")
    return GameConfig(game, variant, seats, seed, options, guided)


def rebuild(config: GameConfig, moves: list[dict[str, Any]]) -> State:
    """The state after ``moves``, each checked by the rules like a move made at the table."""
    try:
        rules = rules_for(config.game)
        state = rules.new_game(config.variant, config.names, seed=config.seed,
                               options=config.options)  # fmt: skip
    except (ValueError, KeyError, TypeError) as exc:
        raise SaveError(f"the game cannot be set up: {exc}") from None
    for n, data in enumerate(moves, 1):
        try:
            state = state.apply(state.action_from_dict(data))
        except (ValueError, KeyError, TypeError, AttributeError, IndexError) as exc:
            raise SaveError(f"move {n} cannot be played: {exc}") from None
    return state


def load(path: Path) -> Record:
    try:
        text = read_text_file(path)
    except Unusable as exc:
        raise SaveError(str(exc)) from None
    except OSError as exc:
        raise SaveError(f"cannot be read ({exc})") from None
    return from_json(text, path)


@dataclass
class Listing:
    """The records of a folder, newest first, the damaged files moved aside and the files of a
    newer Speltafel (left where they are, each reported once per run)."""

    records: list[Record]
    bad: list[tuple[Path, str]]  # (kept as, why)
    newer: list[tuple[Path, str]] = field(default_factory=list)  # (where it stays, why)


# Records already checked, by path, with the file's (mtime, size) then: a list of 100 long
# replays is checked once per run, not every time the list opens (each check replays a game).
_CHECKED: dict[Path, tuple[tuple[int, int], Record]] = {}
# Newer files already reported, with their (mtime, size): the title reads the autosaves each
# time it opens, and one message per file is enough.
_NEWER: dict[Path, tuple[int, int]] = {}


def load_or_keep(
    path: Path, newer: list[tuple[Path, str]] | None = None
) -> tuple[Record | None, tuple[Path, str] | None]:
    """The record, or None and (where the damaged file was moved, why). A newer version's file
    is not damaged: it stays, and goes to ``newer`` the first time it is met."""
    try:
        stat = path.stat()
    except FileNotFoundError:  # deleted meanwhile (another window, a user): nothing to list
        return None, None
    except OSError as exc:  # a symbolic link that loops: the name leads nowhere
        return None, (keep_or_leave(path), f"cannot be read ({exc.strerror or exc})")
    stamp = (stat.st_mtime_ns, stat.st_size)
    known = _CHECKED.get(path)
    if known is not None and known[0] == stamp:
        return known[1], None
    try:
        record = load(path)
    except NewerFile as exc:
        if newer is not None and _NEWER.get(path) != stamp:
            newer.append((path, str(exc)))
        _NEWER[path] = stamp
        return None, None
    except SaveError as exc:
        _CHECKED.pop(path, None)
        if not path.exists() and not path.is_symlink():
            return None, None  # deleted while it was read
        return None, (keep_or_leave(path), str(exc))
    _CHECKED[path] = (stamp, record)
    return record, None


def list_folder(folder: Path, skip: tuple[str, ...] = ()) -> Listing:
    listing = Listing([], [])
    if not folder.is_dir():
        return listing
    for path in sorted(folder.glob(f"*{SUFFIX}")):
        if path.name in skip:
            continue
        record, bad = load_or_keep(path, listing.newer)
        if record is not None:
            listing.records.append(record)
        elif bad is not None:
            listing.bad.append(bad)
    listing.records.sort(key=lambda r: (r.saved_at, r.path.name if r.path else ""), reverse=True)
    return listing


# ---- the folders ----------------------------------------------------------------------------
def saves_dir(data_dir: Path) -> Path:
    return data_dir / SAVES_DIR


def replays_dir(data_dir: Path) -> Path:
    return data_dir / REPLAYS_DIR


def autosave_path(data_dir: Path, game: str) -> Path:
    """Where ``game``'s game left unfinished waits for "Continue" (one per game)."""
    return saves_dir(data_dir) / f"{AUTOSAVE_PREFIX}{game}{SUFFIX}"


def autosave_paths(data_dir: Path) -> list[Path]:
    """Every game's autosave there is, and the single slot older versions kept for all."""
    folder = saves_dir(data_dir)
    if not folder.is_dir():
        return []
    found = sorted(folder.glob(f"{AUTOSAVE_PREFIX}*{SUFFIX}"))
    return [*found, folder / AUTOSAVE] if (folder / AUTOSAVE).is_file() else found


def unfinished_games(data_dir: Path) -> Listing:
    """The games left unfinished, one per game (its newest), the most recently left first;
    damaged files are kept as ``*.bad`` and listed in ``bad``."""
    listing = Listing([], [])
    for path in autosave_paths(data_dir):
        record, bad = load_or_keep(path, listing.newer)
        if record is not None:
            listing.records.append(record)
        elif bad is not None:
            listing.bad.append(bad)
    newest: dict[str, Record] = {}
    for record in sorted(listing.records, key=lambda r: r.saved_at, reverse=True):
        newest.setdefault(record.config.game, record)
    listing.records = list(newest.values())
    return listing


def unfinished(data_dir: Path, game: str) -> Record | None:
    """``game``'s game left unfinished, if one waits (a damaged file counts as none)."""
    for path in (autosave_path(data_dir, game), saves_dir(data_dir) / AUTOSAVE):
        try:
            record = load(path) if path.is_file() else None
        except (SaveError, OSError):
            continue  # the title reports a damaged one (and keeps it as *.bad)
        if record is not None and record.config.game == game:
            return record
    return None


def list_saves(data_dir: Path) -> Listing:
    skip = (AUTOSAVE, *(p.name for p in autosave_paths(data_dir)))
    return list_folder(saves_dir(data_dir), skip=skip)


def list_replays(data_dir: Path) -> Listing:
    return list_folder(replays_dir(data_dir))


def _new_name(folder: Path, record: Record) -> Path:
    """``<game>-<yyyymmdd-hhmmss>.json``, numbered when that name is taken."""
    stamp = record.saved_at.replace("-", "").replace(":", "")[:15].replace("T", "-")
    base = f"{record.config.game}-{stamp or 'game'}"
    path, n = folder / f"{base}{SUFFIX}", 2
    while path.exists():
        path, n = folder / f"{base}-{n}{SUFFIX}", n + 1
    return path


def save_game(data_dir: Path, record: Record) -> Path:
    return write(record.as_kind("save"), _new_name(saves_dir(data_dir), record))


def write_autosave(data_dir: Path, record: Record) -> Path:
    game = record.config.game
    path = write(record.as_kind("autosave"), autosave_path(data_dir, game))
    # an older version's single-slot autosave of the same game is replaced by this one
    _drop_if(saves_dir(data_dir) / AUTOSAVE, lambda stored: stored.get("game") == game)
    return path


def drop_autosave(data_dir: Path, config: GameConfig) -> None:
    """A game ended: its autosave goes, if it is that very game (another game of the same
    kind left unfinished stays to be continued)."""
    same = _plain(config_to_dict(config))
    for path in (autosave_path(data_dir, config.game), saves_dir(data_dir) / AUTOSAVE):
        _drop_if(path, lambda stored: stored == same)


def _drop_if(path: Path, matches: Callable[[dict[str, Any]], bool]) -> None:
    try:
        stored = loads_json(read_text_file(path)).get("config")
    except (OSError, ValueError, AttributeError):  # Unusable is a ValueError
        return  # none, or damaged: the title reports a damaged one
    if isinstance(stored, dict) and matches(stored):
        path.unlink(missing_ok=True)


def write_replay(data_dir: Path, record: Record) -> Path:
    """Keep a finished game; only the newest ``KEEP_REPLAYS`` replays are kept."""
    path = write(record.as_kind("replay"), _new_name(replays_dir(data_dir), record))
    prune_replays(data_dir)
    return path


def prune_replays(data_dir: Path, keep: int = KEEP_REPLAYS) -> None:
    files = sorted(replays_dir(data_dir).glob(f"*{SUFFIX}"), key=_age_key, reverse=True)
    for old in files[keep:]:
        old.unlink(missing_ok=True)


def _age_key(path: Path) -> tuple[float, str]:
    try:
        return (path.stat().st_mtime, path.name)
    except OSError:
        return (0.0, path.name)


def delete(record: Record) -> None:
    if record.path is not None:
        record.path.unlink(missing_ok=True)


def export_replay(data_dir: Path, record: Record) -> Path:
    """A copy to share in ``exports/``, named like the replay."""
    folder = data_dir / EXPORTS_DIR
    name = record.path.name if record.path is not None else _new_name(folder, record).name
    return write(record.as_kind("replay"), folder / name)


def import_dir(data_dir: Path) -> Path:
    folder = data_dir / IMPORT_DIR
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def read_replay(path: Path) -> Record:
    """A replay file from anywhere (import, ``--replay``): finished games only. The file is
    only read; what to do with one that is refused is the caller's choice."""
    record = load(path)
    if record.kind != "replay" or not record.finished:
        raise SaveError("not a replay of a finished game")
    return record


def import_replays(
    data_dir: Path, newer: list[tuple[Path, str]] | None = None
) -> tuple[list[Path], list[tuple[Path, str]]]:
    """Copy every replay in ``import/`` into the replay list; a bad one is kept as ``*.bad``, a
    newer version's stays where it is (and goes to ``newer``).

    An imported file is removed from ``import/`` once it is in the list, so importing twice
    does not make two copies."""
    imported: list[Path] = []
    bad: list[tuple[Path, str]] = []
    for path in sorted(import_dir(data_dir).glob(f"*{SUFFIX}")):
        try:
            record = read_replay(path)
        except NewerFile as exc:
            if newer is not None:
                newer.append((path, str(exc)))
            continue
        except SaveError as exc:
            bad.append((keep_or_leave(path), str(exc)))
            continue
        imported.append(write(record, _new_name(replays_dir(data_dir), record)))
        os.remove(path)
    prune_replays(data_dir)
    return imported, bad


def keep_or_leave(path: Path) -> Path:
    """Move a damaged file aside as ``*.bad``; where it could not be moved, it stays."""
    try:
        return keep_bad(path)
    except OSError:
        return path
