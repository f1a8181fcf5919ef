"""One row or column of the board as the fast generator sees it.

For each square: the fixed tile's kind and value, or (for an empty square) the rack
tiles and faces the crossing line allows there with the points each would score; plus
the prefix sums that make "may a line span squares p..q?" a constant-time question.
"""

from __future__ import annotations

from dataclasses import dataclass

from amath.core.board import Board, PlacedTile, Square
from amath.core.errors import UnsupportedError
from amath.core.rules.base import Ruleset
from amath.core.tiles import DIGIT_FACES, EQUALS
from amath.engine.movegen.crosscheck import allowed_faces
from amath.engine.movegen.rack import RackInfo

# Face kinds, small ints so the search compares integers.
DIGIT, NUMBER, PLUS, MINUS, TIMES, DIVIDE, EQ = range(7)
_OP_KIND = {"+": PLUS, "-": MINUS, "*": TIMES, "/": DIVIDE, EQUALS: EQ}

Cand = tuple[int, str, str, int, int, int, int]
"""A way to fill an empty square: (rack index, tile, face, kind, value, main points, cross score)."""


def face_kind(face: str) -> tuple[int, int]:
    """(kind, value) of a face; raise UnsupportedError (a NotImplementedError) for faces the fast search lacks."""
    if face in DIGIT_FACES:
        return DIGIT, int(face)
    if face.isdigit():
        return NUMBER, int(face)
    if face in _OP_KIND:
        return _OP_KIND[face], 0
    raise UnsupportedError(f"the fast generator does not handle the face {face!r}", code="generator_face", face=face)


@dataclass(slots=True)
class Line:
    """A row (``across``) or column of the board prepared for the search."""

    squares: list[Square]
    kind: list[int]  # -1 on an empty square
    value: list[int]
    side_cands: list[list[Cand]]  # candidates other than '=' on empty squares
    eq_cands: list[list[Cand]]  # candidates showing '=' on empty squares
    hook: list[bool]  # empty square with a crossing line
    cands_by_face: list[dict[str, list[Cand]]]  # side_cands grouped by face
    num_cands: list[list[Cand]]  # side_cands showing a number
    op_cands: list[list[Cand]]  # side_cands showing an operator
    digit_cands: list[list[tuple[int, str, str, int, int, int]]]  # digits: (rack index, tile, face, value, points, cross)
    next_fixed_op: list[int]  # first square at or after i holding an operator (size if none)
    fixed_pts_prefix: list[int]
    empty_prefix: list[int]
    touch_prefix: list[int]
    emult_prefix: list[int]  # product of equation premiums of the empty squares before i

    @property
    def size(self) -> int:
        """Number of squares."""
        return len(self.squares)

    def is_eq_square(self, i: int) -> bool:
        """True when square ``i`` holds '=' or may receive one from the rack."""
        return self.kind[i] == EQ or bool(self.eq_cands[i])


def grid_of(board: Board) -> list[list[PlacedTile | None]]:
    """The board as rows of tiles (None when empty), for fast indexing."""
    grid: list[list[PlacedTile | None]] = [[None] * board.size for _ in range(board.size)]
    for sq, tile in board.items():
        grid[sq.row][sq.col] = tile
    return grid


def build_line(grid: list[list[PlacedTile | None]], k: int, across: bool, rules: Ruleset, rack: RackInfo) -> Line:
    """Prepare row ``k`` (``across``) or column ``k`` for the search, cross-checks included."""
    size = len(grid)
    layout = rules.layout
    squares = [Square(k, i) if across else Square(i, k) for i in range(size)]
    kind: list[int] = []
    value: list[int] = []
    side_cands: list[list[Cand]] = []
    eq_cands: list[list[Cand]] = []
    hook: list[bool] = []
    fixed_pts = [0]
    empties = [0]
    touches = [0]
    emult = [1]
    for sq in squares:
        tile = grid[sq.row][sq.col]
        if tile is not None:
            kd, val = face_kind(tile.face)
            kind.append(kd)
            value.append(val)
            side_cands.append([])
            eq_cands.append([])
            hook.append(False)
            fixed_pts.append(fixed_pts[-1] + rules.points(tile.tile))
            empties.append(empties[-1])
            touches.append(touches[-1] + 1)
            emult.append(emult[-1])
            continue
        before, after, cross_pts = _cross_runs(grid, sq, not across, rules)
        pm = layout.piece_multiplier(sq)
        em = layout.equation_multiplier(sq)
        crossing = bool(before or after)
        allowed = allowed_faces(before, after, rack.faces, rules.syntax) if crossing else None
        sc: list[Cand] = []
        ec: list[Cand] = []
        for j, t in enumerate(rack.tiles):
            pts = rules.points(t)
            x = (cross_pts + pts * pm) * em if crossing else 0
            for f in rules.faces_of(t):
                if allowed is not None and f not in allowed:
                    continue
                kd, val = face_kind(f)
                (ec if kd == EQ else sc).append((j, t, f, kd, val, pts * pm, x))
        kind.append(-1)
        value.append(0)
        side_cands.append(sc)
        eq_cands.append(ec)
        hook.append(crossing)
        fixed_pts.append(fixed_pts[-1])
        empties.append(empties[-1] + 1)
        touches.append(touches[-1] + (1 if crossing else 0))
        emult.append(emult[-1] * em)
    by_face: list[dict[str, list[Cand]]] = []
    for sc in side_cands:
        groups: dict[str, list[Cand]] = {}
        for cand in sc:
            groups.setdefault(cand[2], []).append(cand)
        by_face.append(groups)
    next_op = [size] * (size + 1)
    for i in range(size - 1, -1, -1):
        next_op[i] = i if PLUS <= kind[i] <= DIVIDE else next_op[i + 1]
    nums = [[c for c in sc if c[3] in (DIGIT, NUMBER)] for sc in side_cands]
    ops = [[c for c in sc if PLUS <= c[3] <= DIVIDE] for sc in side_cands]
    digits = [[(c[0], c[1], c[2], c[4], c[5], c[6]) for c in sc if c[3] == DIGIT] for sc in side_cands]
    return Line(squares, kind, value, side_cands, eq_cands, hook, by_face, nums, ops, digits, next_op, fixed_pts, empties, touches, emult)


def _cross_runs(
    grid: list[list[PlacedTile | None]], sq: Square, across: bool, rules: Ruleset
) -> tuple[tuple[str, ...], tuple[str, ...], int]:
    """Faces of the tiles just before and just after ``sq`` along ``across``, and their points' sum."""
    size = len(grid)
    dr, dc = (0, 1) if across else (1, 0)
    before: list[PlacedTile] = []
    r, c = sq.row - dr, sq.col - dc
    while 0 <= r < size and 0 <= c < size and (t := grid[r][c]) is not None:
        before.append(t)
        r, c = r - dr, c - dc
    before.reverse()
    after: list[PlacedTile] = []
    r, c = sq.row + dr, sq.col + dc
    while 0 <= r < size and 0 <= c < size and (t := grid[r][c]) is not None:
        after.append(t)
        r, c = r + dr, c + dc
    pts = sum(rules.points(t.tile) for t in before) + sum(rules.points(t.tile) for t in after)
    return tuple(t.face for t in before), tuple(t.face for t in after), pts
