"""Every scene by name, for the scene manager (which knows none): the menus, the kiosk's, and
each game's play scene (``<id>``) and set-up editor (``<id>_editor``), named by its plugin.
A scene's module is imported on first use, so start-up stays fast.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

from game.play.registry import plugin

if TYPE_CHECKING:
    from game.engine.scenes import Scene

SCENES = {  # name -> "module:Class"
    "title": "game.menus.title:TitleScene",
    "picker": "game.menus.picker:PickerScene",
    "setup": "game.menus.setup:SetupScene",
    "handoff": "game.menus.handoff:HandoffScene",
    "results": "game.menus.results:ResultsScene",
    "pause": "game.menus.pause:PauseScene",
    "settings": "game.menus.settings:SettingsScene",
    "rules_help": "game.menus.rules_help:RulesHelpScene",
    "library": "game.menus.saves_list:LibraryScene",  # saved games and replays
    "replay": "game.menus.replay:ReplayScene",
    "confirm": "game.menus.confirm:ConfirmScene",  # a question before what cannot be undone
    "loading": "game.menus.loading:LoadingScene",  # the picture while a table is built
    # kiosk mode (python main.py --kiosk)
    "kiosk_attract": "game.kiosk.attract:AttractScene",
    "kiosk_still": "game.kiosk.still:StillPlayingScene",
    "kiosk_admin": "game.kiosk.admin:AdminScene",
    "kiosk_pin": "game.kiosk.admin:PinScene",
    "kiosk_keyboard": "game.kiosk.keyboard:KeyboardScene",
}


def scene_class(name: str) -> type[Scene]:
    path = SCENES.get(name)
    if path is not None:
        module, cls = path.split(":")
        return getattr(importlib.import_module(module), cls)  # type: ignore[no-any-return]
    game = name.removesuffix("_editor")  # a game's id has no "_" (game.play.registry)
    found = plugin(game)  # ValueError for a game nobody knows
    scene = found.editor() if game != name else found.scene()
    if scene is None:
        raise KeyError(f"no scene {name!r}")
    return scene  # type: ignore[no-any-return]
