"""Bot seats: the levels the project's bot registry offers, and one bot per seat.

The registry lives in :mod:`amath.players` (``get_bot(name, seed)``); the server only
asks it for players, so a new level appears in the lobby without a server change.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any, Protocol

from amath.core.move import Move
from amath.game import Game

PREFERRED = ("random", "greedy", "equity")


class Bot(Protocol):
    """What a bot seat needs: a move for the side to move."""

    def choose(self, game: Game) -> Move:
        """Return a move ``game.push`` accepts."""
        ...


BotFactory = Callable[[str, int], Any]


def level_names() -> dict[str, dict[str, str]]:
    """Each bot level's name for people, ``{"en": ..., "th": ...}`` (``amath.players.registry.LEVEL_NAMES``, the one table)."""
    try:
        names = importlib.import_module("amath.players.registry").LEVEL_NAMES
    except (ImportError, AttributeError):  # pragma: no cover - the registry always has them
        return {}
    return {level: {"en": en, "th": th} for level, (en, th) in names.items()}


def seat_name(level: str) -> str:
    """A bot seat's name, ``Bot (Champion)``: the level's English name for people (its id only for a level the table lacks)."""
    return f"Bot ({level_names().get(level, {}).get('en', level)})"


def registry() -> tuple[list[str], BotFactory | None]:
    """The bot levels on offer and the factory (``([], None)`` when no bot is installed)."""
    try:
        players = importlib.import_module("amath.players")
    except ImportError:  # pragma: no cover - the package always exists
        return [], None
    factory = getattr(players, "get_bot", None)
    if factory is None:
        return [], None
    return _levels(players, factory), factory


def _levels(players: Any, factory: BotFactory) -> list[str]:
    """The registry's list of levels if it publishes one, else the usual names it accepts."""
    for attr in ("BOT_LEVELS", "LEVELS", "BOTS", "BOT_NAMES", "bot_names", "bot_levels", "available_bots", "list_bots"):
        value = getattr(players, attr, None)
        if callable(value):
            value = value()
        if isinstance(value, dict):
            value = list(value)
        if isinstance(value, list | tuple) and value and all(isinstance(v, str) for v in value):
            return list(value)
    levels = []
    for name in PREFERRED:
        try:
            factory(name, 0)
        except Exception:  # not a level of this registry
            continue
        levels.append(name)
    return levels
