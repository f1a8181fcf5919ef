"""Where tiles may go (docs/rules.md "Placements"): one line, unbroken, touching or on the centre."""

from __future__ import annotations

import pytest

from amath.core.board import Board, Square
from amath.core.errors import IllegalMoveError
from amath.core.move import Place, TilePlay
from amath.core.placement import analyze, check_lines
from amath.core.rules import AMATH


def place(*specs: str) -> Place:
    """``place("G8 1", "H8 =", "I8 ?:1")``."""
    plays = []
    for spec in specs:
        sq, tok = spec.split()
        tile, _, face = tok.partition(":")
        plays.append(TilePlay(Square.parse(sq), tile, face or tile))
    return Place(tuple(plays))


def board_with(*specs: str) -> Board:
    b = Board(AMATH.layout)
    for p in place(*specs).tiles:
        b.put(p.square, p.placed)
    return b


def test_first_placement_must_cover_centre() -> None:
    empty = Board(AMATH.layout)
    with pytest.raises(IllegalMoveError, match="centre square H8"):
        analyze(empty, place("A1 1", "B1 =", "C1 1"), AMATH)
    analysis = analyze(empty, place("G8 1", "H8 =", "I8 1"), AMATH)
    assert [str(line) for line in analysis.lines] == ["G8-1=1"]


def test_tiles_in_one_row_or_column() -> None:
    with pytest.raises(IllegalMoveError, match="one row or one column"):
        analyze(Board(AMATH.layout), place("G8 1", "H8 =", "I9 1"), AMATH)


def test_line_must_be_unbroken() -> None:
    with pytest.raises(IllegalMoveError, match="broken at I8"):
        analyze(Board(AMATH.layout), place("G8 1", "H8 =", "J8 1"), AMATH)
    # a gap filled by a tile already on the board is fine
    b = board_with("G8 1", "H8 =", "I8 1")
    analysis = analyze(b, place("F8 1", "J8 =", "K8 1"), AMATH)
    assert str(analysis.lines[0]) == "F8-11=1=1"


def test_later_placement_must_touch() -> None:
    b = board_with("G8 1", "H8 =", "I8 1")
    with pytest.raises(IllegalMoveError, match="touch"):
        analyze(b, place("A1 1", "B1 =", "C1 1"), AMATH)


def test_covered_square_and_double_square_refused() -> None:
    b = board_with("G8 1", "H8 =", "I8 1")
    with pytest.raises(IllegalMoveError, match="already covered"):
        analyze(b, place("H8 2"), AMATH)
    with pytest.raises(IllegalMoveError, match="two tiles on J8"):
        analyze(b, Place((TilePlay(Square.parse("J8"), "1", "1"), TilePlay(Square.parse("J8"), "2", "2"))), AMATH)


def test_lone_tile_touching_nothing_in_line_is_no_play() -> None:
    with pytest.raises(IllegalMoveError, match="at least two tiles"):
        analyze(Board(AMATH.layout), place("H8 1"), AMATH)


def test_choice_and_blank_faces_checked() -> None:
    empty = Board(AMATH.layout)
    with pytest.raises(IllegalMoveError, match="cannot be played as"):
        analyze(empty, place("G8 1", "H8 +-:*", "I8 1"), AMATH)
    with pytest.raises(IllegalMoveError, match="cannot be played as"):
        analyze(empty, place("G8 ?:+-", "H8 =", "I8 1"), AMATH)
    analyze(empty, place("G8 ?:20", "H8 =", "I8 20"), AMATH)


def test_every_cross_line_must_be_true() -> None:
    b = board_with("G8 1", "H8 =", "I8 1")
    # down from I7: "2" above I8's 1 makes the column "2 1" -> 21 alone, no '=': false
    analysis = analyze(b, place("I7 2"), AMATH)
    with pytest.raises(IllegalMoveError, match="no = sign"):
        check_lines(analysis, AMATH)
    # J7 J8 J9 down: 1 = 1 crossing row 8 makes "1=1=" ... row 8 line becomes 1=11? no: J8 '=' -> 1=1= : false
    analysis = analyze(b, place("J7 1", "J8 =", "J9 1"), AMATH)
    assert len(analysis.lines) == 2
    with pytest.raises(IllegalMoveError, match="empty side"):
        check_lines(analysis, AMATH)
    # a placement whose main and cross lines are all true
    ok = analyze(b, place("J8 *", "K8 1"), AMATH)  # row: 1=1*1
    check_lines(ok, AMATH)


def test_single_tile_direction_follows_its_line() -> None:
    b = board_with("G8 1", "H8 =", "I8 1")
    down = analyze(b, place("G9 0"), AMATH)  # column G: 1 0 -> "10" vertical line
    assert not down.across
    across = analyze(b, place("J8 0"), AMATH)
    assert across.across
