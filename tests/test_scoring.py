"""Scoring of docs/rules.md "Scoring": piece premiums, equation premiums multiplying, first cover only, bingo."""

from __future__ import annotations

import dataclasses

from amath.core.board import Board, Layout, PlacedTile, Square
from amath.core.move import Place, TilePlay
from amath.core.placement import Line, analyze
from amath.core.rules import AMATH
from amath.core.scoring import line_score, score


def _line(row: int, faces: str, start_col: int = 0, new: bool = True) -> Line:
    tiles = tuple(PlacedTile(f, f) for f in faces.split())
    squares = tuple(Square(row, start_col + k) for k in range(len(tiles)))
    return Line(squares, tiles, (new,) * len(tiles), True)


def test_seed_worked_example_scores_34() -> None:
    # 7-7=6×0: first 7 on a triple-piece square, = on double piece, × on double equation.
    layout = Layout(("*..2.D.",) + ("." * 7,) * 6)
    rules = dataclasses.replace(AMATH, layout=layout)
    board = Board(layout)
    faces = "7 - 7 = 6 * 0".split()
    place = Place(tuple(TilePlay(Square(0, k), f, f) for k, f in enumerate(faces)))
    assert score(analyze(board, place, rules), rules) == 34


def test_two_triple_equation_squares_multiply_by_nine() -> None:
    # A1..H1 covers T at A1 and H1; the 3 on D1 is doubled: (1+1+2+1*2+2+1+2+2) * 9
    assert line_score(_line(0, "1 2 + 3 4 = 4 6"), AMATH) == 13 * 9


def test_equation_premiums_x4_and_x6() -> None:
    # Row 4 is "2..D...2...D..2": D4 and L4 are double-equation squares, H4 a double piece.
    x4 = Line(
        tuple(Square(3, c) for c in range(3, 12)),
        tuple(PlacedTile(f, f) for f in "9 = 9 + 0 * 0 - 0".split() + ["0"]),
        (True,) * 9,
        True,
    )
    pieces = [2, 1, 2, 2, 1 * 2, 2, 1, 2, 1]  # the 0 on H4 is doubled
    assert line_score(x4, AMATH) == sum(pieces) * 4
    custom = dataclasses.replace(AMATH, layout=Layout(("*DT", "...", "...")))
    line = Line((Square(0, 0), Square(0, 1), Square(0, 2)), tuple(PlacedTile(f, f) for f in "1 = 1".split()), (True,) * 3, True)
    assert line_score(line, custom) == (1 * 3 + 1 + 1) * 6


def test_premiums_count_only_when_first_covered() -> None:
    fresh = _line(0, "1 2 + 3 4 = 4 6")
    old = Line(fresh.squares, fresh.tiles, (False,) * 8, True)
    assert line_score(old, AMATH) == 1 + 1 + 2 + 1 + 2 + 1 + 2 + 2
    mixed = Line(fresh.squares, fresh.tiles, (False,) * 7 + (True,), True)
    assert line_score(mixed, AMATH) == (1 + 1 + 2 + 1 + 2 + 1 + 2 + 2) * 3  # only H1's T


def test_blank_scores_zero_but_its_square_still_multiplies_the_line() -> None:
    line = Line(
        (Square.parse("A1"), Square.parse("B1"), Square.parse("C1")),
        (PlacedTile("?", "5"), PlacedTile("=", "="), PlacedTile("5", "5")),
        (True, True, True),
        True,
    )
    assert line_score(line, AMATH) == (0 + 1 + 2) * 3


def test_bingo_adds_40_for_a_full_rack() -> None:
    board = Board(AMATH.layout)
    faces = "1 2 + 3 4 = 4 6".split()
    place = Place(tuple(TilePlay(Square(7, 4 + k), f, f) for k, f in enumerate(faces)))  # E8..L8
    analysis = analyze(board, place, AMATH)
    base = line_score(analysis.lines[0], AMATH)
    assert score(analysis, AMATH) == base + 40
    seven = Place(place.tiles[:-1])  # 12+34=4 is false but scoring does not judge
    assert score(analyze(board, seven, AMATH), AMATH) == line_score(analyze(board, seven, AMATH).lines[0], AMATH)


def test_cross_lines_are_scored_too() -> None:
    board = Board(AMATH.layout)
    for k, f in enumerate("1 = 1".split()):
        board.put(Square(7, 6 + k), PlacedTile(f, f))  # G8 H8 I8
    # place "2 = 2" down column J with J8 = "=": J7 2, J8 =, J9 2 -> the row 8 line becomes 1=1= ... false,
    # so instead put a column through G: G7 "1", G9 "=" "1"? Simpler: extend column I: I9 "=", I10 "1"
    place = Place((TilePlay(Square(8, 8), "=", "="), TilePlay(Square(9, 8), "1", "1")))
    analysis = analyze(board, place, AMATH)
    assert len(analysis.lines) == 1  # I8 I9 I10 : 1 = 1 (down); no cross lines (H9, J9 empty)
    # I9 is a double piece (row 9 "..2...2.2...2..", col 8): (1 + 1*2 + 1) = 4
    assert score(analysis, AMATH) == 4
    place2 = Place((TilePlay(Square(8, 7), "=", "="), TilePlay(Square(8, 8), "1", "1")))
    # H9 "=", I9 "1" across makes "=1" (false, but scored) and crosses H8-H9 and I8-I9
    a2 = analyze(board, place2, AMATH)
    assert len(a2.lines) == 3
