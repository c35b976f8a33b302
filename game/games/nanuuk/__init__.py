"""Nanuuk! (Günter Cornett, Bambus Spieleverlag 1998): hunting on a cracking ice floe."""

from typing import Any

from game.play.plugin import Bench, Demo, GamePlugin, Playouts
from game.protocol.base import Outcome


def turns_played(state: Any, outcome: Outcome) -> int:
    """The finished turns of every seat together."""
    return sum(state.turns)


PLUGIN = GamePlugin(
    id="nanuuk",
    order=10,  # the menus: Nanuuk!, Kap Hoorn, Der Berg ruft
    title="Nanuuk!",
    rules_path="game.games.nanuuk.rules:RULES",
    bot_paths={
        "easy": "game.games.nanuuk.bots.beginner:EasyBot",
        "normal": "game.games.nanuuk.bots.simple:NormalBot",
        "hard": "game.games.nanuuk.bots.hard:HardBot",
    },
    measure_paths={"greedy": "game.games.nanuuk.bots.beginner:GreedyPlayer"},
    scene_path="game.games.nanuuk.scene:NanuukScene",
    pictures_path="game.games.nanuuk.pictures",
    emblem_path="game.games.nanuuk.view.emblem:emblem",
    ambience_path="game.games.nanuuk.sounds:ice",
    effects_path="game.games.nanuuk.sounds:EFFECTS",
    # three hunters end a game of introduction in about 200 moves, two need about 370
    demo=Demo(variants=("intro", "full"), players={"intro": 3}),
    bench=Bench(
        scene_variant="full",
        scene_players=4,
        decisions=("full", 3),
        playouts=(
            Playouts("full_4p", "full", (4, 4), games=200, seed=3),
            Playouts("intro_2p", "intro", (2, 2), games=200, seed=3),
        ),
        idle_menus=("rules_help",),
    ),
    editor_path="game.games.nanuuk.editor:NanuukEditorScene",
    editor_variants=("full",),
    turns_played=turns_played,
    options_path="game.games.nanuuk.setups:resolve_options",
    choices_path="game.games.nanuuk.setups:option_choices",
)
