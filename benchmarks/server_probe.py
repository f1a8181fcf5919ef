"""``amath serve`` with probes, for ``bench_server.py --probe FILE``: where a slow move's time goes.

Runs the real server (``amath.apps.cli`` with the same arguments) and records, while it runs:
every garbage collection's pause (``gc.callbacks``), the event loop's lag (a task that
asks to wake every 5 ms and notes how late it woke), each move request's time in the
app (from the ASGI call to the end of its answer) and, of that, the wait for its
database write.  At exit it writes a JSON summary to the file named by
``AMATH_PROBE``.  A measurement tool, not part of the server.
"""

from __future__ import annotations

import asyncio
import atexit
import contextlib
import gc
import json
import os
import signal
import sys
import threading
import time
from collections.abc import Awaitable, Callable
from typing import Any

from amath.apps.server import collector, storage, writers

OUT = os.environ.get("AMATH_PROBE", "probe.json")
NAMES = ("gc0", "gc1", "gc2", "gc0cpu", "gc1cpu", "gc2cpu", "lag", "app", "db", "queued", "commit", "batch", "handback")
samples: dict[str, list[float]] = {name: [] for name in NAMES}
_gc_start = [0.0, 0.0]


young: dict[str, list[int]] = {}
_seen = [0]


def _census() -> None:
    """What the young generation holds at a collection: count and total length of each type (once)."""
    for obj in gc.get_objects(0):
        entry = young.setdefault(type(obj).__qualname__, [0, 0])
        entry[0] += 1
        with contextlib.suppress(TypeError):
            entry[1] += len(obj)


def on_gc(phase: str, info: dict[str, Any]) -> None:
    if threading.current_thread() is not threading.main_thread():
        return
    if phase == "start":
        if os.environ.get("AMATH_PROBE_YOUNG") and info["generation"] == 0 and not young:
            _seen[0] += 1
            if _seen[0] == int(os.environ["AMATH_PROBE_YOUNG"]):
                _census()
        _gc_start[:] = time.perf_counter(), time.thread_time()
    else:
        samples[f"gc{info['generation']}"].append(time.perf_counter() - _gc_start[0])
        samples[f"gc{info['generation']}cpu"].append(time.thread_time() - _gc_start[1])


garbage: dict[str, int] = {}


def _garbage_census() -> None:
    """The cyclic garbage so far (what only the collector frees): count by type, then freed."""
    gc.set_debug(gc.DEBUG_SAVEALL)
    gc.collect()
    for obj in gc.garbage:
        name = type(obj).__qualname__
        garbage[name] = garbage.get(name, 0) + 1
    gc.set_debug(0)
    gc.garbage.clear()


async def lag_monitor() -> None:
    """How late the loop wakes a task that asked to sleep 5 ms: what every callback waits behind."""
    if os.environ.get("AMATH_PROBE_FULL"):  # the collector's full collection (amath.apps.server.collector.step), timed as gc2
        due = collector.Fulls(0.0, 0)  # a full collection due by the clock
        asyncio.get_running_loop().call_later(float(os.environ["AMATH_PROBE_FULL"]), collector.step, due, collector.FULL_EVERY)
    if os.environ.get("AMATH_PROBE_GARBAGE"):
        asyncio.get_running_loop().call_later(float(os.environ["AMATH_PROBE_GARBAGE"]), _garbage_census)
    while True:
        t = time.perf_counter()
        await asyncio.sleep(0.005)
        samples["lag"].append(time.perf_counter() - t - 0.005)


def wrap_app(app: Callable[..., Awaitable[None]]) -> Callable[..., Awaitable[None]]:
    """Time every move request from the ASGI call to its last body chunk; start the lag monitor with the server."""
    started: list[asyncio.Task[None]] = []

    async def probed(scope: dict[str, Any], receive: Any, send: Any) -> None:
        if not started and scope["type"] in ("http", "websocket"):
            started.append(asyncio.get_running_loop().create_task(lag_monitor()))
        if scope["type"] != "http" or not scope["path"].endswith("/move"):
            await app(scope, receive, send)
            return
        t = time.perf_counter()

        async def timed_send(message: dict[str, Any]) -> None:
            await send(message)
            if message["type"] == "http.response.body" and not message.get("more_body"):
                samples["app"].append(time.perf_counter() - t)

        await app(scope, receive, timed_send)

    return probed


