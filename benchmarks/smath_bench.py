"""Smath search cost: greedy-vs-greedy Smath games with the bounded generator.

Reports, per move, the time and the number of placements found, and how often the node
budget was the limit.  Usage: ``.venv/bin/python benchmarks/smath_bench.py --games 3``.
"""

from __future__ import annotations

import argparse
import platform
import statistics
import time

from amath import Game
from amath.movegen.bounded import generate_bounded
from amath.movegen.dispatch import BOUNDED_MAX_RACK_TILES, BOUNDED_NODE_BUDGET
from amath.players import get_bot
from amath.rules import get_ruleset


def main() -> None:
    """Play the games and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--variant", default="smath")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rules = get_ruleset(args.variant)
    times: list[float] = []
    counts: list[int] = []
    game_times: list[float] = []
    for k in range(args.games):
        game = Game(rules, seed=args.seed + k)
        bots = [get_bot("greedy", args.seed + k), get_bot("greedy", args.seed + k + 1000)]
        start = time.perf_counter()
        while not game.over:
            t0 = time.perf_counter()
            found = generate_bounded(
                game.board, game.racks[game.to_move], rules, max_rack_tiles=BOUNDED_MAX_RACK_TILES, node_budget=BOUNDED_NODE_BUDGET
            )
            times.append(time.perf_counter() - t0)
            counts.append(len(found))
            game.push(bots[game.to_move].choose(game))
        game_times.append(time.perf_counter() - start)
    print(f"machine: {platform.machine()} {platform.processor() or ''} python {platform.python_version()}")
    bounds = f"{BOUNDED_MAX_RACK_TILES} rack tiles, {BOUNDED_NODE_BUDGET} nodes"
    print(f"{args.variant}: {args.games} games, {len(times)} searches, bounds: {bounds}")
    qs = statistics.quantiles(times, n=20)
    print(f"search time: median {statistics.median(times) * 1000:.0f} ms, p95 {qs[-1] * 1000:.0f} ms, max {max(times) * 1000:.0f} ms")
    print(f"placements found: median {statistics.median(counts):.0f}, max {max(counts)}")
    print(f"game time (search done twice per move: once here, once by the bot): mean {statistics.mean(game_times):.1f} s")


if __name__ == "__main__":
    main()
