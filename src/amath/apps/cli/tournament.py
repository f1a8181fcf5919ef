"""``amath tournament ACTION FILE ...``: run an on-site tournament from a laptop, reading and writing one tournament file.

Each action loads the file, does one thing through :mod:`amath.tournament`, and saves it
(atomically) when it changed something.  docs/tournaments.md walks through an event.
"""

from __future__ import annotations

import argparse
import getpass
import sys
from collections.abc import Callable
from pathlib import Path

from amath.apps.cli.lang import error_line, explain, say
from amath.core.errors import AmathError
from amath.tournament import files, pairing, results, standings
from amath.tournament.errors import TournamentError
from amath.tournament.model import METHODS, MODES, Round, Settings, Tournament, check_settings

HELP = "run a tournament from a file: players, pairings (Swiss, round robin, ...), results, standings"

Action = Callable[[argparse.Namespace], int]


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """One sub-action a step of the event: new, add, checkin, withdraw, pair, swap, edit, publish, result, forfeit,
    standings, pairings, results, log."""
    lang = getattr(parser, "lang", None)
    subs = parser.add_subparsers(dest="action", metavar="ACTION", required=True)

    def action(name: str, text: str, run: Action) -> argparse.ArgumentParser:
        p: argparse.ArgumentParser = subs.add_parser(name, help=text, description=text, lang=lang)
        p.add_argument("file", help="the tournament file (JSON)")
        p.set_defaults(_run=run)
        return p

    def by(p: argparse.ArgumentParser) -> None:
        p.add_argument("--by", help="who makes the change, for the log (default: your login name)")

    p = action("new", "create a tournament file", _new)
    p.add_argument("--name", required=True, help="the tournament's name")
    p.add_argument("--rounds", type=int, default=7, help="number of rounds (default 7)")
    p.add_argument("--method", default="swiss", choices=METHODS, help="pairing method of every round (default swiss)")
    p.add_argument("--methods", help="the method of each round, comma-separated, e.g. random,swiss,swiss,king_of_the_hill")
    p.add_argument("--mode", default="on_site", choices=MODES, help="on_site (results typed) or online (default on_site)")
    p.add_argument("--ruleset", default="a-math", help="the ruleset played (default a-math)")
    p.add_argument("--clock", type=int, default=22, help="minutes on each player's clock (default 22)")
    p.add_argument("--penalty", type=int, default=10, help="points lost for each started minute over (default 10)")
    p.add_argument("--cap", default="350", help="spread cap per game, or 'none' (default 350)")
    p.add_argument("--bye-points", type=int, default=2, help="points for a bye: 2 a win, 1 a draw, 0 a loss (default 2)")
    p.add_argument("--bye-spread", type=int, default=100, help="spread for a bye and a forfeit win (default 100)")
    p.add_argument("--gibson", action="store_true", help="pair a leader who can no longer be caught against the lowest-ranked players")
    p.add_argument("--seed", type=int, default=0, help="the seed of every draw (same seed, same pairings)")
    p.add_argument("--force", action="store_true", help="overwrite an existing file")
    by(p)

    p = action("add", "register players: 'Name, School' arguments or a list file, one a line", _add)
    p.add_argument("players", nargs="*", help="players as 'Name, School' (the school or club is optional)")
    p.add_argument("--from", dest="source", help="a text file of players, one 'Name, School' a line")
    p.add_argument("--division", default="", help="the division they play in")
    by(p)

    p = action("checkin", "mark players present before round 1 (once anyone is, round 1 pairs only those)", _checkin)
    p.add_argument("players", nargs="+", help="players by number or name")
    p.add_argument("--undo", action="store_true", help="mark them not present")
    by(p)

    p = action("withdraw", "take players out of the rounds still to pair", _withdraw)
    p.add_argument("players", nargs="+", help="players by number or name")
    p.add_argument("--undo", action="store_true", help="bring them back (from the next round)")
    by(p)

    p = action("pair", "pair a round (default: the next) and show it; it stays a draft until published", _pair)
    p.add_argument("--round", type=int, help="the round to pair (default: the next)")
    p.add_argument("--method", choices=METHODS, help="the pairing method (default: the tournament's for that round)")
    by(p)

    p = action("swap", "exchange two players' seats in a round not yet published", _swap)
    p.add_argument("round", type=int, help="round number")
    p.add_argument("first", help="a player by number or name")
    p.add_argument("second", help="another player by number or name")
    by(p)

    p = action("edit", "seat two players at a table of a round not yet published (their old opponents are paired together)", _edit)
    p.add_argument("round", type=int, help="round number")
    p.add_argument("table", type=int, help="table number")
    p.add_argument("first", help="the player who starts, by number or name")
    p.add_argument("second", help="the other player, or 'bye'")
    by(p)

    p = action("publish", "publish a round's pairings so its results can be entered", _publish)
    p.add_argument("round", type=int, nargs="?", help="round number (default: the last paired)")
    by(p)

    p = action("result", "enter (or correct) the scores of a table: the starting player's first", _result)
    p.add_argument("round", type=int, help="round number")
    p.add_argument("table", type=int, help="table number")
    p.add_argument("first_score", help="score of the player who started")
    p.add_argument("second_score", help="score of the other player")
    by(p)

    p = action("forfeit", "record a forfeit at a table: first, second or both did not play", _forfeit)
    p.add_argument("round", type=int, help="round number")
    p.add_argument("table", type=int, help="table number")
    p.add_argument("who", choices=("first", "second", "both"), help="who did not play")
    by(p)

    p = action("standings", "show the standings (points, spread, tie-breaks)", _standings)
    p.add_argument("--round", type=int, help="after this round (default: every result so far)")
    p.add_argument("--division", help="only this division")
    p.add_argument("--csv", action="store_true", help="write CSV instead of a table")

    p = action("pairings", "show a round's pairings by table, or by name", _pairings)
    p.add_argument("--round", type=int, help="round number (default: the last paired)")
    p.add_argument("--by-name", action="store_true", help="list players alphabetically with their table")

    p = action("results", "show every round's results", _results)
    p.add_argument("--csv", action="store_true", help="write CSV instead of a table")

    action("log", "show the log of changes: who did what and when", _log)


