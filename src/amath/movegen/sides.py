"""Every side of an equation that can start on a given square of a line.

A *side* is the expression between two ``=`` (or a line end and an ``=``).  From a start
square the search walks right, placing rack tiles on empty squares (only faces their
crossing lines allow) and reading tiles already there, and keeps an exact running value
so the side's value is known the moment it may end.  Structure is pruned as it goes:
an operator never follows an operator, a number never starts with 0 unless it is 0,
a digit run stops at the variant's length, a 10..20 tile never touches another number,
no unary plus, no -0, no division by 0.
"""

from __future__ import annotations

from collections.abc import Container, Sequence
from fractions import Fraction

from amath.movegen.lines import DIGIT, DIVIDE, EQ, MINUS, NUMBER, PLUS, TIMES, Line
from amath.movegen.rack import RackInfo

Value = int | Fraction
Link = tuple[object, ...] | None
"""Tiles placed so far, newest first: ``(previous link, square index, tile, face)``."""
Arrangement = tuple[Link, int, int]
"""One way to fill a side: (tiles placed, main-line points of the new tiles, cross-line score)."""
SideTable = dict[int, dict[Value, dict[int, list[Arrangement]]]]
"""end square -> side value -> tiles used (packed) -> arrangements."""

_NO_TERM = 0
_MUL = 1
_DIV = 2


def _divide(a: Value, b: int) -> Value:
    """Exact a / b (b != 0): an int when it divides, else a Fraction."""
    if isinstance(a, int):
        return a // b if a % b == 0 else Fraction(a, b)
    q = a / b
    return q.numerator if q.denominator == 1 else q


RECORD_NO = 0
RECORD_YES = 1
RECORD_IF_EQ = 2


def sides_from(
    line: Line,
    start: int,
    rack: RackInfo,
    counts: list[int],
    record: list[int],
    max_digits: int,
    targets: Container[Value] | None = None,
    eq_tiles: Sequence[int] = (),
    next_fixed_eq: Sequence[int] | None = None,
) -> SideTable:
    """All sides beginning on square ``start``, keyed by the square they end on.

    A side ending on square ``q`` is kept when ``record[q + 1]`` is RECORD_YES, or is
    RECORD_IF_EQ and a rack tile that can show ``=`` (``eq_tiles``) is still unused; and,
    when ``targets`` is given, only if its value is one of them.  With ``next_fixed_eq``
    (for first sides, which need an ``=`` after them) the search stops as soon as neither
    an ``=`` on the board ahead nor an ``=``-capable rack tile is left.  ``counts`` is
    the rack's tile counts, used and restored during the search.
    """
    n = line.size
    need_eq = next_fixed_eq is not None
    nfe: Sequence[int] = next_fixed_eq if next_fixed_eq is not None else ()
    kinds = line.kind
    values = line.value
    cands = line.side_cands
    bits = rack.bits
    out: SideTable = {}

    def operand(
        i: int, acc: Value, term: Value, mul: int, sign: int, start: bool, nozero: bool, used: int, link: Link, pts: int, xs: int
    ) -> None:
        # Square i must begin a number (or hold a unary minus at the start of the side).
        if i >= n:
            return
        if need_eq and nfe[i] >= n and not any(counts[j] for j in eq_tiles):
            return
        k = kinds[i]
        if k >= 0:
            put_operand(i, k, values[i], acc, term, mul, sign, start, nozero, used, link, pts, xs)
            return
        for j, tile, face, kd, val, tp, tx in cands[i]:
            if counts[j]:
                counts[j] -= 1
                put_operand(i, kd, val, acc, term, mul, sign, start, nozero, used + bits[j], (link, i, tile, face), pts + tp, xs + tx)
                counts[j] += 1

    def put_operand(
        i: int,
        k: int,
        val: int,
        acc: Value,
        term: Value,
        mul: int,
        sign: int,
        start: bool,
        nozero: bool,
        used: int,
        link: Link,
        pts: int,
        xs: int,
    ) -> None:
        if k == DIGIT:
            if val == 0 and nozero:
                return
            after(i + 1, acc, term, mul, sign, val, val != 0 and max_digits > 1, 1, used, link, pts, xs)
        elif k == NUMBER:
            after(i + 1, acc, term, mul, sign, val, False, 1, used, link, pts, xs)
        elif k == MINUS and start:
            operand(i + 1, acc, term, mul, -1, False, True, used, link, pts, xs)

    def after(
        i: int, acc: Value, term: Value, mul: int, sign: int, num: int, ext: bool, nd: int, used: int, link: Link, pts: int, xs: int
    ) -> None:
        # A number has just been read; square i may extend it, hold an operator or end the side.
        if mul == _NO_TERM:
            cur: Value = num
        elif mul == _MUL:
            cur = term * num
        else:
            cur = _divide(term, num)
        v = acc + cur if sign > 0 else acc - cur
        r = record[i]
        if r and (r == RECORD_YES or any(counts[j] for j in eq_tiles)) and (targets is None or v in targets):
            by_value = out.get(i - 1)
            if by_value is None:
                by_value = out[i - 1] = {}
            by_used = by_value.get(v)
            if by_used is None:
                by_used = by_value[v] = {}
            arrs = by_used.get(used)
            if arrs is None:
                by_used[used] = [(link, pts, xs)]
            else:
                arrs.append((link, pts, xs))
        if i >= n or (need_eq and nfe[i] >= n and not any(counts[j] for j in eq_tiles)):
            return
        k = kinds[i]
        if k >= 0:
            put_after(i, k, values[i], acc, term, mul, sign, num, ext, nd, cur, v, used, link, pts, xs)
            return
        for j, tile, face, kd, val, tp, tx in cands[i]:
            if counts[j]:
                counts[j] -= 1
                put_after(i, kd, val, acc, term, mul, sign, num, ext, nd, cur, v, used + bits[j], (link, i, tile, face), pts + tp, xs + tx)
                counts[j] += 1

    def put_after(
        i: int,
        k: int,
        val: int,
        acc: Value,
        term: Value,
        mul: int,
        sign: int,
        num: int,
        ext: bool,
        nd: int,
        cur: Value,
        v: Value,
        used: int,
        link: Link,
        pts: int,
        xs: int,
    ) -> None:
        if k == DIGIT:
            if ext:
                after(i + 1, acc, term, mul, sign, num * 10 + val, nd + 1 < max_digits, nd + 1, used, link, pts, xs)
        elif k == PLUS:
            operand(i + 1, v, 0, _NO_TERM, 1, False, False, used, link, pts, xs)
        elif k == MINUS:
            operand(i + 1, v, 0, _NO_TERM, -1, False, False, used, link, pts, xs)
        elif k == TIMES:
            operand(i + 1, acc, cur, _MUL, sign, False, False, used, link, pts, xs)
        elif k == DIVIDE:
            operand(i + 1, acc, cur, _DIV, sign, False, True, used, link, pts, xs)
        # NUMBER next to a number and EQ are not part of a side.

    if kinds[start] != EQ:
        operand(start, 0, 0, _NO_TERM, 1, True, False, 0, None, 0, 0)
    return out
