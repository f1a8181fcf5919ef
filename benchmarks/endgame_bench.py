"""The exact endgame solver's work and CPU time on the endgames of seeded self-play.

Plays seeded ``equity`` self-play games and takes each game's first turn with the bag
empty (both racks known, as the solver sees them); solves it with each ``--budget``
(work units: a turn pushed or a turn listed) and prints the CPU time, the work done,
whether the answer is exact and the depth reached, with the blanks on the two racks (a
blank multiplies a node's turns).  The summary gives, per budget, the median and 95th
percentile CPU, the share solved exactly and the microseconds per unit of work::

    .venv/bin/python benchmarks/endgame_bench.py --games 40 --budget 50000 200000
    .venv/bin/python benchmarks/endgame_bench.py --games 40 --blanks 1 --json

``--blanks N`` keeps only endgames with at least N blanks on the racks (the slow ones).
``--native 0`` times the Python twin instead (it counts the same work).
"""

from __future__ import annotations

import argparse
import json
import sys
import time

from bench_champion import moments
from timing import spread

from amath.core.position import Position
from amath.core.rules import get_ruleset
from amath.core.tiles import BLANK
from amath.engine.endgame import solve
from amath.game import Game
from amath.players.selfplay import game_seed, play


def first_endgame(finished: Game) -> Position | None:
    """The first position of ``finished`` with the bag empty and the game still on, both racks known."""
    found = moments(finished, at_bag=0)
    return found[0].position.copy() if found else None


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--bots", default="equity,equity", help="the self-play levels, comma-separated")
    parser.add_argument("--budget", type=int, nargs="+", default=[50_000], help="work budgets to solve with")
    parser.add_argument("--blanks", type=int, default=0, help="only endgames with at least this many blanks on the racks")
    parser.add_argument("--native", type=int, default=1, help="1: the compiled solver, 0: the Python twin")
    parser.add_argument("--json", action="store_true", help="one object a line")
    args = parser.parse_args()
    rules = get_ruleset("a-math")
    rows: list[dict[str, object]] = []
    for g in range(args.games):
        pos = first_endgame(play(args.bots.split(","), game_seed(args.seed, g), rules))
        if pos is None or pos.sides != 2:
            continue
        blanks = sum(pos.racks[s].get(BLANK, 0) for s in range(2))
        if blanks < args.blanks:
            continue
        for budget in args.budget:
            started = time.process_time()
            result = solve(pos, nodes=budget, native=bool(args.native))
            cpu = time.process_time() - started
            row = {"game": g, "budget": budget, "blanks": blanks, "cpu": round(cpu, 4), "work": result.nodes}
            row |= {"exact": result.exact, "depth": result.depth, "spread": result.best.spread}
            rows.append(row)
            if args.json:
                print(json.dumps(row), flush=True)
            else:
                print(
                    f"game {g:>3} budget {budget:>8} blanks {blanks} cpu {cpu:7.3f} s work {result.nodes:>9}"
                    f" exact {result.exact!s:<5} depth {result.depth:>2} spread {result.best.spread:+}",
                    flush=True,
                )
    for budget in args.budget:
        mine = [r for r in rows if r["budget"] == budget]
        if not mine:
            continue
        times = [float(r["cpu"]) for r in mine]  # type: ignore[arg-type]
        work = sum(int(r["work"]) for r in mine)  # type: ignore[call-overload]
        exact = sum(bool(r["exact"]) for r in mine)
        print(
            f"budget {budget}: n={len(mine)} cpu {spread(times, 3)}  exact {exact}/{len(mine)}"
            f"  {1e6 * sum(times) / max(1, work):.2f} us a unit of work",
            file=sys.stderr,
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
