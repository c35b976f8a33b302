"""The game being played, kept: "Save game" from the pause menu, the autosave when a game is
left unfinished (quit to the title, the window closed), and its replay when it ends.

A listener: the scene manager tells it which table is in play (no search of the scene stack),
and the game-over handler hands it each finished game's record. Kiosk visitors leave nothing
behind (``saving`` False: no "Save game" either), and scripted runs (tools, tests) neither:
then ``keep`` is False.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from game.i18n import tr
from game.persist.log import LOG
from game.play import saves

if TYPE_CHECKING:
    from game.engine.files import Files
    from game.engine.scenes import Scene
    from game.play.table import PlayTable


class Records:
    def __init__(self, files: Files, keep: bool, saving: bool) -> None:
        self.files = files
        self.keep = keep  # autosaves and replays
        self.saving = saving  # the pause menu's "Save game"
        self.table: PlayTable | None = None  # the game being played; a replay does not count

    # ---- the scene manager's listener ----------------------------------------------------------
    def scene_entered(self, scene: Scene) -> None:
        from game.play.table import PlayTable  # not at import: the table pulls in the kit

        if isinstance(scene, PlayTable) and not scene.replaying:
            self.table = scene

    def scene_left(self, scene: Scene) -> None:
        if scene is self.table:
            self.table = None

    # ---- what the menus and the loop ask -------------------------------------------------------
    @property
    def playing(self) -> bool:
        """Whether a game is being played (beneath any overlay)."""
        return self.table is not None

    def save(self) -> Path | None:
        """The pause menu's "Save game": a new file in ``saves/``; the toast says where."""
        if self.table is None or not self.saving:
            return None
        try:
            path = saves.save_game(self.files.data_dir, self.table.save_record("save"))
        except OSError as exc:
            self.files.not_written("saves.not_saved", exc)
            return None
        LOG.info("game saved: %s", path)
        self.files.tell(tr("saves.saved"), 5.0)
        return path

    def autosave(self) -> Path | None:
        """Leaving a game unfinished (quit to title, window closed): keep it for "Continue"."""
        table = self.table
        if table is None or not self.keep or table.state.is_over():
            return None
        try:
            return saves.write_autosave(self.files.data_dir, table.save_record("autosave"))
        except OSError as exc:
            self.files.not_written("saves.not_saved", exc)
            return None

    def keep_waiting(self, game: str, title: str) -> list[Path]:
        """A game about to start without the menus' question (``--game``): the game of the same
        kind waiting for "Continue" moves to the saved games, where it is found and loaded as
        any save, instead of being replaced by the new game's autosave."""
        if not self.keep:
            return []  # nothing of this run will be autosaved, so nothing is replaced
        try:
            moved = saves.set_aside_autosave(self.files.data_dir, game)
        except OSError as exc:
            self.files.not_written("saves.not_saved", exc)
            return []
        for path in moved:
            LOG.info("the unfinished game waiting was kept as %s", path)
            self.files.tell(tr("saves.kept_waiting", game=title), 8.0)
        return moved

    def finished(self, record: saves.Record) -> Path | None:
        """A game ended: it is no longer to be continued, and it goes to the replays."""
        if not self.keep:
            return None
        try:
            saves.drop_autosave(self.files.data_dir, record.config, record.game_id)
            return saves.write_replay(self.files.data_dir, record)
        except OSError as exc:  # the player learns that this game was not kept, and why
            self.files.not_written("saves.not_saved", exc)
            return None
