"""The lines of one row or column: a memoised bound per search node, then the enumeration.

A node is "about to fill square i" with a grammar state, the rack tiles used so far and
a few flags (touched the board yet, tiles placed, ...).  What can still follow a node
does not depend on how it was reached, so :meth:`LineWalk.bounds` works it out once per
node (a dynamic programme over the line, shared by every start square): whether any true
line can be completed from it at all, and bounds on what the rest of the line can add to
the score (before any '=' value-free, after one by the value the sides from there take).  :meth:`LineWalk.walk` then lists the lines from a
start square, entering only nodes that can be completed and, in top-N mode, whose bound
reaches the threshold (a branch-and-bound on score).

A bracket's contents are read apart from what encloses it (:meth:`LineWalk.span`): a node
inside a bracket is keyed without the frames around it, and its span lists the ways the
contents can close (the square after the ')', the value, the tiles used, bounds on the
stretch).  A node that reads '(' goes on from each of them as after a number of that value,
so contents read under many different enclosing sides are worked out once.

Under a threshold the programme itself skips a child whose value-free bound (the best
tiles left on the best squares left, :meth:`LineWalk._cheap`) cannot reach the threshold
from the line so far; that child's part of the node's bound is then the value-free one,
and the node is not exact; it keeps the best bound of a part it cut.  A node that is not
exact is worked out again only for a caller with a better line so far, or under a lower
threshold that such a part reaches, so every bound stays an upper bound and the N best stay exact.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

from amath.core.rules.base import Ruleset
from amath.engine.movegen.exact import Value, add, parts, sub
from amath.engine.movegen.rack import RackInfo
from amath.engine.movegen.smath_grammar import (
    AFTER_EQUALS,
    CLOSED,
    INITIAL,
    NUMBER,
    WANTS_NUMBER,
    State,
    advance,
    bracket_value,
    enclosing,
    group,
    opened,
    relative,
    side_value,
)
from amath.engine.movegen.smath_line import CLOSE, DIVIDE, FREE, NUM, OPEN, SmathLine
from amath.engine.movegen.smath_values import Bag, Piece, Values


@dataclass(slots=True)
class SearchStats:
    """What a search did: nodes visited, placements kept, and whether the bound pruned."""

    nodes: int = 0
    found: int = 0
    pruned: int = 0
    entries: int = 0
    """table entries built (:data:`TABLE_ENTRIES`)"""
    capped: int = 0
    """top-N passes that ran over their cap (:data:`CAP_GROWTH`) and were tried again higher up"""


class Search(Protocol):
    """What a line's walk reads and calls of its whole-board search (:class:`amath.engine.movegen.smath.Search`)."""

    rules: Ruleset
    info: RackInfo
    rack_total: int
    empty: bool
    bingo: int
    limit: int | None
    threshold: float
    stats: SearchStats

    def centre_index(self, across: bool) -> int: ...

    tile_points: list[int]
    pieces: list[Piece]
    values: Values
    max_len: int | None
    extra: dict[int, float] | None

    def left_top(self, used: int) -> list[int]: ...

    def numbers_left(self, used: int) -> int: ...

    def count_node(self) -> None: ...

    def count_entries(self, n: int) -> None: ...

    def extra_bound(self, used: int) -> float: ...

    def admits(self, score: int, used: int) -> bool: ...

    def record(self, score: int, used: int, key: tuple[tuple[int, int, str, str], ...]) -> None: ...


Link = tuple["Link", int, str, str] | None
"""Tiles placed so far, newest first: ``(previous link, square index, tile, face)``."""

Summary = tuple[int, int, float]
"""Bounds on what can follow a node: (most equation premium, most points x premium, most cross + bonus)."""

Step = tuple[int, str, str, int, int, int, State, int, int]
"""One way to fill or read a square: (rack index or FREE/-2 for a fixed tile, tile, face, points, premium, cross,
state, used, token kind)."""

Prefix = tuple[int, int, int]
"""The line so far as the score sees it: (equation premium, points x piece premium, cross scores)."""

Bounds = tuple[dict[Value, Summary], Summary | None, Summary | None, float, Prefix, float]
"""What can follow a node: (bounds by value, bound for any value (the first side's, and where the
threshold cut), bound over everything, the best bound of a part the threshold cut (-inf: none, exact),
and the prefix and threshold it was worked out under)."""

_FIXED = -2
VALUE_TILES = 3
"""The value-aware bound (:meth:`LineWalk._balancing`) runs on first-side nodes with at most this many rack tiles left."""
VALUE_TOKENS = 4
"""... and lists values only for bags of at most this many tiles (rack and fixed) and no blank; others count as balancing."""
_NOTHING: Bounds = ({}, None, None, -math.inf, (0, 0, 0), math.inf)

SpanEntry = tuple[int, Value, int, int, int, bool, int, Summary]
"""A way a bracket's contents can close: (square after its ')', its value, used, rack tiles used,
tiles placed, touched, lone-hooked, bounds on the stretch from the span's square through the ')')."""

