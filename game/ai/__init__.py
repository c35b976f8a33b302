"""Bots that speak only the rules protocol (they see ``state.view(seat)``, never the state)."""

from game.ai.base import LEVELS, Bot, RandomBot, make_bot
from game.ai.runner import BotRunner

__all__ = ["LEVELS", "Bot", "BotRunner", "RandomBot", "make_bot"]
