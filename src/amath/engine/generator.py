"""The :class:`MoveGenerator` protocol, its backends, and the one selector that picks one.

Three backends list the same placements in the same order (tested on every backend):

- ``native``: the Rust core (``amath._native``), when it was built;
- ``python``: the readable pure-Python generator (:mod:`amath.movegen.fast` for A-Math,
  the Smath search of :mod:`amath.movegen.dispatch` otherwise), the twin and oracle;
- ``reference``: the brute force of :mod:`amath.movegen.reference`, for tests only.

:func:`get_generator` chooses by argument, else the ``AMATH_ENGINE`` environment
variable, else ``native`` when it is available and ``python`` otherwise (saying once,
on standard error, that it fell back and why).
"""

from __future__ import annotations

import importlib
import os
import sys
from collections.abc import Callable, Sequence
from typing import Protocol, cast, runtime_checkable

from amath.board import Board
from amath.errors import AmathError, PositionError
from amath.movegen import leaves as _leaves
from amath.movegen.leaves import RackLeaves
from amath.movegen.result import GeneratedMove
from amath.rules.base import Ruleset

#: The backends by name, in the order the default tries them.
BACKENDS = ("native", "python", "reference")
ENV_VAR = "AMATH_ENGINE"


@runtime_checkable
class MoveGenerator(Protocol):
    """What every backend offers: the legal placements of a rack on a board."""

    name: str

    def generate(self, board: Board, rack: Sequence[str], rules: Ruleset) -> list[GeneratedMove]:
        """Every legal placement, best score first (ties by :meth:`GeneratedMove.key`)."""
        ...

    def top(self, board: Board, rack: Sequence[str], rules: Ruleset, k: int) -> list[GeneratedMove]:
        """The first ``k`` of :meth:`generate`, without building the rest where the backend can."""
        ...

    def count(self, board: Board, rack: Sequence[str], rules: Ruleset) -> int:
        """How many legal placements there are."""
        ...

    def top_equity(self, board: Board, rack: Sequence[str], rules: Ruleset, k: int, leaves: RackLeaves) -> list[tuple[GeneratedMove, int]]:
        """The ``k`` best placements by score x unit + leave (``leaves`` is the rack's table), with that value.

        Ties stay in :meth:`generate`'s order, so every backend gives the same list.
        """
        ...

    def each(self, board: Board, rack: Sequence[str], rules: Ruleset, fn: Callable[[GeneratedMove], None]) -> None:
        """Call ``fn`` on every legal placement, in the order of :meth:`generate`."""
        ...


class _ListGenerator:
    """A backend built on a function that returns the whole sorted list."""

    def __init__(self, name: str, fn: Callable[[Board, Sequence[str], Ruleset], list[GeneratedMove]]) -> None:
        self.name = name
        self._fn = fn

    def __repr__(self) -> str:
        return f"<MoveGenerator {self.name}>"

    def generate(self, board: Board, rack: Sequence[str], rules: Ruleset) -> list[GeneratedMove]:
        return self._fn(board, rack, rules)

    def top(self, board: Board, rack: Sequence[str], rules: Ruleset, k: int) -> list[GeneratedMove]:
        _check_k(k)
        return self._fn(board, rack, rules)[:k]

    def count(self, board: Board, rack: Sequence[str], rules: Ruleset) -> int:
        return len(self._fn(board, rack, rules))

    def top_equity(self, board: Board, rack: Sequence[str], rules: Ruleset, k: int, leaves: RackLeaves) -> list[tuple[GeneratedMove, int]]:
        _check_k(k)
        _check_leaves(rack, leaves)
        return _leaves.top_equity(self._fn(board, rack, rules), leaves, k)

    def each(self, board: Board, rack: Sequence[str], rules: Ruleset, fn: Callable[[GeneratedMove], None]) -> None:
        for move in self._fn(board, rack, rules):
            fn(move)


class _NativeAPI(Protocol):
    """The module :mod:`amath.movegen.native` (the Rust core's wrapper), as this selector uses it."""

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


def _native_module() -> tuple[_NativeAPI | None, str]:
    """The native wrapper and "" when it imports, else None and why not."""
    try:
        module = importlib.import_module("amath.movegen.native")
    except ImportError as err:
        return None, str(err)
    return cast(_NativeAPI, module), ""


class _NativeGenerator:
    """The Rust core through :mod:`amath.movegen.native`; rulesets it lacks go to ``python``."""

    name = "native"

    def __init__(self, native: _NativeAPI, fallback: MoveGenerator) -> None:
        self._native = native
        self._fallback = fallback

    def __repr__(self) -> str:
        return "<MoveGenerator native>"

    def generate(self, board: Board, rack: Sequence[str], rules: Ruleset) -> list[GeneratedMove]:
        if not self._native.supports(rules):
            return self._fallback.generate(board, rack, rules)
        return self._native.generate(board, rack, rules)

    def top(self, board: Board, rack: Sequence[str], rules: Ruleset, k: int) -> list[GeneratedMove]:
        _check_k(k)
        if not self._native.supports(rules):
            return self._fallback.top(board, rack, rules, k)
        return self._native.top(board, rack, rules, k)

    def count(self, board: Board, rack: Sequence[str], rules: Ruleset) -> int:
        if not self._native.supports(rules):
            return self._fallback.count(board, rack, rules)
        return self._native.count(board, rack, rules)

    def top_equity(self, board: Board, rack: Sequence[str], rules: Ruleset, k: int, leaves: RackLeaves) -> list[tuple[GeneratedMove, int]]:
        _check_k(k)
        if not self._native.supports(rules):
            return self._fallback.top_equity(board, rack, rules, k, leaves)
        return self._native.top_equity(board, rack, rules, k, leaves)

    def each(self, board: Board, rack: Sequence[str], rules: Ruleset, fn: Callable[[GeneratedMove], None]) -> None:
        if not self._native.supports(rules):
            self._fallback.each(board, rack, rules, fn)
        else:
            self._native.each(board, rack, rules, fn)


def _check_k(k: int) -> None:
    _leaves.check_k(k)


def _check_leaves(rack: Sequence[str], leaves: RackLeaves) -> None:
    if not leaves.fits(rack):
        mine, theirs = " ".join(sorted(rack)), " ".join(leaves.rack())
        raise PositionError(f"the leave table is for the rack {theirs}, not {mine}", code="leaves_for_other_rack", rack=mine, table=theirs)


def _python(board: Board, rack: Sequence[str], rules: Ruleset) -> list[GeneratedMove]:
    from amath.movegen.dispatch import generate_moves

    return generate_moves(board, rack, rules)


def _reference(board: Board, rack: Sequence[str], rules: Ruleset) -> list[GeneratedMove]:
    from amath.movegen.reference import generate_reference

    return generate_reference(board, rack, rules)


_PYTHON = _ListGenerator("python", _python)
_REFERENCE = _ListGenerator("reference", _reference)
_cache: dict[str, MoveGenerator] = {}
_warned = False


def native_available() -> bool:
    """True when the Rust core was built and imports."""
    native, _ = _native_module()
    return native is not None and native.available()


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


def backend() -> str:
    """The name of the backend :func:`get_generator` picks by default here and now."""
    return get_generator().name