Span = tuple[list[SpanEntry], Summary | None, bool, float, Prefix, float]
"""The ways a bracket's contents from a node can close: (entries sorted by square, value and
tiles; a bound on the whole rest of the line where the threshold cut; anything at all; the best
bound of a part the threshold cut (-inf: none); the prefix and threshold it was worked out under)."""

_NO_SPAN: Span = ([], None, False, -math.inf, (0, 0, 0), math.inf)


class LineWalk:
    """The search of one row or column (``across``) for one whole-board search."""

    def __init__(self, search: Search, line: SmathLine, across: bool) -> None:
        self.s = search
        self.line = line
        self.across = across
        n = line.size
        rules = search.rules
        info = search.info
        self.n = n
        self.bits = info.bits
        self.width = info.width
        self.mask = info.mask
        self.counts = info.counts
        self.rack_total = search.rack_total
        self.max_tiles = rules.max_tiles_per_turn
        self.must_touch = rules.must_touch and not search.empty
        self.min_end = -1
        if search.empty and rules.first_play == "cover_centre":
            self.min_end = search.centre_index(across)
        nums_from = [0] * (n + 1)  # fixed numbers from square i on
        for i in range(n - 1, -1, -1):
            nums_from[i] = nums_from[i + 1] + (line.kind[i] == NUM)
        self.nums_from = nums_from
        self.memo: dict[tuple[object, ...], Bounds] = {}  # by node; the state says which side it is on
        self.span_memo: dict[tuple[object, ...], Span] = {}  # by node inside a bracket, its frames left out
        self._ahead: dict[tuple[int, int], list[tuple[Bag, int]]] = {}

    def need_end(self, start: int) -> int:
        """Where a line from ``start`` may end, as one int: ``e >= 0`` exactly on square e (the
        centre, on Smath's first move); ``e < 0`` on any square up to ``-e - 1``."""
        s = self.s
        longest = self.n if s.max_len is None else s.max_len
        if s.empty and s.rules.first_play == "end_on_centre":
            c = s.centre_index(self.across)
            if start < c:
                return c if c - start < longest else -start  # -start: nowhere (the last square is before the start)
        return -min(self.n - 1, start + longest - 1) - 1

    def steps(self, i: int, st: State, used: int, ntiles: int, bare: bool = False) -> list[Step]:
        """Every way to fill (or read) square i after state ``st`` that the grammar allows.

        ``bare`` (the bounds and the spans): a '(' opens a bracket with no frame (its span is
        looked up apart) and a ')' leaves the state as it is (the span ends there).
        """
        line = self.line
        kind = line.kind[i]
        if kind >= 0:
            nxt = _advance(st, kind, line.value[i], bare)
            return [] if nxt is None else [(_FIXED, "", "", line.points[i], 1, 0, nxt, used, kind)]
        if self.max_tiles is not None and ntiles >= self.max_tiles:
            return []
        out: list[Step] = []
        em = line.emult[i]
        counts, bits, width, mask = self.counts, self.bits, self.width, self.mask
        for j, tile, face, kd, val, tp, tx in line.cands[i]:
            if j != FREE and (used >> (width * j)) & mask >= counts[j]:
                continue
            nxt = _advance(st, kd, val, bare)
            if nxt is not None:
                out.append((j, tile, face, tp, em, tx, nxt, used if j == FREE else used + bits[j], kd))
        return out

    def _may_end(self, i: int, used: int, ntiles: int, touched: bool, lone: int, need_end: int) -> bool:
        """May a line end on square i (geometry and rules; the grammar is checked apart)?"""
        if i + 1 < self.n and self.line.kind[i + 1] >= 0:
            return False
        if not used or (self.must_touch and not touched) or (need_end >= 0 and i != need_end) or i < self.min_end:
            return False
        return not (ntiles == 1 and lone)  # a lone tile with a line across is the across search's move

    def _flags(self, i: int, j: int, ntiles: int, touched: bool, lone: int) -> tuple[int, bool, int]:
        """(tiles placed, touched, lone-hooked) after filling square i with rack index j."""
        line = self.line
        if j == _FIXED:
            return ntiles, True, lone
        hooked = line.hook[i]
        nt = ntiles + 1
        return nt, touched or hooked, 1 if nt == 1 and hooked and not self.across else 0

    def _bonus(self, used: int, nrack: int) -> float:
        s = self.s
        extra = s.extra[used] if s.extra is not None else 0.0
        return extra + (s.bingo if nrack == s.rules.rack_size else 0)

    def _line_end(self, used: int, nrack: int) -> Summary:
        """The line ending here, after a node with ``used`` (``nrack`` rack tiles): nothing more, and the bonus."""
        return 1, 0, self._bonus(used, nrack)

    def _key(self, i: int, st: State, used: int, ntiles: int, touched: bool, lone: int, need_end: int) -> tuple[object, ...]:
        return (i, st, used, ntiles if self.max_tiles is not None else min(ntiles, 2), touched, lone, need_end)

    def _prunable(self, i: int, st: State, nrack: int, need_end: int) -> bool:
        """Cheap proofs that no line can be completed from square i: too few squares or numbers left."""
        last = need_end if need_end >= 0 else -need_end - 1
        if i > last:
            return True
        wants = st[0] in WANTS_NUMBER
        numbers = (1 if wants else 0) + (0 if st[7] else 1)  # to end this factor; a side after '='
        squares = numbers + st[6] + (0 if st[7] else 1)  # ... and the brackets to close, the '='
        if last - i + 1 < squares:
            return True
        return self.rack_total - nrack + self.nums_from[i] < numbers

    def _fits(self, i: int, st: State, used: int, nrack: int) -> int:
        """How many of the rack tiles left a line from node (i, st) can still place (:func:`placeable`)."""
        line = self.line
        r = self.rack_total - nrack
        numbers = min(self.s.numbers_left(used), r)
        seps = line.sep_suffix[i] + r - numbers
        # free tiles a line from here needs anyway: its '=' (none fixed ahead) and the brackets to close
        needed = (1 if not st[7] and line.eq_suffix[i] == 0 else 0) + max(0, st[6] - line.close_suffix[i])
        return placeable(r, numbers, st[0] == NUMBER, seps, needed, line.empty_suffix[i])

    def _cheap(self, i: int, st: State, used: int, nrack: int, need_end: int) -> Summary | None:
        """A value-free bound on what can follow a node, from the squares and the tiles left (None: nothing can)."""
        if self._prunable(i, st, nrack, need_end):
            return None
        line = self.line
        s = self.s
        top = s.left_top(used)
        fits = self._fits(i, st, used, nrack)
        pts = _best_points(line, i, top, fits)
        em = line.emult_suffix[i]
        bonus = s.extra_bound(used) + (s.bingo if fits == self.rack_total - nrack else 0)
        return em, em * pts, line.cross_suffix[i] + bonus

    def _balancing(self, i: int, st: State, used: int, nrack: int, need_end: int) -> Summary | None:
        """The value-free bound of a first-side node over the sets of its tiles left that can still balance the line.

        Each set that fits has the bound of the best of its tiles on the best squares (the bingo only for
        all of them); taken best first, the first set that can balance (board-free value sets,
        :class:`~amath.engine.movegen.smath_values.Values`) bounds every set that can.  None: no set can (no completion).
        """
        line = self.line
        s = self.s
        r = self.rack_total - nrack
        fits = self._fits(i, st, used, nrack)
        em = line.emult_suffix[i]
        left = [self.counts[j] - ((used >> (self.width * j)) & self.mask) for j in range(len(self.counts))]
        extra = s.extra_bound(used)  # one for every set: the sort below needs it
        sets: list[tuple[Summary, list[int]]] = []
        for take in _sub_counts(left):
            size = sum(take)
            if size > fits:
                continue
            pts = sorted((s.tile_points[j] for j, c in enumerate(take) for _ in range(c)), reverse=True)
            top = [0]
            for p in pts:
                top.append(top[-1] + p)
            here = _best_points(line, i, top, size)
            sets.append(((em, em * here, line.cross_suffix[i] + extra + (s.bingo if size == r else 0)), take))
        # best first: the first set that balances bounds every set that does (all the tiles left have
        # the most points and the bingo; the others differ only in points)
        sets.sort(key=lambda t: (-t[0][1], -t[0][2]))
        for sm, take in sets:
            if self._balances(i, st, need_end, take):
                return sm
        return None

    def _balances(self, i: int, st: State, need_end: int, take: list[int]) -> bool:
        """Can the tiles counted by ``take`` (with the fixed tiles ahead) balance the line from first-side node (i, st)?

        A bag with a blank, or of more than :data:`VALUE_TOKENS` tiles, counts as balancing (too many values to list).
        """
        s = self.s
        size = sum(take)
        mine = [s.pieces[j] for j, c in enumerate(take) for _ in range(c)]
        wild = any(len(p) != 1 for p in mine)  # a blank (or a tile showing neither a number nor an operator)
        for bag, empties in self._ahead_bags(i, need_end):
            if size > empties:
                continue
            if wild or len(mine) + len(bag) > VALUE_TOKENS or s.values.balances(st, tuple(sorted(mine + list(bag)))):
                return True
        return False

    def _ahead_bags(self, i: int, need_end: int) -> list[tuple[Bag, int]]:
        """For each bag of fixed numbers and operators a line from square i can read to where it ends, the most empty squares it covers."""
        hit = self._ahead.get((i, need_end))
        if hit is not None:
            return hit
        line = self.line
        last = min(self.n - 1, need_end if need_end >= 0 else -need_end - 1)
        most: dict[Bag, int] = {}
        fixed: list[Piece] = []
        empties = 0
        for e in range(i, last + 1):
            kind = line.kind[e]
            if kind < 0:
                empties += 1
            elif NUM <= kind <= DIVIDE:  # '=' and brackets are free tiles anyway
                fixed.append(((kind, line.value[e]),))
            if (need_end >= 0 and e != need_end) or (e + 1 < self.n and line.kind[e + 1] >= 0):
                continue
            bag = tuple(sorted(fixed))
            most[bag] = max(most.get(bag, 0), empties)
        hit = list(most.items())
        self._ahead[(i, need_end)] = hit
        return hit

    def bounds(
        self,
        i: int,
        st: State,
        used: int,
        nrack: int,
        ntiles: int,
        touched: bool,
        lone: int,
        need_end: int,
        pre: Prefix,
        goal: Value | None,
    ) -> Bounds:
        """Bounds on what can follow a node, by the value every side from here must have.

        One mechanism for both parts of a line: after an '=' the bounds are kept by the value
        the sides from here take (the caller's target); before any '=' (the first side) no
        value is owed yet, so everything lands in the value-free part (``wild``), and an '='
        looks its side's value up in the node after it.  ``goal`` is the value the caller
        needs (None: any); the node is explored only when the bound for it reaches the
        threshold from ``pre``.
        """
        key = self._key(i, st, used, ntiles, touched, lone, need_end)
        threshold = self.s.threshold
        hit = self.memo.get(key)
        if hit is not None:
            sm = _lookup(hit, goal)
            if sm is None or _settled(hit, pre, threshold):
                return hit
            b = _ub(pre, sm)
            if b < threshold:
                return (hit[0], hit[1], hit[2], max(hit[3], b), hit[4], hit[5])  # cut here, as a whole
        else:
            cheap = self._cheap(i, st, used, nrack, need_end)
            if cheap is not None and _ub(pre, cheap) >= threshold and not st[7] and self.rack_total - nrack <= VALUE_TILES:
                cheap = self._balancing(i, st, used, nrack, need_end)  # the values, where they may cut
            if cheap is None:
                return _NOTHING
            if _ub(pre, cheap) < threshold:
                return ({}, cheap, cheap, _ub(pre, cheap), pre, threshold)
        self.s.count_node()
        side = st[7] == 1  # after an '=': bounds by value
        table: dict[Value, Summary] = {}
        wild: Summary | None = None
        cut = -math.inf
        e, p, x = pre
        for j, _tile, _face, tp, em, tx, nxt, used2, kd in self.steps(i, st, used, ntiles, bare=True):
            nrack2 = nrack if j < 0 else nrack + 1
            nt2, touched2, lone2 = self._flags(i, j, ntiles, touched, lone)
            pre2 = (e * em, p + tp, x + tx)
            if kd == OPEN:
                # a bracket: its contents are a span read apart (by closing square, value and
                # tiles), and the line goes on after its ')' as after a number of that value
                sp = self.span(i + 1, nxt, used2, nrack2, nt2, touched2, lone2, need_end, pre2)
                head = _tile_stretch(tp, em, tx)
                wild, cut = _absorb(wild, cut, head, sp[1], sp[3])
                for k, v, u3, r3, t3, touched3, lone3, sm in sp[0]:
                    st2 = group(st, v)
                    if st2 is None:
                        continue
                    head2 = _compose(head, sm)
                    if side and self._may_end(k - 1, u3, t3, touched3, lone3, need_end):
                        w = side_value(st2)
                        if w is not None:
                            table[w] = _merge(table.get(w), _compose(head2, self._line_end(u3, r3)))
                    shift: Value = 0
                    if side:
                        st2, shift = relative(st2)
                    ent = self.bounds(k, st2, u3, r3, t3, touched3, lone3, need_end, _past(pre2, sm), None)
                    for w, c in ent[0].items():
                        w = add(w, shift)
                        table[w] = _merge(table.get(w), _compose(head2, c))
                    wild, cut = _absorb(wild, cut, head2, ent[1], ent[3])
                continue
            if nxt is AFTER_EQUALS:
                w = side_value(st)
                assert w is not None
                # the first '=': the sides after it must have the first side's value w.  A further
                # '=': this node's values are relative (see `relative`), so the side after it is
                # bounded over every value (a superset of the lines, still an upper bound).
                goal2 = None if side else w
                ent = self.bounds(i + 1, nxt, used2, nrack2, nt2, touched2, lone2, need_end, pre2, goal2)
                child = _lookup(ent, goal2)
                if child is not None:
                    if side:
                        table[w] = _merge(table.get(w), _through(child, tp, em, tx))
                    else:
                        wild = _merge(wild, _through(child, tp, em, tx))
                    cut = max(cut, ent[3])
                continue
            if side and self._may_end(i, used2, nt2, touched2, lone2, need_end):
                w = side_value(nxt)
                if w is not None:
                    table[w] = _merge(table.get(w), (em, tp * em, tx + self._bonus(used2, nrack2)))
            shift = 0
            if side:
                nxt, shift = relative(nxt)
            ent = self.bounds(i + 1, nxt, used2, nrack2, nt2, touched2, lone2, need_end, pre2, None)
            for w, child in ent[0].items():
                w = add(w, shift)
                table[w] = _merge(table.get(w), _through(child, tp, em, tx))
            if ent[1] is not None:
                wild = _merge(wild, _through(ent[1], tp, em, tx))
            cut = max(cut, ent[3])
        anything = wild
        for sm in table.values():
            anything = _merge(anything, sm)
        entry: Bounds = (table, wild, anything, cut, pre, threshold)
        self.memo[key] = entry
        self.s.count_entries(1 + len(table))
        return entry

    def span(self, i: int, s: State, used: int, nrack: int, ntiles: int, touched: bool, lone: int, need_end: int, pre: Prefix) -> Span:
        """The ways a bracket's contents from node (i, s) can close.

        ``s`` is inside a bracket with no frame: what encloses it is not part of the node, so
        one span serves every bracket that reads the same contents.  Memoised as the nodes of
        :meth:`bounds` are; a child the threshold cuts (from ``pre``, by the value-free bound on
        the whole rest of the line) lands in ``wild``, a bound on the rest of the line rather
        than on the stretch, and the span is then not exact.
        """
        key = self._key(i, s, used, ntiles, touched, lone, need_end)
        threshold = self.s.threshold
        hit = self.span_memo.get(key)
        if hit is not None:
            if not hit[2] or _settled(hit, pre, threshold):
                return hit
        else:
            cheap = self._cheap(i, s, used, nrack, need_end)
            if cheap is None:
                return _NO_SPAN
            if _ub(pre, cheap) < threshold:
                return ([], cheap, True, _ub(pre, cheap), pre, threshold)
        self.s.count_node()
        out: dict[tuple[int, int, int, int, int, bool, int], tuple[Value, int, Summary]] = {}
        wild: Summary | None = None
        cut = -math.inf
        e, p, x = pre

        def put(k: int, v: Value, u3: int, r3: int, t3: int, touched3: bool, lone3: int, sm: Summary) -> None:
            n, d = parts(v)
            at = (k, n, d, u3, t3, touched3, lone3)
            was = out.get(at)
            out[at] = (v, r3, sm if was is None else _merge(was[2], sm))

        def take(sp: Span, head: Summary) -> None:
            """A child's span seen from this node, whose own stretch to the child is ``head``."""
            nonlocal wild, cut
            wild, cut = _absorb(wild, cut, head, sp[1], sp[3])
            for k, v, u3, r3, t3, touched3, lone3, sm in sp[0]:
                put(k, v, u3, r3, t3, touched3, lone3, _compose(head, sm))

        for j, _tile, _face, tp, em, tx, nxt, used2, kd in self.steps(i, s, used, ntiles, bare=True):
            nrack2 = nrack if j < 0 else nrack + 1
            nt2, touched2, lone2 = self._flags(i, j, ntiles, touched, lone)
            nt2 = self._cap(nt2)
            pre2 = (e * em, p + tp, x + tx)
            head = _tile_stretch(tp, em, tx)
            if kd == CLOSE:
                v = bracket_value(s)
                assert v is not None
                # what can follow the ')' by the squares and tiles left alone (which need no
                # enclosing values), or the line's end: no entry where nothing can, none under
                # the threshold
                after = (CLOSED, s[1], s[2], s[3], s[4], None, s[6] - 1, s[7])
                c = self._cheap(i + 1, after, used2, nrack2, need_end)
                if after[6] == 0 and after[7] and self._may_end(i, used2, nt2, touched2, lone2, need_end):
                    c = _merge(c, self._line_end(used2, nrack2))  # or the line ends right after it
                if c is None:
                    continue
                if _ub(pre2, c) < threshold:
                    wild = _merge(wild, _compose(head, c))
                    cut = max(cut, _ub(pre2, c))
                else:
                    put(i + 1, v, used2, nrack2, nt2, touched2, lone2, head)
                continue
            inner = self.span(i + 1, nxt, used2, nrack2, nt2, touched2, lone2, need_end, pre2)
            if kd != OPEN:
                take(inner, head)
                continue
            # a bracket inside: its span, then this span from after its ')'
            wild, cut = _absorb(wild, cut, head, inner[1], inner[3])
            for k, v, u3, r3, t3, touched3, lone3, sm in inner[0]:
                st2 = group(s, v)
                if st2 is None:
                    continue
                take(self.span(k, st2, u3, r3, t3, touched3, lone3, need_end, _past(pre2, sm)), _compose(head, sm))
        entries = [(at[0], v, at[3], r3, at[4], at[5], at[6], sm) for at, (v, r3, sm) in sorted(out.items(), key=lambda it: it[0])]
        span: Span = (entries, wild, bool(entries) or wild is not None, cut, pre, threshold)
        self.span_memo[key] = span
        self.s.count_entries(1 + len(entries))
        return span

    def _cap(self, ntiles: int) -> int:
        """Tiles placed as a span's entry keeps them: past two only a cap on them tells nodes apart."""
        return ntiles if self.max_tiles is not None else min(ntiles, 2)

    def _child_bound(
        self,
        i: int,
        st: State,
        used: int,
        nrack: int,
        ntiles: int,
        touched: bool,
        lone: int,
        need_end: int,
        pre: Prefix,
        goal: Value | None,
    ) -> Summary | None:
        """The bound for a walk's child at (i, st): its node's entry for ``goal``, or inside brackets
        through the span of its innermost bracket (:meth:`_framed_bound`)."""
        if st[6] > 0:
            return self._framed_bound(i, st, used, nrack, ntiles, touched, lone, need_end, pre, goal)
        return _lookup(self.bounds(i, st, used, nrack, ntiles, touched, lone, need_end, pre, goal), goal)

    def _framed_bound(
        self,
        i: int,
        st: State,
        used: int,
        nrack: int,
        ntiles: int,
        touched: bool,
        lone: int,
        need_end: int,
        pre: Prefix,
        goal: Value | None,
    ) -> Summary | None:
        """The bound for a walk's child inside brackets (``st`` with its frames): the span of its
        innermost bracket, each way it closes followed by what encloses it."""
        outer = enclosing(st)
        if outer is None:
            return None
        inner = (st[0], st[1], st[2], st[3], st[4], None, st[6], st[7])
        entries, best, _, _, _, _ = self.span(i, inner, used, nrack, ntiles, touched, lone, need_end, pre)
        for k, v, u3, r3, t3, touched3, lone3, sm in entries:
            st2 = group(outer, v)
            if st2 is None:
                continue
            pre2 = _past(pre, sm)
            rest: Summary | None
            if st2[6] > 0:
                rest = self._framed_bound(k, st2, u3, r3, t3, touched3, lone3, need_end, pre2, goal)
            else:
                end: Summary | None = None
                if st2[7] and goal is not None and self._may_end(k - 1, u3, t3, touched3, lone3, need_end) and side_value(st2) == goal:
                    end = self._line_end(u3, r3)
                rest = _lookup(self.bounds(k, st2, u3, r3, t3, touched3, lone3, need_end, pre2, goal), goal)
                if end is not None:
                    rest = _merge(rest, end)
            if rest is not None:
                best = _merge(best, _compose(sm, rest))
        return best

    def walk_from(self, start: int) -> None:
        """List (through the search's ``record``) every line from ``start`` the bound admits.

        The start's children are taken by their value-free bound and each is worked out in its
        turn (``rough``): once the best line under one is found, a sibling whose value-free
        bound does not beat it is cut before its table is built."""
        self.walk(start, INITIAL, None, 0, 0, 0, False, 0, self.need_end(start), 0, 1, 0, None, rough=True)

    def walk(
        self,
        i: int,
        st: State,
        target: Value | None,
        used: int,
        nrack: int,
        ntiles: int,
        touched: bool,
        lone: int,
        need_end: int,
        pts: int,
        emult: int,
        cross: int,
        link: Link,
        rough: bool = False,
    ) -> None:
        """Enumerate the lines through node (i, st, ...), which has points ``pts`` etc. so far.

        ``rough`` (a start square, before any '='): a child (a bracket opened too) is first
        bounded by the value-free bound alone, and by its own only when its turn comes."""
        s = self.s
        s.count_node()
        children: list[tuple[float, Step, Value | None, int, int, bool, int, tuple[State, Value | None] | None]] = []
        for step in self.steps(i, st, used, ntiles):
            j, tile, face, tp, em, tx, nxt, used2, _kd = step
            nrack2 = nrack if j < 0 else nrack + 1
            nt2, touched2, lone2 = self._flags(i, j, ntiles, touched, lone)
            pts2, emult2, cross2 = pts + tp, emult * em, cross + tx
            goal = target
            if nxt is AFTER_EQUALS:
                w = side_value(st)
                if target is not None and w != target:
                    continue
                goal = w
            elif target is not None and self._may_end(i, used2, nt2, touched2, lone2, need_end) and side_value(nxt) == target:
                score = pts2 * emult2 + cross2 + (s.bingo if nrack2 == s.rules.rack_size else 0)
                if s.admits(score, used2):
                    s.record(score, used2, self._tiles(link if j == _FIXED else (link, i, tile, face)))
            pre2 = (emult2, pts2, cross2)
            key_st, shift = relative(nxt) if nxt[7] else (nxt, 0)
            g = goal if goal is None or shift == 0 else sub(goal, shift)
            if rough:
                child = self._cheap(i + 1, key_st, used2, nrack2, need_end)
            else:
                child = self._child_bound(i + 1, key_st, used2, nrack2, nt2, touched2, lone2, need_end, pre2, g)
            if child is None:
                continue
            cm, cpm, cx = child
            ub = emult2 * (pts2 * cm + cpm) + cross2 + cx
            if ub < s.threshold:
                s.stats.pruned += 1
                continue
            children.append((ub, step, goal, nrack2, nt2, touched2, lone2, (key_st, g) if rough else None))
        if s.limit is not None:
            children.sort(key=lambda c: -c[0])  # the most promising first: the threshold rises sooner
        for ub, step, goal, nrack2, nt2, touched2, lone2, own in children:
            if ub < s.threshold:
                s.stats.pruned += 1
                continue
            j, tile, face, tp, em, tx, nxt, used2, _kd = step
            pre2 = (emult * em, pts + tp, cross + tx)
            if own is not None:  # its turn: its own bound, under the threshold as it stands now
                key_st, g = own
                child = self._child_bound(i + 1, key_st, used2, nrack2, nt2, touched2, lone2, need_end, pre2, g)
                if child is None:
                    continue
                if _ub(pre2, child) < s.threshold:
                    s.stats.pruned += 1
                    continue
            lk = link if j == _FIXED else (link, i, tile, face)
            self.walk(i + 1, nxt, goal, used2, nrack2, nt2, touched2, lone2, need_end, pts + tp, emult * em, cross + tx, lk)

    def probe_from(self, start: int, nodes: int) -> int:
        """A quick look for good lines from ``start`` before the exact passes, within ``nodes``; the nodes it took.

        Depth first, children best value-free bound first (:meth:`probe`).  What it records is
        legal and scored right; that it finds the best is not claimed: the search uses its score
        only as a floor for the exact passes (``Search.run``).
        """
        left = [nodes]
        self.probe(start, INITIAL, None, 0, 0, 0, False, 0, self.need_end(start), 0, 1, 0, None, left)
        return nodes - left[0]

    def probe(
        self,
        i: int,
        st: State,
        target: Value | None,
        used: int,
        nrack: int,
        ntiles: int,
        touched: bool,
        lone: int,
        need_end: int,
        pts: int,
        emult: int,
        cross: int,
        link: Link,
        left: list[int],
    ) -> bool:
        """As :meth:`walk`, but a child's bound is only the value-free one (the value-aware one with few
        tiles left) and nothing is memoised; the threshold is what the placements found raised it to.
        False: the nodes in ``left`` are spent."""
        if left[0] == 0:
            return False
        left[0] -= 1
        s = self.s
        s.count_node()
        children: list[tuple[float, Step, Value | None, int, int, bool, int]] = []
        for step in self.steps(i, st, used, ntiles):
            j, tile, face, tp, em, tx, nxt, used2, _kd = step
            nrack2 = nrack if j < 0 else nrack + 1
            nt2, touched2, lone2 = self._flags(i, j, ntiles, touched, lone)
            pts2, emult2, cross2 = pts + tp, emult * em, cross + tx
            goal = target
            if nxt is AFTER_EQUALS:
                w = side_value(st)
                if w is None or (target is not None and w != target):
                    continue
                goal = w
            elif target is not None and self._may_end(i, used2, nt2, touched2, lone2, need_end) and side_value(nxt) == target:
                score = pts2 * emult2 + cross2 + (s.bingo if nrack2 == s.rules.rack_size else 0)
                if s.admits(score, used2):
                    s.record(score, used2, self._tiles(link if j == _FIXED else (link, i, tile, face)))
            if nxt[7] and goal is None:
                continue  # after an '=' whose side has no value
            pre2 = (emult2, pts2, cross2)
            child = self._cheap(i + 1, nxt, used2, nrack2, need_end)
            if child is not None and _ub(pre2, child) >= s.threshold and not nxt[7] and self.rack_total - nrack2 <= VALUE_TILES:
                child = self._balancing(i + 1, nxt, used2, nrack2, need_end)
            if child is None:
                continue
            ub = _ub(pre2, child)
            if ub < s.threshold:
                continue
            children.append((ub, step, goal, nrack2, nt2, touched2, lone2))
        children.sort(key=lambda c: -c[0])  # the most promising first, as the walk
        for ub, step, goal, nrack2, nt2, touched2, lone2 in children:
            if ub < s.threshold:
                continue
            j, tile, face, tp, em, tx, nxt, used2, _kd = step
            lk = link if j == _FIXED else (link, i, tile, face)
            if not self.probe(i + 1, nxt, goal, used2, nrack2, nt2, touched2, lone2, need_end, pts + tp, emult * em, cross + tx, lk, left):
                return False
        return True

    def _tiles(self, link: Link) -> tuple[tuple[int, int, str, str], ...]:
        squares = self.line.squares
        out: list[tuple[int, int, str, str]] = []
        while link is not None:
            sq = squares[link[1]]
            out.append((sq.row, sq.col, link[2], link[3]))
            link = link[0]
        out.sort()
        return tuple(out)


