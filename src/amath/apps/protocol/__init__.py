"""``amath engine``: a line protocol on standard input and output (docs/rules.md "amath engine"; docs/engine-protocol.md)."""

from amath.apps.protocol.search import EngineSearch, Go, Searcher, SearchOptions, default_searcher, play_json
from amath.apps.protocol.session import PROTOCOL_VERSION, Session

__all__ = ["PROTOCOL_VERSION", "EngineSearch", "Go", "SearchOptions", "Searcher", "Session", "default_searcher", "play_json"]
