"""Every side of an equation that can start on a given square of a line.

A *side* is the expression between two ``=`` (or a line end and an ``=``).  From a start
square the search walks right, placing rack tiles on empty squares (only faces their
crossing lines allow) and reading tiles already there, and keeps an exact running value
so the side's value is known the moment it may end.  Structure is pruned as it goes:
an operator never follows an operator, a number never starts with 0 unless it is 0,
a digit run stops at the variant's length, a 10..20 tile never touches another number,
no unary plus, no -0, no division by 0.

Arithmetic prunes too.  When the side must take one of a few known values (the values
of the sides it can be joined with), its last number is not searched: it is solved for
(``acc + sign * term (op) n == target``) and only that number is tried on the squares
left; and numbers that could only be last are then never enumerated at all.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass

from amath.engine.movegen.exact import Value, add, div, sub, whole
from amath.engine.movegen.exact import mul as mul_value
from amath.engine.movegen.lines import DIGIT, DIVIDE, EQ, MINUS, NUMBER, PLUS, TIMES, Cand, Line
from amath.engine.movegen.rack import RackInfo

Link = tuple[object, ...] | None
"""Tiles placed so far, newest first: ``(previous link, square index, tile, face)``."""
Arrangement = tuple[Link, int, int]
"""One way to fill a side: (tiles placed, main-line points of the new tiles, cross-line score)."""
SideTable = dict[int, dict[Value, dict[int, list[Arrangement]]]]
"""end square -> side value -> tiles used (packed) -> arrangements."""

RECORD_NO = 0
RECORD_YES = 1
RECORD_IF_EQ = 2

_NO_TERM = 0
_MUL = 1
_DIV = 2


@dataclass(slots=True)
class SideSpec:
    """What to search for from one start square, per end: the square just after the side.

    ``record[e]``: may a side end just before square ``e`` (RECORD_YES; RECORD_IF_EQ when an
    ``=``-capable rack tile must still be free for square ``e``).  ``targets[e]``: the values
    such a side may take (None: any; empty: none).  ``forced[e]``: solve for the last
    number against ``targets[e]`` instead of searching it.  ``next_fixed_eq`` (first sides
    only) stops the search once no ``=`` can follow.
    """

    record: Sequence[int]
    targets: Sequence[Collection[Value] | None]
    forced: Sequence[bool]
    eq_tiles: Sequence[int] = ()  # rack indices of the (one or two) tiles that can show '='
    next_fixed_eq: Sequence[int] | None = None


def sides_from(line: Line, start: int, rack: RackInfo, counts: list[int], spec: SideSpec, max_digits: int) -> SideTable:
    """All sides beginning on square ``start`` that ``spec`` asks for, keyed by their last square.

    ``counts`` is the rack's tile counts (plus a last, always-zero slot), used and restored
    during the search.
    """
    n = line.size
    kinds = line.kind
    values = line.value
    cands = line.side_cands
    num_cands = line.num_cands
    digit_cands = line.digit_cands
    op_cands = line.op_cands
    by_face = line.cands_by_face
    bits = rack.bits
    record = spec.record
    targets_at = spec.targets
    forced = spec.forced
    # the (at most two) rack tiles that can show '='; the last slot of counts is always 0
    eq0 = spec.eq_tiles[0] if spec.eq_tiles else len(counts) - 1
    eq1 = spec.eq_tiles[-1] if spec.eq_tiles else len(counts) - 1
    need_eq = spec.next_fixed_eq is not None
    nfe: Sequence[int] = spec.next_fixed_eq if spec.next_fixed_eq is not None else ()
    longest = max(max_digits, 1)
    # Geometry prunes: useful[e] when a side may end before e at all; searched[e] when it is
    # found by search there (not solved for); *_from[i]: some such end at or after i.
    useful_from = [False] * (n + 4)
    searched_from = [False] * (n + 4)
    for e in range(n, -1, -1):
        goal = targets_at[e]
        ok = record[e] != RECORD_NO and (goal is None or len(goal) > 0)
        useful_from[e] = useful_from[e + 1] or ok
        searched_from[e] = searched_from[e + 1] or (ok and not forced[e])
    # solve_at[i]: a number starting on square i may end a side that is solved for
    solve_at = [any(forced[e] and record[e] != RECORD_NO for e in range(i + 1, min(i + longest, n) + 1)) for i in range(n + 1)]
    out: SideTable = {}

    def keep(q: int, v: Value, used: int, link: Link, pts: int, xs: int) -> None:
        if record[q + 1] == RECORD_IF_EQ and not (counts[eq0] or counts[eq1]):
            return
        by_value = out.get(q)
        if by_value is None:
            by_value = out[q] = {}
        by_used = by_value.get(v)
        if by_used is None:
            by_used = by_value[v] = {}
        arrs = by_used.get(used)
        if arrs is None:
            by_used[used] = [(link, pts, xs)]
        else:
            arrs.append((link, pts, xs))

    def place(i: int, q: int, faces: str | None, first: bool, nozero: bool, v: Value, used: int, link: Link, pts: int, xs: int) -> None:
        # Put the last number on squares i..q: the digits of ``faces``, or any number when None.
        if i > q:
            keep(q, v, used, link, pts, xs)
            return
        single = first and i == q
        k = kinds[i]
        if k >= 0:
            if faces is not None:
                want = faces if single else faces[0]
                if (k == DIGIT or (k == NUMBER and single)) and str(values[i]) == want:
                    place(i + 1, q, faces if single else faces[1:], False, False, v, used, link, pts, xs)
            elif (k == DIGIT or (k == NUMBER and single)) and not (values[i] == 0 and (nozero or (first and not single))):
                place(i + 1, q, None, False, False, v, used, link, pts, xs)
            return
        if faces is not None:
            options: Sequence[Cand] = by_face[i].get(faces if single else faces[0], ())
            rest: str | None = faces if single else faces[1:]
        else:
            options = [
                c
                for c in cands[i]
                if (c[3] == DIGIT or (c[3] == NUMBER and single)) and not (c[4] == 0 and (nozero or (first and not single)))
            ]
            rest = None
        for j, tile, face, _kd, _val, tp, tx in options:
            if counts[j]:
                counts[j] -= 1
                place(i + 1, q, rest, False, False, v, used + bits[j], (link, i, tile, face), pts + tp, xs + tx)
                counts[j] += 1

    def solve(i: int, acc: Value, term: Value, mul: int, sign: int, nozero: bool, used: int, link: Link, pts: int, xs: int) -> None:
        # The side ends with one more number on squares i..e-1: solve for it against the targets.
        for d in range(1, longest + 1):
            e = i + d
            q = e - 1
            if q >= n or (kinds[q] > NUMBER) or (d > 1 and kinds[q] == NUMBER):
                break
            if not forced[e] or record[e] == RECORD_NO:
                continue
            goal = targets_at[e]
            assert goal is not None
            for t in goal:
                g = sub(t, acc) if sign > 0 else sub(acc, t)
                if mul == _NO_TERM:
                    num = g if isinstance(g, int) else None
                elif mul == _MUL:
                    if term == 0:
                        if g == 0 and (d == 1 or d <= max_digits):
                            place(i, q, None, True, nozero, t, used, link, pts, xs)
                        continue
                    num = whole(g, term)
                else:
                    if g == 0:
                        if term == 0 and (d == 1 or d <= max_digits):
                            place(i, q, None, True, True, t, used, link, pts, xs)
                        continue
                    num = whole(term, g)
                if num is None or num < 0 or (num == 0 and nozero):
                    continue
                text = str(num)
                if d == 1 or (len(text) == d and d <= max_digits):
                    place(i, q, text, True, nozero, t, used, link, pts, xs)

    def operand(
        i: int, acc: Value, term: Value, mul: int, sign: int, start: bool, nozero: bool, used: int, link: Link, pts: int, xs: int
    ) -> None:
        # Square i must begin a number (or hold a unary minus at the start of the side).
        if i >= n or (need_eq and nfe[i] >= n and not (counts[eq0] or counts[eq1])):
            return
        if solve_at[i]:
            solve(i, acc, term, mul, sign, nozero, used, link, pts, xs)
        # read numbers here only if one may end a side by search, or an operator and
        # another number may follow it
        if not (searched_from[i + 1] or useful_from[i + 3] or start):
            return
        k = kinds[i]
        if k >= 0:
            if k == DIGIT:
                val = values[i]
                if not (val == 0 and nozero):
                    after(i + 1, acc, term, mul, sign, val, val != 0 and max_digits > 1, 1, used, link, pts, xs)
            elif k == NUMBER:
                after(i + 1, acc, term, mul, sign, values[i], False, 1, used, link, pts, xs)
            elif k == MINUS and start:
                operand(i + 1, acc, term, mul, -1, False, True, used, link, pts, xs)
            return
        for j, tile, face, kd, val, tp, tx in num_cands[i]:
            if counts[j] and not (val == 0 and nozero):
                counts[j] -= 1
                after(
                    i + 1, acc, term, mul, sign, val, kd == DIGIT and val != 0 and max_digits > 1, 1,
                    used + bits[j], (link, i, tile, face), pts + tp, xs + tx,
                )  # fmt: skip
                counts[j] += 1
        if start:
            for j, tile, face, kd, _val, tp, tx in op_cands[i]:
                if kd == MINUS and counts[j]:
                    counts[j] -= 1
                    operand(i + 1, acc, term, mul, -1, False, True, used + bits[j], (link, i, tile, face), pts + tp, xs + tx)
                    counts[j] += 1

    def after(
        i: int, acc: Value, term: Value, mul: int, sign: int, num: int, ext: bool, nd: int, used: int, link: Link, pts: int, xs: int
    ) -> None:
        # A number has just been read; square i may extend it, hold an operator or end the side.
        if mul == _NO_TERM:
            cur: Value = num
        elif mul == _MUL:
            cur = term * num if isinstance(term, int) else mul_value(term, num)
        else:
            cur = div(term, num)
        if isinstance(acc, int) and isinstance(cur, int):
            v: Value = acc + cur if sign > 0 else acc - cur
        else:
            v = add(acc, cur) if sign > 0 else sub(acc, cur)
        if record[i] and not forced[i]:
            goal = targets_at[i]
            if goal is None or v in goal:
                keep(i - 1, v, used, link, pts, xs)
        if i >= n or (need_eq and nfe[i] >= n and not (counts[eq0] or counts[eq1])):
            return
        grow = ext and (searched_from[i + 1] or useful_from[i + 3])
        more = useful_from[i + 2]
        if not (grow or more):
            return
        k = kinds[i]
        if k >= 0:
            if k == DIGIT:
                if grow:
                    after(i + 1, acc, term, mul, sign, num * 10 + values[i], nd + 1 < max_digits, nd + 1, used, link, pts, xs)
            elif more and PLUS <= k <= DIVIDE:
                operator(i, k, acc, term, mul, sign, cur, v, used, link, pts, xs)
            return
        if grow:
            for j, tile, face, val, tp, tx in digit_cands[i]:
                if counts[j]:
                    counts[j] -= 1
                    after(
                        i + 1, acc, term, mul, sign, num * 10 + val, nd + 1 < max_digits, nd + 1,
                        used + bits[j], (link, i, tile, face), pts + tp, xs + tx,
                    )  # fmt: skip
                    counts[j] += 1
        if more:
            for j, tile, face, kd, _val, tp, tx in op_cands[i]:
                if counts[j]:
                    counts[j] -= 1
                    u, lk, pp, xx = used + bits[j], (link, i, tile, face), pts + tp, xs + tx
                    if kd == PLUS:
                        operand(i + 1, v, 0, _NO_TERM, 1, False, False, u, lk, pp, xx)
                    elif kd == MINUS:
                        operand(i + 1, v, 0, _NO_TERM, -1, False, False, u, lk, pp, xx)
                    elif kd == TIMES:
                        operand(i + 1, acc, cur, _MUL, sign, False, False, u, lk, pp, xx)
                    else:
                        operand(i + 1, acc, cur, _DIV, sign, False, True, u, lk, pp, xx)
                    counts[j] += 1

    def operator(
        i: int, k: int, acc: Value, term: Value, mul: int, sign: int, cur: Value, v: Value, used: int, link: Link, pts: int, xs: int
    ) -> None:
        # Operator k on square i after a number whose term value is ``cur`` and side value ``v``.
        if k == PLUS:
            operand(i + 1, v, 0, _NO_TERM, 1, False, False, used, link, pts, xs)
        elif k == MINUS:
            operand(i + 1, v, 0, _NO_TERM, -1, False, False, used, link, pts, xs)
        elif k == TIMES:
            operand(i + 1, acc, cur, _MUL, sign, False, False, used, link, pts, xs)
        else:
            operand(i + 1, acc, cur, _DIV, sign, False, True, used, link, pts, xs)

    if kinds[start] != EQ:
        operand(start, 0, 0, _NO_TERM, 1, True, False, 0, None, 0, 0)
    return out
