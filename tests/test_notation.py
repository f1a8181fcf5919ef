"""Move notation: parse and print, round-trip, clear errors (docs/rules.md "Move notation")."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from amath.core.board import Board, PlacedTile, Square
from amath.core.errors import NotationError
from amath.core.move import Challenge, Exchange, Pass, Place, TilePlay
from amath.core.notation import format_coordinate, format_move, parse_coordinate, parse_move
from amath.core.rules import AMATH


def board_with(row: int, col: int, faces: str, across: bool = True) -> Board:
    b = Board(AMATH.layout)
    sq = Square(row, col)
    for f in faces.split():
        b.put(sq, PlacedTile(f, f))
        sq = sq.step(across)
    return b


def test_coordinates() -> None:
    assert parse_coordinate("8H") == (Square(7, 7), True)
    assert parse_coordinate("H8") == (Square(7, 7), False)
    assert parse_coordinate("15o") == (Square(14, 14), True)
    assert format_coordinate(Square(0, 14), True) == "1O"
    assert format_coordinate(Square(0, 14), False) == "O1"
    for bad in ["16A", "P1", "8", "HH", ""]:
        with pytest.raises(ValueError):
            parse_coordinate(bad)


def test_parse_placement_with_blanks_choice_tiles_and_board_tiles() -> None:
    empty = Board(AMATH.layout)
    move = parse_move("8G 1 +-:- ?:1 = 0", empty, AMATH)
    assert isinstance(move, Place)
    assert [(p.square.name, p.tile, p.face) for p in move.tiles] == [
        ("G8", "1", "1"),
        ("H8", "+-", "-"),
        ("I8", "?", "1"),
        ("J8", "=", "="),
        ("K8", "0", "0"),
    ]
    assert parse_move("8G 1 +-:− ?1 = 0", empty, AMATH) == move  # Unicode minus, ?1 shorthand
    b = board_with(7, 6, "1 = 1")
    down = parse_move("I7 2 [1] = 2 - 1", b, AMATH)
    assert isinstance(down, Place)
    assert [p.square.name for p in down.tiles] == ["I7", "I9", "I10", "I11", "I12"]
    assert parse_move("I7 2 . = 2 - 1", b, AMATH) == down


def test_other_turns() -> None:
    b = Board(AMATH.layout)
    assert parse_move("pass", b, AMATH) == Pass()
    assert parse_move("exchange 1 ? +-", b, AMATH) == Exchange(("1", "?", "+-"))
    assert parse_move("swap ×/÷", b, AMATH) == Exchange(("*/",))
    assert parse_move("challenge", b, AMATH, player=1) == Challenge(1)
    assert format_move(Exchange(("1", "?")), b, AMATH) == "exchange 1 ?"


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ("", "empty move"),
        ("8H", "coordinate and tiles"),
        ("Z9 1 = 1", "off the 15x15 board"),
        ("9 1 = 1", "not a coordinate"),
        ("8H 1 = 21", "not a tile"),
        ("8H 1 ? 1", "say which face"),
        ("8H 1 +-:* 1", "cannot show"),
        ("8H 1 ?:+- 1", "cannot show"),
        ("8N 1 = 1", "runs off the board"),
        ("8H [1] = 1", "is empty"),
        ("exchange", "name the tiles"),
        ("exchange 1 foo", "not a tile"),
    ],
)
def test_bad_notation_is_explained(text: str, fragment: str) -> None:
    with pytest.raises(NotationError, match=fragment.replace("?", r"\?")):
        parse_move(text, Board(AMATH.layout), AMATH)


def test_board_tile_must_be_marked_and_must_match() -> None:
    b = board_with(7, 6, "1 = 1")
    with pytest.raises(NotationError, match=r"already holds 1; write it as \[1\]"):
        parse_move("8F 2 1 = 1", b, AMATH)
    with pytest.raises(NotationError, match="holds 1, not 2"):
        parse_move("8F 2 [2] [=] [1]", b, AMATH)
    with pytest.raises(NotationError, match="no new tile"):
        parse_move("8G [1] [=] [1]", b, AMATH)


def test_format_shows_the_whole_line_with_board_tiles() -> None:
    b = board_with(7, 6, "1 = 1")
    place = Place((TilePlay(Square.parse("F8"), "1", "1"), TilePlay(Square.parse("J8"), "?", "1")))
    text = format_move(place, b, AMATH)
    assert text == "8F 1 [1] [=] [1] ?:1"
    assert parse_move(text, b, AMATH) == place
    single = Place((TilePlay(Square.parse("G9"), "0", "0"),))
    assert format_move(single, b, AMATH) == "G8 [1] 0"


FACE_TILES = [(t, f) for t in AMATH.tiles.counts for f in AMATH.faces_of(t)]


@settings(max_examples=300, deadline=None)
@given(
    st.lists(st.sampled_from(FACE_TILES), min_size=2, max_size=8),
    st.booleans(),
    st.integers(0, 7),
)
def test_round_trip_on_the_first_move(tiles: list[tuple[str, str]], across: bool, offset: int) -> None:
    offset = min(offset, len(tiles) - 1)
    start = Square(7, 7).step(across, -offset)
    plays = tuple(TilePlay(start.step(across, k), t, f) for k, (t, f) in enumerate(tiles))
    place = Place(plays)
    b = Board(AMATH.layout)
    text = format_move(place, b, AMATH)
    assert parse_move(text, b, AMATH) == place
    assert format_move(parse_move(text, b, AMATH), b, AMATH) == text


WORDS = st.sampled_from(
    ["8H", "H8", "15O", "A1", "[1]", ".", "?:7", "?7", "+-:-", "*/:*", "1", "12", "="]
    + ["+", "(", "pass", "exchange", "?", "x", "0:0", ":", "[", "]"]
)


@settings(max_examples=500, deadline=None)
@given(st.one_of(st.text(max_size=20), st.lists(WORDS, max_size=8).map(" ".join)))
def test_fuzz_parser_raises_only_notation_errors(text: str) -> None:
    b = board_with(7, 6, "1 = 1")
    try:
        move = parse_move(text, b, AMATH)
    except NotationError as exc:
        assert str(exc)
    else:
        assert isinstance(move, Place | Pass | Exchange | Challenge)
