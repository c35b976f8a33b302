"""Pebbles, a test game (not shipped): a fourth game, found in its folder like a shipped one.
Its parts are named by their place under tests/ so that the bot worker (a fresh process that
knows only the shipped games) imports them too."""

from game.play.plugin import Bench, Demo, GamePlugin, Playouts

HERE = "tests.testgames.fourth.pebbles"

PLUGIN = GamePlugin(
    id="pebbles",
    order=40,
    title="Pebbles",
    rules_path=f"{HERE}.rules:RULES",
    bot_paths={level: f"{HERE}.bots:EasyBot" for level in ("easy", "normal", "hard")},
    scene_path=f"{HERE}.scene:PebblesScene",
    pictures_path=f"{HERE}.pictures",
    emblem_path=f"{HERE}.emblem:emblem",
    ambience_path=f"{HERE}.sounds:breeze",
    effects_path=f"{HERE}.sounds:EFFECTS",
    demo=Demo(variants=("pile",)),
    bench=Bench(
        scene_variant="pile",
        scene_players=3,
        decisions=("pile", 3),
        playouts=(Playouts("3p", "pile", (3, 3), games=5, seed=1),),
        idle_menus=("setup", "rules_help"),
        first_menus=("rules_help",),
    ),
    pages_file=f"{HERE}:pages.toml",
    texts_folder=f"{HERE}:texts",
)
