"""The HTTP transport ``amath serve`` runs: uvicorn's, with a bound on how long a request's headers may take.

uvicorn closes an idle keep-alive connection, but a client that sends a request's
headers a byte at a time holds its connection (and a file descriptor, and a little
memory) for as long as it likes: every byte resets the idle timer.  Here a connection
gets ``header_timeout`` seconds from its first byte of a request (or from its opening)
to the end of that request's headers, however slowly the bytes come; then it is closed
(with ``408`` when nothing of the answer has started).  The request body has its own bound
(:class:`amath.apps.server.limits.LimitsMiddleware`, ``body_timeout``).
"""

from __future__ import annotations

import asyncio
from typing import Any

import uvicorn
from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

from amath.apps.server.config import Settings

_TOO_SLOW = "the request's headers took too long to arrive / ส่วนหัวของคำขอมาช้าเกินไป".encode()
_REQUEST_TIMEOUT = (
    b"HTTP/1.1 408 Request Timeout\r\ncontent-type: text/plain; charset=utf-8\r\nconnection: close\r\n"
    + f"content-length: {len(_TOO_SLOW)}\r\n\r\n".encode()
    + _TOO_SLOW
)


class HeaderDeadlineProtocol(HttpToolsProtocol):
    """uvicorn's httptools protocol with a deadline on every request's headers (``header_timeout`` of the subclass)."""

    header_timeout: float = 10.0

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._header_deadline: asyncio.TimerHandle | None = None

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._arm()

    def on_message_begin(self) -> None:
        super().on_message_begin()
        if self._header_deadline is None:  # the next request on a kept-alive connection
            self._arm()

    def on_headers_complete(self) -> None:
        self._disarm()
        super().on_headers_complete()

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm()
        super().connection_lost(exc)

    def _arm(self) -> None:
        self._header_deadline = self.loop.call_later(self.header_timeout, self._headers_too_slow)

    def _disarm(self) -> None:
        if self._header_deadline is not None:
            self._header_deadline.cancel()
            self._header_deadline = None

    def _headers_too_slow(self) -> None:
        self._header_deadline = None
        if self.transport.is_closing():
            return
        if self.cycle is None or self.cycle.response_complete:  # no answer of ours is on its way
            self.transport.write(_REQUEST_TIMEOUT)
        self.transport.close()


def guarded_http(header_timeout: float) -> type[HttpToolsProtocol]:
    """The protocol class for ``uvicorn.run(http=...)`` whose connections get ``header_timeout`` s for a request's headers."""
    return type("GuardedHttp", (HeaderDeadlineProtocol,), {"header_timeout": header_timeout})


def server_config(app: Any, settings: Settings, host: str, port: int, log_level: str = "warning") -> uvicorn.Config:
    """How ``amath serve`` (and the tests of a real server) run ``app``: the guarded transport, websockets bounded, no access log."""
    # no per-message deflate: a view is a few KB, and compressing two of them per move cost more CPU than the move
    return uvicorn.Config(
        app,
        host=host,
        port=port,
        http=guarded_http(settings.header_timeout),
        log_level=log_level,
        access_log=False,
        ws_max_size=settings.max_ws_message * 4,
        ws_per_message_deflate=False,
        timeout_graceful_shutdown=3,  # the lobby's event streams never end by themselves: a stop waits 3 s for them, no more
    )
