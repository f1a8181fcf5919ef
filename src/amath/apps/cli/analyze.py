"""``amath analyze GAME``: the engine's view of every turn, and a summary per player."""

from __future__ import annotations

import argparse
import json
import sys
import unicodedata
from collections.abc import Callable, Sequence
from pathlib import Path

from amath.apps.cli.lang import error_line, explain, say
from amath.apps.cli.progress import ProgressLine
from amath.core.errors import AmathError
from amath.engine import Budget
from amath.formats.load import load_game_text, read_text
from amath.formats.record import parse_record
from amath.formats.replay import replay
from amath.game import Game
from amath.render.svg import board_svg
from amath.study.analyze import SideSummary, TurnAnalysis, analyze_game, summarize, to_json
from amath.study.engine_analysis import ENGINES, analyze_game_with_engine

HELP = "analyse a game: the best plays each turn, the rank of the move played, points and equity lost"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Input, how many best plays, which side, JSON, progress bar."""
    parser.add_argument("game", help="a game record or a saved game; - reads standard input")
    parser.add_argument("--top", type=int, default=3, help="best plays to list per turn (default 3)")
    parser.add_argument("--side", type=int, action="append", help="analyse only side N (from 1); repeatable")
    parser.add_argument("--json", action="store_true", help="print one JSON document instead of the table")
    parser.add_argument("--quiet", action="store_true", help="no progress line on standard error")
    parser.add_argument("--jobs", type=int, default=1, metavar="J", help="worker processes (default 1)")
    parser.add_argument("--turn", type=int, action="append", metavar="N", help="analyse only turn N (from 1); repeatable")
    parser.add_argument(
        "--boards", type=Path, default=None, metavar="DIR", help="write the board before each analysed turn to DIR/turn-NNN.svg"
    )
    add_engine_arguments(parser)


def add_engine_arguments(parser: argparse.ArgumentParser) -> None:
    """``--engine`` (static, sim, champion) and its ``--budget``: the searching engine's view of each turn."""
    parser.add_argument("--engine", default="static", choices=ENGINES, help="who judges each turn (default static: score + leave)")
    parser.add_argument("--budget", default=None, metavar="SPEC", help="the engine's budget, as for amath best (default: the level's own)")


def engine_budget_of(args: argparse.Namespace) -> Budget | None:
    """The ``--budget`` given (None: the engine level's own); AmathError names a bad one."""
    from amath.apps.cli.best import parse_budget

    return parse_budget(args.budget) if args.budget is not None else None


def engine_analyses(
    args: argparse.Namespace, game: Game, known: Callable[[int], bool], sides: list[int] | None, budget: Budget | None
) -> list[TurnAnalysis]:
    """The analysis by ``--engine`` sim or champion (:mod:`amath.study.engine_analysis`)."""
    with ProgressLine(say("turns analysed"), 0, show=not args.quiet) as bar:
        return analyze_game_with_engine(game, args.engine, known=known, sides=sides, top=args.top, progress=bar.update, budget=budget)


def run(args: argparse.Namespace) -> int:
    """Print the analysis; exit 2 naming the problem when the game cannot be read."""
    try:
        budget = engine_budget_of(args)
        game, known = _load(args.game)
        sides = None if not args.side else [s - 1 for s in args.side]
        if sides is not None and any(not 0 <= s < len(game.sides) for s in sides):
            raise AmathError(f"--side must be 1..{len(game.sides)}", code="option_range", option="--side", least=1, most=len(game.sides))
        if not 1 <= args.top <= 50:
            raise AmathError("--top must be 1..50", code="option_range", option="--top", least=1, most=50)
        if not 1 <= args.jobs <= 64:
            raise AmathError("--jobs must be 1..64", code="option_range", option="--jobs", least=1, most=64)
        if args.turn and any(not 1 <= t <= len(game.history) for t in args.turn):
            raise AmathError(
                f"--turn must be 1..{len(game.history)}", code="option_range", option="--turn", least=1, most=len(game.history)
            )
        if args.boards is not None:
            args.boards.mkdir(parents=True, exist_ok=True)
    except (AmathError, OSError) as exc:
        print(error_line(f"{args.game}: {explain(exc)}"), file=sys.stderr)
        return 2
    names = game.names
    if args.engine != "static":
        try:
            if args.boards is not None:
                raise AmathError("--boards draws the boards of --engine static only", code="boards_static_only")
            wanted = set(args.turn or [])
            analyses = engine_analyses(args, game, lambda k: known(k) and (not wanted or k + 1 in wanted), sides, budget)
        except AmathError as exc:
            print(error_line(explain(exc)), file=sys.stderr)
            return 2
    else:
        with ProgressLine(say("turns analysed"), 0, show=not args.quiet) as bar:
            analyses = analyze_game(game, known=known, sides=sides, top=args.top, progress=bar.update, jobs=args.jobs, turns=args.turn)
    summary = summarize(analyses, names)
    if args.boards is not None:
        try:
            for a in analyses:
                (args.boards / f"turn-{a.turn:03d}.svg").write_text(_picture(a, game, names), encoding="utf-8")
        except OSError as exc:
            print(error_line(f"{args.boards}: {explain(exc)}"), file=sys.stderr)
            return 2
    if args.json:
        print(json.dumps(to_json(analyses, summary, names), ensure_ascii=False, indent=1))
    else:
        print(table(analyses, summary, names))
    return 0


