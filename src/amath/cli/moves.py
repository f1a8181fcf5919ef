"""``amath moves POSITION.json``: every legal placement for the rack, best score first."""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

from amath.engine.generator import get_generator
from amath.errors import AmathError
from amath.formats.position import position_from_json
from amath.movegen import GeneratedMove
from amath.movegen.dispatch import is_complete
from amath.notation import format_place

HELP = "list every legal placement for a position's rack, best score first (position JSON as in SPEC.md 3)"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """A position file ('-' for standard input), ``--json`` and ``--limit``."""
    parser.add_argument("position", help="position JSON file, or - to read standard input")
    parser.add_argument("--json", action="store_true", help="one JSON object per line: move, score, tiles")
    parser.add_argument("--limit", type=int, default=None, metavar="N", help="show only the N best moves")


def run(args: argparse.Namespace) -> int:
    """Print the moves; a summary (count, time) goes to stderr unless ``--json``."""
    if args.limit is not None and args.limit < 0:
        print("error: --limit must be 0 or more", file=sys.stderr)
        return 2
    try:
        text = sys.stdin.read() if args.position == "-" else Path(args.position).read_text(encoding="utf-8")
    except OSError as exc:
        print(f"error: cannot read {args.position}: {exc.strerror}", file=sys.stderr)
        return 2
    try:
        pos = position_from_json(text)
        rules = pos.rules
        board = pos.board()
    except AmathError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    started = time.perf_counter()
    moves = get_generator().generate(board, list(pos.rack), rules)
    elapsed = time.perf_counter() - started
    shown = moves if args.limit is None else moves[: args.limit]
    out = sys.stdout
    for m in shown:
        notation = format_place(m.place, board, rules)
        if args.json:
            out.write(json.dumps(_as_json(m, notation), ensure_ascii=False) + "\n")
        else:
            out.write(f"{m.score:4d}  {notation}\n")
    if not args.json:
        more = f", showing {len(shown)}" if len(shown) < len(moves) else ""
        bounded = "" if is_complete(rules) else f" (bounded search for {rules.name}, see docs/smath.md)"
        print(f"{len(moves)} moves in {elapsed:.3f} s{more}{bounded}", file=sys.stderr)
    return 0


def _as_json(move: GeneratedMove, notation: str) -> dict[str, object]:
    tiles = [{"square": t.square.name, "tile": t.tile, "face": t.face} for t in move.place.tiles]
    return {"move": notation, "score": move.score, "tiles": tiles}
