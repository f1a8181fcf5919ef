"""The :class:`MoveGenerator` protocol, its backends, and the one selector that picks one.

Three backends list the same placements in the same order (tested on every backend):

- ``native``: the Rust core (``amath.engine.movegen._native``), when it was built: the A-Math generator and
  the Rust twin of the Smath search (:func:`amath.engine.movegen.native.generate_smath`);
- ``python``: the readable pure-Python generator (:mod:`amath.engine.movegen.fast` for A-Math,
  the exact Smath search :func:`amath.engine.movegen.smath.generate_smath` for Smath), the twin
  and oracle;
- ``reference``: the brute force of :mod:`amath.engine.movegen.reference`, for tests only.

Every backend is exact for every ruleset: ``generate`` is the complete list and
``top(k)`` exactly its first ``k`` (for Smath a branch-and-bound, not the whole list, which
gives ``k`` best in the list's order: among ties at the ``k``-th score, those it found first).
:meth:`MoveGenerator.search` is the one call every backend must answer, with every option
(a :class:`~amath.engine.movegen.request.SearchRequest`: ``limit``, ``min_score``, ``leave``,
``max_nodes``, ``progress``) for every ruleset; :class:`MoveGenerator` builds ``generate``,
``top``, ``count``, ``each`` and ``top_equity`` on it, and a backend overrides one only where it is faster.

:func:`get_generator` chooses by argument, else the ``AMATH_ENGINE`` environment
variable, else ``native`` when it is available and ``python`` otherwise (saying once,
on standard error, that it fell back and why).
"""

from __future__ import annotations

import importlib
import os
import sys
from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Protocol, cast

from amath.core.board import Board
from amath.core.errors import AmathError
from amath.core.move import Pass
from amath.core.position import Action, Position
from amath.core.rules.base import Ruleset
from amath.core.tiles import BLANK
from amath.engine.movegen import rack_leaves as _leaves
from amath.engine.movegen.rack_leaves import RackLeaves
from amath.engine.movegen.request import EVERY, SearchRequest
from amath.engine.movegen.result import GeneratedMove, rank_moves

#: The backends by name, in the order the default tries them.
BACKENDS = ("native", "python", "reference")
ENV_VAR = "AMATH_ENGINE"


class MoveGenerator(ABC):
    """A backend: the legal placements of a rack on a board.

    Every backend must answer :meth:`search` (the one call with every option); the others are
    built on it here, and a backend overrides one only where it has a faster way to the same
    answer (the native core lists, counts and ranks by equity in Rust).
    """

    name: str

    def __repr__(self) -> str:
        return f"<MoveGenerator {self.name}>"

    @abstractmethod
    def search(self, board: Board, rack: Sequence[str], rules: Ruleset, request: SearchRequest = EVERY) -> list[GeneratedMove]:
        """:func:`amath.engine.movegen.smath.generate_smath`'s contract, for every ruleset.

        Every placement, or exactly the ``request.limit`` best, ranked by score (plus
        ``leave(tiles kept)`` when given; ties in the fixed order); only those whose rank
        value is at least ``min_score``.  ``max_nodes`` may stop a Smath search with
        :class:`amath.engine.movegen.smath.SearchStopped` (never a silent partial list);
        ``progress`` hears the count found so far, now and then (:class:`SearchRequest`).
        """

    def generate(self, board: Board, rack: Sequence[str], rules: Ruleset) -> list[GeneratedMove]:
        """Every legal placement, best score first (ties by :meth:`GeneratedMove.key`)."""
        return self.search(board, rack, rules)

    def top(self, board: Board, rack: Sequence[str], rules: Ruleset, k: int) -> list[GeneratedMove]:
        """The first ``k`` of :meth:`generate`, without building the rest where the backend can."""
        _check_k(k)
        return self.search(board, rack, rules, SearchRequest(limit=k))

    def count(self, board: Board, rack: Sequence[str], rules: Ruleset) -> int:
        """How many legal placements there are."""
        return len(self.generate(board, rack, rules))

    def each(self, board: Board, rack: Sequence[str], rules: Ruleset, fn: Callable[[GeneratedMove], None]) -> None:
        """Call ``fn`` on every legal placement, in the order of :meth:`generate`."""
        for move in self.generate(board, rack, rules):
            fn(move)

    def top_equity(self, board: Board, rack: Sequence[str], rules: Ruleset, k: int, leaves: RackLeaves) -> list[tuple[GeneratedMove, int]]:
        """The ``k`` best placements by score x unit + leave (``leaves`` is the rack's table), with that value.

        Ties stay in :meth:`generate`'s order, so every backend gives the same list: Smath's
        from two searches (:func:`smath_top_equity_within`), A-Math's by ranking the whole list.
        """
        _check_k(k)
        leaves.check_fits(rack)
        if _is_smath(rules):
            return _smath_top_equity(self, board, rack, rules, k, leaves)
        return _leaves.top_equity(self.generate(board, rack, rules), leaves, k)


