"""The A-Math ruleset of docs/rules.md: board, 100 tiles, racks of 8, bingo +40."""

from __future__ import annotations

from amath.core.board import Layout
from amath.core.equation import AMATH_SYNTAX
from amath.core.rules.base import FirstPlay, Ruleset, Starter
from amath.core.tiles import BLANK, EQUALS, NUMBER_FACES, OPERATORS, PLUS_MINUS, TIMES_DIVIDE, TileSet

AMATH_LAYOUT = Layout(
    (
        "T..2...T...2..T",
        ".D...3...3...D.",
        "..D...2.2...D..",
        "2..D...2...D..2",
        "....3.....3....",
        ".3...3...3...3.",
        "..2...2.2...2..",
        "T..2...*...2..T",
        "..2...2.2...2..",
        ".3...3...3...3.",
        "....3.....3....",
        "2..D...2...D..2",
        "..D...2.2...D..",
        ".D...3...3...D.",
        "T..2...T...2..T",
    )
)

_COUNTS_POINTS: tuple[tuple[str, int, int], ...] = (
    ("0", 5, 1), ("1", 6, 1), ("2", 6, 1), ("3", 5, 1), ("4", 5, 2),
    ("5", 4, 2), ("6", 4, 2), ("7", 4, 2), ("8", 4, 2), ("9", 4, 2),
    ("10", 2, 3), ("11", 1, 4), ("12", 2, 3), ("13", 1, 6), ("14", 1, 4),
    ("15", 1, 4), ("16", 1, 4), ("17", 1, 6), ("18", 1, 4), ("19", 1, 7),
    ("20", 1, 5),
    ("+", 4, 2), ("-", 4, 2), ("*", 4, 2), ("/", 4, 2),
    (PLUS_MINUS, 5, 1), (TIMES_DIVIDE, 4, 1), (EQUALS, 11, 1), (BLANK, 4, 0),
)  # fmt: skip

AMATH_TILES = TileSet(
    counts={t: n for t, n, _ in _COUNTS_POINTS},
    points={t: p for t, _, p in _COUNTS_POINTS},
)

AMATH = Ruleset(
    name="a-math",
    tiles=AMATH_TILES,
    layout=AMATH_LAYOUT,
    syntax=AMATH_SYNTAX,
    blank_faces=NUMBER_FACES + OPERATORS + (EQUALS,),
    choice_faces={PLUS_MINUS: ("+", "-"), TIMES_DIVIDE: ("*", "/")},
    rack_size=8,
    bingo_bonus=40,
    exchange_min_bag=5,
    pass_rounds=3,
    playout_multiplier=2,
    deduct_at_end=False,
    first_play=FirstPlay.COVER_CENTRE,
    starter=Starter.HIGHEST,
)
