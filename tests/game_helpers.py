"""Helpers that set a game's racks and bag while keeping all 100 tiles accounted for."""

from __future__ import annotations

from amath.game import Game


def give(game: Game, side: int, tiles: list[str]) -> None:
    """Give ``side`` exactly ``tiles``, keeping every tile accounted for (see Game.set_rack)."""
    game.set_rack(side, tiles)


def set_bag(game: Game, size: int) -> None:
    """Shrink the bag to ``size`` tiles, taking the rest out of the game (ending tests only)."""
    game.set_bag(game.bag[len(game.bag) - size :])