def placeable(r: int, numbers: int, after_number: bool, seps: int, needed: int, empty: int) -> int:
    """The most of ``r`` rack tiles left (``numbers`` of them only numbers) a line can still place on ``empty`` squares.

    Two numbers never touch, so between each two placed numbers (and after a number just read)
    stands a tile that is not one: ``seps`` of those can come from the rack and the fixed tiles
    ahead, the others are free tiles, which take squares too, as do the ``needed`` free tiles (an
    '=', closing brackets).  Leaving out a number frees its square and maybe a free tile's, so the
    numbers go first.
    """
    numbers = min(numbers, r)
    for k in range(numbers + 1):
        gaps = max(0, numbers - k + (1 if after_number else 0) - 1)
        free = max(gaps - seps, 0, needed)
        if r - k + free <= empty:
            return r - k
    return min(r - numbers, max(0, empty - needed))


def _best_points(line: SmathLine, i: int, top: Sequence[int], k: int) -> int:
    """Points of the line from square i: the fixed tiles', and ``k`` rack tiles (``top``: the sums of
    the best ones) on the best piece squares ahead (a tile on a triple square counts three times)."""
    c3, c2, c1 = line.piece_suffix[i]
    return line.fixed_suffix[i] + top[min(c3, k)] + top[min(c3 + c2, k)] + top[min(c3 + c2 + c1, k)]


