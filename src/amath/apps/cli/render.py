"""``amath render GAME|POSITION --turn N -o board.svg``: draw the board (SVG, or PNG with a converter)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from amath.apps.cli.lang import error_line, explain, os_reason, say
from amath.core.errors import AmathError
from amath.formats.load import game_at, load_any, read_text
from amath.formats.view import PositionView
from amath.render.png import ConverterMissing, svg_to_png
from amath.render.svg import board_svg

HELP = "draw the board of a game (after N turns) or a position as SVG, or PNG where a converter is installed"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Input, turn, output file (its suffix picks SVG or PNG) and drawing options."""
    parser.add_argument("game", help="a game record, a saved game, a position JSON or a position string file")
    parser.add_argument("--turn", type=int, default=None, help="after this many turns (0 = the start; default: the end)")
    parser.add_argument("-o", "--output", default="-", help="board.svg or board.png (default: SVG on standard output)")
    parser.add_argument("--cell", type=int, default=40, help="square size in pixels (default 40)")
    parser.add_argument("--no-rack", action="store_true", help="leave out the rack of the side to move")
    parser.add_argument("--scale", type=float, default=1.0, help="PNG zoom factor (default 1)")


def run(args: argparse.Namespace) -> int:
    """Write the picture; exit 2 naming what is wrong: an option, the input file, or the output file."""
    suffix = Path(args.output).suffix.lower()
    try:
        _check_options(args, suffix)
    except AmathError as exc:
        print(error_line(explain(exc)), file=sys.stderr)
        return 2
    try:
        svg = _draw(args)
    except AmathError as exc:  # the input is what is wrong: name it
        print(error_line(f"{args.game}: {explain(exc)}"), file=sys.stderr)
        return 2
    if args.output == "-":
        sys.stdout.write(svg)
        return 0
    try:
        if suffix == ".png":
            svg_to_png(svg, Path(args.output), args.scale)
        else:
            Path(args.output).write_text(svg, encoding="utf-8")
    except ConverterMissing as exc:  # nothing wrong with either file: the machine lacks a converter
        print(error_line(explain(exc)), file=sys.stderr)
        return 2
    except (AmathError, OSError) as exc:  # the picture could not be written: name the output
        print(error_line(say("cannot write {path}: {reason}", path=args.output, reason=os_reason(exc))), file=sys.stderr)
        return 2
    return 0


def _check_options(args: argparse.Namespace, suffix: str) -> None:
    if args.output != "-" and suffix not in (".svg", ".png"):
        raise AmathError(
            f"-o {args.output}: the file must end in .svg or .png, not {suffix or 'nothing'}",
            code="option_extension",
            option="-o",
            extension=suffix,
            choices=".svg .png",
        )
    if not 10 <= args.cell <= 400:
        raise AmathError(f"--cell must be 10..400 pixels, not {args.cell}", code="option_range", option="--cell", least=10, most=400)


def _draw(args: argparse.Namespace) -> str:
    loaded = load_any(read_text(args.game))
    if isinstance(loaded, PositionView):
        if args.turn is not None:
            raise AmathError("--turn needs a game, not a position", code="turn_needs_game")
        names = [f"Player {k + 1}" for k in range(len(loaded.scores))]
        return board_svg(
            loaded.board(),
            loaded.rules,
            rack=None if args.no_rack else loaded.rack,
            names=names,
            scores=loaded.scores,
            to_move=loaded.to_move,
            cell=args.cell,
        )
    game = game_at(loaded, args.turn)
    last = game.last_placement()
    lit = [t.square for t in last.tiles] if last else []
    to_move = None if game.over else game.to_move
    return board_svg(
        game.board,
        game.rules,
        highlight=lit,
        rack=None if args.no_rack or to_move is None else game.racks[to_move],
        names=game.names,
        scores=game.scores,
        to_move=to_move,
        cell=args.cell,
    )
