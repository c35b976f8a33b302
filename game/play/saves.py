"""Saved games, the autosave and replays: one versioned JSON record for all three.

A replay holds the game's set-up (``GameConfig``, with its seed) and every action played;
loading plays those actions again through the rules and checks the result against the final
state stored beside them. A game resumed from a save and then finished starts its replay at the
position it was resumed from (``start``, everything shown: the game is over).

A save or autosave holds no more secret than resuming needs (issue 27, item 11): the position
as ``State.stored()`` gives it (no seed, no number behind Der Berg ruft's screen, Kap Hoorn's
pile without its order) and the set-up without the seed. It is checked by the game's own
from-dict checks; resuming draws a fresh seed (``resume_point``). So the undo history does not
survive a resume. A save of version 1 (set-up, seed and moves) still loads by replaying its
moves, and the table writes it in the new form the next time.

A mismatch, a foreign or newer file, or anything else wrong raises ``SaveError``. The caller
keeps such a file as ``*.bad`` and says so; nothing here ever overwrites a file it could not
read.

Where the files live, inside the user data folder:

- ``saves/<game>-<time>.json``  saves made from the pause menu
- ``saves/autosave-<game>.json`` per game, the game left by "Quit to title" or by closing the
  window ("Continue"); an older version's single ``autosave.json`` is read too
- ``replays/<game>-<time>.json`` one per finished game, the newest ``KEEP_REPLAYS`` kept
- ``exports/``                   replays exported to share; ``import/``: replays to import
"""

from __future__ import annotations

import dataclasses
import json
import os
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from game.persist.paths import Unusable, keep_bad, loads_json, read_text_file, write_atomic
from game.play.config import GameConfig, Seat, new_seed
from game.play.registry import rules_for
from game.protocol.base import State

FORMAT = "speltafel"
VERSION = 2  # the newest this build reads and writes; see _version
MOVES_VERSION = 1  # a record of set-up and moves only, as every version wrote it
NO_SEED = -1  # the seed of a save's set-up in memory: a save holds none (resume_point draws one)
POSITION_KINDS = ("save", "autosave")  # the kinds written as a position
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
    # a save's position (``State.stored()``), where it holds no moves; None: set-up and moves
    position: dict[str, Any] | None = None
    # a replay of a game resumed from a save: the full position its moves start from
    start: dict[str, Any] | None = None
    # names one game across its saves and resumes (a save has no seed to tell games apart)
    game_id: str = ""

    @property
    def finished(self) -> bool:
        return bool(self.summary.get("finished"))

    def as_kind(self, kind: str) -> Record:
        """The same game as a record of ``kind``; as a save or autosave, one that holds the
        position only, whatever record it was made from (no save ever holds a seed)."""
        if kind not in POSITION_KINDS or self.position is not None:
            return dataclasses.replace(self, kind=kind, path=None)
        state = rules_for(self.config.game).state_from_dict(self.final)
        position = _plain(state.stored())
        return dataclasses.replace(self, kind=kind, path=None, moves=(), final=position,
                                   position=position, start=None)  # fmt: skip


# ---- building and writing -------------------------------------------------------------------
def build(
    kind: str,
    config: GameConfig,
    moves: list[dict[str, Any]] | tuple[dict[str, Any], ...],
    state: State,
    now: datetime | None = None,
    *,
    start: State | None = None,
    played: int = 0,
    game_id: str = "",
) -> Record:
    """A record of ``config`` after ``moves``; ``state`` is the state they lead to.

    ``start`` is the position the moves start from when the game was resumed from a save
    (None: the new game of ``config``), and ``played`` the moves made before it. A save or
    autosave keeps only the position (``State.stored()``), a replay the moves."""
    if kind not in KINDS:
        raise ValueError(f"unknown record kind {kind!r}")
    stamp = (now or datetime.now(UTC)).isoformat(timespec="seconds")
    summary = _summary(config, played + len(moves), state)
    if kind in POSITION_KINDS:
        position = _plain(state.stored())
        return Record(kind, config, (), position, stamp, summary, position=position,
                      game_id=game_id)  # fmt: skip
    final = _plain(state.to_dict())
    begun = None if start is None else _plain(start.to_dict())
    return Record(kind, config, tuple(moves), final, stamp, summary, start=begun,
                  game_id=game_id)  # fmt: skip


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
    data: dict[str, Any] = {
        "format": FORMAT,
        "kind": record.kind,
        "version": _version(record),
        "rules": RULES_EDITION,
        "config": config_to_dict(record.config, seeded=record.position is None),
    }
    if record.position is not None:  # a save: the position, and neither seed nor moves
        data["position"] = record.position
        if record.game_id:
            data["game_id"] = record.game_id
    else:  # a replay, as it always was (and where it begins, for a resumed game)
        if record.start is not None:
            data["start"] = record.start
        data["moves"] = list(record.moves)
        data["final"] = record.final
    data.update(saved_at=record.saved_at, **record.summary)
    return json.dumps(data, ensure_ascii=False, indent=1) + "\n"


