"""Python's garbage collector for a long-running server: short pauses however many games are in memory.

A game in play keeps its history, its stored turns and its board: objects that live for
minutes.  Left to the collector's generations they are scanned again and again, and one
collection of the older generations walks every game in memory (50-130 ms of CPU at 200
games, measured with ``benchmarks/server_probe.py``), stalling every game meanwhile.
Nearly nothing the server makes is garbage in a cycle (a census over 9,000 moves found
14 such objects; everything else is freed by reference counting, frozen or not), so the
server freezes what survived every ``freeze_every`` seconds (:func:`gc.freeze`: moved out
of every collection; a frozen object is still freed when its last reference goes) and
runs one full collection for the cycles frozen meanwhile every ``full_every`` seconds, and
sooner when the frozen objects have grown by half since the last one (:data:`GROWTH`).

That second rule is for the objects that are not games: a websocket's connection is a
nest of cycles (uvicorn's protocol, its tasks, the transport) that lives a second or
two; frozen while open, every one of a burst of 2,000 refused sockets waited for the next
ten-minute collection, and a server hit by bursts grew by some 17 KB a socket without
bound.  Tied to growth, the full collections cost in proportion to what was made (as
CPython's own oldest generation does), and memory after a burst is reused by the next.
"""

from __future__ import annotations

import asyncio
import gc
import time
from dataclasses import dataclass

THRESHOLDS = (50_000, 20, 100)
"""A young collection only when one second makes 50,000 objects that are still alive (a freeze starts the count again)."""
FREEZE_EVERY = 1.0
FULL_EVERY = 600.0
GROWTH = 1.5
"""A full collection as soon as there are this many times the frozen objects there were after the last one."""


@dataclass(frozen=True, slots=True)
class Fulls:
    """When the last full collection ran (monotonic seconds) and how many objects were frozen right after it."""

    at: float
    frozen: int

    @classmethod
    def now(cls, at: float) -> Fulls:
        """A full collection as if it had just run at ``at``: today's frozen objects are the base of the growth rule."""
        return cls(at, gc.get_freeze_count())


def tune() -> None:
    """At start: everything made so far (modules, rule tables, the app) leaves the collections for good; the thresholds."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(*THRESHOLDS)


def step(last: Fulls, now: float, full_every: float = FULL_EVERY) -> Fulls:
    """Freeze what survived; first, when ``full_every`` has passed or the frozen objects grew :data:`GROWTH` times, collect everything.

    Returns the state after the step: ``last`` itself, or the full collection that ran.
    """
    if now - last.at >= full_every or gc.get_freeze_count() > GROWTH * last.frozen:
        gc.unfreeze()
        gc.collect()
        gc.freeze()
        return Fulls.now(now)
    gc.freeze()
    return last


async def keep_young(freeze_every: float = FREEZE_EVERY, full_every: float = FULL_EVERY) -> None:
    """:func:`step` every ``freeze_every`` seconds, on the event loop's thread, for as long as the server runs."""
    last = Fulls.now(time.monotonic())
    while True:
        await asyncio.sleep(freeze_every)
        last = step(last, time.monotonic(), full_every)
