"""``amath play``: a game in the terminal for 2 to 4 people on one screen, or against bots.

This module only turns the options into a :class:`~amath.game.Game`, the bot seats and a
:class:`~amath.apps.terminal.session.Session`; the loop and the drawing live in :mod:`amath.apps.terminal`.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Callable, Sequence
from typing import cast

from amath.apps.cli.lang import bot_levels, language, say
from amath.apps.terminal import savefile
from amath.apps.terminal.console import Console
from amath.apps.terminal.session import Session
from amath.apps.terminal.style import detect
from amath.apps.terminal.text import LANGUAGES, Text
from amath.core.rules import get_ruleset
from amath.core.rules.base import ClockRules
from amath.core.tiles import ascii_digits
from amath.game import Game, Options
from amath.players.base import Player

HELP = "play a game in the terminal: 2-4 players on one screen (hot seat), teams, bots"
BOT_PREFIX = "bot:"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Players, bots, rules options, clock, saving, language and display."""
    parser.add_argument(
        "--players",
        default="Player 1,Player 2",
        help=say("2-4 names separated by commas; 'bot:LEVEL' makes a seat a bot (LEVEL: {levels})", levels=bot_levels()),
    )
    parser.add_argument("--teams", help='two teams of two sharing a rack and a score, e.g. "Ann+Cat,Ben+Dan"')
    parser.add_argument("--bot", action="append", default=[], metavar="SEAT=LEVEL", help="make seat SEAT (number from 1, or name) a bot")
    parser.add_argument("--seed", type=int, help="seed for the bag, so a game can be replayed")
    parser.add_argument("--variant", default="a-math", help="ruleset (default a-math)")
    parser.add_argument("--challenge", action="store_true", help="challenge mode: any placement is accepted, opponents may challenge")
    parser.add_argument("--clock", type=float, nargs="?", const=22.0, metavar="MINUTES", help="total time per player (default 22)")
    parser.add_argument("--move-limit", type=float, metavar="MINUTES", help="time per move; a slower move loses the turn")
    parser.add_argument("--loss-on-time", action="store_true", help="with --clock: running out of time loses the game")
    parser.add_argument("--penalty", type=int, default=10, metavar="POINTS", help="with --clock: points lost per started minute over (10)")
    parser.add_argument("--save", metavar="FILE", help="save the game to FILE after every turn")
    parser.add_argument("--resume", metavar="FILE", help="continue a saved game (keeps saving to it unless --save says otherwise)")
    parser.add_argument(
        "--lang", choices=LANGUAGES, default=None, help="language: en or th (default: $AMATH_LANG, else the locale, else en)"
    )
    parser.add_argument("--no-color", dest="color", action="store_false", default=None, help="no ANSI colours")
    parser.add_argument("--color", dest="color", action="store_true", help="ANSI colours even when not a terminal")
    parser.add_argument("--ascii", action="store_true", default=None, help="plain ASCII symbols only")


def run(args: argparse.Namespace) -> int:
    """Set up the game and play it; exit 2 with a message on bad options or an unreadable save."""
    text = Text(args.lang or language())
    try:
        if args.resume:
            game, levels = savefile.read(args.resume)
        else:
            game, levels = new_game(args), {}
        levels.update(bot_seats(game, args.bot))
        bots = {side: make_bot(level, game.seed + side) for side, level in levels.items()}
    except ValueError as exc:
        key = "resume_failed" if args.resume and not isinstance(exc, _OptionError) else "error"
        print(text(key, path=args.resume, reason=text.error(exc)), file=sys.stderr)
        return 2
    style = detect(sys.stdout, color=args.color, ascii_only=args.ascii)
    session = Session(game, Console(style), text, bots, levels, save_path=args.save or args.resume)
    return session.run()


class _OptionError(ValueError):
    """A command-line option that cannot be used."""


def clock_rules(args: argparse.Namespace) -> ClockRules:
    """The clock from ``--clock``, ``--move-limit``, ``--loss-on-time`` and ``--penalty``."""
    if args.clock is not None and args.move_limit is not None:
        raise _OptionError("choose either --clock (for the game) or --move-limit (per move), not both")
    if args.move_limit is not None:
        return ClockRules("move", _seconds(args.move_limit), args.penalty, False)
    if args.clock is not None or args.loss_on_time:
        return ClockRules("total", _seconds(args.clock if args.clock is not None else 22.0), args.penalty, args.loss_on_time)
    return ClockRules()


def _seconds(minutes: float) -> int:
    if not minutes > 0:
        raise _OptionError(f"minutes must be positive, not {minutes}")
    return max(1, round(minutes * 60))


def new_game(args: argparse.Namespace) -> Game:
    """A fresh game from the options."""
    try:
        rules = get_ruleset(args.variant)
        options = Options(challenge=args.challenge, clock=clock_rules(args))
        if args.teams:
            teams = [[n.strip() for n in team.split("+")] for team in args.teams.split(",")]
            return Game(rules, teams=teams, seed=args.seed, options=options)
        players = [n.strip() for n in args.players.split(",")]
        return Game(rules, players, seed=args.seed, options=options)
    except ValueError as exc:
        raise _OptionError(str(exc)) from None


def bot_seats(game: Game, specs: Sequence[str]) -> dict[int, str]:
    """Bot levels by side: names like ``bot:greedy`` and ``--bot SEAT=LEVEL`` options."""
    seats: dict[int, str] = {}
    for side, members in enumerate(game.sides):
        if len(members) == 1 and members[0].lower().startswith(BOT_PREFIX):
            seats[side] = members[0][len(BOT_PREFIX) :].strip() or "greedy"
    for spec in specs:
        seat, sep, level = spec.partition("=")
        if not sep or not seat.strip() or not level.strip():
            raise _OptionError(f"--bot {spec!r}: write SEAT=LEVEL, e.g. --bot 2=greedy")
        seats[_seat_index(game, seat.strip(), spec)] = level.strip()
    return seats


def _seat_index(game: Game, seat: str, spec: str) -> int:
    if ascii_digits(seat) and 1 <= int(seat) <= len(game.sides):
        return int(seat) - 1
    for side, members in enumerate(game.sides):
        if seat in members or seat == game.names[side]:
            return side
    raise _OptionError(f"--bot {spec!r}: no seat {seat!r} (use 1..{len(game.sides)} or a player's name)")


def make_bot(level: str, seed: int) -> Player:
    """A bot from the registry in :mod:`amath.players` (``get_bot(name, seed)``)."""
    module = importlib.import_module("amath.players")
    get_bot = cast("Callable[[str, int], Player] | None", getattr(module, "get_bot", None))
    if get_bot is None:
        raise _OptionError("bots are not available yet in this version (amath.players has no get_bot)")
    try:
        return get_bot(level, seed)
    except (KeyError, ValueError) as exc:
        raise _OptionError(f"bot {level!r}: {exc}") from None
