"""Smath search cost: CPU time of the exact top 20 and best move on full self-play racks, per backend.

The full ten-tile racks of the stored self-play positions (tests/data/smath_positions.json);
for each, the Smath search the selector's :meth:`MoveGenerator.search` runs on the chosen backend (``--backend python|native``)
for the top 20 and for the best move, timed with ``time.process_time`` (CPU time of this
process).  A search that reaches ``--cap`` nodes stops (``SearchStopped``): it is counted
and its time is the time it ran, so the medians and p95 are lower bounds when any stopped.
Usage::

    .venv/bin/python benchmarks/smath_bench.py --backend python --count 40 --cap 1000000
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import time
from pathlib import Path

from amath.core.rules import SMATH
from amath.engine.generator import get_generator, own_backends
from amath.engine.movegen import native, smath
from amath.engine.movegen.request import SearchRequest
from amath.engine.movegen.smath import SearchStats, SearchStopped
from amath.formats.view import position_from_dict

DATA = Path(__file__).resolve().parent.parent / "tests" / "data" / "smath_positions.json"


def _ms(t: float) -> str:
    return f"{t * 1000:.0f} ms"


def _summary(name: str, times: list[float], stopped: int) -> str:
    p95 = statistics.quantiles(times, n=20, method="inclusive")[-1] if len(times) >= 2 else times[0]  # never above the max
    spread = f"median {_ms(statistics.median(times))}, p95 {_ms(p95)}, max {_ms(max(times))}"
    return f"{name}: {len(times)} searches, {stopped} stopped at the cap; {spread}"


def run(backend: str, count: int, cap: int, each: bool = False, limits: tuple[int, ...] = (20, 1), skip: int = 0) -> None:
    """Time the exact top N (``limits``: 20 and 1) on the first ``count`` stored positions' full racks (``each``: print every search)."""
    gen = get_generator(backend)
    search = native.generate_smath if backend == "native" else smath.generate_smath  # what the selector runs, with its counts
    data = json.loads(DATA.read_text(encoding="utf-8"))["positions"][skip : skip + count]
    blanks = sum("?" in p["position"]["rack"] for p in data)
    print(f"{len(data)} positions, {blanks} racks with a blank; backend {gen.name} (own Smath search: {backend in own_backends(SMATH)})")
    for limit in limits:
        name = "best move" if limit == 1 else f"top {limit}"
        times: list[float] = []
        stopped = 0
        for k, p in enumerate(data):
            pos = position_from_dict(p["position"])
            stats = SearchStats()
            t0 = time.process_time()
            outcome = "best"
            try:
                found = search(pos.board(), list(pos.rack), SMATH, SearchRequest(limit=limit, max_nodes=cap), stats=stats)
                outcome += f" {found[0].score}" if found else " none"
            except SearchStopped:
                stopped += 1
                outcome = "stopped"
            times.append(time.process_time() - t0)
            if each:
                print(f"  {name} #{skip + k}: {_ms(times[-1])}, {stats.nodes} nodes, {stats.entries} table entries, {outcome}", flush=True)
        print(_summary(name, times, stopped), flush=True)


def main() -> None:
    """Print the machine, then the figures."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--backend", default="python", choices=["python", "native"])
    parser.add_argument("--count", type=int, default=40, help="positions (from the first, after --skip)")
    parser.add_argument("--skip", type=int, default=0, help="leave out the first this many positions (to run a set in parts)")
    parser.add_argument("--cap", type=int, default=1_000_000, help="node cap per search (stopped searches are counted)")
    parser.add_argument("--each", action="store_true", help="print every search (time, nodes, best score)")
    parser.add_argument("--limits", type=int, nargs="+", default=[20, 1], help="the N of the top-N searches (1: best move)")
    args = parser.parse_args()
    print(f"machine: {platform.machine()} python {platform.python_version()}, load {os.getloadavg()[0]:.1f}, CPU time per search")
    run(args.backend, args.count, args.cap, args.each, tuple(args.limits), args.skip)


if __name__ == "__main__":
    main()
