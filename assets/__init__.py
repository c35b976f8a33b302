"""``assets/``, shipped as the package data ``game.assets`` (see game/resources.py)."""
