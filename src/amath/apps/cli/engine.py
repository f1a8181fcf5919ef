"""``amath engine``: talk the engine protocol on standard input and output (docs/engine-protocol.md)."""

from __future__ import annotations

import argparse
import sys

from amath.apps.protocol import Session, default_searcher

HELP = "run the engine protocol on standard input/output, for GUIs and other programs (docs/engine-protocol.md)"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """No arguments: everything is said on standard input."""


def run(args: argparse.Namespace) -> int:
    """Read command lines until ``quit`` or the end of input; answer each on standard output."""
    out = sys.stdout.buffer

    def write(line: str) -> None:
        out.write(line.encode("utf-8") + b"\n")
        out.flush()

    session = Session(write, default_searcher())
    for raw in sys.stdin.buffer:
        if not session.handle(raw.decode("utf-8", errors="replace")):
            return 0
    session.close(finish=True)  # end of input: answer the last search, then stop
    return 0
