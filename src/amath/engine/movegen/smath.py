"""The exact Smath move search: no node budget in the answer, a branch-and-bound for the top N.

Smath's ``=`` and brackets are free and unlimited, brackets may be redundant and numbers
and brackets multiply implicitly (docs/rules.md "Smath: equations").  The search walks each row and column from
every square a line may start on, one square at a time, following the grammar of a line
with exact rational values:

    side   := term (("+" | "-") term)*
    term   := factor (("*" | "/") factor | implicit factor)*      implicit: after a number or ")"
    factor := ["-"] (number | "(" side ")")                        "-" only opening a side or "("

A line is sides joined by ``=``; the first side's value is the target every later side
must reach (the join by value of the A-Math generator, done as the line is read).
Cross-check sets limit every square to the faces its crossing line allows, the rack is
counts (equal tiles are never permuted twice) and every complete line is scored as it is
found.  On an empty board whose premiums mirror in the diagonal
(:meth:`~amath.core.board.Layout.transposable`) only the rows are walked: each placement is kept
with its mirror, the column's same placement.
Modes:

- ``limit=None``: every legal placement;
- ``limit=N``: N best placements, in the complete list's fixed order (best score first,
  ties by squares, tiles, faces): a branch-and-bound drops a partial line when an upper
  bound on what it can still score does not beat the N-th score found so far, once N are
  found.  No placement outside the list scores more than the last one listed (docs/rules.md "N best");
  among ties at the boundary it keeps those it found first, not the complete list's first.
  It runs at falling thresholds (aspiration, :data:`ASPIRATION`): a pass at threshold t
  finds every placement worth at least t, so a pass that finds N of them has the N best;
  the last pass has no threshold;
- ``max_nodes``: an optional safety stop; when reached the search raises
  :class:`SearchStopped` (with what it found), it never returns less silently.  A top-N
  search keeps part of that budget (:func:`probe_reserve`) for a quick depth-first probe
  should its passes be stopped, so what it found is seldom nothing;
- :data:`TABLE_ENTRIES`: the memory a search may take, counted in table entries; past it the
  search stops the same way (code ``search_tables``).  Only a complete list of a big rack
  (no ``limit``) comes near it.
"""

from __future__ import annotations

import math
import os
from collections.abc import Callable, Sequence

from amath.core.board import Board, Square
from amath.core.errors import AmathError
from amath.core.move import Place, TilePlay
from amath.core.rules.base import Ruleset
from amath.engine.movegen.lines import grid_of
from amath.engine.movegen.rack import RackInfo
from amath.engine.movegen.request import EVERY, SearchRequest
from amath.engine.movegen.result import GeneratedMove
from amath.engine.movegen.smath_line import DIVIDE, SmathLine, build_smath_line, token
from amath.engine.movegen.smath_values import Piece, Values
from amath.engine.movegen.smath_walk import LineWalk
from amath.engine.movegen.smath_walk import SearchStats as SearchStats  # the stats live with the walk that counts them

ASPIRATION = 0.9
"""A top-N search tries first the best crude bound of a start square times ``ASPIRATION``, its
square, ... (:data:`ASPIRATION_PASSES` of them, down to about 0.12): the first pass that finds N
is seldom far below the N-th best."""
ASPIRATION_PASSES = 20
"""How many thresholds a top-N search tries before the last pass (no threshold)."""
CAP_GROWTH = 2
"""Every top-N pass but the last (no threshold) runs within ``CAP_GROWTH`` times the nodes spent so far (at least
:data:`CAP_MIN`): a pass far under the best costs many times one at it, as its bounds are worked out
under the lower threshold, so one that runs over tries halfway back up first, down to :data:`CAP_GAP`
of the level (or a point) from a level proved empty; then it runs without a cap."""
CAP_MIN = 1_000
CAP_GAP = 0.03
PROBE_NODES = 100_000
"""A top-N search with a node budget keeps this many of its nodes (and at most 1/:data:`PROBE_SHARE`)
for a quick depth-first probe (:meth:`LineWalk.probe_from`) should its exact passes be stopped: a
stopped search then still returns good placements (and says it was stopped), where the passes,
all still above the best, had found none."""
PROBE_SHARE = 10
PROBE_SLICE = 50_000
"""The probe's nodes at most a start square: two squares at the default budget (of 2,000, 5,000,
20,000, 50,000 and 100,000 on the 52 stopped full racks of tests/data, the most points; docs/smath.md)."""


