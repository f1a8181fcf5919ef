"""Move generation: the fast generator and its slow, obviously-correct reference twin."""

from amath.movegen.fast import generate
from amath.movegen.reference import generate_reference
from amath.movegen.result import GeneratedMove, sort_moves

__all__ = ["GeneratedMove", "generate", "generate_reference", "sort_moves"]
