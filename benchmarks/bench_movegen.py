"""Move generator benchmark: complete move lists on the corpus, and greedy self-play speed.

For each rack kind (no blank, one blank, two blanks) it times the complete, sorted move
list of every corpus position and reports the median, the 95th percentile and moves
generated per second; then it plays greedy-vs-greedy games and reports games per second.
Times are wall-clock on one core, best of ``--repeat`` runs per position; ``--cpu`` times
the thread's CPU instead (steadier on a loaded machine).  ``--backend`` picks the
generator (``native``: the Rust core through :mod:`amath.engine.movegen.native`, which also
reports the compact list of :func:`amath.engine.movegen.native.raw`; ``python``)::

    .venv/bin/python benchmarks/bench_movegen.py                 # everything, python backend
    .venv/bin/python benchmarks/bench_movegen.py --backend native --blanks 0,1,2 --games 20
    .venv/bin/python benchmarks/bench_movegen.py --blanks 0 --limit 30 --games 0
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import time
from collections.abc import Callable, Sequence, Sized
from pathlib import Path

from timing import percentile

from amath.core.board import Board
from amath.core.rules.base import Ruleset
from amath.engine.movegen import fast, native
from amath.formats.view import position_from_dict
from amath.players.selfplay import game_seed, play_game

Lister = Callable[[Board, Sequence[str], Ruleset], Sized]

HERE = Path(__file__).parent


def bench_racks(blanks: int, limit: int | None, repeat: int, generate: Lister, clock: Callable[[], float]) -> dict[str, float]:
    """Time the complete move list for every corpus position's rack with ``blanks`` blanks."""
    positions = json.loads((HERE / "corpus.json").read_text(encoding="utf-8"))["positions"]
    times: list[float] = []
    moves = 0
    for entry in positions[:limit]:
        rack = entry["racks"].get(str(blanks))
        if rack is None:
            continue
        pos = position_from_dict(entry["position"])
        board, rules = pos.board(), pos.rules
        best = float("inf")
        for _ in range(repeat):
            started = clock()
            found = generate(board, rack, rules)
            best = min(best, clock() - started)
        times.append(best)
        moves += len(found)
    total = sum(times)
    return {
        "positions": len(times),
        "median_ms": 1000 * statistics.median(times),
        "p95_ms": 1000 * percentile(times, 0.95),
        "max_ms": 1000 * max(times),
        "moves": moves,
        "moves_per_s": moves / total if total else 0.0,
    }


def bench_games(games: int, seed: int) -> dict[str, float]:
    """Greedy-vs-greedy games on one core (the backend of $AMATH_ENGINE): seconds per game and games per second."""
    spent = []
    for i in range(games):
        rec = play_game(["greedy", "greedy#2"], game_seed(seed, i), i)
        spent.append(rec.seconds)
    return {"games": games, "mean_s": statistics.mean(spent), "median_s": statistics.median(spent), "games_per_s": games / sum(spent)}


def main() -> None:
    """Run the requested parts and print one line per result (and JSON with --json)."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--blanks", default="0,1,2", help="rack kinds to time (default 0,1,2)")
    parser.add_argument("--limit", type=int, default=None, help="only the first N corpus positions")
    parser.add_argument("--repeat", type=int, default=1, help="runs per position, best kept (default 1)")
    parser.add_argument("--games", type=int, default=5, help="greedy self-play games to time (default 5)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true", help="also print the results as JSON")
    parser.add_argument("--backend", choices=("python", "native"), default="python", help="the generator to time (default python)")
    parser.add_argument("--cpu", action="store_true", help="time the thread's CPU, not the wall clock")
    args = parser.parse_args()
    os.environ["AMATH_ENGINE"] = args.backend  # the self-play games' bots use the same backend
    clock = time.thread_time if args.cpu else time.perf_counter
    print(f"python {platform.python_version()} on {platform.machine()} {platform.processor() or ''}".rstrip())
    print(f"backend {args.backend}, {'CPU' if args.cpu else 'wall-clock'} time, load average {os.getloadavg()[0]:.1f}")
    listers: dict[str, Lister] = {"list": fast.generate}
    if args.backend == "native":
        listers = {"list": native.generate, "raw": native.raw}
    results: dict[str, dict[str, float]] = {}
    for blanks in [int(b) for b in args.blanks.split(",") if b.strip()]:
        for kind, lister in listers.items():
            r = bench_racks(blanks, args.limit, args.repeat, lister, clock)
            results[f"blanks={blanks} {kind}"] = r
            print(
                f"{blanks} blank(s), {kind}: {r['positions']} positions, median {r['median_ms']:.1f} ms, p95 {r['p95_ms']:.0f} ms, "
                f"max {r['max_ms']:.0f} ms, {r['moves']} moves, {r['moves_per_s']:.0f} moves/s",
                flush=True,
            )
    if args.games:
        g = bench_games(args.games, args.seed)
        results["greedy_games"] = g
        print(
            f"greedy vs greedy: {g['games']} games, {g['mean_s']:.1f} s mean, {g['median_s']:.1f} s median, {g['games_per_s']:.3f} games/s"
        )
    if args.json:
        print(json.dumps(results, indent=1))


if __name__ == "__main__":
    main()
