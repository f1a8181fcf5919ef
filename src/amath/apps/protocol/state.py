"""A move played on a position of the protocol, through the kernel's :class:`amath.core.position.Position`.

A protocol position (docs/rules.md "Position JSON") holds the board, the rack of the side to move, the scores
and who moves; the kernel checks and scores the turn, so the rules live in one place.

>>> from amath.formats.fen import position_from_string
>>> pos = position_from_string("_15|" * 14 + "_15 [1,1,2,=] 0,0 1")
>>> after, move, points, notation = apply_move(pos, "8G 1 = 1")
>>> points, notation, after.scores, after.to_move, after.rack
(5, '8G 1 = 1', (5, 0), 1, ())
>>> apply_move(pos, "8G 2 = 2")
Traceback (most recent call last):
...
amath.core.errors.IllegalMoveError: the rack 1 1 2 = does not hold 2
"""

from __future__ import annotations

from amath.core.errors import IllegalMoveError
from amath.core.move import Challenge, Move
from amath.core.notation import format_move, parse_move
from amath.core.position import Position as KernelPosition
from amath.formats.view import PositionView


def kernel_position(pos: PositionView) -> KernelPosition:
    """The kernel position seen by the side to move (the other racks hidden)."""
    return KernelPosition.from_view(pos.rules, pos.board(), pos.rack, pos.scores, pos.to_move)


def apply_move(pos: PositionView, text: str) -> tuple[PositionView, Move, int, str]:
    """Play ``text`` (notation) for the side to move: the new position, the move, its points, its canonical notation.

    The next side's rack is not known to the position, so the result's rack is empty until
    the caller sets it.  Raises :class:`~amath.core.errors.AmathError` naming what is wrong.
    """
    rules = pos.rules
    board = pos.board()
    move = parse_move(text, board, rules, pos.to_move)
    if isinstance(move, Challenge):
        raise IllegalMoveError("a challenge needs a game with its history; a position has none", code="challenge_needs_game")
    kernel = kernel_position(pos)
    # the mover's draw is never seen again (the next rack is the client's to say): any tiles do
    draw = sorted(t for t, n in kernel.bag.items() for _ in range(n))[: kernel.draw_count(move)]
    before = list(kernel.scores)
    kernel.push(move, draw)
    points = kernel.scores[pos.to_move] - before[pos.to_move]
    nxt = (pos.to_move + 1) % len(pos.scores)
    after = PositionView(pos.variant, tuple(sorted(kernel.board.items())), (), tuple(kernel.scores), nxt)
    return after, move, points, format_move(move, board, rules)
