"""``amath bingo RACK``: every equation using all 8 tiles; ``--drill`` for practice racks."""

from __future__ import annotations

import argparse
import json
import random
import sys

from amath.apps.cli.lang import error_line, explain, say
from amath.core.errors import AmathError
from amath.core.rules import get_ruleset
from amath.core.rules.base import Ruleset
from amath.core.tiles import display, split_words
from amath.study.bingo import Bingo, bingos, practice_rack

HELP = "list every equation that uses a whole rack (bingo), or practise on random racks with --drill"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """A rack (tiles as words or one string), or ``--drill`` with its options."""
    parser.add_argument("rack", nargs="*", help='the rack\'s tiles, e.g. 1 2 + 3 = 1 5 ? or "1 2 + 3 = 1 5 ?"')
    parser.add_argument("--drill", action="store_true", help="random practice racks, each with its answers")
    parser.add_argument("--count", type=int, default=3, help="racks in a drill (default 3)")
    parser.add_argument("--seed", type=int, default=None, help="drill seed, for the same racks again")
    parser.add_argument("--blanks", action="store_true", help="drill racks may hold a blank (slower)")
    parser.add_argument("--wait", action="store_true", help="drill: wait for Enter before showing the answers")
    parser.add_argument("--limit", type=int, default=50, help="answers to print per rack (default 50)")
    parser.add_argument("--json", action="store_true", help="one JSON object per rack")
    parser.add_argument("--variant", default="a-math", help="ruleset (default a-math)")


def run(args: argparse.Namespace) -> int:
    """Print the bingos; exit 1 when a given rack has none, 2 on bad input."""
    try:
        rules = get_ruleset(args.variant)
        if args.drill:
            if args.rack:
                raise AmathError("give either a rack or --drill, not both", code="rack_or_drill")
            if not 1 <= args.count <= 100:
                raise AmathError("--count must be 1..100", code="option_range", option="--count", least=1, most=100)
            return _drill(args, rules)
        words = split_words(args.rack)
        if not words:
            raise AmathError("no rack given (example: amath bingo 1 2 + 3 = 1 5 '?'), or use --drill", code="no_rack")
        rack = [rules.tiles.parse_tile(w) for w in words]
        if len(rack) != rules.rack_size:
            raise AmathError(
                f"a bingo uses a full rack of {rules.rack_size} tiles; {len(rack)} given",
                code="bingo_rack_size",
                size=rules.rack_size,
                count=len(rack),
            )
        found = bingos(rack, rules)
    except AmathError as exc:
        print(error_line(explain(exc)), file=sys.stderr)
        return 2
    _show(rack, found, args)
    return 0 if found else 1


def _drill(args: argparse.Namespace, rules: Ruleset) -> int:
    rng = random.Random(args.seed)
    for k in range(args.count):
        rack = practice_rack(rng, rules, blanks=args.blanks)
        found = bingos(rack, rules)
        if args.wait and not args.json:
            print(say("rack {k}: {rack}", k=k + 1, rack=_rack_text(rack)))
            input(say("  find a bingo, then press Enter for the answers "))
        elif not args.json:
            print(say("rack {k}:", k=k + 1))
        _show(rack, found, args)
        if not args.json and k + 1 < args.count:
            print()
    return 0


def _rack_text(rack: list[str]) -> str:
    return " ".join(display(t) for t in rack)


def _show(rack: list[str], found: list[Bingo], args: argparse.Namespace) -> None:
    if args.json:
        answers = [{"equation": b.text, "tiles": b.tokens, "best_move": b.best_move, "best_score": b.best_score} for b in found]
        print(json.dumps({"rack": rack, "count": len(found), "bingos": answers[: args.limit]}, ensure_ascii=False))
        return
    count = say("  rack {rack}: {n} bingo", rack=_rack_text(rack), n=1) if len(found) == 1 else None
    print(count or say("  rack {rack}: {n} bingos", rack=_rack_text(rack), n=len(found)))
    width = max([len(b.text) for b in found[: args.limit]] + [8])
    for b in found[: args.limit]:
        print(f"  {b.text:<{width}}  {b.tokens:<28}  " + say("best opening {move} ({score})", move=b.best_move, score=b.best_score))
    if len(found) > args.limit:
        print(say("  ... and {n} more (--limit)", n=len(found) - args.limit))
