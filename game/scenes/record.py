"""What the three play scenes share for saves and replays: the move record and its restoring.

A play scene mixes in ``Recorder``: it calls ``begin_record(data)`` last in ``enter``,
``record(action)`` for each action it plays and ``unrecord()`` when undo takes one back. Entered
with ``moves=[...]`` it plays them again silently through its own ``play`` (no animation, no
sound, the AI does not think), so the move log, the undo history and every picture come back as
if the game had been played here; with ``replaying=True`` it only shows (the replay viewer).

The functions below are the app's side: autosave on leaving, a replay when a game ends.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any

from game.i18n import tr
from game.persist import saves
from game.persist.log import LOG
from game.play.bots import close_runners
from game.scenes.menukit import kiosk_config

if TYPE_CHECKING:
    from game.app import App


class Recorder:
    """Mixed into a play scene (which has app, config, state, runners, play, skip)."""

    replaying = False  # the replay viewer drives the scene: no bots, no input, nothing hidden
    restoring = False  # moves are being played again: no controls are built meanwhile
    app: Any
    config: Any
    state: Any
    runners: Any

    def begin_record(self, data: dict[str, Any]) -> None:
        """The last step of ``enter``: ``moves`` to restore and whether this is a replay."""
        self.moves: list[dict[str, Any]] = []
        self.replaying = bool(data.get("replaying"))
        if self.replaying:
            close_runners(self.runners)  # nobody thinks in a replay
        self.restore(data.get("moves") or ())

    def record(self, action: Any) -> None:
        self.moves.append(action.to_dict())

    def unrecord(self) -> None:
        """Undo took back the last decision (each undo step is exactly one played action)."""
        if self.moves:
            self.moves.pop()

    def restore(self, moves: Sequence[dict[str, Any]]) -> None:
        """Play ``moves`` again at once and quietly; a move the rules refuse raises SaveError."""
        with _hushed(self):
            self.restoring = True
            for n, data in enumerate(moves, 1):
                seat = self.state.current_player
                action = self.state.action_from_dict(data)
                by_ai = seat is not None and not self.config.seats[seat].is_human
                if not self.play_recorded(action, by_ai):
                    raise saves.SaveError(f"move {n} cannot be played")
                self.skip()  # type: ignore[attr-defined]
        self._settle()
        self.rebuild()

    def rebuild(self) -> None:
        """The controls, once restoring is over (building them per restored move is slow)."""
        if not self.restoring:
            super().rebuild()  # type: ignore[misc]

    def play_recorded(self, action: Any, by_ai: bool) -> bool:
        """Play one restored action as it was played first (an AI's move clears undo)."""
        return bool(self.play(action, by_ai=by_ai))  # type: ignore[attr-defined]

    def _settle(self) -> None:
        """No animation left over from the restoring: pieces stand where the rules put them."""
        for name in ("flights", "hidden", "growing"):  # finished, but drawn until cleared
            value = getattr(self, name, None)
            if value is not None:
                value.clear()
        if hasattr(self, "notice"):
            self.notice = None
        if hasattr(self, "_built_key"):
            self._built_key = None

    def save_record(self, kind: str) -> saves.Record:
        return saves.build(kind, self.config, self.moves, self.state)


@contextmanager
def _hushed(scene: Any) -> Iterator[None]:
    """Silence while moves are restored: the scene's own sounds and the app's."""
    app = scene.app
    scene.muted = True
    app.sound = lambda name: None  # an instance attribute hides the method for a moment
    try:
        yield
    finally:
        del app.sound
        scene.muted = False
        scene.restoring = False


# ---- the app's side ---------------------------------------------------------------------------
def play_scene(app: App) -> Recorder | None:
    """The game being played (beneath any overlay), if any; a replay does not count."""
    from game.play.table import PlayTable

    for scene in reversed(app.scenes.stack):
        if isinstance(scene, Recorder | PlayTable) and hasattr(scene, "moves"):
            if not scene.replaying:
                return scene  # type: ignore[return-value]
    return None


def may_save(app: App) -> bool:
    """Visitors of a kiosk leave nothing behind; scripted runs (tools, tests) neither."""
    options = app.options
    return kiosk_config(app) is None and not options.exit_when_over and options.quit_after is None


def save(app: App) -> Path | None:
    """The pause menu's "Save game": a new file in ``saves/``; the toast says where."""
    scene = play_scene(app)
    if scene is None or kiosk_config(app) is not None:
        return None
    try:
        path = saves.save_game(app.data_dir, scene.save_record("save"))
    except OSError as exc:
        LOG.warning("save failed: %s", exc)
        app.toast(tr("saves.not_saved", detail=str(exc)), 6.0)
        return None
    app.toast(tr("saves.saved", path=str(path)), 5.0)
    return path


def autosave(app: App) -> Path | None:
    """Leaving a game unfinished (quit to title, window closed): keep it for "Continue"."""
    scene = play_scene(app)
    if scene is None or not may_save(app) or scene.state.is_over():
        return None
    try:
        return saves.write_autosave(app.data_dir, scene.save_record("autosave"))
    except OSError as exc:
        LOG.warning("autosave failed: %s", exc)
        app.toast(tr("saves.not_saved", detail=str(exc)), 6.0)
        return None


def game_finished(app: App) -> Path | None:
    """A game ended: it is no longer to be continued, and it goes to the replays."""
    scene = play_scene(app)
    if scene is None or not may_save(app):
        return None
    try:
        saves.drop_autosave(app.data_dir, scene.config)
        return saves.write_replay(app.data_dir, scene.save_record("replay"))
    except OSError as exc:
        LOG.warning("replay not written: %s", exc)
        return None


def resume(app: App, record: saves.Record) -> None:
    """Open a saved game where it was left."""
    app.scenes.reset(record.config.game, config=record.config, moves=list(record.moves))


def report_bad(app: App, bad: Sequence[tuple[Path, str]]) -> None:
    """One toast per damaged file: what was wrong and where it was kept."""
    for kept, why in bad:
        LOG.warning("damaged save %s: %s", kept, why)
        app.toast(tr("saves.damaged", why=why, kept_as=str(kept)), 8.0)


def open_replay_file(app: App, path: Path) -> None:
    """``--replay FILE``: watch it over the title; a damaged file is kept aside and reported."""
    try:
        found = saves.read_replay(path)
    except saves.SaveError as exc:
        kept = saves.keep_or_leave(path) if path.exists() else path
        LOG.warning("replay %s: %s", path, exc)
        if kept != path:
            app.toast(tr("saves.damaged", why=str(exc), kept_as=str(kept)), 8.0)
        else:
            app.toast(tr("replays.cannot_open", why=str(exc)), 8.0)
        return
    app.scenes.push("replay", record=found)
