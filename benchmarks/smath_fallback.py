"""What a bot plays when a Smath search of a rack with a blank stops at its budget.

For each stored self-play position (tests/data/smath_positions.json) whose full rack holds a
blank: whether the best placement by score (greedy's question) is found within
``NODE_BUDGET``; when it is not, the score of :func:`amath.engine.generator.search_within`'s
answer (the best of the stopped search, the search without the blanks and, if both found
nothing, the bounded search), the bounded search's best alone (what stood in before the
search without the blanks was added), and the exact best from a search with ``--exact-cap``
nodes (None past it).  Usage::

    .venv/bin/python benchmarks/smath_fallback.py --count 70 --exact-cap 6000000
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import platform
import statistics
import time
from pathlib import Path

from amath.core.rules import SMATH
from amath.engine.generator import NODE_BUDGET, get_generator, search_within
from amath.engine.movegen.bounded import generate_bounded
from amath.engine.movegen.request import SearchRequest
from amath.engine.movegen.smath import SearchStopped
from amath.formats.view import position_from_dict

DATA = Path(__file__).resolve().parent.parent / "tests" / "data" / "smath_positions.json"


def main() -> None:
    """Print one line per rack with a blank, then the medians."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--count", type=int, default=70, help="positions (from the first)")
    parser.add_argument("--exact-cap", type=int, default=6_000_000, help="nodes for the exact best (0: skip it)")
    args = parser.parse_args()
    print(f"machine: {platform.machine()} python {platform.python_version()}, load {os.getloadavg()[0]:.1f}, CPU time per search")
    gen = get_generator()
    now: list[int] = []
    before: list[int] = []
    shares: list[tuple[int, int, int]] = []
    times: list[float] = []
    for k, p in enumerate(json.loads(DATA.read_text(encoding="utf-8"))["positions"][: args.count]):
        pos = position_from_dict(p["position"])
        board, rack = pos.board(), list(pos.rack)
        if "?" not in rack or len(rack) < SMATH.rack_size:
            continue
        t0 = time.process_time()
        found, complete = search_within(board, rack, SMATH, SearchRequest(limit=1))
        times.append(time.process_time() - t0)
        score = found[0].score if found else 0
        if complete:
            print(f"#{k}: finished within {NODE_BUDGET} nodes, best {score}", flush=True)
            continue
        bounded = max((m.score for m in generate_bounded(board, rack, SMATH, max_rack_tiles=6, node_budget=NODE_BUDGET // 4)), default=0)
        exact: int | None = None
        if args.exact_cap:
            with contextlib.suppress(SearchStopped):
                exact = gen.search(board, rack, SMATH, SearchRequest(limit=1, max_nodes=args.exact_cap))[0].score
        print(f"#{k} {' '.join(rack)}: now {score}, bounded alone {bounded}, exact {exact} ({times[-1]:.1f} s)", flush=True)
        now.append(score)
        before.append(bounded)
        if exact:
            shares.append((score, bounded, exact))
    if now:
        print(f"{len(now)} stopped of {len(times)}: median now {statistics.median(now)}, bounded alone {statistics.median(before)}")
    if shares:
        total = sum(e for _, _, e in shares)
        mine, theirs = sum(s for s, _, _ in shares) / total, sum(b for _, b, _ in shares) / total
        print(f"share of the exact best's points on {len(shares)}: now {mine:.0%}, bounded alone {theirs:.0%}")
    if times:
        print(f"search_within CPU: median {statistics.median(times):.2f} s, max {max(times):.2f} s")


if __name__ == "__main__":
    main()
