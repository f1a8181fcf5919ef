"""The one-line position string: string <-> position <-> JSON, and clear errors."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from amath.core.board import PlacedTile, Square
from amath.core.errors import PositionError
from amath.core.rules import AMATH
from amath.formats.fen import position_from_string, position_to_string, string_to_json_dict
from amath.formats.view import PositionView, position_from_dict, position_from_json, position_to_json


@st.composite
def positions(draw: st.DrawFn) -> PositionView:
    """Random positions whose tiles fit in the set (not necessarily reachable in play)."""
    bag = AMATH.tiles.bag()
    chosen = draw(st.lists(st.integers(0, len(bag) - 1), unique=True, max_size=60))
    squares = draw(st.lists(st.tuples(st.integers(0, 14), st.integers(0, 14)), unique=True, min_size=len(chosen), max_size=len(chosen)))
    tiles = []
    for k, (r, c) in zip(chosen, squares):
        tile = bag[k]
        face = draw(st.sampled_from(AMATH.faces_of(tile)))
        tiles.append((Square(r, c), PlacedTile(tile, face)))
    left = [t for k, t in enumerate(bag) if k not in set(chosen)]
    rack = draw(st.lists(st.sampled_from(left), max_size=8))
    rack = [t for k, t in enumerate(rack) if rack[: k + 1].count(t) <= left.count(t)]
    n = draw(st.integers(2, 4))
    scores = draw(st.lists(st.integers(-200, 900), min_size=n, max_size=n))
    return PositionView("a-math", tuple(sorted(tiles)), tuple(rack), tuple(scores), draw(st.integers(0, n - 1)))


@settings(max_examples=150, deadline=None)
@given(positions())
def test_position_string_round_trip(pos: PositionView) -> None:
    text = position_to_string(pos)
    assert " " not in text.split(" ", 4)[-1] and len(text.split()) == 5
    assert position_from_string(text) == pos
    assert position_from_json(position_to_json(position_from_string(text))) == pos
    assert position_from_dict(string_to_json_dict(text)) == pos


def test_empty_board_and_example() -> None:
    empty = PositionView("a-math", (), (), (0, 0), 0)
    assert position_to_string(empty) == "|".join(["_15"] * 15) + " [] 0,0 1 a-math"
    rows = ["_15"] * 15
    rows[7] = "_6,12,?:=,+-:-,*/:/,_5"
    pos = position_from_string(" ".join(["|".join(rows), "[1,?,=]", "5,7", "2"]))
    assert [(sq.name, t.tile, t.face) for sq, t in pos.tiles] == [
        ("G8", "12", "12"),
        ("H8", "?", "="),
        ("I8", "+-", "-"),
        ("J8", "*/", "/"),
    ]
    assert pos.rack == ("1", "?", "=") and pos.scores == (5, 7) and pos.to_move == 1
    assert position_from_string("|".join(["_15"] * 15) + " [] 0,0 1") == empty


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("_15 [] 0,0 1", "the board has 1 rows"),
        ("|".join(["_15"] * 14 + ["_14"]) + " [] 0,0 1", "row 15 covers 14 squares"),
        ("|".join(["_15"] * 14 + ["_15,7"]) + " [] 0,0 1", "row 15 covers more than 15"),
        ("|".join(["_15"] * 14 + ["_x"]) + " [] 0,0 1", "'_x' is not a run"),
        ("|".join(["_15"] * 14 + ["?,_14"]) + " [] 0,0 1", "say which face"),
        ("|".join(["_15"] * 14 + ["21,_14"]) + " [] 0,0 1", "row 15"),
        ("|".join(["_15"] * 15) + " 1,2 0,0 1", "the rack goes in brackets"),
        ("|".join(["_15"] * 15) + " [] 0,a 1", "scores must be whole numbers"),
        ("|".join(["_15"] * 15) + " [] 0,0 3", "from 1 to 2"),
        ("|".join(["_15"] * 15) + " [] 0,0 1 chess", "unknown variant"),
        ("|".join(["_15"] * 15) + " [20,20] 0,0 1", "more tiles than the set holds"),
        ("hello", "expected 'BOARD RACK SCORES TO_MOVE"),
    ],
)
def test_bad_strings_say_what_is_wrong(text: str, message: str) -> None:
    with pytest.raises(PositionError, match=message):
        position_from_string(text)


@given(positions())
def test_position_text_reads_both_forms_alike(pos: PositionView) -> None:
    """``position_from_text`` (what ``amath moves`` reads): the JSON and the string give the same position."""
    from amath.formats.load import position_from_text

    assert position_from_text(position_to_json(pos)) == pos
    assert position_from_text("\n" + position_to_string(pos) + "\n\n") == pos


@given(st.text(max_size=200))
def test_position_text_of_anything_is_a_position_or_a_position_error(text: str) -> None:
    """Any text: a position, or a PositionError with a code; never another exception."""
    from amath.formats.load import position_from_text

    try:
        position_from_text(text)
    except PositionError as exc:
        assert exc.code and str(exc)
