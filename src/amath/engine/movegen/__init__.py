"""Move generation: the fast generator and its slow, obviously-correct reference twin."""

from amath.engine.movegen.fast import generate
from amath.engine.movegen.reference import generate_reference
from amath.engine.movegen.result import GeneratedMove, sort_moves

__all__ = ["GeneratedMove", "generate", "generate_reference", "sort_moves"]
