"""Play-outs per second per core: the Python twin against the native core, on the same positions.

Takes every ``--every``-th turn of ``--games`` seeded ``equity`` self-play games, the side to
move's view, its candidates (:func:`amath.engine.playouts.candidates`), and plays
``--iterations`` play-outs of each candidate with both executors (one thread each), timing
the process CPU time; checks that both give the same values.  Then the native core alone with
``--threads`` threads (wall time: the per-core figure is its play-outs per second over threads).
Run it under /work/cpu on a quiet machine::

    .venv/bin/python benchmarks/bench_playouts.py --games 2 --every 6 --iterations 4
"""

from __future__ import annotations

import argparse
import copy
import sys
import time

from amath.core.rules import get_ruleset
from amath.engine import playouts as P
from amath.engine.search import Budget
from amath.engine.static import default_equity
from amath.game import Game
from amath.players.selfplay import game_seed, play


def positions(games: int, seed: int, every: int) -> list[tuple[int, int, Game]]:
    """(game, turn, the game at that turn) of seeded equity self-play games."""
    rules = get_ruleset("a-math")
    out = []
    for g in range(games):
        finished = play(["equity", "equity"], game_seed(seed, g), rules)
        replay = Game(rules, players=list(finished.names), seed=finished.seed)
        for turn, t in enumerate(finished.history):
            if turn % every == 0 and not replay.over and len(replay.bag) > 0:
                out.append((g, turn, copy.deepcopy(replay)))
            replay.push(t.move)  # type: ignore[arg-type]  # a finished game's turns are all moves
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--every", type=int, default=6)
    parser.add_argument("--iterations", type=int, default=4, help="play-outs per candidate per executor")
    parser.add_argument("--plies", type=int, default=Budget().plies)
    parser.add_argument("--threads", type=int, default=2)
    args = parser.parse_args()
    if not P.native_ready(Game(get_ruleset("a-math")).position, default_equity()):
        print("the native core is not built", file=sys.stderr)
        return 1
    equity = default_equity()
    totals = {"python": [0, 0.0], "native": [0, 0.0]}
    wall = [0, 0.0]
    print("game turn bag candidates play-outs python/s native/s same")
    for g, turn, game in positions(args.games, args.seed, args.every):
        pos = game.position.seen_by(game.to_move)
        model = P.leave_model(equity, pos.rules)
        assert model is not None
        finish = pos.bag_size <= P.FINISH_RACKS * pos.rules.rack_size
        root = P.Root(pos, model, (), args.plies + 1 if args.plies % 2 == 0 else args.plies, finish, seed=turn)
        cands = P.candidates(pos, equity)
        jobs = [(c, it) for c in range(len(cands)) for it in range(args.iterations)]
        t = time.process_time()
        py = P.python_playouts(root, cands, jobs)
        tp = time.process_time() - t
        t = time.process_time()
        nat = P.native_playouts(root, cands, jobs, 1)
        tn = time.process_time() - t
        t = time.perf_counter()
        par = P.native_playouts(root, cands, jobs, args.threads)
        tw = time.perf_counter() - t
        same = py == nat == par
        totals["python"][0] += len(jobs)
        totals["python"][1] += tp
        totals["native"][0] += len(jobs)
        totals["native"][1] += tn
        wall[0] += len(jobs)
        wall[1] += tw
        print(f"{g} {turn} {pos.bag_size} {len(cands)} {len(jobs)} {len(jobs) / tp:.0f} {len(jobs) / tn:.0f} {same}", flush=True)
        if not same:
            print("the executors differ", file=sys.stderr)
            return 1
    for name, (n, secs) in totals.items():
        print(f"{name}: {n} play-outs in {secs:.2f} s of CPU: {n / secs:.0f} play-outs/s per core")
    print(f"native, {args.threads} threads: {wall[0]} play-outs in {wall[1]:.2f} s wall: {wall[0] / wall[1] / args.threads:.0f} per core")
    return 0


if __name__ == "__main__":
    sys.exit(main())
