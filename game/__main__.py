"""``python -m game``: the same as ``python main.py`` or the ``speltafel`` command (the kiosk's
supervisor starts its child this way, wherever the game is installed)."""

from game.cli import entry

entry()
