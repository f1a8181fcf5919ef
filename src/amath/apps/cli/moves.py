"""``amath moves POSITION``: every legal placement for the rack, best score first (position JSON or string)."""

from __future__ import annotations

import argparse
import json
import sys
import time

from amath.apps.cli.lang import error_line, explain, say
from amath.core.errors import AmathError
from amath.core.notation import format_place
from amath.engine.generator import get_generator
from amath.engine.movegen import GeneratedMove
from amath.engine.movegen.dispatch import SearchStopped, uses_smath_search
from amath.engine.movegen.request import SearchRequest
from amath.formats.load import position_from_text, read_text

HELP = "list every legal placement for a position's rack, best score first (position JSON as in docs/rules.md, or a position string)"


def _progress(found: int) -> None:
    """For big Smath racks, whose complete list may be huge: how many so far."""
    print(say("... {found} placements so far", found=found), file=sys.stderr, flush=True)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """A position file ('-' for standard input), ``--json`` and ``--limit``."""
    parser.add_argument("position", help="a position JSON or position string file, or - to read standard input")
    parser.add_argument("--json", action="store_true", help="one JSON object per line: move, score, tiles")
    parser.add_argument("--limit", type=int, default=None, metavar="N", help="exactly the N best moves (ties in the list's fixed order)")


def run(args: argparse.Namespace) -> int:
    """Print the moves; a summary (count, time) goes to stderr unless ``--json``.

    Exit 0, 2 on bad input, 1 when the search had to stop (a complete list of a big Smath
    rack that outgrows the search's memory budget): then nothing is listed, never part of a list.
    """
    if args.limit is not None and args.limit < 0:
        print(error_line(say("--limit must be 0 or more")), file=sys.stderr)
        return 2
    try:
        text = read_text(args.position)  # the reader of every command: a binary file is an error, never a traceback
    except AmathError as exc:
        print(error_line(f"{args.position}: {explain(exc)}"), file=sys.stderr)
        return 2
    try:
        pos = position_from_text(text)
        rules = pos.rules
        board = pos.board()
    except AmathError as exc:
        print(error_line(explain(exc)), file=sys.stderr)
        return 2
    started = time.perf_counter()
    rack = list(pos.rack)
    progress = _progress if args.limit is None and uses_smath_search(rules) else None  # Smath lists may be huge
    try:
        moves = get_generator().search(board, rack, rules, SearchRequest(limit=args.limit, progress=progress))
    except SearchStopped as exc:  # a complete list too big for the search's memory: say so, list nothing
        print(error_line(explain(exc)), file=sys.stderr)
        hint = "ask for the best ones instead, e.g. --limit 20" if args.limit is None else "ask for fewer: a smaller --limit"
        print(say(hint), file=sys.stderr)
        return 1
    elapsed = time.perf_counter() - started
    out = sys.stdout
    for m in moves:
        notation = format_place(m.place, board, rules)
        if args.json:
            out.write(json.dumps(_as_json(m, notation), ensure_ascii=False) + "\n")
        else:
            out.write(f"{m.score:4d}  {notation}\n")
    if not args.json:  # the summary is for people: in the language chosen, on stderr
        if args.limit is None:
            print(say("{n} moves in {seconds:.3f} s", n=len(moves), seconds=elapsed), file=sys.stderr)
        else:
            print(say("the {n} best moves in {seconds:.3f} s, showing {n}", n=len(moves), seconds=elapsed), file=sys.stderr)
    return 0


def _as_json(move: GeneratedMove, notation: str) -> dict[str, object]:
    tiles = [{"square": t.square.name, "tile": t.tile, "face": t.face} for t in move.place.tiles]
    return {"move": notation, "score": move.score, "tiles": tiles}