def probe_reserve(budget: int) -> int:
    """The nodes a top-N search within ``budget`` keeps for its probe; its exact passes get the rest."""
    return min(PROBE_NODES, budget // PROBE_SHARE)


ENTRY_BYTES = 80
"""The memory of one table entry, native (`/usr/bin/time -v` on stored racks: #3, 1.15 M entries
in 93 MB over the interpreter's own)."""


MOST_TABLE_ENTRIES = 64_000_000
"""The table budget on a machine big enough for it (about 5 GB at :data:`ENTRY_BYTES`)."""


def table_budget(memory: int | None) -> int:
    """The table entries a search may build on a machine with ``memory`` bytes (None: unknown):
    :data:`MOST_TABLE_ENTRIES`, or what half the memory holds if that is less, so a search stops
    with a clear error before the machine swaps; at least 1 M."""
    if memory is None:
        return MOST_TABLE_ENTRIES
    return max(1_000_000, min(MOST_TABLE_ENTRIES, memory // 2 // ENTRY_BYTES))


def _memory() -> int | None:
    """This machine's physical memory in bytes, where the system says."""
    try:
        return os.sysconf("SC_PHYS_PAGES") * os.sysconf("SC_PAGE_SIZE")
    except (AttributeError, OSError, ValueError):
        return None


TABLE_ENTRIES = table_budget(_memory())
"""The most table entries a search may build, its memory budget: each node worked out counts one,
plus one per value of its table by value.  Past it the search stops (:class:`SearchStopped`, code
``search_tables``).  64 M on a machine of 10 GB or more (about 5 GB), less on a smaller one
(:func:`table_budget`); the heaviest stored full-rack best move builds 33 M, a complete list of a
full rack 2-3 M a second (docs/smath.md)."""


class _Capped(Exception):
    """A pass ran over its cap (:meth:`Search._passes`); never leaves the search."""


class SearchStopped(AmathError):
    """The node limit or the table budget stopped the search; ``found`` holds the placements found so far."""

    def __init__(
        self,
        stopped_after: int,
        found: list[GeneratedMove],
        *,
        code: str = "search_stopped",
        nodes: int = 0,
        count: int = 0,
        entries: int = 0,
    ) -> None:
        if code == "search_tables":
            message = (
                f"the search was stopped after {stopped_after} nodes: its tables reached {entries} entries, the most a"
                f" search may hold in memory; {len(found)} placements found, the list is not complete (ask for the N best)"
            )
        else:
            message = f"the search was stopped after {stopped_after} nodes with {len(found)} placements found; the list is not complete"
        super().__init__(message, code=code, nodes=nodes or stopped_after, count=count or len(found), entries=entries)
        self.nodes = stopped_after
        self.found = found
        self.entries = entries


def supports(rules: Ruleset) -> bool:
    """True when the Smath search handles ``rules``: single-tile numbers (no digits joining)."""
    return rules.syntax.max_digits == 1


def generate_smath(
    board: Board,
    rack: Sequence[str],
    rules: Ruleset,
    request: SearchRequest = EVERY,
    *,
    stats: SearchStats | None = None,
    max_len: int | None = None,
) -> list[GeneratedMove]:
    """Legal placements of ``rack`` on ``board``, best first: all of them, or exactly the ``limit`` best
    (the options are ``request``'s, :class:`~amath.engine.movegen.request.SearchRequest`).

    ``min_score`` keeps only placements scoring at least that much (every one of them).
    ``leave`` ranks by score plus ``leave(tiles kept)`` instead of score alone (the equity
    bot); the order, the top-N guarantee and ``min_score`` then hold for that sum.  ``progress`` is
    called with the count found so far, now and then.  ``max_len`` (for tests against a
    brute force) keeps only main lines of at most that many tiles.  Raises :class:`SearchStopped` if
    ``max_nodes`` is reached.
    """
    if not supports(rules):
        raise NotImplementedError(f"the Smath search needs single-tile numbers, not {rules.name}")
    if request.limit is not None and request.limit <= 0:
        return []
    if not rack:
        return []
    search = Search(board, rack, rules, request.limit, request.leave, request.max_nodes, request.progress, stats or SearchStats())
    if request.min_score is not None:
        search.threshold = request.min_score
    search.max_len = max_len
    return search.run()


class Search:
    """One search over the whole board; results collect in ``kept``."""

    def __init__(
        self,
        board: Board,
        rack: Sequence[str],
        rules: Ruleset,
        limit: int | None,
        leave: Callable[[tuple[str, ...]], float] | None,
        max_nodes: int | None,
        progress: Callable[[int], None] | None,
        stats: SearchStats,
    ) -> None:
        self.board = board
        self.rules = rules
        self.info = RackInfo.of(rack, rules)
        self.limit = limit
        self.max_nodes = max_nodes
        self.max_entries = TABLE_ENTRIES
        self.progress = progress
        self.stats = stats
        self.empty = board.is_empty()
        # an empty board whose premiums mirror in the diagonal: the columns are the rows
        # transposed, so only the rows are searched and each placement is kept with its mirror
        self.mirror = self.empty and rules.layout.transposable()
        self.kept: list[tuple[float, int, tuple[tuple[int, int, str, str], ...]]] = []
        self.prior: list[tuple[float, int, tuple[tuple[int, int, str, str], ...]]] = []  # the last finished pass's
        self.cap: int | None = None  # the node count a capped pass stops past (:meth:`_passes`)
        self.threshold = float("-inf")
        self.extra, self.extra_max = self._leave_table(leave)
        self.extra_above = None if self.extra is None else self._superset_max(self.extra)
        points = sorted((rules.points(t) for t in rack), reverse=True)
        self.top_sum = [0]
        for p in points:
            self.top_sum.append(self.top_sum[-1] + p)
        self.rack_total = len(rack)
        self.bingo = rules.bingo_bonus if len(rack) == rules.rack_size else 0
        self.max_len: int | None = None
        self._tops: dict[int, list[int]] = {}
        self._numbers: dict[int, int] = {}
        # by rack index: every face of the tile is a number (it cannot stand between two numbers)
        self.numeric = [all(f.isdigit() for f in rules.faces_of(t)) for t in self.info.tiles]
        # by rack index: the tokens the tile may show, and its points (the value-aware bound)
        self.pieces: list[Piece] = [_piece(rules.faces_of(t)) for t in self.info.tiles]
        self.tile_points = [rules.points(t) for t in self.info.tiles]
        self.values = Values()

    def _leave_table(self, leave: Callable[[tuple[str, ...]], float] | None) -> tuple[dict[int, float] | None, float]:
        """leave(kept tiles) for every way to use part of the rack, by packed usage."""
        if leave is None:
            return None, 0.0
        info = self.info
        table: dict[int, float] = {}

        def fill(j: int, used: int, kept: list[str]) -> None:
            if j == len(info.tiles):
                table[used] = leave(tuple(kept))
                return
            for n in range(info.counts[j] + 1):
                fill(j + 1, used + n * info.bits[j], kept + [info.tiles[j]] * (info.counts[j] - n))

        fill(0, 0, [])
        return table, max(table.values())

    def _superset_max(self, table: dict[int, float]) -> dict[int, float]:
        """By packed usage: the best leave of it and of every usage using more of each tile."""
        info = self.info
        best = dict(table)
        for j, bit in enumerate(info.bits):
            for used in sorted(best, reverse=True):  # one more of tile j: a larger key, already final for j
                if (used >> (info.width * j)) & info.mask < info.counts[j]:
                    best[used] = max(best[used], best[used + bit])
        return best

    def extra_bound(self, used: int) -> float:
        """The most a line that has used ``used`` so far can still add by its leave: the best
        leave of any usage at or above it, far tighter than the table's maximum (0 without one)."""
        return 0.0 if self.extra_above is None else self.extra_above[used]

    def run(self) -> list[GeneratedMove]:
        """Search at falling thresholds (aspiration) until the ``limit`` best are proved; see :meth:`_pass`."""
        grid = grid_of(self.board)
        rules = self.rules
        centre = rules.layout.centre
        starts: list[tuple[float, LineWalk, int]] = []
        for across in (True,) if self.mirror else (True, False):
            for k in range(self.board.size):
                if self.empty and rules.first_play != "anywhere" and k != (centre.row if across else centre.col):
                    continue
                line = build_smath_line(grid, k, across, rules, self.info)
                walker = LineWalk(self, line, across)
                for p in self._starts(line, across):
                    starts.append((self._crude_bound(line, p), walker, p))
        starts.sort(key=lambda t: -t[0])  # best crude bound first (stable, as the native twin's): every pass and the probe
        floor = self.threshold
        top = max([floor, *(b for b, _, _ in starts)])
        levels = self._aspiration(floor, top)
        # a top-N search within a budget keeps a share of it for the probe, should the passes stop
        budget = self.max_nodes
        top_n = budget is not None and self.limit is not None and floor == float("-inf")
        reserve = probe_reserve(budget) if budget is not None and top_n else 0
        if budget is not None:
            self.max_nodes = budget - reserve
        try:
            self._passes(starts, levels, top)
        except SearchStopped as stop:
            self.max_nodes = budget
            if not reserve or stop.code != "search_stopped":
                raise
            # what the stopped passes found stands (``count_node`` kept it); the probe may find better
            self.threshold = floor
            self._trim()
            self._probe(starts, reserve)
            found = _moves(self.kept)
            nodes = self.stats.nodes
            raise SearchStopped(nodes, found, code="search_stopped", nodes=nodes, count=len(found)) from None
        self.max_nodes = budget
        return _moves(self.kept)

    def _passes(self, starts: list[tuple[float, LineWalk, int]], levels: list[float], top: float) -> None:
        """The passes at the thresholds ``levels`` (:meth:`_pass`; under ``top``, above every
        placement), until one finds the ``limit`` best: a pass that finishes without them proves
        its level empty; one over its cap (:data:`CAP_GROWTH`) proves nothing, and the next tries
        halfway between it and the lowest level proved empty."""
        empty = top  # no placement is worth this much
        over: float | None = None  # the last level whose pass ran over its cap
        then: float | None = None  # the level a capped pass's finds make exact
        idx = 0
        while True:
            listed = False
            if then is not None:
                level, capped, then = then, False, None
            elif over is not None:
                if empty - over > max(CAP_GAP * abs(empty), 1.0):
                    level, capped = (empty + over) / 2, True
                else:
                    level, capped, over = over, False, None
            else:
                while idx + 1 < len(levels) and levels[idx] >= empty:
                    idx += 1
                if idx >= len(levels):
                    break
                # levels but the last are a top-N search's aspiration (:meth:`_aspiration`)
                level, capped, listed = levels[idx], idx + 1 < len(levels), True
            nodes = self.stats.nodes
            self.cap = nodes + max(CAP_GROWTH * nodes, CAP_MIN) if capped else None
            # what the last finished pass found is the exact best so far: a budget that stops
            # this pass before it finds them again still returns them (:meth:`count_node`)
            self.prior = self.kept
            self.kept = []
            self.threshold = level
            try:
                self._pass(starts)
            except _Capped:
                self.stats.capped += 1
                # what it found is exact from its own level up: a pass there gives them all
                self._trim()
                if self.limit is not None and len(self.kept) >= self.limit:
                    then = self.kept[-1][0]
                else:
                    over = level
                self.kept = []
                continue
            finally:
                self.cap = None
            self._trim()
            if self.limit is not None and len(self.kept) >= self.limit:
                break
            empty = level
            if listed:
                idx += 1

    def _aspiration(self, floor: float, best: float) -> list[float]:
        """The thresholds to try: high fractions of the best crude bound first, then ``floor``.

        A pass at threshold t finds every placement worth at least t, so once it finds
        ``limit`` of them they are exactly the ``limit`` best; otherwise the next, lower one runs.
        """
        if self.limit is None or floor > float("-inf") or best <= 0:
            return [floor]
        levels = []
        f = 1.0
        for _ in range(ASPIRATION_PASSES):
            f *= ASPIRATION  # by repeated products, as the native twin computes them
            levels.append(best * f)
        return levels + [floor]

    def _probe(self, starts: list[tuple[float, LineWalk, int]], nodes: int) -> None:
        """The probe: the start squares (best crude bound first, as :meth:`run` sorts them;
        :meth:`LineWalk.probe_from`), each within :data:`PROBE_SLICE` nodes, until ``nodes`` are
        spent or no crude bound reaches the threshold; what it finds joins ``kept``."""
        spent = 0
        for bound, walker, p in starts:
            if bound < self.threshold or spent >= nodes:
                break
            spent += walker.probe_from(p, min(PROBE_SLICE, nodes - spent))
        self._trim()

    def _pass(self, starts: list[tuple[float, LineWalk, int]]) -> None:
        """Search the start squares (best crude bound first, as :meth:`run` sorts them); stop when
        no bound reaches the threshold.  A start's own bound is not worked out first: its walk
        takes the first squares by their value-free bound, each worked out in its turn
        (:meth:`LineWalk.walk_from`), so once the best it can hold is found the rest is cut unseen."""
        for n, (bound, walker, p) in enumerate(starts):
            if bound < self.threshold:
                self.stats.pruned += len(starts) - n
                break
            walker.walk_from(p)

    def left_top(self, used: int) -> list[int]:
        """Sums of the k best tile points among the rack tiles ``used`` leaves, k = 0, 1, ..."""
        hit = self._tops.get(used)
        if hit is None:
            info = self.info
            left = [
                self.rules.points(t)
                for j, t in enumerate(info.tiles)
                for _ in range(info.counts[j] - ((used >> (info.width * j)) & info.mask))
            ]
            left.sort(reverse=True)
            hit = [0]
            for pts in left:
                hit.append(hit[-1] + pts)
            self._tops[used] = hit
        return hit

    def numbers_left(self, used: int) -> int:
        """How many of the rack tiles left by ``used`` can only be numbers."""
        hit = self._numbers.get(used)
        if hit is None:
            info = self.info
            hit = sum(info.counts[j] - ((used >> (info.width * j)) & info.mask) for j in range(len(info.tiles)) if self.numeric[j])
            self._numbers[used] = hit
        return hit

    def count_node(self) -> None:
        """Count one search node; raise :class:`SearchStopped` past ``max_nodes``."""
        stats = self.stats
        stats.nodes += 1
        if self.max_nodes is not None and stats.nodes > self.max_nodes:
            found = self._found_when_stopped()
            raise SearchStopped(stats.nodes, found, code="search_stopped", nodes=stats.nodes, count=len(found))
        if self.cap is not None and stats.nodes > self.cap:
            raise _Capped

    def count_entries(self, n: int) -> None:
        """Count the table entries of a node worked out; raise :class:`SearchStopped` past :data:`TABLE_ENTRIES`."""
        stats = self.stats
        stats.entries += n
        if stats.entries > self.max_entries:
            found = self._found_when_stopped()
            raise SearchStopped(stats.nodes, found, code="search_tables", nodes=stats.nodes, count=len(found), entries=stats.entries)

    def _found_when_stopped(self) -> list[GeneratedMove]:
        """What a stopped search returns: the placements found so far, with the last finished pass's."""
        seen = {key for _, _, key in self.kept}
        self.kept.extend(m for m in self.prior if m[2] not in seen)
        self._trim()
        return _moves(self.kept)

    def _starts(self, line: SmathLine, across: bool) -> list[int]:
        """Squares a main line may start on (the square before it empty or off the board)."""
        n = line.size
        kind = line.kind
        out = []
        for p in range(n):
            if p > 0 and kind[p - 1] >= 0:
                continue
            if self.empty:
                if self.rules.first_play in ("end_on_centre", "cover_centre") and p > self.centre_index(across):
                    continue
            elif self.rules.must_touch and line.touch_prefix[line.reach[p]] - line.touch_prefix[p] == 0:
                continue
            out.append(p)
        return out

    def centre_index(self, across: bool) -> int:
        """Where the centre square lies along a row (``across``) or column through it."""
        c = self.rules.layout.centre
        return c.col if across else c.row

    def _crude_bound(self, line: SmathLine, i: int) -> float:
        """A quick upper bound on any line from square i: every rack tile on the best squares to the edge."""
        r = self.rack_total
        c3, c2, c1 = line.piece_suffix[i]
        top = self.top_sum
        pts = line.fixed_suffix[i] + top[min(c3, r)] + top[min(c3 + c2, r)] + top[min(c3 + c2 + c1, r)]
        ub = pts * line.emult_suffix[i] + line.cross_suffix[i] + self.extra_max
        if self.bingo and line.empty_suffix[i] >= r:
            ub += self.bingo
        return ub

    def admits(self, score: int, used: int) -> bool:
        """Could a placement of this score (and usage) still be among the ``limit`` best?"""
        return score + (self.extra[used] if self.extra is not None else 0.0) >= self.threshold

    def record(self, score: int, used: int, key: tuple[tuple[int, int, str, str], ...]) -> None:
        """Keep a placement (and its mirror, see ``mirror``); once ``limit`` are kept, trim to the ``limit`` best, raising the threshold."""
        value = score + (self.extra[used] if self.extra is not None else 0.0)
        for tiles in (key, tuple(sorted((c, r, t, f) for r, c, t, f in key))) if self.mirror else (key,):
            self.kept.append((value, score, tiles))
            self.stats.found += 1
            if self.progress is not None and self.stats.found % 10_000 == 0:
                self.progress(self.stats.found)
        if self.limit is not None and len(self.kept) >= self.limit:
            self._trim()

    def _trim(self) -> None:
        """Sort the kept placements; keep the ``limit`` best and raise the threshold just past the
        last, so a placement that only ties it is cut: any N of the tied are N best (docs/rules.md "N best")."""
        self.kept.sort(key=lambda m: (-m[0], m[2]))
        if self.limit is not None and len(self.kept) >= self.limit:
            del self.kept[self.limit :]
            self.threshold = math.nextafter(self.kept[-1][0], math.inf)


def _piece(faces: Sequence[str]) -> Piece:
    """The number and operator tokens of a tile's faces, in a fixed order."""
    return tuple(sorted({token(f) for f in faces if token(f)[0] <= DIVIDE}))


def _moves(kept: list[tuple[float, int, tuple[tuple[int, int, str, str], ...]]]) -> list[GeneratedMove]:
    return [GeneratedMove(Place(tuple(TilePlay(Square(r, c), t, f) for r, c, t, f in key)), s) for _, s, key in kept]
