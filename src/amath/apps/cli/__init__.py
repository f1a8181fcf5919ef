"""The ``amath`` command: one module per subcommand, each with ``add_parser`` and ``run``.

To add a subcommand, write ``amath/apps/cli/NAME.py`` with ``HELP``, ``add_arguments(parser)``
and ``run(args) -> int``, and list it in ``SUBCOMMANDS``.

Every text is written in English and shown in the language of :mod:`amath.apps.cli.lang`
(``AMATH_LANG``, else the locale): add the Thai of a new text to :mod:`amath.apps.cli.thai`.
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys
from collections.abc import Sequence

from amath import __version__
from amath.apps.cli.lang import say, warn_bad_setting
from amath.apps.cli.parser import LocalParser

SUBCOMMANDS: tuple[str, ...] = (
    "check",
    "play",
    "moves",
    "selfplay",
    "serve",
    "replay",
    "record",
    "position",
    "render",
    "analyze",
    "bingo",
    "puzzles",
    "engine",
    "best",
    "tournament",
)


class _Version(argparse.Action):
    """``--version``: the package version and the move generator backend this install uses."""

    def __call__(self, parser: argparse.ArgumentParser, *_: object) -> None:
        from amath.engine import backend

        print(f"amath {__version__} (move generator: {backend()})")
        parser.exit()


def build_parser(lang: str | None = None) -> LocalParser:
    """The argument parser with every available subcommand, in ``lang`` (default: :func:`amath.apps.cli.lang.language`)."""
    parser = LocalParser(prog="amath", description="A-Math (เอแม็ท): the crossword game of equations", lang=lang)
    parser.add_argument("--version", action=_Version, nargs=0, help="show the version and the move generator in use, then exit")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name in SUBCOMMANDS:
        try:
            module = importlib.import_module(f"amath.apps.cli.{name}")
        except ModuleNotFoundError as exc:
            if exc.name != f"amath.apps.cli.{name}":
                raise
            continue  # a subcommand whose module is not written yet
        p = sub.add_parser(name, help=module.HELP, description=module.HELP, lang=parser.lang)
        module.add_arguments(p)
        p.set_defaults(_run=module.run)
    parser.localize()
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the ``amath`` command; returns the exit code."""
    warn_bad_setting()
    parser = build_parser()
    args = parser.parse_args(argv)
    if not getattr(args, "_run", None):
        parser.print_help()
        return 2
    try:
        code: int = args._run(args)
        sys.stdout.flush()  # inside the try: a reader that went away is noticed here, not at exit
    except KeyboardInterrupt:
        print("\n" + say("interrupted"), file=sys.stderr)
        return 130
    except BrokenPipeError:  # `amath moves p.json | head -1`: the reader has all it wanted
        drop_stdout()
        return 141  # what a shell reports for a program ended by SIGPIPE
    return code


def drop_stdout() -> None:
    """Point standard output at /dev/null so Python's final flush does not fail again."""
    devnull = os.open(os.devnull, os.O_WRONLY)
    try:
        os.dup2(devnull, sys.stdout.fileno())
    finally:
        os.close(devnull)


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
