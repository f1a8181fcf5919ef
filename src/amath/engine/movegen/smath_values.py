"""Which of the last rack tiles a first side can still balance with: board-free value sets.

Near the end of a line's first side few rack tiles are left, and the rest of the line can
only be made of some of them, the fixed tiles ahead and free tiles (``=`` and brackets).
Which values the rest of the first side can end with, and which values later sides can
take, can be listed without the board for each such bag of tiles (cross-checks, squares
and premiums left out, fixed tiles in any order): a bag whose two value sets never meet
cannot be what the line uses.  Every line the board allows is among those listed, so a
bound taken over the bags that can balance is still an upper bound (the search stays exact).

- :meth:`Values.expr`: every value a side (or a bracket's content) made of exactly the
  bag's tiles can take, as the closure of the bag under its operators, implicit products
  and unary minus (any tree is a line once brackets are free).
- :meth:`Values.later`: the values ``w`` for which the bag splits into one or more sides
  each of value ``w``.
- :meth:`Values.balances`: from a first-side grammar state, whether the side can end on a
  value ``w`` with tiles left that later sides can make ``w`` of, reading single tiles,
  closing open brackets and reading new bracketed groups (a group's state depends only on
  its content's value, :func:`group`).
"""

from __future__ import annotations

from amath.engine.movegen.exact import Value, add, over, sub, times
from amath.engine.movegen.smath_grammar import State, advance, group, side_value
from amath.engine.movegen.smath_line import CLOSE, DIVIDE, MINUS, NUM, PLUS, TIMES

Piece = tuple[tuple[int, int], ...]
"""A tile as the tokens (kind, value) it may show: one for a fixed or plain tile, many for a blank."""

Bag = tuple[Piece, ...]
"""A multiset of pieces, sorted."""


def _neg(v: Value) -> Value:
    return -v if isinstance(v, int) else (-v[0], v[1])


def splits(bag: Bag) -> list[tuple[Bag, Bag]]:
    """Every way to take a sub-bag (first) and leave the rest (second), each once."""
    seen: set[Bag] = set()
    out: list[tuple[Bag, Bag]] = []
    n = len(bag)
    for mask in range(1 << n):
        a = tuple(bag[k] for k in range(n) if mask >> k & 1)
        if a in seen:
            continue
        seen.add(a)
        out.append((a, tuple(bag[k] for k in range(n) if not mask >> k & 1)))
    return out


def _each_piece(bag: Bag) -> list[tuple[Piece, Bag]]:
    """Each distinct piece of ``bag`` once, with the bag less one of it."""
    out: list[tuple[Piece, Bag]] = []
    done: set[Piece] = set()
    for k, p in enumerate(bag):
        if p not in done:
            done.add(p)
            out.append((p, bag[:k] + bag[k + 1 :]))
    return out


def _numbered(bag: Bag) -> bool:
    """Does ``bag`` hold a piece that may be a number?"""
    return any(kd == NUM for p in bag for kd, _ in p)


def _apply(kind: int, a: Value, b: Value) -> Value | None:
    """a op b for a binary operator; None on division by zero."""
    if kind == PLUS:
        return add(a, b)
    if kind == MINUS:
        return sub(a, b)
    if kind == TIMES:
        return times(a, b)
    return None if b == 0 else over(a, b)


class Values:
    """The board-free value sets of one search, memoised by bag (and state)."""

    def __init__(self) -> None:
        self._expr: dict[Bag, frozenset[Value]] = {}
        self._later: dict[Bag, frozenset[Value]] = {}
        self._balances: dict[tuple[State, Bag], bool] = {}
        self._splits: dict[Bag, list[tuple[Bag, Bag]]] = {}

    def splits(self, bag: Bag) -> list[tuple[Bag, Bag]]:
        """:func:`splits`, memoised."""
        hit = self._splits.get(bag)
        if hit is None:
            hit = self._splits[bag] = splits(bag)
        return hit

    def expr(self, bag: Bag) -> frozenset[Value]:
        """Every value a side made of exactly the tiles of ``bag`` (and free brackets) can take."""
        hit = self._expr.get(bag)
        if hit is not None:
            return hit
        out: set[Value] = set()
        if len(bag) == 1:
            out.update(v for k, v in bag[0] if k == NUM)
        elif bag:
            for a_bag, b_bag in self.splits(bag):  # implicit product: (A)(B)
                if a_bag and b_bag:
                    out.update(times(a, b) for a in self.expr(a_bag) for b in self.expr(b_bag))
            for p, rest in _each_piece(bag):
                ops = {kd for kd, _ in p if kd in (PLUS, MINUS, TIMES, DIVIDE)}
                if MINUS in ops:  # unary minus: (-(A))
                    out.update(_neg(a) for a in self.expr(rest))
                for a_bag, b_bag in self.splits(rest):
                    if not a_bag or not b_bag:
                        continue
                    bs = self.expr(b_bag)
                    for a in self.expr(a_bag):
                        for b in bs:
                            for kd in ops:
                                v = _apply(kd, a, b)
                                if v is not None:
                                    out.add(v)
        hit = frozenset(out)
        self._expr[bag] = hit
        return hit

    def later(self, bag: Bag) -> frozenset[Value]:
        """The values ``w`` for which ``bag`` splits into one or more sides, each of value ``w``."""
        hit = self._later.get(bag)
        if hit is not None:
            return hit
        out = set(self.expr(bag))
        for a_bag, b_bag in self.splits(bag):
            if a_bag and b_bag:
                out.update(self.expr(a_bag) & self.later(b_bag))
        hit = frozenset(out)
        self._later[bag] = hit
        return hit

    def balances(self, st: State, bag: Bag) -> bool:
        """Can a line go on from the first-side state ``st`` with exactly the tiles of ``bag`` (and free tiles)?

        The first side ends where a side value ``w`` stands with tiles left that later sides
        can make ``w`` of; before that it reads a tile, closes an open bracket or reads a new
        bracketed group (its state depends only on the content's value, :func:`group`).
        """
        if not bag:
            return False  # a later side needs a tile
        key = (st, bag)
        hit = self._balances.get(key)
        if hit is not None:
            return hit
        self._balances[key] = found = self._balances_from(st, bag)
        return found

    def _balances_from(self, st: State, bag: Bag) -> bool:
        """:meth:`balances` worked out: the side ends here, or one more tile, ')' or group."""
        w = side_value(st)
        if w is not None and w in self.later(bag):
            return True
        closed = advance(st, CLOSE, 0)
        if closed is not None and self.balances(closed, bag):
            return True
        for p, rest in _each_piece(bag):
            if not _numbered(rest):
                continue  # the later sides need a number
            for kd, val in p:
                nxt = advance(st, kd, val)
                if nxt is not None and self.balances(nxt, rest):
                    return True
        for a_bag, b_bag in self.splits(bag):  # a new bracketed group ( A ), tiles left after it
            if a_bag and _numbered(b_bag):
                for v in self.expr(a_bag):
                    nxt = group(st, v)
                    if nxt is not None and self.balances(nxt, b_bag):
                        return True
        return False