class _ListGenerator(MoveGenerator):
    """A backend built on a function that returns the whole sorted list."""

    def __init__(self, name: str, fn: Callable[[Board, Sequence[str], Ruleset], list[GeneratedMove]]) -> None:
        self.name = name
        self._fn = fn

    def search(self, board: Board, rack: Sequence[str], rules: Ruleset, request: SearchRequest = EVERY) -> list[GeneratedMove]:
        moves = self._fn(board, rack, rules)
        return rank_moves(moves, rack, rules, request)

    def top_equity(self, board: Board, rack: Sequence[str], rules: Ruleset, k: int, leaves: RackLeaves) -> list[tuple[GeneratedMove, int]]:
        _check_k(k)
        leaves.check_fits(rack)
        return _leaves.top_equity(self._fn(board, rack, rules), leaves, k)


class _PythonGenerator(MoveGenerator):
    """The readable generators: A-Math's complete list, Smath's exact search (its own top N)."""

    name = "python"

    def search(self, board: Board, rack: Sequence[str], rules: Ruleset, request: SearchRequest = EVERY) -> list[GeneratedMove]:
        from amath.engine.movegen.dispatch import generate_moves

        return generate_moves(board, rack, rules, request)


class _NativeAPI(Protocol):
    """The module :mod:`amath.engine.movegen.native` (the Rust core's wrapper), as this selector uses it."""

    def available(self) -> bool: ...
    def load_error(self) -> str | None: ...
    def supports(self, rules: Ruleset) -> bool: ...
    def generate(self, board: Board, rack: Sequence[str], rules: Ruleset) -> list[GeneratedMove]: ...
    def top(self, board: Board, rack: Sequence[str], rules: Ruleset, k: int) -> list[GeneratedMove]: ...
    def count(self, board: Board, rack: Sequence[str], rules: Ruleset) -> int: ...
    def top_equity(
        self, board: Board, rack: Sequence[str], rules: Ruleset, k: int, leaves: RackLeaves
    ) -> list[tuple[GeneratedMove, int]]: ...
    def each(self, board: Board, rack: Sequence[str], rules: Ruleset, fn: Callable[[GeneratedMove], None]) -> None: ...
    def supports_smath(self, rules: Ruleset) -> bool: ...
    def generate_smath(self, board: Board, rack: Sequence[str], rules: Ruleset, request: SearchRequest = EVERY) -> list[GeneratedMove]: ...


def _native_module() -> tuple[_NativeAPI | None, str]:
    """The native wrapper and "" when it imports, else None and why not."""
    try:
        module = importlib.import_module("amath.engine.movegen.native")
    except ImportError as err:
        return None, str(err)
    return cast(_NativeAPI, module), ""


