"""Bot seats: the levels the project's bot registry offers, and one bot per seat.

The registry lives in :mod:`amath.players` (``get_bot(name, seed)``); the server only
asks it for players, so a new level appears in the lobby without a server change.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any, Protocol

from amath.game import Game
from amath.move import Move

PREFERRED = ("random", "greedy", "equity")


class Bot(Protocol):
    """What a bot seat needs: a move for the side to move."""

    def choose(self, game: Game) -> Move:
        """Return a move ``game.push`` accepts."""
        ...


BotFactory = Callable[[str, int], Any]


def registry() -> tuple[list[str], BotFactory | None]:
    """The bot levels on offer and the factory (``([], None)`` when no bot is installed)."""
    try:
        players = importlib.import_module("amath.players")
    except ImportError:  # pragma: no cover - the package always exists
        return [], None
    factory = getattr(players, "get_bot", None)
    if factory is None:
        return [], None
    levels = _levels(players)
    return levels, factory


def _levels(players: Any) -> list[str]:
    for attr in ("BOT_LEVELS", "LEVELS", "BOTS", "bot_names", "available_bots", "list_bots"):
        value = getattr(players, attr, None)
        if callable(value):
            value = value()
        if isinstance(value, dict):
            value = list(value)
        if isinstance(value, list | tuple) and all(isinstance(v, str) for v in value):
            return list(value)
    return [name for name in PREFERRED]
