"""``amath selfplay``: bots play each other; each game is saved, and a summary printed."""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Sequence
from pathlib import Path

from amath.apps.cli.lang import bot_levels, error_line, explain, say
from amath.apps.cli.progress import ProgressLine
from amath.core.rules import get_ruleset
from amath.players.parallel import ParallelError, Workers, run_ordered
from amath.players.registry import BOTS
from amath.players.selfplay import Summary, play_task, run_tasks

HELP = "let bots play each other (games saved as JSON, summary of wins, scores, margin, bingos, speed)"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """``--games``, ``--players``, ``--variant``, ``--seed``, ``--jobs``, ``--ray``, ``--out``, ``--quiet``."""
    parser.add_argument("--games", type=int, default=10, metavar="N", help="number of games (default 10)")
    parser.add_argument("--players", default="greedy,equity", help=say("comma-separated bots, 2 to 4 of: {bots}", bots=bot_levels()))
    parser.add_argument("--variant", default="a-math", help="a-math (default), smath or smath+OPTIONS (docs/smath.md)")
    parser.add_argument("--seed", type=int, default=1, help="run seed: the same seed plays the same games (default 1)")
    parser.add_argument("--jobs", type=int, default=1, metavar="J", help="worker processes (default 1); with --ray local, Ray's CPUs")
    parser.add_argument(
        "--ray",
        default=None,
        metavar="WHERE",
        help="play on Ray (pip install 'amath[ray]'): auto joins this machine's cluster, an address joins that one, local starts one",
    )
    parser.add_argument("--out", type=Path, default=None, metavar="DIR", help="write each game to DIR/game-NNNN.json")
    parser.add_argument("--quiet", action="store_true", help="no progress line")


def _labels(names: Sequence[str]) -> list[str]:
    """Bot names made distinct (``greedy``, ``greedy#2``) so a bot can play itself."""
    out: list[str] = []
    for name in names:
        label, k = name, 1
        while label in out:
            k += 1
            label = f"{name}#{k}"
        out.append(label)
    return out


def summary_lines(summary: Summary) -> list[str]:
    """The summary printed at the end: per bot wins, mean score, bingos; with two bots the margin and win rate."""
    g = max(summary.games, 1)
    out = [say("games: {games}", games=summary.games)]
    for name in summary.bots:
        wins = summary.wins.get(name, 0.0)
        out.append(
            say(
                "  {name:<16} wins {wins:6.1f} ({share:5.1f}%)  mean score {score:7.1f}  bingos {bingos}",
                name=name,
                wins=wins,
                share=100 * wins / g,
                score=summary.points.get(name, 0) / g,
                bingos=summary.bingos.get(name, 0),
            )
        )
    if len(summary.bots) == 2:
        first, second = summary.bots
        mean, half = summary.margin()
        out.append(say("  margin {first} - {second}: {mean:+.1f} ± {half:.1f} (95% CI)", first=first, second=second, mean=mean, half=half))
        rate, spread = summary.win_rate()
        out.append(
            say(
                "  win rate {first}: {rate:.1f}% ± {spread:.1f} (95% CI, normal approximation)",
                first=first,
                rate=100 * rate,
                spread=100 * spread,
            )
        )
    speed = summary.turns / summary.seconds if summary.seconds else 0.0
    per_game = summary.seconds / summary.games if summary.games else 0.0
    out.append(say("  turns per second {speed:.1f} (one core), {per_game:.2f} s per game", speed=speed, per_game=per_game))
    return out


def workers_text(workers: Workers) -> str:
    """Where the games ran, in a few words: ``2 process(es)`` or ``Ray (local)``."""
    if workers.ray is None:
        return say("{jobs} process(es)", jobs=workers.jobs)
    return say("Ray ({where})", where=workers.ray)


def run(args: argparse.Namespace) -> int:
    """Play the games (in parallel with ``--jobs``), save them, print the summary."""
    names = [n.strip().lower() for n in args.players.split(",") if n.strip()]
    unknown = [n for n in names if n not in BOTS]
    if unknown or not 2 <= len(names) <= 4:
        message = say("--players takes 2 to 4 of {bots} (got {players!r})", bots=", ".join(BOTS), players=args.players)
        print(error_line(message), file=sys.stderr)
        return 2
    try:
        rules = get_ruleset(args.variant)
    except ValueError as exc:
        print(error_line(explain(exc)), file=sys.stderr)
        return 2
    if args.games < 1 or args.jobs < 1:
        print(error_line(say("--games and --jobs must be at least 1")), file=sys.stderr)
        return 2
    bots = _labels(names)
    if args.out is not None:
        args.out.mkdir(parents=True, exist_ok=True)
    summary = Summary(bots)
    workers = Workers(args.jobs, args.ray)
    started = time.perf_counter()
    try:
        with ProgressLine(say("games"), args.games, show=not args.quiet) as bar:
            for rec in run_ordered(play_task, run_tasks(bots, args.seed, args.games, rules), workers):
                summary.add(rec)
                if args.out is not None:
                    path = args.out / f"game-{rec.index + 1:04d}.json"
                    path.write_text(json.dumps(rec.saved, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
                bar.update(summary.games)
    except ParallelError as exc:
        print(error_line(explain(exc)), file=sys.stderr)
        return 2
    wall = time.perf_counter() - started
    for line in summary_lines(summary):
        print(line)
    print(
        say(
            "  wall time {wall:.1f} s on {workers}: {rate:.3f} games per second",
            wall=wall,
            workers=workers_text(workers),
            rate=args.games / wall,
        )
    )
    return 0
