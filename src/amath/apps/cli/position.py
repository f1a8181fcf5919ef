"""``amath position GAME --turn N``: the position after N turns, as JSON or a one-line string.

Also converts a position between its two forms: ``amath position pos.json --string``.
"""

from __future__ import annotations

import argparse
import sys

from amath.apps.cli.lang import error_line, explain
from amath.core.errors import AmathError
from amath.formats.fen import position_to_string
from amath.formats.load import game_at, load_any, read_text
from amath.formats.view import PositionView, position_of, position_to_json

HELP = "print the position after N turns of a game (or convert a position) as a position string or JSON"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The game or position file, the turn, and the output form."""
    parser.add_argument("game", help="a game record, a saved game, a position JSON or a position string file; - reads stdin")
    parser.add_argument("--turn", type=int, default=None, help="after this many turns (0 = the start; default: the end)")
    form = parser.add_mutually_exclusive_group()
    form.add_argument("--json", action="store_true", help="print the position JSON of docs/rules.md")
    form.add_argument("--string", action="store_true", help="print the one-line position string (the default)")


def run(args: argparse.Namespace) -> int:
    """Print the position; exit 2 naming the problem when the input cannot be read."""
    try:
        loaded = load_any(read_text(args.game))
        if isinstance(loaded, PositionView):
            if args.turn is not None:
                raise AmathError("--turn needs a game, not a position", code="turn_needs_game")
            pos = loaded
        else:
            pos = position_of(game_at(loaded, args.turn))
    except AmathError as exc:
        print(error_line(f"{args.game}: {explain(exc)}"), file=sys.stderr)
        return 2
    print(position_to_json(pos) if args.json else position_to_string(pos))
    return 0
