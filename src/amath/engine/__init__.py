"""The engine: move generators behind one protocol and one selector, equity, and the searches.

>>> from amath import engine
>>> engine.backend() in engine.BACKENDS
True
"""

from amath.engine.equity import EquityCalculator, StaticEquity, leave_of
from amath.engine.generator import BACKENDS, ENV_VAR, MoveGenerator, backend, get_generator, native_available
from amath.engine.search import Budget, Play, best, default_budget

__all__ = [
    "BACKENDS",
    "ENV_VAR",
    "Budget",
    "EquityCalculator",
    "MoveGenerator",
    "Play",
    "StaticEquity",
    "backend",
    "best",
    "default_budget",
    "get_generator",
    "leave_of",
    "native_available",
]
