"""Abuse limits: body size and arrival time, request rates (per seat token or per address), open websockets.

A request that carries a seat token is counted against that token, so thirty players
behind one school address each get their own allowance; one without a token (the lobby,
creating or joining a room) is counted against the logged-in account (a genuine session
cookie: ``who``), else the address.  Every refusal has a ``code`` and its Thai text.  A 401 or 403 answer (no
seat, a forged token) is also charged to the address, so inventing tokens buys nothing.
"""

from __future__ import annotations

import asyncio
import json
import re
import time
from collections import Counter
from collections.abc import Callable
from typing import Any

from starlette.types import ASGIApp, Message, Receive, Scope, Send

from amath.apps.server.config import Settings
from amath.apps.server.errors import ApiError

TOKEN_HEADERS = (b"x-seat-token", b"authorization")
MAX_TOKEN = 128


async def _reply(send: Send, status: int, message: str, code: str, th: str) -> None:
    body = json.dumps(ApiError(status, message, code=code, th=th).body()).encode()
    headers = [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode()), (b"connection", b"close")]
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": body})


class BodyTooLarge(Exception):
    """Raised inside the app when a streamed body passes the limit."""


class BodyTooSlow(Exception):
    """Raised inside the app when a body has not arrived within the time allowed."""


class Buckets:
    """Token buckets by key: ``rate`` a second, at most ``burst`` saved up; idle keys are forgotten."""

    def __init__(self, rate: float, burst: int) -> None:
        self.rate, self.burst = rate, burst
        self.buckets: dict[str, tuple[float, float]] = {}

    def allow(self, key: str, cost: float = 1.0) -> bool:
        """Take ``cost`` from ``key``'s bucket; False (nothing taken) when it holds less than one."""
        now = time.monotonic()
        tokens, last = self.buckets.get(key, (float(self.burst), now))
        tokens = min(float(self.burst), tokens + (now - last) * self.rate)
        if tokens < 1.0:
            self.buckets[key] = (tokens, now)
            return False
        self.buckets[key] = (tokens - cost, now)
        if len(self.buckets) > 10000:  # forget keys idle long enough to be full again
            full = self.burst / self.rate if self.rate > 0 else 60.0
            self.buckets = {k: v for k, v in self.buckets.items() if now - v[1] < full}
        return True


def _client(scope: Scope) -> str:
    client: Any = scope.get("client")
    return str(client[0]) if client else "?"


def _token(scope: Scope) -> str | None:
    for name, value in scope.get("headers", []):
        if name in TOKEN_HEADERS:
            text = value.decode("latin-1").strip()
            if name == b"authorization":
                if not text.lower().startswith("bearer "):
                    continue
                text = text[7:].strip()
            return text[:MAX_TOKEN] or None
    return None