class _NativeGenerator(MoveGenerator):
    """The Rust core through :mod:`amath.engine.movegen.native`; rulesets it lacks go to ``python``.

    A Smath ruleset the core searches takes the base class's calls (built on :meth:`search`)."""

    name = "native"

    def __init__(self, native: _NativeAPI, fallback: MoveGenerator) -> None:
        self._native = native
        self._fallback = fallback

    def generate(self, board: Board, rack: Sequence[str], rules: Ruleset) -> list[GeneratedMove]:
        if self._native.supports_smath(rules):
            return super().generate(board, rack, rules)
        if not self._native.supports(rules):
            return self._fallback.generate(board, rack, rules)
        return self._native.generate(board, rack, rules)

    def top(self, board: Board, rack: Sequence[str], rules: Ruleset, k: int) -> list[GeneratedMove]:
        _check_k(k)
        if self._native.supports_smath(rules):
            return super().top(board, rack, rules, k)
        if not self._native.supports(rules):
            return self._fallback.top(board, rack, rules, k)
        return self._native.top(board, rack, rules, k)

    def count(self, board: Board, rack: Sequence[str], rules: Ruleset) -> int:
        if self._native.supports_smath(rules):
            return super().count(board, rack, rules)
        if not self._native.supports(rules):
            return self._fallback.count(board, rack, rules)
        return self._native.count(board, rack, rules)

    def top_equity(self, board: Board, rack: Sequence[str], rules: Ruleset, k: int, leaves: RackLeaves) -> list[tuple[GeneratedMove, int]]:
        _check_k(k)
        if self._native.supports_smath(rules):
            return super().top_equity(board, rack, rules, k, leaves)
        if not self._native.supports(rules):
            return self._fallback.top_equity(board, rack, rules, k, leaves)
        return self._native.top_equity(board, rack, rules, k, leaves)

    def each(self, board: Board, rack: Sequence[str], rules: Ruleset, fn: Callable[[GeneratedMove], None]) -> None:
        if self._native.supports_smath(rules):
            super().each(board, rack, rules, fn)
        elif not self._native.supports(rules):
            self._fallback.each(board, rack, rules, fn)
        else:
            self._native.each(board, rack, rules, fn)

    def search(self, board: Board, rack: Sequence[str], rules: Ruleset, request: SearchRequest = EVERY) -> list[GeneratedMove]:
        if self._native.supports_smath(rules):
            return self._native.generate_smath(board, rack, rules, request)  # the Rust twin
        if not self._native.supports(rules):
            return self._fallback.search(board, rack, rules, request)
        if request.by_score:
            return self.generate(board, rack, rules) if request.limit is None else self.top(board, rack, rules, request.limit)
        return rank_moves(self._native.generate(board, rack, rules), rack, rules, request)


def _check_k(k: int) -> None:
    _leaves.check_k(k)


def _is_smath(rules: Ruleset) -> bool:
    from amath.engine.movegen.dispatch import uses_smath_search

    return uses_smath_search(rules)


def _smath_top_equity(
    gen: MoveGenerator, board: Board, rack: Sequence[str], rules: Ruleset, k: int, leaves: RackLeaves, max_nodes: int | None = None
) -> list[tuple[GeneratedMove, int]]:
    """Smath's ``top_equity``: :func:`smath_top_equity_within` without its exactness flag."""
    return smath_top_equity_within(gen, board, rack, rules, k, leaves, NODE_BUDGET if max_nodes is None else max_nodes)[0]


def smath_top_equity_within(
    gen: MoveGenerator,
    board: Board,
    rack: Sequence[str],
    rules: Ruleset,
    k: int,
    leaves: RackLeaves,
    max_nodes: int,
    by_score: Sequence[GeneratedMove] | None = None,
) -> tuple[list[tuple[GeneratedMove, int]], bool]:
    """(the ``k`` best Smath placements by score + leave with their values, whether exact),
    from two searches of ``max_nodes`` each; ``by_score``: the first one's result, when the
    caller has it already (any placements do: they only set the floor).

    First the best by score (:data:`FLOOR_MOVES` of them, or ``k``), valued with their leaves:
    the ``k``-th best value among them is reached by at least ``k`` placements, so the search
    ranking by score + leave itself needs only the placements at that floor or above, one pass
    of it.  Without the floor it started from the best score plus the best leave of any part
    of the rack, a loose bound, and often used its budget up before finding anything (then
    the bounded search's best stood in: the equity bot exchanged with a 92-point placement on
    the board and lost to greedy by 320 points a game, docs/journal/bots.md).  The answer is exact
    when the second search finishes (whatever the first did: its placements are real, so the
    floor is never above the true ``k``-th value); when a budget stops it, it is the best of
    what both found.  Then put in :func:`amath.engine.movegen.rack_leaves.top_equity`'s order (value,
    score, squares, tiles, faces).  One mechanism for the bots and the analysis of a turn.
    """
    unit, value = leaves.unit, leaves.by_kept()

    def valued(moves: Sequence[GeneratedMove]) -> list[tuple[GeneratedMove, int]]:
        return [(m, leaves.value_of(m)) for m in moves]

    if k == 0:
        return [], True
    if by_score is None and k > FLOOR_MOST:  # a long list (every placement) has no floor worth a second search
        by_score = []
    elif by_score is None:
        by_score = search_within(board, rack, rules, SearchRequest(limit=max(k, FLOOR_MOVES), max_nodes=max_nodes), generator=gen)[0]
    scored = valued(by_score)
    known = sorted((v for _, v in scored), reverse=True)
    # values are whole units: half a unit below the k-th keeps it and all as good, whatever the float rounding
    floor = (known[k - 1] - 0.5) / unit if len(known) >= k else None
    asked = SearchRequest(limit=k, min_score=floor, leave=lambda kept: value(kept) / unit, max_nodes=max_nodes)
    found, exact = search_within(board, rack, rules, asked, generator=gen)
    best = {mv[0].key(): mv for mv in valued(found) + scored}
    return sorted(best.values(), key=lambda mv: (-mv[1], -mv[0].score, mv[0].key()))[:k], exact


