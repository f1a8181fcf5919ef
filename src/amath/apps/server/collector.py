"""Python's garbage collector for a long-running server: short pauses however many games are in memory.

A game in play keeps its history, its stored turns and its board: objects that live for
minutes.  Left to the collector's generations they are scanned again and again, and one
collection of the older generations walks every game in memory (50-130 ms of CPU at 200
games, measured with ``benchmarks/server_probe.py``), stalling every game meanwhile.
Nearly nothing the server makes is garbage in a cycle (a census over 9,000 moves found
14 such objects; everything else is freed by reference counting, frozen or not), so the
server freezes what survived every ``freeze_every`` seconds (:func:`gc.freeze`: moved out
of every collection; a frozen object is still freed when its last reference goes) and
runs one full collection every ``full_every`` seconds for the cycles frozen meanwhile.
"""

from __future__ import annotations

import asyncio
import gc
import time

THRESHOLDS = (50_000, 20, 100)
"""A young collection only when one second makes 50,000 objects that are still alive (a freeze starts the count again)."""
FREEZE_EVERY = 1.0
FULL_EVERY = 600.0


def tune() -> None:
    """At start: everything made so far (modules, rule tables, the app) leaves the collections for good; the thresholds."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(*THRESHOLDS)


def step(last_full: float, now: float, full_every: float = FULL_EVERY) -> float:
    """Freeze what survived; first, when ``full_every`` has passed since ``last_full``, collect everything once.

    Returns when the last full collection ran.
    """
    if now - last_full >= full_every:
        gc.unfreeze()
        gc.collect()
        last_full = now
    gc.freeze()
    return last_full


async def keep_young(freeze_every: float = FREEZE_EVERY, full_every: float = FULL_EVERY) -> None:
    """:func:`step` every ``freeze_every`` seconds, on the event loop's thread, for as long as the server runs."""
    last_full = time.monotonic()
    while True:
        await asyncio.sleep(freeze_every)
        last_full = step(last_full, time.monotonic(), full_every)
