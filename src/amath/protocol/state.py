"""What the engine protocol derives from a position: unseen tiles, the bag, and a move applied.

A position (SPEC.md 3) holds the board, the rack of the side to move, the scores and who
moves; the bag is what nobody at the table can see, less the other racks.

>>> from amath.formats.fen import position_from_string
>>> pos = position_from_string("_15|" * 14 + "_15 [1,1,2,=] 0,0 1")
>>> bag_size(pos)
88
>>> after, points, notation = apply_move(pos, "8G 1 = 1")
>>> points, notation, after.scores, after.to_move
(5, '8G 1 = 1', (5, 0), 1)
>>> apply_move(pos, "8G 2 = 2")
Traceback (most recent call last):
...
amath.errors.IllegalMoveError: the move uses 2 twice; the rack 1 1 2 = holds once
"""

from __future__ import annotations

from collections import Counter

from amath.board import PlacedTile
from amath.errors import IllegalMoveError
from amath.formats.position import Position
from amath.move import Challenge, Exchange, Move, Place
from amath.notation import format_move, parse_move
from amath.placement import analyze, check_lines
from amath.scoring import score


def unseen(pos: Position) -> Counter[str]:
    """Tiles the side to move cannot see: the bag and the other racks."""
    return pos.rules.unseen(pos.board(), pos.rack)


def bag_size(pos: Position) -> int:
    """Tiles in the bag: the unseen tiles less full racks for the other sides."""
    hidden = sum(unseen(pos).values())
    others = (len(pos.scores) - 1) * pos.rules.rack_size
    return max(0, hidden - others)


def _times(n: int) -> str:
    return {0: "none", 1: "once", 2: "twice"}.get(n, f"{n} times")


def _check_rack(rack: tuple[str, ...], tiles: list[str]) -> None:
    have = Counter(rack)
    for tile, need in Counter(tiles).items():
        if have[tile] < need:
            shown = " ".join(rack) or "(empty)"
            raise IllegalMoveError(f"the move uses {tile} {_times(need)}; the rack {shown} holds {_times(have[tile])}")


def apply_move(pos: Position, text: str) -> tuple[Position, int, str]:
    """Play ``text`` (notation) for the side to move; return the new position, the points and the canonical notation.

    The next side's rack is not known to the position, so the result's rack is empty until
    the caller sets it.  Raises :class:`~amath.errors.AmathError` naming what is wrong.
    """
    rules = pos.rules
    board = pos.board()
    move: Move = parse_move(text, board, rules, pos.to_move)
    if isinstance(move, Challenge):
        raise IllegalMoveError("a challenge needs a game with its history; a position has none")
    points = 0
    tiles = dict(pos.tiles)
    if isinstance(move, Place):
        _check_rack(pos.rack, [t for t in move.rack_tiles if t not in rules.tiles.free])
        analysis = analyze(board, move, rules)
        check_lines(analysis, rules)
        points = score(analysis, rules)
        tiles.update((p.square, PlacedTile(p.tile, p.face)) for p in move.tiles)
    elif isinstance(move, Exchange):
        _check_rack(pos.rack, list(move.tiles))
        bag = bag_size(pos)
        minimum = rules.exchange_min_bag if rules.exchange_min_bag is not None else len(move.tiles)
        if bag < minimum:
            raise IllegalMoveError(f"exchange needs at least {minimum} tiles in the bag; it holds {bag}")
    notation = format_move(move, board, rules)
    scores = list(pos.scores)
    for k in range(len(scores)) if rules.shared_score else (pos.to_move,):
        scores[k] += points
    nxt = (pos.to_move + 1) % len(scores)
    after = Position(pos.variant, tuple(sorted(tiles.items())), (), tuple(scores), nxt)
    return after, points, notation
