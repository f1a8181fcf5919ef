"""The fast move generator: sides enumerated once per start square, joined by value.

Scrabble engines extend a word through anchors one letter at a time.  An equation is
better split at its ``=`` signs: every side is searched once from each square it may
start on (with cross-check sets, the rack as counts and structural pruning), indexed by
its exact value, and equations are made by joining sides of equal value across each
``=`` square, checking with one integer operation that the rack holds the tiles of both.
The work grows with the number of sides, not with sides times sides.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

from amath.core.board import Board, Square
from amath.core.errors import UnsupportedError
from amath.core.move import Place, TilePlay
from amath.core.rules.base import Ruleset
from amath.engine.movegen.exact import Value
from amath.engine.movegen.lines import EQ, Line, build_line, grid_of
from amath.engine.movegen.rack import RackInfo
from amath.engine.movegen.result import GeneratedMove
from amath.engine.movegen.sides import RECORD_IF_EQ, RECORD_NO, RECORD_YES, Arrangement, SideSpec, SideTable, sides_from

#: Solve for a side's last number when it must take at most this many values; search it otherwise.
FORCE_MAX = 2
SPLIT_SHIFT = 0

# A partial equation ending on an '=' square: (start square, tiles used, arrangements).
_Group = tuple[int, int, list[Arrangement]]


def generate(board: Board, rack: Sequence[str], rules: Ruleset) -> list[GeneratedMove]:
    """Every legal placement of tiles from ``rack`` on ``board``, best score first.

    Equal to :func:`amath.engine.movegen.reference.generate_reference` (tested), much faster.
    Rulesets with brackets or free tiles (Smath) raise :class:`~amath.core.errors.UnsupportedError` (a NotImplementedError).
    """
    if rules.syntax.brackets or rules.tiles.free:
        raise UnsupportedError(
            f"the fast generator does not support {rules.name} (brackets or free tiles)", code="generator_variant", variant=rules.name
        )
    if rules.first_play not in ("cover_centre", "end_on_centre"):
        raise UnsupportedError(f"first_play {rules.first_play!r} is not supported", code="generator_first_play", rule=str(rules.first_play))
    found: list[tuple[int, tuple[tuple[int, int, str, str], ...]]] = []
    if not rack:
        return []
    info = RackInfo.of(rack, rules)
    grid = grid_of(board)
    empty = board.is_empty()
    for across in (True, False):
        for k in range(board.size):
            if empty and k != (rules.layout.centre.row if across else rules.layout.centre.col):
                continue
            line = build_line(grid, k, across, rules, info)
            _Search(line, info, rules, across, empty).run(found)
    found.sort(key=lambda m: (-m[0], m[1]))
    return [GeneratedMove(Place(tuple(TilePlay(Square(r, c), t, f) for r, c, t, f in key)), s) for s, key in found]


def _flatten(link: object, out: list[tuple[int, str, str]]) -> None:
    """Collect (square index, tile, face) from a link chain or a pair of chains."""
    while link is not None:
        assert isinstance(link, tuple)
        if len(link) == 2:
            _flatten(link[0], out)
            link = link[1]
            continue
        out.append((link[1], link[2], link[3]))
        link = link[0]


class _Search:
    """The moves whose main line lies in one row or column."""

    def __init__(self, line: Line, rack: RackInfo, rules: Ruleset, across: bool, empty_board: bool) -> None:
        self.line = line
        self.rack = rack
        self.rules = rules
        self.across = across
        self.empty_board = empty_board
        self.centre = -1
        if empty_board:
            c = rules.layout.centre
            self.centre = c.col if across else c.row

    def span_ok(self, p: int, q: int) -> bool:
        """May a placement's main line run exactly over squares p..q (all empties filled)?"""
        line = self.line
        new = line.empty_prefix[q + 1] - line.empty_prefix[p]
        if new == 0:
            return False
        most = self.rules.max_tiles_per_turn
        if most is not None and new > most:
            return False
        if self.empty_board:
            if self.rules.first_play == "cover_centre":
                return p <= self.centre <= q
            return self.centre in (p, q)
        if line.touch_prefix[q + 1] - line.touch_prefix[p] == 0:
            return False
        if new == 1 and not self.across:
            # a lone tile with a crossing line is found by the across search already
            i = next(i for i in range(p, q + 1) if line.kind[i] < 0)
            if line.hook[i]:
                return False
        return True

    def run(self, found: list[tuple[int, tuple[tuple[int, int, str, str], ...]]]) -> None:
        """Append (score, key) of every move of this line to ``found``."""
        line = self.line
        n = line.size
        kinds = line.kind
        eqs = [i for i in range(n) if line.is_eq_square(i)]
        if not eqs:
            return
        rack = self.rack
        total = rack.size
        split = total // 2 - SPLIT_SHIFT  # two sides of one equation cannot both use more tiles than this
        eq_tiles = sorted({c[0] for i in eqs for c in line.eq_cands[i]})
        assert len(eq_tiles) <= 2, "a rack tile other than '=' and the blank shows '='"
        next_fixed_eq = [n] * (n + 1)
        for i in range(n - 1, -1, -1):
            next_fixed_eq[i] = i if kinds[i] == EQ else next_fixed_eq[i + 1]
        left_record = [RECORD_NO] * (n + 1)
        right_record = [RECORD_YES] * (n + 1)
        for i in range(n):
            if kinds[i] == EQ:
                left_record[i] = RECORD_YES
            elif kinds[i] >= 0:
                right_record[i] = RECORD_NO
            elif line.eq_cands[i]:
                left_record[i] = RECORD_IF_EQ
        maxd = self.rules.syntax.max_digits
        counts = [*rack.counts, 0]
        empties = line.empty_prefix
        starts = [p for p in range(eqs[-1]) if (p == 0 or kinds[p - 1] < 0) and kinds[p] != EQ and self._may_touch(p, total)]
        if not starts:
            return
        nothing: frozenset[Value] = frozenset()
        # A side's tile count is fixed by the squares it spans, and one equation's tiles fit
        # in the rack.  So a long first side leaves few tiles for the second: find the values
        # those short second sides can take, then solve for the long first sides.
        partner: dict[int, list[set[Value]]] = {}  # e -> values of second sides by most tiles
        for e in eqs:
            if e + 1 >= n or empties[e] - empties[starts[0]] <= split:
                continue
            most = total - (split + 1) - (0 if kinds[e] == EQ else 1)
            by_tiles: list[set[Value]] = [set() for _ in range(max(most, -1) + 1)]
            if most >= 0:
                goals: list[Collection[Value] | None] = [None if empties[x] - empties[e + 1] <= most else nothing for x in range(n + 1)]
                spec = SideSpec(right_record, goals, [False] * (n + 1))
                for q, by_value in sides_from(line, e + 1, rack, counts, spec, maxd).items():
                    by_tiles[empties[q + 1] - empties[e + 1]].update(by_value)
                for k in range(1, len(by_tiles)):
                    by_tiles[k] |= by_tiles[k - 1]
            partner[e] = by_tiles
        left_tables: dict[int, SideTable] = {}
        for p in starts:
            goals = [None] * (n + 1)
            forced = [False] * (n + 1)
            for e in eqs:
                if e <= p:
                    continue
                tiles = empties[e] - empties[p]
                eq_new = 0 if kinds[e] == EQ else 1
                least_after = 0 if e + 1 < n and kinds[e + 1] >= 0 else 1
                if e + 1 >= n or tiles + eq_new + least_after > total:
                    goals[e] = nothing
                elif tiles > split:
                    by_tiles = partner[e]
                    room = total - tiles - eq_new
                    goal = by_tiles[min(room, len(by_tiles) - 1)] if by_tiles and room >= 0 else nothing
                    goals[e] = goal
                    forced[e] = len(goal) <= FORCE_MAX
            spec = SideSpec(left_record, goals, forced, eq_tiles, next_fixed_eq)
            left_tables[p] = sides_from(line, p, rack, counts, spec, maxd)
        through: dict[int, dict[Value, list[_Group]]] = {}
        middles: dict[int, SideTable] = {}
        for e in eqs:
            lefts: dict[Value, list[_Group]] = {}
            for p, table in left_tables.items():
                if p < e:
                    ending = table.get(e - 1)
                    if ending:
                        for v, by_used in ending.items():
                            groups = lefts.setdefault(v, [])
                            groups.extend((p, u, arrs) for u, arrs in by_used.items())
            for e0, middle in middles.items():
                mid = middle.get(e - 1)
                if mid:
                    self._chain(through[e0], mid, lefts)
            if not lefts or e + 1 >= n:
                continue
            through[e] = cur = self._attach_eq(e, lefts)
            if not cur:
                continue
            # what is left of the rack after the best-off partial equation bounds the rest,
            # and a long last side only meets partial equations with few tiles
            spare = [0] * len(counts)  # the last slot stays 0
            fewest: dict[Value, int] = {}
            for v, groups in cur.items():
                for _p, u, _arrs in groups:
                    k = rack.tiles_in(u)
                    if k < fewest.get(v, total + 1):
                        fewest[v] = k
                    for j, c in enumerate(rack.counts):
                        left = c - ((u >> (rack.width * j)) & rack.mask)
                        if left > spare[j]:
                            spare[j] = left
            goals = [None] * (n + 1)
            forced = [False] * (n + 1)
            cache: dict[int, Collection[Value]] = {}
            for x in range(e + 2, n + 1):
                tiles = empties[x] - empties[e + 1]
                if tiles <= split:
                    goals[x] = cur
                    continue
                few = cache.get(tiles)
                if few is None:
                    few = cache[tiles] = {v for v, k in fewest.items() if k + tiles <= total}
                goals[x] = few
                forced[x] = len(few) <= FORCE_MAX
            table_r = sides_from(line, e + 1, rack, spare, SideSpec(right_record, goals, forced), maxd)
            middles[e] = table_r
            for q, rights in table_r.items():
                if q + 1 < n and kinds[q + 1] >= 0:
                    continue
                self._complete(cur, rights, q, found)

    def _may_touch(self, p: int, total: int) -> bool:
        """Could a line starting on square p reach a touching square with the rack's tiles?"""
        if self.empty_board:
            return True
        line = self.line
        for q in range(p, line.size):
            if line.empty_prefix[q + 1] - line.empty_prefix[p] > total:
                return False
            if line.touch_prefix[q + 1] > line.touch_prefix[p]:
                return True
        return False

    def _attach_eq(self, e: int, lefts: dict[Value, list[_Group]]) -> dict[Value, list[_Group]]:
        """Partial equations through the '=' square e (fixed, or each way to place one)."""
        line = self.line
        if line.kind[e] == EQ:
            return lefts
        out: dict[Value, list[_Group]] = {}
        fits = self.rack.fits
        bits = self.rack.bits
        for v, groups in lefts.items():
            new_groups: list[_Group] = []
            for j, tile, face, _kd, _val, tp, tx in line.eq_cands[e]:
                b = bits[j]
                for p, u, arrs in groups:
                    if fits(u + b):
                        new_groups.append((p, u + b, [((link, e, tile, face), pts + tp, xs + tx) for link, pts, xs in arrs]))
            if new_groups:
                out[v] = new_groups
        return out

    def _chain(
        self, partial: dict[Value, list[_Group]], middle: dict[Value, dict[int, list[Arrangement]]], lefts: dict[Value, list[_Group]]
    ) -> None:
        """Extend partial equations by a middle side of the same value (chains like a=b=c)."""
        fits = self.rack.fits
        for v, by_used in middle.items():
            groups = partial.get(v)
            if not groups:
                continue
            for p, u0, arrs0 in groups:
                for u1, arrs1 in by_used.items():
                    u = u0 + u1
                    if fits(u):
                        combined: list[Arrangement] = [((l0, l1), p0 + p1, x0 + x1) for l0, p0, x0 in arrs0 for l1, p1, x1 in arrs1]
                        lefts.setdefault(v, []).append((p, u, combined))

    def _complete(
        self,
        partial: dict[Value, list[_Group]],
        rights: dict[Value, dict[int, list[Arrangement]]],
        q: int,
        found: list[tuple[int, tuple[tuple[int, int, str, str], ...]]],
    ) -> None:
        """Emit every equation: a partial through an '=' plus a last side ending on q."""
        line = self.line
        fits = self.rack.fits
        squares = line.squares
        rack_size = self.rules.rack_size
        bonus = self.rules.bingo_bonus
        for v, by_used in rights.items():
            groups = partial.get(v)
            if not groups:
                continue
            for p, u0, arrs0 in groups:
                if not self.span_ok(p, q):
                    continue
                fixed = line.fixed_pts_prefix[q + 1] - line.fixed_pts_prefix[p]
                mult = line.emult_prefix[q + 1] // line.emult_prefix[p]
                extra = bonus if line.empty_prefix[q + 1] - line.empty_prefix[p] == rack_size else 0
                for u1, arrs1 in by_used.items():
                    if not fits(u0 + u1):
                        continue
                    for l0, p0, x0 in arrs0:
                        for l1, p1, x1 in arrs1:
                            tiles: list[tuple[int, str, str]] = []
                            _flatten((l0, l1), tiles)
                            key = tuple(sorted((squares[i].row, squares[i].col, t, f) for i, t, f in tiles))
                            found.append(((fixed + p0 + p1) * mult + x0 + x1 + extra, key))