class LimitsMiddleware:
    """413 over ``max_body`` bytes, 408 when a body takes over ``body_timeout`` s, 429 past the rates."""

    def __init__(self, app: ASGIApp, settings: Settings, who: Callable[[Scope], str | None] | None = None) -> None:
        self.app = app
        self.who = who  # the account a request without a seat token comes from (a signed session cookie), if any
        self.max_body = settings.max_body
        self.body_timeout = settings.body_timeout
        self.addresses = Buckets(settings.rate, settings.burst)
        self.seats = Buckets(settings.seat_rate, settings.seat_burst)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        path: str = scope.get("path", "")
        address, token = _client(scope), _token(scope)
        if path.startswith("/api/"):
            if token is not None:
                allowed = self.seats.allow(token)
            else:
                account = self.who(scope) if self.who is not None else None
                allowed = self.addresses.allow(account or address)
            if not allowed:
                await _reply(send, 429, "too many requests: slow down", "rate_limited", "ส่งคำขอเร็วเกินไป กรุณารอสักครู่แล้วลองใหม่")
                return
        for name, value in scope.get("headers", []):
            if name == b"content-length":
                try:
                    size = int(value)
                except ValueError:
                    await _reply(send, 400, "bad Content-Length", "bad_length", "ขนาดของข้อมูลที่ส่งมาไม่ถูกต้อง")
                    return
                if size > self.max_body:
                    await self._too_large(send)
                    return
        seen = 0
        started = False
        complete = False
        deadline = asyncio.get_running_loop().time() + self.body_timeout

        async def limited_receive() -> Message:
            nonlocal seen, complete
            if complete:  # the body is in: later reads only wait for a disconnect
                return await receive()
            try:
                async with asyncio.timeout_at(deadline):  # a timer, not a task per read (this runs for every request)
                    message = await receive()
            except TimeoutError:
                raise BodyTooSlow from None
            if message["type"] == "http.request":
                seen += len(message.get("body", b""))
                if seen > self.max_body:
                    raise BodyTooLarge
                complete = not message.get("more_body", False)
            return message

        async def tracking_send(message: Message) -> None:
            nonlocal started
            if message["type"] == "http.response.start":
                started = True
                if token is not None and message["status"] in (401, 403):
                    self.addresses.allow(address)  # a token that holds no seat is counted against its sender
            await send(message)

        try:
            await self.app(scope, limited_receive, tracking_send)
        except BodyTooLarge:
            if not started:
                await self._too_large(send)
        except BodyTooSlow:
            if not started:
                message = f"the request body did not arrive within {self.body_timeout:g} seconds"
                await _reply(send, 408, message, "body_too_slow", f"ข้อมูลที่ส่งมาไม่ครบภายใน {self.body_timeout:g} วินาที")

    async def _too_large(self, send: Send) -> None:
        message = f"request body too large (limit {self.max_body} bytes)"
        await _reply(send, 413, message, "body_too_large", f"ข้อมูลที่ส่งมามีขนาดใหญ่เกินไป (ไม่เกิน {self.max_body} ไบต์)")


READ_ONLY_SAFE = re.compile(r"^/api/(games/[^/]+/preview|replay(/svg|/analysis)?)$")
"""The POST requests that change nothing (a tentative play's preview, reading an uploaded record): a read-only server answers them."""


class ReadOnlyMiddleware:
    """On a server started with ``--read-only``: every request that would change something gets a translated 503."""

    def __init__(self, app: ASGIApp, read_only: bool) -> None:
        self.app = app
        self.read_only = read_only

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        changes = scope["type"] == "http" and scope.get("method", "GET") not in ("GET", "HEAD", "OPTIONS")
        if self.read_only and changes and not READ_ONLY_SAFE.match(scope.get("path", "")):
            message = "this server is read-only: games can be watched and replayed, not played or changed"
            th = "เซิร์ฟเวอร์นี้เปิดให้อ่านอย่างเดียว: ชมและดูเกมย้อนหลังได้ แต่เล่นหรือแก้ไขไม่ได้"
            await _reply(send, 503, message, "read_only", th)
            return
        await self.app(scope, receive, send)


class SocketLimits:
    """Counts open websockets by client (a logged-in account, else the address) and by game; refuses one past either limit."""

    def __init__(self, settings: Settings) -> None:
        self.per_address, self.per_game = settings.sockets_per_address, settings.sockets_per_game
        self.addresses: Counter[str] = Counter()
        self.games: Counter[str] = Counter()

    def open(self, address: str, game_id: str) -> None:
        """Count a new socket, or raise a 429 that says which limit it passed.  ``address``: the client's key (account or address)."""
        if self.addresses[address] >= self.per_address:
            n = self.per_address
            th = f"มีการเชื่อมต่อจากที่อยู่หรือบัญชีของคุณมากเกินไป (ไม่เกิน {n})"
            raise ApiError(429, f"too many open connections from your address or account (at most {n})", code="sockets_client", th=th)
        if self.games[game_id] >= self.per_game:
            n = self.per_game
            th = f"มีจอที่ชมเกมนี้มากเกินไป (ไม่เกิน {n} จอ)"
            raise ApiError(429, f"too many screens are watching this game (at most {n})", code="sockets_game", th=th)
        self.addresses[address] += 1
        self.games[game_id] += 1

    def close(self, address: str, game_id: str) -> None:
        """A counted socket closed."""
        for counter, key in ((self.addresses, address), (self.games, game_id)):
            counter[key] -= 1
            if counter[key] <= 0:
                del counter[key]
