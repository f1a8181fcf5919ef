"""Helpers that set a game's racks and bag while keeping all 100 tiles accounted for."""

from __future__ import annotations

from collections import Counter

from amath.game import Game


def give(game: Game, side: int, tiles: list[str]) -> None:
    """Put ``side``'s rack back in the bag, then take exactly ``tiles`` out of the bag."""
    game.bag.extend(game.racks[side])
    game.racks[side] = []
    for t in tiles:
        if t not in game.bag:  # another rack holds it: swap it for a bag tile we do not need
            other = next(r for k, r in enumerate(game.racks) if k != side and t in r)
            spare = next(x for x in game.bag if x not in tiles)
            other[other.index(t)] = spare
            game.bag.remove(spare)
            game.bag.append(t)
        game.bag.remove(t)
        game.racks[side].append(t)


def set_bag(game: Game, size: int) -> None:
    """Shrink the bag to ``size`` tiles, taking the rest out of the game (ending tests only)."""
    del game.bag[: len(game.bag) - size]


def total(game: Game) -> Counter[str]:
    """Every tile in the game: bag, racks and board."""
    return game.tiles_in_play()
