"""Self-play speed: games per CPU-second for each bot playing itself, and where the time goes.

Plays ``--games`` seeded games per bot, one at a time in this process, exactly as
``amath selfplay`` and ``benchmarks/fit_leaves.py`` play them (:func:`amath.players.selfplay.play`),
and reports the process CPU time per game (``time.process_time``: fair on a loaded machine),
its median, games per CPU-second, and the share spent inside the calls of the native core.

    .venv/bin/python benchmarks/bench_selfplay.py --bots greedy,equity,equity-handset --games 20
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import time
from typing import Any

from amath.core.rules import get_ruleset
from amath.engine.generator import backend
from amath.engine.movegen import native
from amath.players.selfplay import game_seed, play


class _Timed:
    """Stands in for the ``amath.engine.movegen._native`` module and adds the CPU time of every call to ``spent``."""

    def __init__(self, inner: Any) -> None:
        self.inner = inner
        self.spent = 0.0

    def __getattr__(self, attr: str) -> Any:
        fn = getattr(self.inner, attr)
        if not callable(fn) or isinstance(fn, type):
            return fn

        def timed(*args: Any, **kwargs: Any) -> Any:
            started = time.process_time()
            try:
                return fn(*args, **kwargs)
            finally:
                self.spent += time.process_time() - started

        return timed


def bench(bot: str, games: int, seed: int, variant: str) -> dict[str, object]:
    """Time ``games`` games of ``bot`` against itself."""
    rules = get_ruleset(variant)
    timed = _Timed(native._EXT)
    native._EXT = timed
    per_game: list[float] = []
    turns = 0
    try:
        for i in range(games):
            started = time.process_time()
            game = play([bot, f"{bot}#2"], game_seed(seed, i), rules)
            per_game.append(time.process_time() - started)
            turns += len(game.history)
    finally:
        native._EXT = timed.inner
    total = sum(per_game)
    return {
        "bot": bot,
        "variant": variant,
        "backend": backend(),
        "games": games,
        "turns_per_game": round(turns / games, 1),
        "cpu_s_per_game_mean": round(total / games, 4),
        "cpu_s_per_game_median": round(statistics.median(per_game), 4),
        "games_per_cpu_s": round(games / total, 2) if total else None,
        "native_share": round(timed.spent / total, 3) if total else None,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--bots", default="greedy,equity,equity-handset")
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--variant", default="a-math")
    parser.add_argument("--json", action="store_true", help="one JSON object a line")
    args = parser.parse_args()
    load = os.getloadavg()
    print(f"# {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}, load average {load[0]:.1f} {load[1]:.1f} {load[2]:.1f}")
    for bot in args.bots.split(","):
        row = bench(bot, args.games, args.seed, args.variant)
        if args.json:
            print(json.dumps(row), flush=True)
        else:
            print(
                f"{row['bot']:<16} {row['games']} games, {row['turns_per_game']} turns/game: "
                f"{row['cpu_s_per_game_median']} CPU-s/game median ({row['cpu_s_per_game_mean']} mean), "
                f"{row['games_per_cpu_s']} games/CPU-s, {row['native_share']:.0%} in the native core",
                flush=True,
            )
    load = os.getloadavg()
    print(f"# load average at the end {load[0]:.1f} {load[1]:.1f} {load[2]:.1f}")


if __name__ == "__main__":
    main()