def _sub_counts(left: list[int]) -> list[list[int]]:
    """Every way to take some of the tiles left (a count per rack tile, each at most ``left``)."""
    out: list[list[int]] = [[]]
    for c in left:
        out = [t + [k] for t in out for k in range(c + 1)]
    return out


def _advance(st: State, kind: int, val: int, bare: bool) -> State | None:
    """The state after one more token; ``bare`` as in :meth:`LineWalk.steps`."""
    if not bare:
        return advance(st, kind, val)
    if kind == OPEN:
        return opened(st)
    if kind == CLOSE:
        return None if bracket_value(st) is None else st
    return advance(st, kind, val)


def _absorb(wild: Summary | None, cut: float, head: Summary, child_wild: Summary | None, child_cut: float) -> tuple[Summary | None, float]:
    """(wild, cut) of a node after a child's value-free part (a bound on the rest of the line), seen
    through the node's own stretch ``head``, and the best bound of a part the threshold cut in it."""
    if child_wild is not None:
        wild = _merge(wild, _compose(head, child_wild))
    return wild, max(cut, child_cut)


def _tile_stretch(tp: int, em: int, tx: int) -> Summary:
    """One tile's stretch: its premium, points x premium and cross score."""
    return em, em * tp, float(tx)


def _compose(a: Summary, b: Summary) -> Summary:
    """The bounds of a stretch of squares ``a`` followed by completions bounded by ``b``:
    premiums multiply, points add (a single tile's stretch makes this :func:`_through`)."""
    return a[0] * b[0], a[1] * b[0] + a[0] * b[1], a[2] + b[2]