#: Placements by score the Smath equity search values first for its floor (at least ``k``), and
#: the most placements asked for that still take that first search (see :func:`_smath_top_equity`).
FLOOR_MOVES = 4
FLOOR_MOST = 64


def _reference(board: Board, rack: Sequence[str], rules: Ruleset) -> list[GeneratedMove]:
    from amath.engine.movegen.reference import generate_reference

    return generate_reference(board, rack, rules)


_PYTHON = _PythonGenerator()
_REFERENCE = _ListGenerator("reference", _reference)
_cache: dict[str, MoveGenerator] = {}
_warned = False


def native_available() -> bool:
    """True when the Rust core was built and imports."""
    native, _ = _native_module()
    return native is not None and native.available()


def own_backends(rules: Ruleset) -> list[str]:
    """The backends that search ``rules`` themselves (``native`` only where its core covers them): what tests run on."""
    native, _ = _native_module()
    own = native is not None and native.available() and (native.supports(rules) or native.supports_smath(rules))
    return ["native", "python"] if own else ["python"]


def _native_error() -> str:
    native, why = _native_module()
    return why if native is None else native.load_error() or "unknown reason"


def get_generator(name: str | None = None) -> MoveGenerator:
    """The backend called ``name`` (``native``, ``python``, ``reference``), or the default.

    The default is ``$AMATH_ENGINE`` when set, else ``native`` when built, else ``python``.
    Asking for ``native`` by name where it was not built raises :class:`AmathError`.
    """
    global _warned
    chosen = name if name is not None else os.environ.get(ENV_VAR, "").strip().lower() or None
    if chosen is None:
        if native_available():
            chosen = "native"
        else:
            if not _warned:  # said once per process, on stderr, in one line
                _warned = True
                print(f"amath: {_native_error()}; using the pure-Python move generator (slower)", file=sys.stderr)
            chosen = "python"
    if chosen not in BACKENDS:
        raise AmathError(f"unknown engine backend {chosen!r} (choose from {', '.join(BACKENDS)})")
    if chosen not in _cache:
        if chosen == "native":
            native, _ = _native_module()
            if native is None or not native.available():
                raise AmathError(f"the native backend is not built: {_native_error()}")
            _cache[chosen] = _NativeGenerator(native, _PYTHON)
        else:
            _cache[chosen] = _PYTHON if chosen == "python" else _REFERENCE
    return _cache[chosen]


#: Search nodes one Smath move list may take where a bot or an engine search needs an answer
#: now (:func:`search_within`).  Counted in nodes, not seconds, so games replay from their seed
#: on any machine.  A-Math's generator needs no budget.  The exact passes get 1,000,000 of them
#: (on the 70 stored ten-tile racks of 3 December a bot's search finished on 36 at that, 24 at
#: 400,000), the probe of a stopped search the other 100,000 (:data:`amath.engine.movegen.smath.PROBE_NODES`;
#: docs/smath.md "How many nodes a bot gets", "The probe").
NODE_BUDGET = 1_100_000

#: The most nodes the last fallback of a stopped search (the Python bounded search) may take:
#: its nodes cost some ten times the exact search's, for placements of at most six tiles.
BOUNDED_NODES = 100_000


