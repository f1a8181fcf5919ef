"""The move generator backends that the generator suites run against, by name.

Each is the ``generate`` of :func:`amath.engine.get_generator` for that name: ``python``
(the readable twin, :mod:`amath.movegen.fast` for A-Math) and ``native`` (the Rust core),
present whenever the extension is built (a test insists that it is wherever a Rust
toolchain exists, so it is never silently left out).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from amath.board import Board
from amath.engine import get_generator, native_available
from amath.movegen.result import GeneratedMove
from amath.rules.base import Ruleset

Generate = Callable[[Board, Sequence[str], Ruleset], list[GeneratedMove]]

BACKENDS: dict[str, Generate] = {"python": get_generator("python").generate}
if native_available():
    BACKENDS["native"] = get_generator("native").generate
