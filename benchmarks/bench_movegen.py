"""Move generator benchmark: complete move lists on the corpus, and greedy self-play speed.

For each rack kind (no blank, one blank, two blanks) it times the complete, sorted move
list of every corpus position and reports the median, the 95th percentile and moves
generated per second; then it plays greedy-vs-greedy games and reports games per second.
Times are wall-clock on one core, best of ``--repeat`` runs per position::

    .venv/bin/python benchmarks/bench_movegen.py                 # everything
    .venv/bin/python benchmarks/bench_movegen.py --blanks 0 --limit 30 --games 0
"""

from __future__ import annotations

import argparse
import json
import platform
import statistics
import time
from pathlib import Path

from amath.formats.position import position_from_dict
from amath.movegen import generate
from amath.players.selfplay import game_seed, play_game

HERE = Path(__file__).parent


def percentile(xs: list[float], p: float) -> float:
    """The p-th percentile (nearest rank) of ``xs``."""
    s = sorted(xs)
    k = max(0, min(len(s) - 1, round(p / 100 * len(s) + 0.5) - 1))
    return s[k]


def bench_racks(blanks: int, limit: int | None, repeat: int) -> dict[str, float]:
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
            started = time.perf_counter()
            found = generate(board, rack, rules)
            best = min(best, time.perf_counter() - started)
        times.append(best)
        moves += len(found)
    total = sum(times)
    return {
        "positions": len(times),
        "median_ms": 1000 * statistics.median(times),
        "p95_ms": 1000 * percentile(times, 95),
        "max_ms": 1000 * max(times),
        "moves": moves,
        "moves_per_s": moves / total if total else 0.0,
    }


def bench_games(games: int, seed: int) -> dict[str, float]:
    """Greedy-vs-greedy games on one core: seconds per game and games per second."""
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
    args = parser.parse_args()
    print(f"python {platform.python_version()} on {platform.machine()} {platform.processor() or ''}".rstrip())
    results: dict[str, dict[str, float]] = {}
    for blanks in [int(b) for b in args.blanks.split(",") if b.strip()]:
        r = bench_racks(blanks, args.limit, args.repeat)
        results[f"blanks={blanks}"] = r
        print(
            f"{blanks} blank(s): {r['positions']} positions, median {r['median_ms']:.0f} ms, p95 {r['p95_ms']:.0f} ms, "
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
