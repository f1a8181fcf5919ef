"""The move generator backends that the generator suites run against, by name.

``python`` is :func:`amath.engine.movegen.fast.generate` (Smath: :func:`amath.engine.movegen.smath.generate_smath`);
``native`` is the compiled twin (:mod:`amath.engine.movegen.native`), present whenever the extension is built (a test insists
that it is wherever a Rust toolchain exists, so it is never silently left out).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from amath.core.board import Board
from amath.core.rules.base import Ruleset
from amath.engine.movegen import fast, native, smath
from amath.engine.movegen.result import GeneratedMove

Generate = Callable[[Board, Sequence[str], Ruleset], list[GeneratedMove]]

BACKENDS: dict[str, Generate] = {"python": fast.generate}
if native.available():
    BACKENDS["native"] = native.generate

#: The exact Smath search by backend, each with :func:`amath.engine.movegen.smath.generate_smath`'s
#: arguments and results.  The native twin joins as soon as :mod:`amath.engine.movegen.native`
#: offers ``generate_smath`` (the interface agreed for issue 10).
SMATH_BACKENDS: dict[str, Callable[..., list[GeneratedMove]]] = {"python": smath.generate_smath}
_native_smath = getattr(native, "generate_smath", None)
if native.available() and _native_smath is not None:
    SMATH_BACKENDS["native"] = _native_smath
