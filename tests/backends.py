"""The move generator backends that the generator suites run against, by name.

``python`` is :func:`amath.movegen.fast.generate`; ``native`` is the compiled twin
(:mod:`amath.movegen.native`), present whenever the extension is built (a test insists
that it is wherever a Rust toolchain exists, so it is never silently left out).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from amath.board import Board
from amath.movegen import fast, native
from amath.movegen.result import GeneratedMove
from amath.rules.base import Ruleset

Generate = Callable[[Board, Sequence[str], Ruleset], list[GeneratedMove]]

BACKENDS: dict[str, Generate] = {"python": fast.generate}
if native.available():
    BACKENDS["native"] = native.generate
