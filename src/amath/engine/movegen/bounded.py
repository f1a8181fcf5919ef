"""A generic, bounded move generator for any ruleset, Smath's free ``=`` and brackets included.

It walks each row and column from every possible first square, one square at a time,
choosing rack tiles (as counts, so equal tiles are never permuted twice) and free tiles,
keeping only faces the crossing line allows and prefixes that can still be well formed
(no operator after operator, no leading zero, brackets balanced, ...).  Each complete
line is judged exactly.  Free tiles make the search unbounded in principle, so
``free_limits`` caps how many of each a move may use (default: two ``=`` and one pair of
brackets) and ``max_rack_tiles`` how many rack tiles: within those bounds the answer is
complete.  ``node_budget`` caps the squares tried, shared equally among the rows and
columns so that no part of the board is starved (reproducible, unlike a time limit);
the moves found within it are returned.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from amath.core.board import Board, Square
from amath.core.equation import judge
from amath.core.move import Place, TilePlay
from amath.core.placement import analyze
from amath.core.rules.base import Ruleset
from amath.core.scoring import score
from amath.engine.movegen.crosscheck import allowed_faces
from amath.engine.movegen.result import GeneratedMove, sort_moves

# Structural state of a line prefix: (previous kind, digits in the current run, run
# started with 0, bracket depth, previous '-' is unary, number of '=').
_State = tuple[str, int, bool, int, bool, int]
_START: _State = ("", 0, False, 0, False, 0)
_NUMBERISH = ("d", "N", ")")
DEFAULT_FREE_LIMITS: Mapping[str, int] = {"=": 2, "(": 1, ")": 1}


def _kind(face: str) -> str:
    if face.isdigit():
        return "d" if len(face) == 1 else "N"
    if face == "-":
        return "m"
    if face in ("+", "*", "/"):
        return "o"
    return face  # "=", "(", ")"


def step(state: _State, face: str, max_digits: int, brackets: bool) -> _State | None:
    """The state after appending ``face``, or None when no true equation can start so."""
    prev, run, zero, depth, unary, eqs = state
    kind = _kind(face)
    opening = prev in ("", "=", "(")
    if kind == "d":
        if prev == "d":
            if run >= max_digits or zero:
                return None
            return ("d", run + 1, zero, depth, False, eqs)
        if prev == "N" or (unary and face == "0"):
            return None
        return ("d", 1, face == "0", depth, False, eqs)
    if kind == "N":
        return None if prev in ("d", "N") else ("N", 0, False, depth, False, eqs)
    if kind == "o":
        return ("o", 0, False, depth, False, eqs) if prev in _NUMBERISH else None
    if kind == "m":
        if prev in _NUMBERISH:
            return ("o", 0, False, depth, False, eqs)
        return ("m", 0, False, depth, True, eqs) if opening else None
    if kind == "=":
        return ("=", 0, False, 0, False, eqs + 1) if prev in _NUMBERISH and depth == 0 else None
    if kind == "(":
        return ("(", 0, False, depth + 1, False, eqs) if brackets else None
    if kind == ")":
        return (")", 0, False, depth - 1, False, eqs) if prev in _NUMBERISH and depth > 0 else None
    return None


def _complete(state: _State) -> bool:
    prev, _, _, depth, _, eqs = state
    return prev in _NUMBERISH and depth == 0 and eqs > 0


@dataclass(slots=True)
class _Cell:
    square: Square
    face: str | None  # the face already on the board, or None when empty
    cross: tuple[tuple[str, ...], tuple[str, ...]] | None  # crossing runs before/after, if any


def generate_bounded(
    board: Board,
    rack: Sequence[str],
    rules: Ruleset,
    free_limits: Mapping[str, int] | None = None,
    max_rack_tiles: int | None = None,
    node_budget: int | None = None,
) -> list[GeneratedMove]:
    """Every legal placement within the bounds: ``free_limits`` per free face, ``max_rack_tiles``."""
    limit = len(rack) if max_rack_tiles is None else min(max_rack_tiles, len(rack))
    if rules.max_tiles_per_turn is not None:
        limit = min(limit, rules.max_tiles_per_turn)
    limits = DEFAULT_FREE_LIMITS if free_limits is None else free_limits
    free = Counter({f: limits.get(f, 0) for f in rules.tiles.free})
    search = _Search(board, Counter(rack), rules, +free, limit, node_budget)
    for across in (True, False):
        for k in range(board.size):
            search.line(k, across)
    return sort_moves(GeneratedMove(p, s) for p, s in search.found.items())


class _BudgetSpent(Exception):
    """Raised inside the walk when the node budget is used up."""


class _Search:
    """The depth-first walk along one line at a time; results collect in ``found``."""

    def __init__(self, board: Board, counts: Counter[str], rules: Ruleset, free: Counter[str], max_rack: int, budget: int | None) -> None:
        self.board = board
        self.nodes = 0
        self.stop_at = 0
        self.counts = counts
        self.rules = rules
        self.free_left = free
        self.max_free = sum(free.values())
        self.max_rack = max_rack
        self.found: dict[Place, int] = {}
        self.rack_choices = [(t, f, False) for t in sorted(counts) for f in rules.faces_of(t)]
        self.free_choices = [(f, f, True) for f in sorted(free)]
        self.all_faces = tuple(sorted({f for _, f, _ in self.rack_choices} | set(rules.tiles.free)))
        self.empty = board.is_empty()
        self.share = None if budget is None else max(1, budget // self._live_lines())

    def _live_lines(self) -> int:
        """How many rows and columns can hold a move (they share the node budget)."""
        if self.board.is_empty():
            return 2 * self.board.size if self.rules.first_play == "anywhere" else 2
        rows = {sq.row + d for sq, _ in self.board.items() for d in (-1, 0, 1)}
        cols = {sq.col + d for sq, _ in self.board.items() for d in (-1, 0, 1)}
        size = self.board.size
        return len({r for r in rows if 0 <= r < size}) + len({c for c in cols if 0 <= c < size})

    def line(self, k: int, across: bool) -> None:
        board, size = self.board, self.board.size
        centre = self.rules.layout.centre
        if self.empty and self.rules.first_play != "anywhere" and k != (centre.row if across else centre.col):
            return
        cells: list[_Cell] = []
        for j in range(size):
            sq = Square(k, j) if across else Square(j, k)
            tile = board.get(sq)
            cells.append(_Cell(sq, tile.face if tile else None, None if tile else self._cross(sq, not across)))
        self.cells = cells
        self.across = across
        self.centre_index = (centre.col if across else centre.row) if k == (centre.row if across else centre.col) else -1
        # fewest new tiles, from square j on, that make the move touch the board (or the centre)
        self.need = [size + 1] * (size + 1)
        for j in range(size - 1, -1, -1):
            c = cells[j]
            if c.face is not None:
                self.need[j] = 0
            elif c.cross is not None or (self.empty and j == self.centre_index) or not self.rules.must_touch:
                self.need[j] = 1
            else:
                self.need[j] = 1 + self.need[j + 1]
        reach = self.max_rack + self.max_free
        starts = [j for j in range(size) if (j == 0 or cells[j - 1].face is None) and self.need[j] <= reach]
        for start in starts:  # each start gets an equal share of the line's budget
            if self.share is not None:
                self.stop_at = self.nodes + max(1, self.share // len(starts))
            self.start = start
            counts, free_left = Counter(self.counts), Counter(self.free_left)
            try:
                self._walk(start, _START, [], [], 0, 0, False)
            except _BudgetSpent:  # the walk stopped mid-way: put back the tiles it held
                self.counts, self.free_left = counts, free_left

    def _cross(self, sq: Square, across: bool) -> tuple[tuple[str, ...], tuple[str, ...]] | None:
        before: list[str] = []
        s = sq.step(across, -1)
        while (t := self.board.get(s)) is not None:
            before.append(t.face)
            s = s.step(across, -1)
        after: list[str] = []
        s = sq.step(across)
        while (t := self.board.get(s)) is not None:
            after.append(t.face)
            s = s.step(across)
        if not before and not after:
            return None
        return tuple(reversed(before)), tuple(after)

    def _walk(self, j: int, state: _State, faces: list[str], new: list[TilePlay], used: int, free: int, touching: bool) -> None:
        cells, syntax = self.cells, self.rules.syntax
        if j >= len(cells):
            return
        cell = cells[j]
        self.nodes += 1
        if self.share is not None and self.nodes > self.stop_at:
            raise _BudgetSpent
        if cell.face is not None:
            nxt = step(state, cell.face, syntax.max_digits, syntax.brackets)
            if nxt is not None:
                faces.append(cell.face)
                self._after(j, nxt, faces, new, used, free, True)
                faces.pop()
            return
        if not touching and self.need[j] > self.max_rack + self.max_free - used - free:
            return
        allowed = allowed_faces(*cell.cross, self.all_faces, syntax) if cell.cross is not None else None
        touches = touching or cell.cross is not None or j == self.centre_index or not self.rules.must_touch
        choices = (self.rack_choices if used < self.max_rack else []) + (self.free_choices if free < self.max_free else [])
        for tile, face, is_free in choices:
            pool = self.free_left if is_free else self.counts
            if pool[tile] <= 0 or (allowed is not None and face not in allowed):
                continue
            nxt = step(state, face, syntax.max_digits, syntax.brackets)
            if nxt is None:
                continue
            pool[tile] -= 1
            faces.append(face)
            new.append(TilePlay(cell.square, tile, face))
            self._after(j, nxt, faces, new, used + (not is_free), free + is_free, touches)
            new.pop()
            faces.pop()
            pool[tile] += 1

    def _after(self, j: int, state: _State, faces: list[str], new: list[TilePlay], used: int, free: int, touching: bool) -> None:
        cells = self.cells
        ends_here = j + 1 >= len(cells) or cells[j + 1].face is None
        if ends_here and new and touching:
            self._record(j, state, faces, new)
        if j + 1 < len(cells) and (cells[j + 1].face is not None or used < self.max_rack or free < self.max_free):
            self._walk(j + 1, state, faces, new, used, free, touching)

    def _record(self, j: int, state: _State, faces: list[str], new: list[TilePlay]) -> None:
        rules = self.rules
        if rules.max_tiles_per_turn is not None and len(new) > rules.max_tiles_per_turn:
            return
        if self.empty and rules.first_play == "end_on_centre" and self.centre_index not in (self.start, j):
            return
        if len(faces) >= 2:
            if not _complete(state) or not judge(faces, rules.syntax).ok:
                return
        elif len(new) != 1 or self.cells[j].cross is None:
            return
        if all(p.tile in rules.tiles.free for p in new):
            return  # free tiles alone are no play (docs/rules.md "Smath: turns")
        place = Place(tuple(new))
        if place not in self.found:
            self.found[place] = score(analyze(self.board, place, rules), rules)
