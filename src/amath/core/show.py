"""How the kernel's objects show themselves: as text (a position string) and as a picture (SVG).

The kernel writes no position strings and draws nothing; the layers that do
(:mod:`amath.formats.fen` and the :mod:`amath.render` package) register here what they make of a
board, a position or a game, and the package's ``__init__`` imports both.  So
``repr(board)`` still reads as a position string and a notebook still draws the board,
while nothing in :mod:`amath.core` imports a layer above it.

>>> from amath.core.board import Board
>>> from amath.core.rules import AMATH
>>> text(Board(AMATH.layout)).startswith("_15|")
True
"""

from __future__ import annotations

from functools import singledispatch


@singledispatch
def text(thing: object, side: int | None = None) -> str:
    """``thing`` as one line of text (a position string, or its board field for a board); ``side``: as that side sees it."""
    return f"{type(thing).__name__} (no text form registered: import amath.formats.fen)"


@singledispatch
def picture(thing: object) -> str:
    """``thing`` drawn as SVG."""
    raise TypeError(f"no picture of a {type(thing).__name__} is registered: import amath.render")
