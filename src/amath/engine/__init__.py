"""The engine: move generators (one :class:`MoveGenerator` base, asked by a :class:`SearchRequest`) and one selector,
equity, and the searches.

>>> from amath import engine
>>> engine.backend() in engine.BACKENDS
True
"""

from amath.engine.equity import EquityCalculator, StaticEquity, leave_of
from amath.engine.generator import BACKENDS, ENV_VAR, MoveGenerator, backend, get_generator, native_available
from amath.engine.movegen.request import SearchRequest
from amath.engine.search import Budget, Play, best, default_budget

__all__ = [
    "BACKENDS",
    "ENV_VAR",
    "Budget",
    "EquityCalculator",
    "MoveGenerator",
    "Play",
    "SearchRequest",
    "StaticEquity",
    "backend",
    "best",
    "default_budget",
    "get_generator",
    "leave_of",
    "native_available",
]
