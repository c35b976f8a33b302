"""Pebble Pair, a test game (not shipped): Pebble Duel without bots, a game for two people only
(``people_only_game()``). Its set-up offers no computer seat, the command line refuses
``ai:...`` for it and its table refuses a computer seat when it is set up."""

from dataclasses import replace

from tests.testgames.fifth.pebble_duel import PLUGIN as DUEL

HERE = "tests.testgames.people.pebble_pair"

PLUGIN = replace(
    DUEL,
    id="pebble-pair",
    order=60,
    title="Pebble Pair",
    bot_paths={},
    pages_file=f"{HERE}:pages.toml",
    texts_folder=f"{HERE}:texts",
)
