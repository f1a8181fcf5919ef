"""``amath best POSITION``: the strongest engine's best plays with equity, win chance and line.

POSITION is a position string, or a file holding a position (JSON or string), a game
record or a saved game (its last position).  With the bag empty and the opponent's rack
known (two players, 8 or fewer unseen tiles) the answer is solved exactly.
"""

from __future__ import annotations

import argparse
import json
import sys
from dataclasses import fields
from pathlib import Path
from typing import Any

from amath.apps.cli.lang import error_line, explain, say
from amath.core.board import Board, PlacedTile
from amath.core.errors import AmathError
from amath.core.move import Exchange, Place
from amath.core.notation import format_move
from amath.core.position import Action, Position
from amath.core.rules.base import Ruleset
from amath.engine import Budget, Play, best
from amath.engine.search import for_rules
from amath.formats.load import FileError, load_any, read_text
from amath.formats.view import PositionView as View
from amath.game import Game
from amath.players.clock import MAX_BUDGET, for_seconds

HELP = "the engine's best plays for a position (equity, win probability, expected line; exact when the bag is empty)"

_BUDGET_KEYS = tuple(f.name for f in fields(Budget))  # every key of the budget
MAX_SECONDS = 3600  # --seconds at most an hour


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The position, the budget, the output form."""
    parser.add_argument("position", help="a position string, or a file: position JSON/string, game record or saved game; - reads stdin")
    work = parser.add_mutually_exclusive_group()
    work.add_argument(
        "--budget",
        default=None,
        metavar="SPEC",
        help=say("work allowed: N simulation iterations, or KEY=N,... with keys {keys}", keys=", ".join(_BUDGET_KEYS)),
    )
    work.add_argument(
        "--seconds",
        type=float,
        default=None,
        metavar="S",
        help="think for about S seconds at the strongest analysis level (the answer then depends on the machine's speed)",
    )
    parser.add_argument("--top", type=int, default=5, help="plays to show (default 5)")
    parser.add_argument("--seed", type=int, default=0, help="seed of the simulation (same seed, same answer)")
    parser.add_argument("--threads", type=int, default=1, help="threads for the simulation (the answer does not change)")
    parser.add_argument("--json", action="store_true", help="one JSON object a line, best first")


def parse_budget(text: str | None) -> Budget | None:
    """``"64"`` (iterations) or ``"iterations=64,nodes=5000"``; None for no text (the ruleset's
    default, :func:`amath.engine.default_budget`); AmathError names a bad key or value."""
    if text is None:
        return None
    spec = text.strip()
    values: dict[str, int] = {}
    parts = [spec] if "=" not in spec else [p for p in spec.split(",") if p.strip()]
    for part in parts:
        key, _, value = part.partition("=") if "=" in part else ("iterations", "", part)
        key = key.strip().replace("-", "_")
        if key not in _BUDGET_KEYS:
            raise AmathError(f"--budget: unknown key {key!r} (keys: {', '.join(_BUDGET_KEYS)})", code="bad_budget", key=key)
        if not value.strip().isdigit():
            raise AmathError(f"--budget: {key} must be a whole number, not {value!r}", code="bad_budget", key=key)
        values[key] = int(value)
    return Budget(**values)


def load_position(arg: str) -> tuple[Position, Action | None]:
    """The kernel position of a position string or file (seen by the side to move) and the last turn, if known."""
    if arg != "-" and not Path(arg).exists():
        if "|" not in arg:  # neither a file nor a position string (whose board rows are joined by |)
            raise FileError(
                f"no file named {arg!r}, and it is not a position string either: give a file (position JSON or string,"
                " game record or saved game) or a position string 'BOARD RACK SCORES TO_MOVE' as amath position prints it",
                code="position_or_file",
                arg=arg,
            )
        text = arg
    else:
        text = read_text(arg)
    loaded = load_any(text)
    if isinstance(loaded, Game):
        if loaded.over:
            raise AmathError("the game is over: there is no move to find", code="game_over")
        move = loaded.history[-1].move if loaded.history else None
        last = move if isinstance(move, Place | Exchange) else None
        return loaded.position.seen_by(loaded.to_move), last
    return _from_view(loaded), None


def _from_view(view: View) -> Position:
    return Position.from_view(view.rules, view.board(), view.rack, view.scores, view.to_move)


def notate(moves: tuple[Action, ...], board: Board, rules: Ruleset) -> list[str]:
    """Each move of a line in notation, played in turn on a copy of ``board``."""
    work = board.copy()
    out = []
    for move in moves:
        out.append(format_move(move, work, rules))
        if isinstance(move, Place):
            for p in move.tiles:
                work.put(p.square, PlacedTile(p.tile, p.face))
    return out


def as_json(play: Play, board: Board, rules: Ruleset) -> dict[str, Any]:
    """The JSON object of one play (``tiles`` as ``amath moves --json``; ``spread`` only when exact)."""
    line = notate(play.pv or (play.move,), board, rules)
    out: dict[str, Any] = {"move": line[0]}
    if isinstance(play.move, Place):
        out["tiles"] = [{"square": t.square.name, "tile": t.tile, "face": t.face} for t in play.move.tiles]
    out.update({"score": play.score, "equity": round(play.equity, 3), "win": round(play.win, 4), "exact": play.exact})
    if play.exact and play.spread is not None:
        out["spread"] = play.spread
    out.update({"line": line, "method": play.method, "work": play.work})
    return out


def run(args: argparse.Namespace) -> int:
    """Print the best plays; exit 2 naming the problem when the input or an option is wrong."""
    try:
        budget = parse_budget(args.budget)
        if not 1 <= args.top <= 100:
            raise AmathError("--top must be 1..100", code="option_range", option="--top", least=1, most=100)
        if not 1 <= args.threads <= 64:
            raise AmathError("--threads must be 1..64", code="option_range", option="--threads", least=1, most=64)
        if args.seconds is not None and not 0.1 <= args.seconds <= MAX_SECONDS:
            raise AmathError(f"--seconds must be 0.1..{MAX_SECONDS}", code="option_range", option="--seconds", least=0.1, most=MAX_SECONDS)
    except AmathError as exc:
        print(error_line(explain(exc)), file=sys.stderr)
        return 2
    try:
        pos, last = load_position(args.position)
    except AmathError as exc:  # a file's problem names the file (a position string or a missing file names itself)
        named = args.position == "-" or Path(args.position).exists()
        print(error_line(f"{args.position}: {explain(exc)}" if named else explain(exc)), file=sys.stderr)
        return 2
    stop = None
    if args.seconds is not None:  # the max level, stopped by the deadline (amath.players.clock)
        timed = for_seconds(args.seconds, for_rules(MAX_BUDGET, pos.rules))
        budget, stop = timed.budget, timed.stop
    try:
        plays = best(pos, budget, seed=args.seed, threads=args.threads, last=last, top=args.top, stop=stop)
    except AmathError as exc:
        print(error_line(explain(exc)), file=sys.stderr)
        return 2
    out = sys.stdout
    if args.json:
        for play in plays:
            out.write(json.dumps(as_json(play, pos.board, pos.rules), ensure_ascii=False) + "\n")
        return 0
    out.write(say("  # equity    win  move  (line)") + "\n")  # the table is for people; --json is for programs
    for k, play in enumerate(plays, 1):
        line = notate(play.pv or (play.move,), pos.board, pos.rules)
        exact = "  " + say("exact spread {spread:+d}", spread=play.spread) if play.exact and play.spread is not None else ""
        rest = f"  ({' ; '.join(line[1:])})" if len(line) > 1 else ""
        out.write(f"{k:3d} {play.equity:7.1f} {100 * play.win:5.1f}%  {line[0]}{exact}{rest}\n")
    out.write("\n" + "".join(note + "\n" for note in legend(plays)))  # under a blank line: what the numbers mean
    return 0


def legend(plays: list[Play]) -> list[str]:
    """What the table's numbers mean, for the kinds of answer shown (the equity of a solved endgame
    is the points still to gain over the opponent, its spread the final difference: two numbers people mix up)."""
    methods = {p.method for p in plays}
    notes = [say("equity: what the play is worth in points, as the engine values it:")]
    if "static" in methods:
        notes.append(say("  its score plus the worth of the tiles kept"))
    if "sim" in methods:
        notes.append(say("  the mean result of simulated games after it (points for you minus the opponent's, and the tiles kept)"))
    if methods & {"endgame", "preendgame"}:
        notes.append(say("  the points you gain over the opponent from this turn to the end of the game"))
    notes.append(say("win: the chance to win the game after the play"))
    if any(p.exact and p.spread is not None for p in plays):
        notes.append(say("exact spread: the final score difference (you minus the opponent) with best play by both sides, solved"))
    return notes
