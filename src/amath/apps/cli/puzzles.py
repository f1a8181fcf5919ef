"""``amath puzzles``: make puzzles from games (``generate``) and check a puzzle file again (``verify``)."""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Iterable
from pathlib import Path

from amath.apps.cli.lang import error_line, explain, say
from amath.apps.cli.progress import ProgressLine
from amath.core.errors import AmathError
from amath.core.rules import get_ruleset
from amath.game import Game
from amath.study.puzzles import Progress, Puzzle, generate, read_puzzles, verify

HELP = "make puzzles from self-play and saved games (one clearly best play, checked by the engine), or check a puzzle file"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """``generate`` (``--variant``, ``--count``, ``--seed``, ``-o``, ``--players``, game files) and ``verify FILE``."""
    parser.add_argument(
        "action", choices=("generate", "verify"), help="generate: add puzzles to a file; verify: check every puzzle of a file"
    )
    parser.add_argument("files", nargs="*", type=Path, help="generate: saved games or records to scan first; verify: the puzzle file")
    parser.add_argument("--variant", default="a-math", help="a-math (default) or smath")
    parser.add_argument("--count", type=int, default=2000, metavar="N", help="puzzles the output file should hold (default 2000)")
    parser.add_argument("--seed", type=int, default=1, help="self-play seed: the same seed scans the same games (default 1)")
    parser.add_argument("-o", "--out", type=Path, default=None, metavar="FILE", help="the JSON-lines file to add to (kept and resumed)")
    parser.add_argument("--players", default="equity,equity", help="the two bots of the self-play games (default equity,equity)")
    parser.add_argument("--db", default=None, metavar="URL", help="also scan the finished games of a server's database (its AMATH_DB URL)")
    parser.add_argument("--quiet", action="store_true", help="no progress line")


def run(args: argparse.Namespace) -> int:
    """Generate or verify; exit 0 when done, 1 when a puzzle fails its check, 2 on bad input."""
    try:
        if args.action == "verify":
            return _verify(args.files)
        if args.out is None:
            raise AmathError("generate needs an output file: -o FILE", code="puzzles_out")
        if not 1 <= args.count <= 1_000_000:
            raise AmathError("--count must be 1..1000000", code="option_range", option="--count", least=1, most=1_000_000)
        rules = get_ruleset(args.variant)
        players = tuple(p.strip() for p in args.players.split(",") if p.strip())
        if len(players) != 2:
            raise AmathError("--players: puzzles come from two-player games", code="puzzles_players")
        have = sum(1 for p in read_puzzles(args.out) if p.variant == rules.name)
    except AmathError as exc:
        print(error_line(explain(exc)), file=sys.stderr)
        return 2
    except OSError as exc:
        print(error_line(explain(exc)), file=sys.stderr)
        return 2
    started = time.perf_counter()
    with ProgressLine(say("puzzles"), args.count, show=not args.quiet) as bar:
        made = [min(have, args.count)]
        bar.update(made[0])

        def tick(puzzle: Puzzle, progress: Progress) -> None:
            made[0] += 1
            bar.update(made[0])

        try:
            if args.db:  # the server's modules load only when asked for (every `amath` command builds this parser)
                from amath.apps.server.puzzles import finished_games

                games: Iterable[tuple[str, Game]] = finished_games(args.db)
            else:
                games = ()
            progress = generate(rules.name, args.count, args.seed, args.out, players=players, files=args.files, games=games, on_puzzle=tick)
        except AmathError as exc:
            print(error_line(explain(exc)), file=sys.stderr)
            return 2
    seconds = time.perf_counter() - started
    kinds = ", ".join(f"{k} {n}" for k, n in sorted(progress.kinds.items())) or "-"
    print(
        say(
            "{written} new puzzles ({kinds}) from {games} games in {seconds:.0f} s; {file} holds {total}",
            written=progress.written,
            kinds=kinds,
            games=progress.games,
            seconds=seconds,
            file=args.out,
            total=have + progress.written,
        )
    )
    return 0


def _verify(files: list[Path]) -> int:
    if len(files) != 1:
        raise AmathError("verify takes one puzzle file", code="puzzles_verify_file")
    bad = 0
    puzzles = read_puzzles(files[0])
    with ProgressLine(say("puzzles"), len(puzzles)) as bar:
        for done, puzzle in enumerate(puzzles, 1):
            verdict = verify(puzzle)
            if not verdict.ok:
                bad += 1
                print(say("puzzle {id} fails its check: {reason}", id=puzzle.id, reason=verdict.reason))
            bar.update(done)
    print(say("{good} of {total} puzzles checked", good=len(puzzles) - bad, total=len(puzzles)))
    return 1 if bad else 0