def _picture(a: TurnAnalysis, game: Game, names: Sequence[str]) -> str:
    """The board before turn ``a.turn`` with the mover's rack, as SVG."""
    assert a.board is not None  # analyze_game keeps each turn's board
    return board_svg(a.board, game.rules, rack=list(a.rack), names=list(names), to_move=a.side)


def _load(path: str) -> tuple[Game, Callable[[int], bool]]:
    text = read_text(path)
    if text.lstrip().startswith("{"):
        return load_game_text(text), lambda k: True
    rec = parse_record(text)
    result = replay(rec)
    if result.problem is not None:
        raise result.problem
    racks = [line.rack is not None for line in rec.turns]
    return result.game, lambda k: k < len(racks) and racks[k]


def _rank_of_many(a: TurnAnalysis) -> str:
    """The rank of a play among placements too many to list (a big Smath rack)."""
    if a.kind != "place":
        return say("placements too many to list")
    if a.rank is not None:
        return say("rank {rank} ({moves} placements score more)", rank=a.rank, moves=a.moves)
    if a.moves == 0:
        return say("rank ? (the search stopped at its budget)")
    return say("rank > {moves} (counting stopped at its budget)", moves=a.moves)


def table(analyses: Sequence[TurnAnalysis], summary: Sequence[SideSummary], names: Sequence[str]) -> str:
    """A readable table: one block per turn, then one line per side."""
    lines: list[str] = []
    for a in analyses:
        if not a.complete:  # a big Smath rack: ``moves`` counts the placements scoring more
            rank = _rank_of_many(a)
        elif a.moves == 0:  # only an exchange or a pass was possible: no placement to rank against
            rank = "no placement / ไม่มีที่วาง"
        else:
            rank = (
                say("rank {rank} of {moves}", rank=a.rank, moves=a.moves)
                if a.rank is not None
                else say("{moves} placements", moves=a.moves)
            )
        lines.append(say("turn {turn:<3} {name}  rack {rack}", turn=a.turn, name=names[a.side], rack=" ".join(a.rack)))
        equity_rank = a.equity_rank if a.equity_rank is not None else "?"
        lines.append(
            say(
                "  played  {move:<48} {score:>4}  {rank}, equity rank {equity_rank}",
                move=a.played,
                score=a.score,
                rank=rank,
                equity_rank=equity_rank,
            )
        )
        for k, o in enumerate(a.best):
            label = _pad(say("best") if k == 0 else "", 6)
            lines.append(
                say("  {label}  {move:<48} {score:>4}  equity {equity:.1f}", label=label, move=o.move, score=o.score, equity=o.equity)
            )
        if not a.best:
            lines.append(say("  best    (no placement)"))
        if not a.exact:
            lines.append(say("  (the search reached its node budget: the best found by then)"))
        if a.missed_bingo is not None:
            lines.append(say("  missed  bingo {move} ({score})", move=a.missed_bingo.move, score=a.missed_bingo.score))
        lines.append(say("  lost    {points} points, {equity:.1f} equity", points=a.points_lost, equity=a.equity_lost))
    lines.append("")
    width = max([_width(n) for n in names] + [6])
    heads = [say(h) for h in ("turns", "best", "points lost", "equity lost", "mean rank", "median rank", "missed bingos")]
    lines.append("  ".join([_pad(say("player"), width), *heads]))
    for s in summary:
        mean = "-" if s.mean_rank is None else f"{s.mean_rank:.1f}"
        median = "-" if s.median_rank is None else f"{s.median_rank:g}"
        cells = [str(s.turns), str(s.best_found), str(s.points_lost), f"{s.equity_lost:.1f}", mean, median, str(s.missed_bingos)]
        lines.append("  ".join([_pad(s.name, width), *(" " * (_width(h) - len(c)) + c for h, c in zip(heads, cells, strict=True))]))
    return "\n".join(lines)


def _width(text: str) -> int:
    """Columns ``text`` takes on a terminal: Thai vowel and tone marks sit on their letter."""
    return sum(unicodedata.category(c) != "Mn" for c in text)


def _pad(text: str, width: int) -> str:
    """``text`` left-aligned in ``width`` terminal columns (``str.ljust`` counts the marks too)."""
    return text + " " * (width - _width(text))
