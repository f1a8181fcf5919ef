"""``amath record SAVED.json``: write a saved game (terminal, web app, self-play) as a text record."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from amath.apps.cli.lang import error_line, explain
from amath.core.errors import AmathError
from amath.formats.load import load_game_text, read_text
from amath.formats.record import format_record, record_of

HELP = "write a saved game (or re-write a record) as a text game record"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Input file, output file and the optional header fields."""
    parser.add_argument("game", help="a saved game JSON or a text record; - reads standard input")
    parser.add_argument("-o", "--output", default="-", help="the record file (default: standard output)")
    parser.add_argument("--date", help="the #date header, e.g. 2025-03-01")
    parser.add_argument("--event", help="the #event header")
    parser.add_argument("--viewer", type=int, help="hide what side N (from 1) could not see: other racks, exchanged tiles, the seed")


def run(args: argparse.Namespace) -> int:
    """Write the record; exit 2 naming the problem."""
    try:
        game = load_game_text(read_text(args.game))
        if args.viewer is not None and not 1 <= args.viewer <= len(game.sides):
            raise AmathError(
                f"--viewer must be 1..{len(game.sides)}", code="option_range", option="--viewer", least=1, most=len(game.sides)
            )
        viewer = None if args.viewer is None else args.viewer - 1
        text = format_record(record_of(game, date=args.date, event=args.event, viewer=viewer))
        if args.output == "-":
            sys.stdout.write(text)
        else:
            Path(args.output).write_text(text, encoding="utf-8")
    except (AmathError, OSError) as exc:
        print(error_line(f"{args.game}: {explain(exc)}"), file=sys.stderr)
        return 2
    return 0
