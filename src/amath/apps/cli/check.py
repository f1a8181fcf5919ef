"""``amath check TILES...``: is this a true equation?  Exit 0 true, 1 false, 2 not tiles."""

from __future__ import annotations

import argparse
import sys

from amath.apps.cli.lang import error_line, explain, say
from amath.core.equation import judge
from amath.core.errors import AmathError
from amath.core.notation import parse_token
from amath.core.rules import get_ruleset
from amath.core.rules.base import Ruleset
from amath.core.tiles import BLANK, normalize, split_words

HELP = "judge whether tiles form a true equation (exit 0 true, 1 false, 2 bad input)"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Tiles as separate words or one string separated by spaces."""
    parser.add_argument("tiles", nargs="*", help="faces, e.g. 7 - 7 = 6 '*' 0, or \"1 2 + 3 = 1 5\"")
    parser.add_argument("--variant", default="a-math", help="a-math (default) or smath")


def run(args: argparse.Namespace) -> int:
    """Print ``true`` or ``false: <reason>``; errors go to stderr with exit 2."""
    try:
        rules = get_ruleset(args.variant)
    except ValueError as exc:
        print(error_line(explain(exc)), file=sys.stderr)
        return 2
    words = split_words(args.tiles)
    if not words:
        print(error_line(say("no tiles given (example: amath check 7 - 7 = 6 '*' 0)")), file=sys.stderr)
        return 2
    faces: list[str] = []
    allowed = set(rules.blank_faces) | set(rules.tiles.free)
    for word in words:
        try:
            face = _face(word, rules)
        except AmathError as exc:
            print(error_line(explain(exc)), file=sys.stderr)
            return 2
        if face not in allowed:
            faces_text = " ".join(sorted(allowed, key=_order))
            message = say("{word!r} is not a tile face of {variant} (faces: {faces})", word=word, variant=rules.name, faces=faces_text)
            print(error_line(message), file=sys.stderr)
            return 2
        faces.append(face)
    verdict = judge(faces, rules.syntax)
    print(verdict)
    return 0 if verdict.ok else 1


def _face(word: str, rules: Ruleset) -> str:
    """The face a word shows: ``7``, ``×``, or a tile as a move writes it (``+-:+``, ``?:7``, ``?7``)."""
    if ":" in word[1:] or (word.startswith(BLANK) and len(word) > 1):
        return parse_token(word, rules)[1]  # a NotationError says what the tile cannot show
    return normalize(word)


def _order(face: str) -> tuple[int, int | str]:
    return (0, int(face)) if face.isdigit() else (1, face)
