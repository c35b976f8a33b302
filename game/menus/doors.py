"""The menus that the parts below them open (``game.engine.services.Menus``): the kit's "back"
from a scene opened alone, the table's pause menu, its question before a move that ends the
game and the end of its game, the kiosk's return
to the title and its admin's settings. Those parts may not import the menus, so the
composition root (``game.app``) hands them these doors; the menus open each other by class.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from game.menus.confirm import ConfirmScene
from game.menus.pause import PauseScene
from game.menus.results import ResultsScene
from game.menus.settings import SettingsScene
from game.menus.title import TitleScene

if TYPE_CHECKING:
    from game.engine.scenes import SceneManager
    from game.play.config import GameConfig


class Doors:
    def __init__(self, scenes: SceneManager) -> None:
        self.scenes = scenes

    def title(self) -> None:
        self.scenes.reset(TitleScene)

    def pause(self, game: str) -> None:
        self.scenes.push(PauseScene, game=game)

    def settings(self) -> None:
        self.scenes.push(SettingsScene)

    def confirm(self, title: str, message: str, on_yes: Callable[[], None], yes: str = "",
                no: str = "") -> None:  # fmt: skip
        """A question over the scene on top: ``on_yes`` after a "yes" (the table's move that
        ends the game)."""
        self.scenes.push(ConfirmScene, title=title, message=message, yes=yes, no=no,
                         on_yes=on_yes)  # fmt: skip

    def results(self, config: GameConfig, outcome: dict[str, Any], replay: Path | None) -> None:
        """The finished game's table gives way to its results."""
        self.scenes.replace(ResultsScene, config=config, outcome=outcome, replay=replay)
