"""Pebble duel, a test game (not shipped): Pebbles for two only, the fifth game; its id has a
"-"."""

from dataclasses import replace

from game.play.plugin import Bench, Playouts
from tests.testgames.fourth.pebbles import HERE as PEBBLES
from tests.testgames.fourth.pebbles import PLUGIN as PEBBLES_PLUGIN

HERE = "tests.testgames.fifth.pebble_duel"

PLUGIN = replace(
    PEBBLES_PLUGIN,
    id="pebble-duel",
    order=50,
    title="Pebble Duel",
    rules_path=f"{PEBBLES}.rules:DUEL",
    bench=Bench(
        scene_variant="pile",
        scene_players=2,
        decisions=("pile", 2),
        playouts=(Playouts("2p", "pile", (2, 2), games=5, seed=1),),
    ),
    pages_file=f"{HERE}:pages.toml",
    texts_folder=f"{HERE}:texts",
)
