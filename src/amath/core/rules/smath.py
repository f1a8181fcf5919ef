"""The Smath ruleset (docs/rules.md "Smath") and the rulebook's options: Beginners, Primary, Co-op.

Differences from A-Math are all data here: a bag of 124 tiles, ``=`` and brackets as a
free supply, racks of 10, bingo +25, no concatenation (numbers are single tiles up to
12), brackets with implicit multiplication, the lowest draw starts, the first equation
starts or ends on the centre, every player loses the rack left at the end.
"""

from __future__ import annotations

import dataclasses
from functools import cache

from amath.core.equation import LineSyntax
from amath.core.rules.amath import AMATH_LAYOUT
from amath.core.rules.base import FirstPlay, Ruleset, Starter
from amath.core.tiles import BLANK, BRACKETS, EQUALS, TileSet

SMATH_NUMBERS: tuple[str, ...] = tuple(str(n) for n in range(13))
_NUMBER_POINTS = {"0": 1, "1": 1, "2": 1, "3": 2, "4": 1, "5": 1, "6": 2, "7": 5, "8": 2, "9": 4, "10": 1, "11": 1, "12": 4}
_SIGN_POINTS = {"+": 1, "-": 1, "*": 2, "/": 2}


def _syntax(signs: tuple[str, ...], brackets: bool) -> LineSyntax:
    """Single-tile numbers up to 12, the given signs, ``=`` (and brackets)."""
    return LineSyntax(max_digits=1, brackets=brackets, faces=frozenset((*SMATH_NUMBERS, *signs, EQUALS)))


def _tiles(signs: tuple[str, ...], brackets: bool) -> TileSet:
    counts = {n: 6 for n in SMATH_NUMBERS} | {s: 9 for s in signs} | {BLANK: 10}
    points = dict(_NUMBER_POINTS) | {s: _SIGN_POINTS[s] for s in signs} | {BLANK: 0, EQUALS: 0, "(": 0, ")": 0}
    free = frozenset((EQUALS, *BRACKETS)) if brackets else frozenset((EQUALS,))
    return TileSet(counts=counts, points=points, free=free)


SMATH = Ruleset(
    name="smath",
    tiles=_tiles(("+", "-", "*", "/"), brackets=True),
    layout=AMATH_LAYOUT,
    syntax=_syntax(("+", "-", "*", "/"), brackets=True),
    blank_faces=SMATH_NUMBERS + ("+", "-", "*", "/"),
    choice_faces={},
    rack_size=10,
    bingo_bonus=25,
    exchange_min_bag=None,
    pass_rounds=1,
    exchange_ends_like_pass=True,
    playout_multiplier=0,
    deduct_at_end=True,
    first_play=FirstPlay.END_ON_CENTRE,
    starter=Starter.LOWEST,
    failed_challenge_costs_turn=False,
    tie_break_before_deduction=True,
)


@cache
def smath_variant(beginners: bool = False, primary: bool = False, coop: bool = False) -> Ruleset:
    """Smath with the rulebook's options; the name lists them, e.g. ``smath+beginners+coop``.

    One object per combination (cached), so equal variants are the same ruleset.
    """
    if not (beginners or primary or coop):
        return SMATH
    rules = SMATH
    name = "smath"
    if beginners:  # no multiplication, division or brackets
        rules = dataclasses.replace(
            rules,
            tiles=_tiles(("+", "-"), brackets=False),
            syntax=_syntax(("+", "-"), brackets=False),
            blank_faces=SMATH_NUMBERS + ("+", "-"),
        )
        name += "+beginners"
    if primary:  # open racks, at most 7 tiles a turn, equations anywhere on the board
        rules = dataclasses.replace(rules, open_racks=True, max_tiles_per_turn=7, must_touch=False, first_play=FirstPlay.ANYWHERE)
        name += "+primary"
    if coop:  # one shared score for the table
        rules = dataclasses.replace(rules, shared_score=True)
        name += "+coop"
    return dataclasses.replace(rules, name=name)
