"""Players that choose a turn for a game: the bots (random, greedy, equity, ...).

The registry is imported on first use, so the leave tables here can be read by the
engine without pulling in every bot (and the game) first.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # pragma: no cover
    from amath.players.registry import BOTS, bot_names, get_bot

__all__ = ["BOTS", "bot_names", "get_bot"]


def __getattr__(name: str) -> Any:
    if name in __all__:
        from amath.players import registry

        return getattr(registry, name)
    raise AttributeError(f"module 'amath.players' has no attribute {name!r}")
