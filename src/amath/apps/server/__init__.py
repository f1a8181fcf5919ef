"""The web server: an ASGI app (Starlette) with HTTP + websocket API, storage and seats.

The server is the only authority: every action is checked by the rules engine, and each
client is sent a view built for its own seat (never another rack or the bag's order).

``create_app`` and ``Settings`` load on first use, so importing ``amath.apps.server.config``
(the ``amath`` command line does, for ``serve``'s options) does not load Starlette and
SQLAlchemy for every other command.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:  # pragma: no cover
    from amath.apps.server.app import create_app
    from amath.apps.server.config import Settings

__all__ = ["Settings", "create_app"]


def __getattr__(name: str) -> object:
    if name == "create_app":
        from amath.apps.server.app import create_app

        return create_app
    if name == "Settings":
        from amath.apps.server.config import Settings

        return Settings
    raise AttributeError(f"module 'amath.apps.server' has no attribute {name!r}")
