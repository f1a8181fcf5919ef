"""Scoring a placement (docs/rules.md "Scoring").

Each line: tile points, a new tile's points times its piece premium, the sum times every
equation premium newly covered in that line; the placement scores the sum of its lines,
plus the bingo bonus when it uses a full rack of tiles.
"""

from __future__ import annotations

from amath.core.placement import Analysis, Line
from amath.core.rules.base import Ruleset


def line_score(line: Line, rules: Ruleset) -> int:
    """Score of one line; premiums count only under tiles placed this turn."""
    layout = rules.layout
    total = 0
    factor = 1
    for sq, tile, new in zip(line.squares, line.tiles, line.new):
        pts = rules.points(tile.tile)
        if new:
            total += pts * layout.piece_multiplier(sq)
            factor *= layout.equation_multiplier(sq)
        else:
            total += pts
    return total * factor


def is_bingo(analysis: Analysis, rules: Ruleset) -> bool:
    """True when the placement puts down a full rack (free tiles such as Smath's ``=`` don't count)."""
    new = {sq: tile.tile for line in analysis.lines for sq, tile, n in zip(line.squares, line.tiles, line.new) if n}
    return sum(1 for t in new.values() if t not in rules.tiles.free) == rules.rack_size


def score(analysis: Analysis, rules: Ruleset) -> int:
    """Total score of a placement: all its lines plus the bingo bonus."""
    total = sum(line_score(line, rules) for line in analysis.lines)
    if is_bingo(analysis, rules):
        total += rules.bingo_bonus
    return total
