"""The menus' side of saves and replays: resuming a saved game, opening a replay file, and
telling the player of damaged and newer files.

Keeping the game in play (save, autosave, its replay) is ``game.play.records``; the move
record itself and its restoring belong to the play table (``game.play.table``).
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from game.engine.scenes import opening
from game.i18n import tr
from game.menus.loading import LoadingScene
from game.menus.replay import ReplayScene
from game.persist.log import LOG
from game.play import saves
from game.play.registry import plugin

if TYPE_CHECKING:
    from game.engine.services import Services


def resume(services: Services, record: saves.Record) -> None:
    """Open a saved game where it was left: from its position (a fresh seed for the chance
    still to come), or an older version's save by playing its moves again."""
    config, start = saves.resume_point(record)
    played = 0 if start is None else int(record.summary.get("move_count", 0))
    table = opening(plugin(config.game).scene(), config=config, moves=list(record.moves),
                    start=start, played=played, game_id=record.game_id)  # fmt: skip
    services.scenes.reset(LoadingScene, game=config.game, table=table)


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
    services.scenes.push(ReplayScene, record=found)
