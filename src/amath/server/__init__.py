"""The web server: an ASGI app (Starlette) with HTTP + websocket API, storage and seats.

The server is the only authority: every action is checked by the rules engine, and each
client is sent a view built for its own seat (never another rack or the bag's order).
"""

from amath.server.app import create_app
from amath.server.config import Settings

__all__ = ["Settings", "create_app"]
