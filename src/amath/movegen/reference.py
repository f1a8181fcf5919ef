"""The slow, obviously-correct move generator: try every placement, let the rules judge.

For every row and column, every run of consecutive empty squares (tiles already on the
board may lie between them), every ordered choice of rack tiles and every face, build a
:class:`Place` and keep it when :func:`amath.placement.analyze` and
:func:`amath.placement.check_lines` accept it; score it with :func:`amath.scoring.score`.
Only for tests and small racks: the work grows like the permutations of the rack.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Iterator, Sequence

from amath.board import Board, Square
from amath.equation import judge
from amath.errors import IllegalMoveError
from amath.move import Place, TilePlay
from amath.movegen.result import GeneratedMove, sort_moves
from amath.placement import analyze, check_lines
from amath.rules.base import Ruleset
from amath.scoring import score


def generate_reference(board: Board, rack: Sequence[str], rules: Ruleset) -> list[GeneratedMove]:
    """Every legal placement of tiles from ``rack`` on ``board``, best score first."""
    counts = Counter(rack)
    free = sorted(rules.tiles.free)
    most = len(rack) + (board.size if free else 0)
    if rules.max_tiles_per_turn is not None:
        most = min(most, rules.max_tiles_per_turn)
    found: dict[Place, int] = {}
    for squares in _square_runs(board, most, rules):
        template = _main_line(board, squares)
        for tiles in _ordered_choices(counts, free, len(squares)):
            for faces in itertools.product(*(rules.faces_of(t) for t in tiles)):
                if template is not None and not judge([f if f is not None else faces[k] for f, k in template], rules.syntax):
                    continue  # the main line is false: analyze + check_lines would refuse it too
                place = Place(tuple(TilePlay(s, t, f) for s, t, f in zip(squares, tiles, faces)))
                try:
                    analysis = analyze(board, place, rules)
                    check_lines(analysis, rules)
                except IllegalMoveError:
                    continue
                found[place] = score(analysis, rules)
    return sort_moves(GeneratedMove(p, s) for p, s in found.items())


def _square_runs(board: Board, most: int, rules: Ruleset) -> Iterator[list[Square]]:
    """Each set of 1..most empty squares in one line with no empty square left between them.

    A cheap geometric filter drops sets that cannot touch the board (or the centre on an
    empty board); :func:`analyze` would refuse them anyway, it only saves time.
    """
    size = board.size
    for across in (True, False):
        for k in range(size):
            line = [Square(k, j) if across else Square(j, k) for j in range(size)]
            empties = [s for s in line if board.get(s) is None]
            for i in range(len(empties)):
                for n in range(1, most + 1):
                    if i + n > len(empties):
                        break
                    chosen = empties[i : i + n]
                    if _may_touch(board, chosen, rules):
                        yield chosen


def _main_line(board: Board, squares: list[Square]) -> list[tuple[str | None, int]] | None:
    """The main line through two or more new squares: each square's fixed face, or which new tile.

    None for a single square, whose main direction depends on its neighbours.
    """
    if len(squares) < 2:
        return None
    across = squares[0].row == squares[1].row
    index = {s: k for k, s in enumerate(squares)}
    start = squares[0]
    while board.get(start.step(across, -1)) is not None:
        start = start.step(across, -1)
    out: list[tuple[str | None, int]] = []
    sq = start
    while sq in index or board.get(sq) is not None:
        tile = board.get(sq)
        out.append((tile.face, -1) if tile is not None else (None, index[sq]))
        sq = sq.step(across)
    return out


def _may_touch(board: Board, squares: list[Square], rules: Ruleset) -> bool:
    if board.is_empty():
        if rules.first_play == "cover_centre":
            return rules.layout.centre in squares
        return True
    return any(board.get(Square(s.row + dr, s.col + dc)) is not None for s in squares for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1)))


def _ordered_choices(counts: Counter[str], free: list[str], n: int) -> Iterator[tuple[str, ...]]:
    """Every sequence of ``n`` tiles the rack can supply (free tiles without limit), no repeats."""
    if n == 0:
        yield ()
        return
    for tile in sorted(set(counts) | set(free)):
        if tile in counts and counts[tile] > 0:
            counts[tile] -= 1
            for rest in _ordered_choices(counts, free, n - 1):
                yield (tile, *rest)
            counts[tile] += 1
        elif tile in free:
            for rest in _ordered_choices(counts, free, n - 1):
                yield (tile, *rest)
