"""ASGI middleware for abuse limits: request body size and a per-address rate limit."""

from __future__ import annotations

import json
import time
from typing import Any

from starlette.types import ASGIApp, Message, Receive, Scope, Send


async def _reply(send: Send, status: int, message: str) -> None:
    body = json.dumps({"error": message}).encode()
    headers = [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": body})


class BodyTooLarge(Exception):
    """Raised inside the app when a streamed body passes the limit."""


class LimitsMiddleware:
    """413 for bodies over ``max_body`` bytes; 429 when an address sends faster than ``rate``/s.

    The rate limit is a token bucket per client address, counting API requests only
    (static files and websocket frames are not counted).
    """

    def __init__(self, app: ASGIApp, max_body: int, rate: float, burst: int) -> None:
        self.app = app
        self.max_body = max_body
        self.rate = rate
        self.burst = burst
        self.buckets: dict[str, tuple[float, float]] = {}

    def _allow(self, who: str) -> bool:
        now = time.monotonic()
        tokens, last = self.buckets.get(who, (float(self.burst), now))
        tokens = min(float(self.burst), tokens + (now - last) * self.rate)
        if tokens < 1.0:
            self.buckets[who] = (tokens, now)
            return False
        self.buckets[who] = (tokens - 1.0, now)
        if len(self.buckets) > 10000:  # forget idle addresses
            self.buckets = {k: v for k, v in self.buckets.items() if now - v[1] < 60}
        return True

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        path: str = scope.get("path", "")
        if path.startswith("/api/"):
            client: Any = scope.get("client")
            if not self._allow(str(client[0]) if client else "?"):
                await _reply(send, 429, "too many requests: slow down")
                return
        for name, value in scope.get("headers", []):
            if name == b"content-length":
                try:
                    size = int(value)
                except ValueError:
                    await _reply(send, 400, "bad Content-Length")
                    return
                if size > self.max_body:
                    await _reply(send, 413, f"request body too large (limit {self.max_body} bytes)")
                    return
        seen = 0
        started = False

        async def limited_receive() -> Message:
            nonlocal seen
            message = await receive()
            if message["type"] == "http.request":
                seen += len(message.get("body", b""))
                if seen > self.max_body:
                    raise BodyTooLarge
            return message

        async def tracking_send(message: Message) -> None:
            nonlocal started
            if message["type"] == "http.response.start":
                started = True
            await send(message)

        try:
            await self.app(scope, limited_receive, tracking_send)
        except BodyTooLarge:
            if not started:
                await _reply(send, 413, f"request body too large (limit {self.max_body} bytes)")