def patch_database() -> None:
    """Time the wait for each move's write (queue, commit, hand-back to the loop)."""
    save = storage.Database.save_state

    async def timed(self: storage.Database, game: storage.StoredGame, first: int) -> None:
        t = time.perf_counter()
        try:
            await save(self, game, first)
        finally:
            samples["db"].append(time.perf_counter() - t)

    storage.Database.save_state = timed  # type: ignore[method-assign,assignment]
    write, commit = writers.Writers.write, writers.Writers._write
    stamps: dict[int, float] = {}  # by the id of the game's header copy, one per write

    async def write_stamped(self: writers.Writers, game: storage.StoredGame, first_new_turn: int) -> None:
        stamps[id(game)] = time.perf_counter()
        try:
            await write(self, game, first_new_turn)
        finally:
            samples["handback"].append(time.perf_counter() - stamps.pop(id(game), time.perf_counter()))

    async def commit_timed(self: writers.Writers, writer: Any, batch: Any) -> Any:
        t = time.perf_counter()
        for game, _, _ in batch:
            samples["queued"].append(t - stamps.get(id(game), t))
        try:
            return await commit(self, writer, batch)
        finally:
            done = time.perf_counter()
            samples["commit"].append(done - t)
            samples["batch"].append(len(batch) / 1000)  # shown in the summary's "ms" columns as the count
            for game, _, _ in batch:
                if id(game) in stamps:
                    stamps[id(game)] = done

    writers.Writers.write = write_stamped  # type: ignore[method-assign]
    writers.Writers._write = commit_timed  # type: ignore[method-assign]


def pct(xs: list[float], p: float) -> float:
    s = sorted(xs)
    return s[min(len(s) - 1, max(0, round(p / 100 * len(s)) - 1))] if s else 0.0


def dump() -> None:
    summary: dict[str, Any] = {}
    for name, xs in samples.items():
        ms = [1000 * x for x in xs]
        summary[name] = {
            "n": len(ms), "total_ms": round(sum(ms), 1), "p50": round(pct(ms, 50), 2), "p99": round(pct(ms, 99), 2),
            "p999": round(pct(ms, 99.9), 2), "max": round(max(ms, default=0.0), 2),
            "over_20ms": sum(1 for x in ms if x > 20), "over_50ms": sum(1 for x in ms if x > 50),
        }  # fmt: skip
    summary["garbage"] = dict(sorted(garbage.items(), key=lambda kv: -kv[1])[:40])
    summary["young"] = dict(sorted(young.items(), key=lambda kv: -kv[1][0])[:40])
    summary["gc_threshold"] = gc.get_threshold()
    summary["gc_count_now"] = gc.get_count()
    summary["gc_frozen"] = gc.get_freeze_count()
    with open(OUT, "w") as f:
        json.dump(summary, f, indent=1)


def main() -> None:
    import uvicorn

    patch_database()
    real_run = uvicorn.run

    def run(app: Any, **kwargs: Any) -> None:
        if os.environ.get("AMATH_PROBE_GC"):  # try other thresholds than the collector's (it sets them at start)
            collector.THRESHOLDS = tuple(int(x) for x in os.environ["AMATH_PROBE_GC"].split(","))  # type: ignore[assignment]
        if os.environ.get("AMATH_PROBE_SWITCH"):  # another GIL switch interval than Python's 5 ms
            sys.setswitchinterval(float(os.environ["AMATH_PROBE_SWITCH"]))
        gc.callbacks.append(on_gc)  # the collector's start-up collection is timed too
        real_run(wrap_app(app), **kwargs)

    uvicorn.run = run
    atexit.register(dump)
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))
    from amath.apps.cli import main as cli

    sys.exit(cli(sys.argv[1:]))


if __name__ == "__main__":
    main()