def _past(pre: Prefix, sm: Summary) -> Prefix:
    """A prefix followed by a stretch bounded by ``sm``: at least as good as the prefix of any line through it."""
    return pre[0] * sm[0], pre[1] + sm[1], pre[2] + math.ceil(sm[2])


def _through(child: Summary, tp: int, em: int, tx: int) -> Summary:
    """A child's bounds seen from its parent, which adds a tile of points ``tp`` (premium ``em``, cross ``tx``)."""
    cm, cpm, cx = child
    return em * cm, em * (tp * cm + cpm), tx + cx


def _merge(a: Summary | None, b: Summary) -> Summary:
    """The bounds of either of two sets of completions."""
    if a is None:
        return b
    return max(a[0], b[0]), max(a[1], b[1]), max(a[2], b[2])


def _ub(pre: Prefix, sm: Summary) -> float:
    """The most a line with prefix ``pre`` can score through completions bounded by ``sm``."""
    e, p, x = pre
    return e * (p * sm[0] + sm[1]) + x + sm[2]


def _lookup(ent: Bounds, w: Value | None) -> Summary | None:
    """The bound for the sides that must have value ``w`` (None: any value, as on the first side)."""
    if w is None:
        return ent[2]
    sm = ent[0].get(w)
    return sm if ent[1] is None else _merge(sm, ent[1])


def _settled(hit: Bounds | Span, pre: Prefix, threshold: float) -> bool:
    """Would working a node out again from ``pre`` under ``threshold`` cut what it cut before?  Then
    it cannot tighten it: it cut nothing, or it was worked out under a prefix at least as good and
    under a threshold no higher or with every part it cut still under this one."""
    cut, then = hit[3], hit[4]
    return cut == -math.inf or (pre[0] <= then[0] and pre[1] <= then[1] and pre[2] <= then[2] and (threshold >= hit[5] or cut < threshold))
