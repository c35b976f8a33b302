"""``levels/``, shipped as the package data ``game.levels`` (see game/resources.py)."""