def run(args: argparse.Namespace) -> int:
    """Never reached: each action sets its own ``_run``."""
    raise AssertionError(args)


def _guard(body: Callable[[argparse.Namespace], int]) -> Action:
    """Errors of the library and of the file as one line in the user's language, exit 2."""

    def guarded(args: argparse.Namespace) -> int:
        try:
            return body(args)
        except (AmathError, OSError) as exc:
            print(error_line(explain(exc)), file=sys.stderr)
            return 2

    return guarded


def _who(args: argparse.Namespace) -> str:
    if getattr(args, "by", None):
        return str(args.by)
    try:
        return getpass.getuser()
    except (OSError, KeyError):
        return "director"


def _int(text: str, what: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise TournamentError(f"{what} must be a whole number, not {text!r}", code="cli_not_number", what=what, text=text) from None


@_guard
def _new(args: argparse.Namespace) -> int:
    path = Path(args.file)
    if path.exists() and not args.force:
        print(error_line(say("{file} exists already (--force overwrites it)", file=args.file)), file=sys.stderr)
        return 2
    cap = None if args.cap.strip().lower() in ("none", "off", "0") else _int(args.cap, "--cap")
    methods = [m.strip() for m in args.methods.split(",")] if args.methods else []
    settings = Settings(
        name=args.name,
        rounds=args.rounds,
        methods=methods,
        default_method=args.method,
        mode=args.mode,
        ruleset=args.ruleset,
        clock_minutes=args.clock,
        overtime_penalty=args.penalty,
        spread_cap=cap,
        bye_points=args.bye_points,
        bye_spread=args.bye_spread,
        forfeit_spread=args.bye_spread,
        gibson_pairing=args.gibson,
        seed=args.seed,
    )
    check_settings(settings)
    t = Tournament(settings)
    t.record("new", _who(args), name=settings.name)
    files.save(t, path)
    print(say("created {file}: {name}, {rounds} rounds", file=args.file, name=settings.name, rounds=settings.rounds))
    return 0


def _entries(args: argparse.Namespace) -> list[tuple[str, str]]:
    lines = list(args.players)
    if args.source:
        lines += Path(args.source).read_text(encoding="utf-8").splitlines()
    found = []
    for line in lines:
        if line.strip() and not line.lstrip().startswith("#"):
            name, _, school = line.partition(",")
            found.append((name.strip(), school.strip()))
    return found


@_guard
def _add(args: argparse.Namespace) -> int:
    t = files.load(args.file)
    entries = _entries(args)
    if not entries:
        print(error_line(say('no players given (example: amath tournament add FILE "Name, School")')), file=sys.stderr)
        return 2
    for name, school in entries:
        p = t.add_player(name, school, division=args.division, by=_who(args))
        print(say("added {id}: {name}", id=p.id, name=p.name) + (f" ({p.school})" if p.school else ""))
    files.save(t, args.file)
    return 0


@_guard
def _checkin(args: argparse.Namespace) -> int:
    t = files.load(args.file)
    for text in args.players:
        p = t.find_player(text)
        t.check_in(p.id, not args.undo, by=_who(args))
        print(say("{name}: not present", name=p.name) if args.undo else say("{name}: present", name=p.name))
    files.save(t, args.file)
    return 0


@_guard
def _withdraw(args: argparse.Namespace) -> int:
    t = files.load(args.file)
    for text in args.players:
        p = t.find_player(text)
        if args.undo:
            t.reinstate(p.id, by=_who(args))
            print(say("{name} is back from the next round", name=p.name))
        else:
            t.withdraw(p.id, by=_who(args))
            print(say("{name} has withdrawn", name=p.name))
    files.save(t, args.file)
    return 0


def _name(t: Tournament, pid: int | None) -> str:
    return say("BYE") if pid is None else f"{t.player(pid).name} ({pid})"


def _print_round(t: Tournament, rnd: Round) -> None:
    state = say("published") if rnd.published else say("draft: not published")
    print(say("Round {round} ({method}), {state}", round=rnd.number, method=rnd.method, state=state))
    recs = standings.records(t, rnd.number - 1)
    width = max((len(_name(t, p.first)) for p in rnd.pairings), default=10)
    print(f"{say('Table'):>5}  {say('Starts'):<{width + 5}}  {say('Second')}")
    for p in rnd.pairings:
        score = ""
        if p.result is not None:
            score = (
                f"  {p.result.first_score}-{p.result.second_score}"
                if p.result.forfeit is None
                else "  " + say("forfeit: {who}", who=say(p.result.forfeit))
            )
        first = _name(t, p.first)
        points = f" [{recs[p.first].points}]"
        print(f"{p.table:>5}  {first + points:<{width + 5}}  {_name(t, p.second)}{score}")


def _print_warnings(t: Tournament, number: int) -> None:
    for w in pairing.check_round(t, number):
        names = " - ".join(t.player(x).name for x in w.players)
        text = "table {table}: a rematch ({names})" if w.code == "rematch" else "table {table}: same school ({names})"
        print(say(text, table=w.table, names=names))


@_guard
def _pair(args: argparse.Namespace) -> int:
    t = files.load(args.file)
    rnd = pairing.pair_round(t, args.round, args.method, by=_who(args))
    files.save(t, args.file)
    _print_round(t, rnd)
    try:
        _print_warnings(t, rnd.number)
    except TournamentError as exc:  # a draft that cannot be published yet (a manual round): say why
        print(explain(exc))
    return 0


@_guard
def _swap(args: argparse.Namespace) -> int:
    t = files.load(args.file)
    rnd = pairing.swap_players(t, args.round, t.find_player(args.first).id, t.find_player(args.second).id, by=_who(args))
    files.save(t, args.file)
    _print_round(t, rnd)
    return 0


@_guard
def _edit(args: argparse.Namespace) -> int:
    t = files.load(args.file)
    second = None if args.second.strip().lower() in ("bye", say("BYE").lower()) else t.find_player(args.second).id
    rnd = pairing.set_table(t, args.round, args.table, t.find_player(args.first).id, second, by=_who(args))
    files.save(t, args.file)
    _print_round(t, rnd)
    return 0


@_guard
def _publish(args: argparse.Namespace) -> int:
    t = files.load(args.file)
    number = args.round if args.round is not None else max((r.number for r in t.rounds), default=1)
    warnings = pairing.check_round(t, number) if t.rounds else []
    pairing.publish(t, number, by=_who(args))
    files.save(t, args.file)
    print(say("round {round} published", round=number))
    if warnings:
        _print_warnings(t, number)
    return 0


@_guard
def _result(args: argparse.Namespace) -> int:
    t = files.load(args.file)
    first, second = _int(args.first_score, say("the first score")), _int(args.second_score, say("the second score"))
    had = t.round(args.round).table(args.table).result
    p = results.enter_result(t, args.round, args.table, first, second, by=_who(args))
    files.save(t, args.file)
    text = "round {round} table {table}: {first} {s1} - {s2} {second}"
    line = say(text, round=args.round, table=args.table, first=_name(t, p.first), s1=first, s2=second, second=_name(t, p.second))
    print(line + ("  " + say("(corrected)") if had is not None else ""))
    return 0


@_guard
def _forfeit(args: argparse.Namespace) -> int:
    t = files.load(args.file)
    results.enter_forfeit(t, args.round, args.table, args.who, by=_who(args))
    files.save(t, args.file)
    print(say("round {round} table {table}: forfeit: {who}", round=args.round, table=args.table, who=say(args.who)))
    return 0


@_guard
def _standings(args: argparse.Namespace) -> int:
    t = files.load(args.file)
    rows = standings.standings(t, args.round, args.division)
    if args.csv:
        sys.stdout.write(files.standings_csv(rows))
        return 0
    print(t.settings.name)
    width = max((len(r.name) for r in rows), default=4)
    head = (say("Rank"), say("Name"), say("Points"), say("W-D-L"), say("Spread"), say("Opp. pts"), say("Total"), say("High"))
    print(f"{head[0]:>4}  {head[1]:<{width}}  {head[2]:>6}  {head[3]:>7}  {head[4]:>7}  {head[5]:>8}  {head[6]:>6}  {head[7]:>5}")
    division = None
    for r in rows:
        if r.division != division and (r.division or division is not None):
            division = r.division
            print(say("Division {division}", division=r.division or "-"))
        mark = ""
        if r.gibsonized:
            mark += "  " + say("(cannot be caught)")
        if not r.active:
            mark += "  " + say("(withdrawn)")
        wdl = f"{r.wins}-{r.draws}-{r.losses}"
        numbers = f"{r.points:>6}  {wdl:>7}  {r.spread:>+7}  {r.opponents_points:>8}  {r.total_score:>6}  {r.high_score:>5}"
        print(f"{r.rank:>4}  {r.name:<{width}}  {numbers}{mark}")
    return 0


@_guard
def _pairings(args: argparse.Namespace) -> int:
    t = files.load(args.file)
    number = args.round if args.round is not None else max((r.number for r in t.rounds), default=0)
    rnd = t.round(number)
    if not args.by_name:
        _print_round(t, rnd)
        return 0
    print(say("Round {round} ({method}), {state}", round=rnd.number, method=rnd.method, state=say("by name")))
    seats = []
    for p in rnd.pairings:
        for pid, other, starts in ((p.first, p.second, True), *(((p.second, p.first, False),) if p.second is not None else ())):
            where = (
                say("bye")
                if other is None
                else say(
                    "table {table}, {seat} vs {other}",
                    table=p.table,
                    seat=say("starts") if starts else say("second"),
                    other=_name(t, other),
                )
            )
            seats.append((t.player(pid).name.casefold(), f"{_name(t, pid)}: {where}"))
    for _, line in sorted(seats):
        print(line)
    return 0


@_guard
def _results(args: argparse.Namespace) -> int:
    t = files.load(args.file)
    if args.csv:
        sys.stdout.write(files.results_csv(t))
        return 0
    for rnd in t.rounds:
        _print_round(t, rnd)
    return 0


@_guard
def _log(args: argparse.Namespace) -> int:
    t = files.load(args.file)
    for e in t.log:
        where = "".join(part for part in (f" r{e.round}" if e.round else "", f" t{e.table}" if e.table else ""))
        detail = " ".join(f"{k}={v}" for k, v in e.detail.items())
        print(f"{e.at}  {e.by}  {e.action}{where}  {detail}")
    return 0
