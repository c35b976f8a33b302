"""Speltafel: classic family board games on one screen (each game in game/games/<id>/)."""
