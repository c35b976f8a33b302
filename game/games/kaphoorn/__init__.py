"""Kap Hoorn (Thorsten Gimmler, Kosmos 1999): a clipper race built from wind cards."""

from typing import Any

from game.play.plugin import Bench, Demo, GamePlugin, Playouts
from game.protocol.base import Outcome


def turns_played(state: Any, outcome: Outcome) -> int:
    """The turns completed, and the one a game won by roses or the finish ends inside."""
    return int(state.turn) + (outcome.reason_code != "rounds")


PLUGIN = GamePlugin(
    id="kaphoorn",
    order=20,  # the menus: Nanuuk!, Kap Hoorn, Der Berg ruft
    title="Kap Hoorn",
    rules_path="game.games.kaphoorn.rules:RULES",
    bot_paths={
        "easy": "game.games.kaphoorn.bots.beginner:EasyBot",
        "normal": "game.games.kaphoorn.bots.simple:NormalBot",
        "hard": "game.games.kaphoorn.bots.hard:HardBot",
    },
    measure_paths={
        "greedy": "game.games.kaphoorn.bots.beginner:GreedyPlayer",
        "flat": "game.games.kaphoorn.bots.flat:FlatHardBot",
    },
    scene_path="game.games.kaphoorn.scene:KapHoornScene",
    pictures_path="game.games.kaphoorn.pictures",
    warm_up_path="game.games.kaphoorn.view.chartview:warm_up",
    emblem_path="game.games.kaphoorn.view.emblem:emblem",
    ambience_path="game.games.kaphoorn.sounds:sea",
    effects_path="game.games.kaphoorn.sounds:EFFECTS",
    demo=Demo(variants=("standard",), options={"rounds": 8}),  # K15: over after 8 rounds
    # random play hardly ever wins: the round limit (K15) ends a playout and fixes its work
    bench=Bench(
        scene_variant="standard",
        scene_players=4,
        decisions=("standard", 4),
        playouts=(Playouts("4p", "standard", (4, 4), 100, 4, {"rounds": 40}),),
        idle_menus=("setup",),
        first_menus=("rules_help",),  # the pages with the chart's pictures
    ),
    turns_played=turns_played,
)
