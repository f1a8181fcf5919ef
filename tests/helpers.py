"""Test helpers: a tiny, slow search for a few legal placements (tests only; the real
generator lives in amath.engine.movegen and is tested against its own reference)."""

from __future__ import annotations

import itertools
from collections.abc import Iterator

from amath.core.board import Square
from amath.core.move import Place, TilePlay
from amath.game import Game


def _face_choices(game: Game, tiles: tuple[str, ...]) -> Iterator[tuple[str, ...]]:
    yield from itertools.product(*(game.rules.faces_of(t) for t in tiles))


def _lines_through(game: Game, length: int) -> Iterator[list[Square]]:
    board = game.board
    size = board.size
    if board.is_empty():
        c = game.rules.layout.centre
        for across in (True, False):
            for off in range(length):
                start = c.step(across, -off)
                squares = [start.step(across, k) for k in range(length)]
                if all(board.on_board(s) for s in squares):
                    yield squares
        return
    anchors = {
        Square(r, c)
        for r in range(size)
        for c in range(size)
        if board.get(Square(r, c)) is None
        and any(board.get(n) is not None for n in (Square(r - 1, c), Square(r + 1, c), Square(r, c - 1), Square(r, c + 1)))
    }
    for a in sorted(anchors):
        for across in (True, False):
            for off in range(length):
                start = a.step(across, -off)
                squares = [start.step(across, k) for k in range(length)]
                if all(board.on_board(s) and board.get(s) is None for s in squares):
                    yield squares


def find_placements(game: Game, max_tiles: int = 3, limit: int = 5) -> list[Place]:
    """Up to ``limit`` legal placements of 1..max_tiles adjacent new tiles (slow, simple)."""
    found: list[Place] = []
    rack = game.racks[game.to_move]
    lengths = range(2, max_tiles + 1) if game.board.is_empty() else range(1, max_tiles + 1)
    for length in lengths:
        for squares in _lines_through(game, length):
            for idx in itertools.permutations(range(len(rack)), length):
                tiles = tuple(rack[i] for i in idx)
                for faces in _face_choices(game, tiles):
                    place = Place(tuple(TilePlay(s, t, f) for s, t, f in zip(squares, tiles, faces)))
                    if place not in found and game.is_legal(place):
                        found.append(place)
                        if len(found) >= limit:
                            return found
    return found
