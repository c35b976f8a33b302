"""Der Berg ruft (Thomas Säckl, 1995): a bluffing climb."""

from game.play.plugin import Bench, Demo, GamePlugin, Playouts

PLUGIN = GamePlugin(
    id="bergruft",
    order=30,  # the menus: Nanuuk!, Kap Hoorn, Der Berg ruft
    title="Der Berg ruft",
    rules_path="game.games.bergruft.rules:RULES",
    bot_paths={
        "easy": "game.games.bergruft.bots.beginner:EasyBot",
        "normal": "game.games.bergruft.bots.simple:NormalBot",
        "hard": "game.games.bergruft.bots.hard:HardBot",
    },
    measure_paths={"greedy": "game.games.bergruft.bots.beginner:GreedyPlayer"},
    scene_path="game.games.bergruft.scene:BergruftScene",
    pictures_path="game.games.bergruft.pictures",
    emblem_path="game.games.bergruft.view.emblem:emblem",
    ambience_path="game.games.bergruft.sounds:mountain",
    effects_path="game.games.bergruft.sounds:EFFECTS",
    # B8: a demo ends after 8 turns, the best avalanche wins
    demo=Demo(variants=("standard",), players={"standard": 3}, options={"turn_limit": 8}),
    bench=Bench(
        scene_variant="standard",
        scene_players=4,
        decisions=("standard", 3),
        playouts=(Playouts("2-4p", "standard", (2, 4), games=2000, seed=1),),
    ),
    lower_is_better=True,  # the score is the avalanche
)
