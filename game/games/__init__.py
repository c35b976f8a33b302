"""One folder per game: its rules, bots, board, play scene, guide and rules pictures.

Nothing outside a game's folder imports it, except ``game.play.registry``: the rest of the
program reaches a game through its :class:`~game.play.plugin.GamePlugin`.
"""
