"""The lobby pushed to open pages: server-sent events (``GET /api/rooms/events``) instead of polling.

Every change of a game pokes the feed (:meth:`LobbyFeed.poke`); one task computes the
lobby at most every :data:`PAUSE` seconds while a page listens, and each listening page
gets it only when it differs from the last one sent (seeks appearing and going, games
starting and ending, ratings).  SSE rather than a websocket: the lobby only ever flows
from the server, the browser's ``EventSource`` reconnects by itself, and it is plain HTTP
(Starlette's ``StreamingResponse``, no new library).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import AsyncIterator, Awaitable, Callable
from typing import Any

PAUSE = 0.5
"""At most two lobby computations a second, however many games change."""
KEEPALIVE = 15.0
"""A comment line this often: proxies keep the stream open, and a closed page is noticed."""
MAX_STREAMS = 2000
"""Pages listening at once (past it the page polls, as before)."""


class LobbyFeed:
    """One computation of the lobby for every listening page."""

    def __init__(self, compute: Callable[[], Awaitable[dict[str, Any]]], pause: float = PAUSE) -> None:
        self._compute = compute
        self._pause = pause
        self._dirty = asyncio.Event()
        self._news = asyncio.Condition()
        self.text = ""  # the last lobby sent, as JSON
        self.version = 0  # bumped each time ``text`` changes
        self.listeners = 0
        self._task: asyncio.Task[None] | None = None

    def poke(self) -> None:
        """Something in the lobby may have changed (called on every change of a game; cheap)."""
        self._dirty.set()

    async def _run(self) -> None:
        while True:
            await self._dirty.wait()
            self._dirty.clear()
            try:
                text = json.dumps(await self._compute(), separators=(",", ":"))
            except Exception:  # a failed read: the pages keep what they have; the next change tries again
                await asyncio.sleep(self._pause)
                continue
            if text != self.text:
                async with self._news:
                    self.text, self.version = text, self.version + 1
                    self._news.notify_all()
            await asyncio.sleep(self._pause)

    def start(self) -> None:
        """Run the feed's task (in the server's loop)."""
        if self._task is None:
            self._task = asyncio.get_running_loop().create_task(self._run())
            self.poke()

    async def stop(self) -> None:
        """Stop the task (the server is stopping)."""
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task

    async def events(self, keepalive: float = KEEPALIVE) -> AsyncIterator[str]:
        """One page's stream: the lobby now, then each new one (``data:`` lines), with keep-alive comments between."""
        self.listeners += 1
        try:
            seen = 0
            if not self.text:
                self.poke()
            while True:
                async with self._news:
                    try:
                        await asyncio.wait_for(self._news.wait_for(lambda last=seen: self.version > last), keepalive)  # type: ignore[misc]
                    except TimeoutError:
                        yield ": keep-alive\n\n"
                        continue
                    seen, text = self.version, self.text
                yield f"event: lobby\ndata: {text}\n\n"
        finally:
            self.listeners -= 1