def search_within(
    board: Board, rack: Sequence[str], rules: Ruleset, request: SearchRequest = EVERY, *, generator: MoveGenerator | None = None
) -> tuple[list[GeneratedMove], bool]:
    """(placements, complete): the default backend's :meth:`~MoveGenerator.search`, stopped after
    ``request.max_nodes`` (None: :data:`NODE_BUDGET`).

    ``complete`` is False when the Smath search was stopped: the placements are then the
    best of what it found by then (its exact passes, and the quick probe it keeps part of the
    budget for, :data:`amath.engine.movegen.smath.PROBE_NODES`) and, for a rack
    with a blank, of the same search without the blanks within the same budget (a blank
    multiplies the values a line may take by thirteen and a node's cost by about ten: where
    the whole rack's search found nothing within its budget the rest of it often finishes in
    a fraction of it, docs/smath.md "Blanks"); when neither found any, the best of the older bounded search
    (:mod:`amath.engine.movegen.bounded`: at most six rack tiles, two ``=``, one pair of brackets;
    a quarter of ``max_nodes`` and at most :data:`BOUNDED_NODES`), so a bot still has a move to play.
    """
    from amath.engine.movegen.bounded import generate_bounded
    from amath.engine.movegen.smath import SearchStopped

    gen = generator or get_generator()
    max_nodes = NODE_BUDGET if request.max_nodes is None else request.max_nodes
    try:
        return gen.search(board, rack, rules, replace(request, max_nodes=max_nodes, progress=None)), True
    except SearchStopped as stopped:
        found = list(stopped.found)
    plain = [t for t in rack if t != BLANK]
    if len(plain) < len(rack):
        try:  # by score: the blank-free part's leaves are not the whole rack's; ranked below
            found += gen.search(board, plain, rules, SearchRequest(limit=request.limit, max_nodes=max_nodes))
        except SearchStopped as stopped:
            found += stopped.found
    if not found:
        found = generate_bounded(board, rack, rules, max_rack_tiles=6, node_budget=min(max_nodes // 4, BOUNDED_NODES))
    unique = {m.place: m for m in found}
    return rank_moves(unique.values(), rack, rules, request), False


class WithinNodes(MoveGenerator):
    """A backend whose Smath searches stop after ``max_nodes`` nodes with the best found by then
    (:func:`search_within`): a simulation's play-out replies need a good turn soon, not the
    best one.  A-Math's generator is complete and needs no budget: its answers are the inner
    backend's."""

    def __init__(self, inner: MoveGenerator, max_nodes: int) -> None:
        self.inner = inner
        self.max_nodes = max_nodes
        self.name = inner.name

    def __repr__(self) -> str:
        return f"WithinNodes({self.inner!r}, {self.max_nodes})"

    def top_equity(self, board: Board, rack: Sequence[str], rules: Ruleset, k: int, leaves: RackLeaves) -> list[tuple[GeneratedMove, int]]:
        _check_k(k)
        if _is_smath(rules):
            leaves.check_fits(rack)
            return _smath_top_equity(self.inner, board, rack, rules, k, leaves, self.max_nodes)
        return self.inner.top_equity(board, rack, rules, k, leaves)

    def search(self, board: Board, rack: Sequence[str], rules: Ruleset, request: SearchRequest = EVERY) -> list[GeneratedMove]:
        """The inner search; a Smath one within this backend's nodes (or fewer, if asked): the best found
        by then, as :func:`search_within` (with ``min_score``, a stopped search raises as the inner one does)."""
        if not _is_smath(rules):
            return self.inner.search(board, rack, rules, request)
        nodes = self.max_nodes if request.max_nodes is None else min(request.max_nodes, self.max_nodes)
        if request.min_score is not None:
            return self.inner.search(board, rack, rules, replace(request, max_nodes=nodes))
        return search_within(
            board, rack, rules, SearchRequest(limit=request.limit, leave=request.leave, max_nodes=nodes), generator=self.inner
        )[0]


def backend() -> str:
    """The name of the backend :func:`get_generator` picks by default here and now."""
    return get_generator().name


# ----- the legal turns of a kernel position -------------------------------------------------
def placements(pos: Position, limit: int | None = None) -> list[GeneratedMove]:
    """The legal placements of ``pos``'s side to move, best score first (its top ``limit``); none once over.

    From the default backend; a Smath search stops after :data:`NODE_BUDGET` nodes and gives
    the best placements found by then, so the engine's searches stay within a budget.
    """
    if pos.outcome is not None or not pos.racks[pos.to_move]:
        return []
    return search_within(pos.board, pos.rack(), pos.rules, SearchRequest(limit=limit))[0]


def legal_turns(pos: Position) -> list[Action]:
    """Every legal turn of ``pos``: placements (best score first), exchanges, then pass; none once over."""
    if pos.outcome is not None:
        return []
    return [m.place for m in placements(pos)] + list(pos.exchanges()) + [Pass()]
