"""The engine: move generators behind one protocol and one selector, equity, and the searches.

>>> from amath import engine
>>> engine.backend() in engine.BACKENDS
True
"""

from amath.engine.equity import EquityCalculator, StaticEquity, leave_of
from amath.engine.generator import BACKENDS, ENV_VAR, MoveGenerator, backend, get_generator, native_available

__all__ = [
    "BACKENDS",
    "ENV_VAR",
    "EquityCalculator",
    "MoveGenerator",
    "StaticEquity",
    "backend",
    "get_generator",
    "leave_of",
    "native_available",
]
