"""Where the Smath search's nodes are: counts by kind, square, bracket depth and tiles used (Python twin).

For the best move (or top N) of the full racks of stored self-play positions, every node
the search counts is tallied by the method that counted it (``bounds``: the bounds of a
node outside brackets, ``span``: of a bracket's contents, ``walk``: the enumeration), the grammar state's
bracket depth and previous token, the rack tiles used, and how far the square lies from
the line's last square.  The profile the next change to the bound should be aimed at.
Usage::

    .venv/bin/python benchmarks/smath_profile.py --positions 0 4 --limit 1 --cap 300000
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter, defaultdict
from pathlib import Path

from amath.core.rules import SMATH
from amath.engine.movegen import smath
from amath.engine.movegen.request import SearchRequest
from amath.engine.movegen.smath import SearchStats, SearchStopped
from amath.engine.movegen.smath_walk import LineWalk
from amath.formats.view import position_from_dict

DATA = Path(__file__).resolve().parent.parent / "tests" / "data" / "smath_positions.json"
_PREV = ("start", "opened", "unary", "binary", "number", "closed")


def profile(index: int, limit: int, cap: int) -> None:
    """Run one search with its nodes tallied, and print the tallies."""
    pos = position_from_dict(json.loads(DATA.read_text(encoding="utf-8"))["positions"][index]["position"])
    tally: dict[str, Counter[object]] = {k: Counter() for k in ("kind", "depth", "prev", "nrack", "left", "kind_depth", "eq_side")}
    count = smath.Search.count_node
    seen: dict[str, Counter[object]] = defaultdict(Counter)

    def counting(self: smath.Search) -> None:
        f = sys._getframe(1)
        kind = f.f_code.co_name
        loc = f.f_locals
        st = loc["st"] if "st" in loc else loc["s"]  # a span's node is `s`
        walker = loc["self"]
        tally["kind"][kind] += 1
        key = walker._key(loc["i"], st, loc["used"], loc["ntiles"], loc["touched"], loc["lone"], loc["need_end"])
        seen[kind][(id(walker), key)] += 1
        tally["depth"][st[6]] += 1
        tally["kind_depth"][(kind, st[6])] += 1
        tally["prev"][_PREV[st[0]]] += 1
        tally["nrack"][loc["nrack"]] += 1
        tally["left"][walker.n - loc["i"]] += 1
        tally["eq_side"][(kind, "after =" if st[7] else "first side")] += 1
        count(self)

    passes: list[tuple[float, int, int]] = []
    one_pass = smath.Search._pass

    def timed_pass(self: smath.Search, starts: list[tuple[float, LineWalk, int]]) -> None:
        before = self.stats.nodes
        try:
            one_pass(self, starts)
        finally:
            passes.append((self.threshold, self.stats.nodes - before, len(self.kept)))

    smath.Search.count_node = counting  # type: ignore[method-assign]
    smath.Search._pass = timed_pass  # type: ignore[method-assign]
    stats = SearchStats()
    outcome = "stopped"
    try:
        found = smath.generate_smath(pos.board(), list(pos.rack), SMATH, SearchRequest(limit=limit, max_nodes=cap), stats=stats)
        outcome = f"best {found[0].score}" if found else "none"
    except SearchStopped:
        pass
    finally:
        smath.Search.count_node = count  # type: ignore[method-assign]
        smath.Search._pass = one_pass  # type: ignore[method-assign]
    print(f"#{index} rack {' '.join(pos.rack)}: {stats.nodes} nodes, {outcome}")
    print("  passes (threshold, nodes, kept): " + ", ".join(f"({t:.0f}, {n}, {k})" for t, n, k in passes))
    for kind, keys in seen.items():
        again = Counter(min(n, 5) for n in keys.values())
        print(f"  {kind}: {sum(keys.values())} nodes, {len(keys)} distinct; worked out n times (5: 5 or more): {sorted(again.items())}")
    for name, c in tally.items():
        total = sum(c.values()) or 1
        rows = sorted(c.items(), key=lambda kv: -kv[1])[:14]
        print(f"  {name}: " + ", ".join(f"{k}: {v * 100 / total:.0f}%" for k, v in rows))


def main() -> None:
    """Profile the chosen positions."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--positions", type=int, nargs="+", default=[0])
    parser.add_argument("--limit", type=int, default=1)
    parser.add_argument("--cap", type=int, default=300_000)
    args = parser.parse_args()
    for k in args.positions:
        profile(k, args.limit, args.cap)


if __name__ == "__main__":
    main()
