"""Nanuuk! (Günter Cornett, Bambus Spieleverlag 1998): hunting on a cracking ice floe."""

from typing import Any

from game.play.plugin import Bench, Demo, GamePlugin, Playouts
from game.rules.base import Outcome


def turns_played(state: Any, outcome: Outcome) -> int:
    """The finished turns of every seat together."""
    return sum(state.turns)


PLUGIN = GamePlugin(
    id="nanuuk",
    title="Nanuuk!",
    rules_path="game.rules.nanuuk:RULES",
    bot_paths={
        "easy": "game.ai.nanuuk:EasyBot",
        "normal": "game.ai.nanuuk:NormalBot",
        "hard": "game.ai.nanuuk_mcts:HardBot",
    },
    scene_path="game.scenes.nanuuk:NanuukScene",
    pictures_path="game.render.rules_pictures.nanuuk",
    emblem_path="game.render.emblems:nanuuk",
    ambience_path="game.render.sounds.ambient:ice",
    # three hunters end a game of introduction in about 200 moves, two need about 370
    demo=Demo(variants=("intro", "full"), players={"intro": 3}),
    bench=Bench(
        scene_variant="full",
        decisions=("full", 3),
        playouts=(
            Playouts("full_4p", "full", (4, 4), games=200, seed=3),
            Playouts("intro_2p", "intro", (2, 2), games=200, seed=3),
        ),
    ),
    editor_path="game.scenes.nanuuk_editor:NanuukEditorScene",
    editor_variants=("full",),
    turns_played=turns_played,
    options_path="game.persist.setups:resolve_options",
)
