"""``amath replay GAME``: re-play a game record under the rules and re-score every turn."""

from __future__ import annotations

import argparse
import sys

from amath.apps.cli.lang import error_line, explain, say
from amath.core.errors import AmathError
from amath.formats.load import read_text
from amath.formats.record import format_line, parse_record
from amath.formats.replay import replay

HELP = "re-play a game record under the rules; report the first turn that disagrees (exit 1) or that all agree"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The record file, and ``-v`` to list every turn as it is checked."""
    parser.add_argument("game", help="a text game record (see docs/record-format.md); - reads standard input")
    parser.add_argument("-v", "--verbose", action="store_true", help="print every turn as it is checked")


def run(args: argparse.Namespace) -> int:
    """Exit 0 when every turn agrees, 1 at the first disagreement, 2 on a file that cannot be read."""
    try:
        text = read_text(args.game)
        if text.lstrip().startswith("{"):
            raise AmathError(
                "this is JSON, not a text record (a saved game becomes one with 'amath record GAME.json')", code="json_not_record"
            )
        record = parse_record(text)
    except AmathError as exc:
        print(error_line(f"{args.game}: {explain(exc)}"), file=sys.stderr)
        return 2
    result = replay(record)
    if args.verbose:
        for k, line in enumerate(record.turns[: result.agreed], start=1):
            print(say("turn {k:3d} ok  {line}", k=k, line=format_line(line)))
    if result.problem is not None:
        print(f"{args.game}: {explain(result.problem)}")
        print(say("{agreed} of {turns} turns agree before it", agreed=result.agreed, turns=result.turns))
        return 1
    if record.ends:
        print(say("{game}: all {turns} turns agree and so does the end of the game", game=args.game, turns=result.turns))
    else:
        print(say("{game}: all {turns} turns agree", game=args.game, turns=result.turns))
    return 0
