"""Players that choose a turn for a game: the bots (random, greedy, equity, ...)."""

from amath.players.registry import BOTS, bot_names, get_bot

__all__ = ["BOTS", "bot_names", "get_bot"]
