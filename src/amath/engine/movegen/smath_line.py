"""One row or column of the board as the exact Smath search sees it.

For each square: the fixed tile's kind and value, or (for an empty square) every way to
fill it (rack tiles and faces, and the free ``=`` and brackets) that its crossing line
allows, with the points each scores; plus suffix sums from each square to the edge, or to
the first square nothing can fill (a line ends before it), that bound what the rest of a
line can still score (the search's branch-and-bound).
"""

from __future__ import annotations

from dataclasses import dataclass

from amath.core.board import PlacedTile, Square
from amath.core.rules.base import Ruleset
from amath.engine.movegen.crosscheck import allowed_faces
from amath.engine.movegen.lines import _cross_runs
from amath.engine.movegen.rack import RackInfo

# Token kinds, small ints so the search compares integers.
NUM, PLUS, MINUS, TIMES, DIVIDE, EQ, OPEN, CLOSE = range(8)
_KINDS = {"+": PLUS, "-": MINUS, "*": TIMES, "/": DIVIDE, "=": EQ, "(": OPEN, ")": CLOSE}

FREE = -1
"""Rack index of a free tile (Smath's ``=`` and brackets): nothing is taken from the rack."""

Cand = tuple[int, str, str, int, int, int, int]
"""A way to fill an empty square: (rack index or FREE, tile, face, kind, value, main points, cross score)."""


def token(face: str) -> tuple[int, int]:
    """(kind, value) of a face; raise NotImplementedError for a face the search lacks (20, digits joining)."""
    if face.isdigit():
        return NUM, int(face)
    if face in _KINDS:
        return _KINDS[face], 0
    raise NotImplementedError(f"the Smath search does not handle the face {face!r}")


@dataclass(slots=True)
class SmathLine:
    """A row (``across``) or column prepared for the search.

    ``kind``/``value``/``points`` describe fixed tiles (kind -1 on an empty square);
    ``cands`` the ways to fill each empty square, highest main-line points first.
    The suffix lists (index i: squares i up to ``reach[i]``) feed the score bound.
    """

    squares: list[Square]
    kind: list[int]
    value: list[int]
    points: list[int]  # points of a fixed tile (0 on an empty square)
    emult: list[int]  # equation premium of an empty square (1 on a fixed one)
    cands: list[list[Cand]]
    hook: list[bool]
    touch_prefix: list[int]  # squares before i that hold a tile or have a crossing line
    reach: list[int]  # the first blocked square from i on (empty, no candidate), else the size: a line from i ends before it
    fixed_suffix: list[int]  # points of fixed tiles from i on
    emult_suffix: list[int]  # product of equation premiums of empty squares from i on
    cross_suffix: list[int]  # best cross score of each hook square from i on, summed
    empty_suffix: list[int]  # empty squares from i on
    piece_suffix: list[tuple[int, int, int]]  # empty squares from i on with piece premium 3, 2, 1
    sep_suffix: list[int]  # fixed tiles from i on that are not numbers (each may stand between two numbers)
    eq_suffix: list[int]  # fixed '=' from i on
    close_suffix: list[int]  # fixed ')' from i on

    @property
    def size(self) -> int:
        """Number of squares."""
        return len(self.squares)


def build_smath_line(grid: list[list[PlacedTile | None]], k: int, across: bool, rules: Ruleset, rack: RackInfo) -> SmathLine:
    """Prepare row ``k`` (``across``) or column ``k``: candidates with cross-checks, and bounds."""
    size = len(grid)
    layout = rules.layout
    free = sorted(rules.tiles.free)
    alphabet = tuple(dict.fromkeys((*rack.faces, *free)))
    squares = [Square(k, i) if across else Square(i, k) for i in range(size)]
    kind: list[int] = []
    value: list[int] = []
    points: list[int] = []
    cands: list[list[Cand]] = []
    hook: list[bool] = []
    best_cross: list[int] = []
    pms: list[int] = []
    ems: list[int] = []
    for sq in squares:
        tile = grid[sq.row][sq.col]
        if tile is not None:
            kd, val = token(tile.face)
            kind.append(kd)
            value.append(val)
            points.append(rules.points(tile.tile))
            cands.append([])
            hook.append(False)
            best_cross.append(0)
            pms.append(0)
            ems.append(1)
            continue
        before, after, cross_pts = _cross_runs(grid, sq, not across, rules)
        pm = layout.piece_multiplier(sq)
        em = layout.equation_multiplier(sq)
        crossing = bool(before or after)
        allowed = allowed_faces(before, after, alphabet, rules.syntax) if crossing else None
        here: list[Cand] = []
        choices = [(j, t, rules.faces_of(t)) for j, t in enumerate(rack.tiles)] + [(FREE, f, (f,)) for f in free]
        for j, t, faces in choices:
            pts = rules.points(t)
            x = (cross_pts + pts * pm) * em if crossing else 0
            for f in faces:
                if allowed is not None and f not in allowed:
                    continue
                kd, val = token(f)
                here.append((j, t, f, kd, val, pts * pm, x))
        here.sort(key=lambda c: -(c[5] + c[6]))  # high scorers first: good moves early tighten the bound
        kind.append(-1)
        value.append(0)
        points.append(0)
        cands.append(here)
        hook.append(crossing)
        best_cross.append(max((c[6] for c in here), default=0))
        pms.append(pm)
        ems.append(em)
    touch = [0]
    for i in range(size):
        touch.append(touch[-1] + (1 if kind[i] >= 0 or hook[i] else 0))
    fixed_s = [0] * (size + 1)
    emult_s = [1] * (size + 1)
    cross_s = [0] * (size + 1)
    empty_s = [0] * (size + 1)
    piece_s: list[tuple[int, int, int]] = [(0, 0, 0)] * (size + 1)
    sep_s = [0] * (size + 1)
    eq_s = [0] * (size + 1)
    close_s = [0] * (size + 1)
    reach = [size] * (size + 1)
    for i in range(size - 1, -1, -1):
        if kind[i] < 0 and not cands[i]:
            reach[i] = i  # blocked: what lies past it is out of reach, as past the edge
            continue
        reach[i] = reach[i + 1]
        fixed_s[i] = fixed_s[i + 1] + points[i]
        emult_s[i] = emult_s[i + 1] * ems[i]
        cross_s[i] = cross_s[i + 1] + best_cross[i]
        empty = kind[i] < 0
        empty_s[i] = empty_s[i + 1] + (1 if empty else 0)
        c3, c2, c1 = piece_s[i + 1]
        if empty:
            c3, c2, c1 = c3 + (pms[i] == 3), c2 + (pms[i] == 2), c1 + (pms[i] == 1)
        piece_s[i] = (c3, c2, c1)
        sep_s[i] = sep_s[i + 1] + (1 if not empty and kind[i] != NUM else 0)
        eq_s[i] = eq_s[i + 1] + (1 if kind[i] == EQ else 0)
        close_s[i] = close_s[i + 1] + (1 if kind[i] == CLOSE else 0)
    return SmathLine(
        squares, kind, value, points, ems, cands, hook, touch, reach, fixed_s, emult_s, cross_s, empty_s, piece_s, sep_s, eq_s, close_s
    )