def _version(record: Record) -> int:
    """A record of set-up and moves from the start is written as version 1, which every
    Speltafel reads (a replay shared with an older one); a position or a start needs 2."""
    return MOVES_VERSION if record.position is None and record.start is None else VERSION


def write(record: Record, path: Path) -> Path:
    write_atomic(path, to_json(record))
    return path


def config_to_dict(config: GameConfig, seeded: bool = True) -> dict[str, Any]:
    """The set-up as a record keeps it; a save's (``seeded=False``) without the seed."""
    data = {
        "game": config.game,
        "variant": config.variant,
        "seats": [{"name": s.name, "kind": s.kind, "colour": s.colour} for s in config.seats],
        "seed": config.seed,
        "options": _plain(dict(config.options)),
        "guided": config.guided,
    }
    if not seeded:
        del data["seed"]
    return data


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
    if "position" in data:
        return _position_record(data, kind, path)
    config = config_from_dict(data.get("config"))
    moves = data.get("moves")
    if not isinstance(moves, list) or not all(isinstance(m, dict) for m in moves):
        raise SaveError("the moves must be a list of actions")
    start = data.get("start")
    if start is not None and not isinstance(start, dict):
        raise SaveError("the position the moves start from is malformed")
    try:
        state = rebuild(config, moves, start)
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
    # a game resumed from a save counts the moves made before its start too
    total = len(moves) if start is None else max(len(moves), _played(data, 0))
    summary = _summary(config, total, state)
    return Record(kind, config, tuple(moves), final, stamp, summary, path, start=start,
                  game_id=_game_id(data))  # fmt: skip


def _position_record(data: dict[str, Any], kind: str, path: Path | None) -> Record:
    """A save in the new form: its position, checked by the game's own from-dict checks and
    required to be exactly what a save keeps (a hand-written number or seed is refused)."""
    if kind not in POSITION_KINDS:
        raise SaveError("a replay holds the moves of the whole game, not a position")
    config = config_from_dict(data.get("config"), seeded=False)
    position = data.get("position")
    if not isinstance(position, dict):
        raise SaveError("the saved position is malformed")
    if position.get("names") != list(config.names) or position.get("variant") != config.variant:
        raise SaveError("the saved position is not the game of its set-up (the file was changed)")
    state = _resumed(config, position, seed=0)
    if _plain(state.stored()) != position:
        raise SaveError("the saved position is not one a save keeps (the file was changed)")
    saved_at = data.get("saved_at")
    stamp = saved_at if isinstance(saved_at, str) else ""
    summary = _summary(config, _played(data, None), state)
    return Record(kind, config, (), position, stamp, summary, path, position=position,
                  game_id=_game_id(data))  # fmt: skip


def _played(data: dict[str, Any], default: int | None) -> int:
    """The count of moves the lists show: a save's moves before its position, a resumed
    game's replay all its moves (those before its start too)."""
    value = data.get("move_count", default)
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 10**9:
        raise SaveError(f"the count of moves made is malformed ({value!r})")
    return value


def _game_id(data: dict[str, Any]) -> str:
    value = data.get("game_id", "")
    return value if isinstance(value, str) else ""


def _resumed(config: GameConfig, position: dict[str, Any], seed: int) -> State:
    """The game a save's position goes on as, with ``seed`` for the chance still to come."""
    try:
        return rules_for(config.game).resume(position, seed)
    except (ValueError, KeyError, TypeError, AttributeError, IndexError) as exc:
        raise SaveError(f"the saved position cannot be played on: {exc}") from None


