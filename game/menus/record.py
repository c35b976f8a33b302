"""The app's side of saves and replays: the game being played, saving it from the pause menu,
the autosave on leaving, a replay when a game ends, resuming and opening a replay file.

The move record itself and its restoring belong to the play table (``game.play.table``).
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from game.i18n import tr
from game.menus.menukit import kiosk_config
from game.persist import saves
from game.persist.log import LOG
from game.persist.paths import write_failure

if TYPE_CHECKING:
    from game.engine.services import Services
    from game.play.table import PlayTable


# ---- the app's side ---------------------------------------------------------------------------
def play_scene(services: Services) -> PlayTable | None:
    """The game being played (beneath any overlay), if any; a replay does not count."""
    from game.play.table import PlayTable

    for scene in reversed(services.scenes.stack):
        if isinstance(scene, PlayTable) and not scene.replaying:
            return scene
    return None


def may_save(services: Services) -> bool:
    """Visitors of a kiosk leave nothing behind; scripted runs (tools, tests) neither."""
    options = services.options
    return (
        kiosk_config(services) is None and not options.exit_when_over and options.quit_after is None
    )


def save(services: Services) -> Path | None:
    """The pause menu's "Save game": a new file in ``saves/``; the toast says where."""
    scene = play_scene(services)
    if scene is None or kiosk_config(services) is not None:
        return None
    try:
        path = saves.save_game(services.data_dir, scene.save_record("save"))
    except OSError as exc:
        not_written(services, "saves.not_saved", exc)
        return None
    LOG.info("game saved: %s", path)
    services.toast(tr("saves.saved"), 5.0)
    return path


def not_written(services: Services, message: str, exc: OSError) -> None:
    """A file could not be written: the log gets the system's words and the path, the player
    what happened and what to do about it (``message`` takes ``why``)."""
    LOG.warning("%s: %s", message, exc)
    services.toast(tr(message, why=tr(f"files.{write_failure(exc)}")), 6.0)


def autosave(services: Services) -> Path | None:
    """Leaving a game unfinished (quit to title, window closed): keep it for "Continue"."""
    scene = play_scene(services)
    if scene is None or not may_save(services) or scene.state.is_over():
        return None
    try:
        return saves.write_autosave(services.data_dir, scene.save_record("autosave"))
    except OSError as exc:
        not_written(services, "saves.not_saved", exc)
        return None


def game_finished(services: Services) -> Path | None:
    """A game ended: it is no longer to be continued, and it goes to the replays."""
    scene = play_scene(services)
    if scene is None or not may_save(services):
        return None
    try:
        saves.drop_autosave(services.data_dir, scene.config, scene.game_id)
        return saves.write_replay(services.data_dir, scene.save_record("replay"))
    except OSError as exc:  # the player learns that this game was not kept, and why
        not_written(services, "saves.not_saved", exc)
        return None


def resume(services: Services, record: saves.Record) -> None:
    """Open a saved game where it was left: from its position (a fresh seed for the chance
    still to come), or an older version's save by playing its moves again."""
    config, start = saves.resume_point(record)
    played = 0 if start is None else int(record.summary.get("move_count", 0))
    services.scenes.reset("loading", then=config.game, config=config, moves=list(record.moves),
                          start=start, played=played, game_id=record.game_id)  # fmt: skip


def report_bad(services: Services, bad: Sequence[tuple[Path, str]]) -> None:
    """One toast per damaged file, naming the copy kept aside; what was wrong goes to the log."""
    for kept, why in bad:
        LOG.warning("damaged save %s: %s", kept, why)
        services.toast(tr("saves.damaged", kept_as=kept.name), 8.0)


def report_newer(services: Services, newer: Sequence[tuple[Path, str]]) -> None:
    """One toast per file of a newer Speltafel, which stays where it is."""
    for path, why in newer:
        LOG.warning("newer file %s left where it is: %s", path, why)
        services.toast(tr("saves.newer", name=path.name), 8.0)


def open_replay_file(services: Services, path: Path) -> None:
    """``--replay FILE``: watch it over the title. The file is the user's own: it is only read,
    never moved, whatever is wrong with it (a save, a newer version's, a damaged one)."""
    try:
        found = saves.read_replay(path)
    except saves.NewerFile as exc:
        report_newer(services, [(path, str(exc))])
        return
    except saves.SaveError as exc:
        LOG.warning("replay %s: %s", path, exc)
        services.toast(tr("replays.cannot_open"), 8.0)
        return
    services.scenes.push("replay", record=found)
