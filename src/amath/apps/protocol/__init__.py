"""``amath engine``: a line protocol on standard input and output (docs/rules.md "amath engine"; docs/engine-protocol.md)."""

from amath.apps.protocol.search import Budget, Candidate, EngineSearch, Searcher, SearchOptions, default_searcher
from amath.apps.protocol.session import PROTOCOL_VERSION, Session

__all__ = ["PROTOCOL_VERSION", "Budget", "Candidate", "EngineSearch", "SearchOptions", "Searcher", "Session", "default_searcher"]