def resume_point(record: Record) -> tuple[GameConfig, State | None]:
    """What a table resumes ``record`` with: its set-up and the position to go on from
    (None: play ``record.moves`` from the new game). A save's position is dealt a fresh seed
    on every resume, so resuming the same file twice gives nobody the order of the draws.
    An older version's save (set-up, seed and moves) resumes the same way, from the position
    its moves lead to: its pile too is shuffled afresh (K18)."""
    seed = new_seed()
    if record.kind in POSITION_KINDS and record.position is None:
        state = rebuild(record.config, list(record.moves), record.start)
        position = _plain(state.stored())
        return record.config.with_seed(seed), _resumed(record.config, position, seed)
    if record.position is None:
        return record.config, None
    return record.config.with_seed(seed), _resumed(record.config, record.position, seed)


def config_from_dict(data: Any, seeded: bool = True) -> GameConfig:
    """The set-up of a record; a save's (``seeded=False``) has no seed (``NO_SEED``)."""
    if not isinstance(data, dict):
        raise SaveError("the game's set-up is missing")
    try:
        seats = tuple(
            Seat(str(s["name"]), str(s.get("kind", "human")), str(s.get("colour", "")))
            for s in data["seats"]
        )
        seed = data["seed"] if seeded else NO_SEED
        game, variant = str(data["game"]), str(data["variant"])
        options = data.get("options") or {}
        guided = bool(data.get("guided", False))
    except (KeyError, TypeError, AttributeError) as exc:
        raise SaveError(f"the game's set-up is incomplete ({exc})") from None
    if not isinstance(seed, int) or not isinstance(options, dict) or not seats:
        raise SaveError("the game's set-up is malformed")
    return GameConfig(game, variant, seats, seed, options, guided)


def rebuild(
    config: GameConfig, moves: list[dict[str, Any]], start: dict[str, Any] | None = None
) -> State:
    """The state after ``moves`` from ``start`` (None: the new game of ``config``), each move
    checked by the rules like a move made at the table."""
    try:
        rules = rules_for(config.game)
        state = (
            rules.new_game(config.variant, config.names, seed=config.seed, options=config.options)
            if start is None
            else rules.state_from_dict(start)
        )
    except (ValueError, KeyError, TypeError, AttributeError, IndexError) as exc:
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
    _drop_if(saves_dir(data_dir) / AUTOSAVE, lambda stored: stored["config"].get("game") == game)
    return path


def set_aside_autosave(data_dir: Path, game: str) -> list[Path]:
    """A game started without the menus (``--game``) will autosave into ``game``'s slot: the
    game waiting there moves to the saved games first, so it is never replaced unasked. The
    file moves as it is (read or not: a damaged one or a newer version's is not lost either),
    under a saved game's name; returns where each went."""
    folder, moved = saves_dir(data_dir), []
    legacy = folder / AUTOSAVE

    def same_game(stored: dict[str, Any]) -> bool:
        return stored["config"].get("game") == game

    for path in (autosave_path(data_dir, game), legacy):
        if not path.is_file() or (path == legacy and not _holds(path, same_game)):
            continue
        stamp = datetime.fromtimestamp(path.stat().st_mtime).strftime("%Y%m%d-%H%M%S")
        target, n = folder / f"{game}-{stamp}{SUFFIX}", 2
        while target.exists():
            target, n = folder / f"{game}-{stamp}-{n}{SUFFIX}", n + 1
        path.replace(target)
        moved.append(target)
    return moved


def drop_autosave(data_dir: Path, config: GameConfig, game_id: str = "") -> None:
    """A game ended: its autosave goes, if it is that very game (another game of the same
    kind left unfinished stays to be continued). A save in the new form has no seed to tell
    games apart: its ``game_id`` does; one of version 1 is that game if its set-up is."""
    same = _plain(config_to_dict(config))

    def matches(stored: dict[str, Any]) -> bool:
        if "position" in stored:
            return bool(game_id) and stored.get("game_id") == game_id
        return stored.get("config") == same

    for path in (autosave_path(data_dir, config.game), saves_dir(data_dir) / AUTOSAVE):
        _drop_if(path, matches)


def _drop_if(path: Path, matches: Callable[[dict[str, Any]], bool]) -> None:
    if _holds(path, matches):
        path.unlink(missing_ok=True)


def _holds(path: Path, matches: Callable[[dict[str, Any]], bool]) -> bool:
    """Whether the record at ``path`` can be read far enough to tell, and ``matches``."""
    try:
        stored = loads_json(read_text_file(path))
    except (OSError, ValueError, AttributeError):  # Unusable is a ValueError
        return False  # none, or damaged: the title reports a damaged one
    return isinstance(stored, dict) and isinstance(stored.get("config"), dict) and matches(stored)


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
