"""``amath engine``: a line protocol on standard input and output (SPEC.md 3; docs/engine-protocol.md)."""

from amath.protocol.search import Budget, Candidate, Searcher, StaticSearch, default_searcher
from amath.protocol.session import PROTOCOL_VERSION, Session

__all__ = ["PROTOCOL_VERSION", "Budget", "Candidate", "Searcher", "Session", "StaticSearch", "default_searcher"]
