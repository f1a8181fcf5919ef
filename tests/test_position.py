"""Position JSON (docs/rules.md "Position JSON"): round-trips, and clear errors for anything malformed."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from amath import Game
from amath.core.errors import PositionError
from amath.formats.view import position_from_dict, position_from_json, position_of, position_to_dict, position_to_json
from game_helpers import give

SPEC_EXAMPLE = {
    "variant": "a-math",
    "board": [
        {"square": "H8", "tile": "7"},
        {"square": "I8", "tile": "?", "face": "7"},
        {"square": "J8", "tile": "+-", "face": "-"},
    ],
    "rack": ["1", "2", "?", "+-", "*/", "="],
    "scores": [0, 0],
    "to_move": 0,
}


def test_spec_example_reads_and_round_trips() -> None:
    pos = position_from_dict(SPEC_EXAMPLE)
    assert pos.rack == ("1", "2", "?", "+-", "*/", "=")
    board = pos.board()
    assert len(board) == 3
    tile = board.get(board_square("J8"))
    assert tile is not None and (tile.tile, tile.face) == ("+-", "-")
    assert position_to_dict(pos) == SPEC_EXAMPLE
    assert position_from_json(position_to_json(pos)) == pos


def board_square(name: str):  # type: ignore[no-untyped-def]
    from amath.core.board import Square

    return Square.parse(name)


def test_position_of_a_game() -> None:
    g = Game(seed=1)
    give(g, g.to_move, ["1", "=", "1", "2", "3", "4", "5", "6"])
    g.push_notation("8G 1 = 1")
    pos = position_of(g)
    assert pos.rack == tuple(g.racks[g.to_move]) and pos.to_move == g.to_move
    assert pos.board() == g.board
    assert position_from_json(position_to_json(pos)) == pos


@pytest.mark.parametrize(
    ("data", "fragment"),
    [
        ([], "expected a JSON object"),
        ({**SPEC_EXAMPLE, "extra": 1}, "unknown field"),
        ({**SPEC_EXAMPLE, "variant": "chess"}, "unknown variant"),
        ({**SPEC_EXAMPLE, "rack": "12"}, "'rack' must be a list"),
        ({**SPEC_EXAMPLE, "rack": ["1", "21"]}, r"rack\[1\]"),
        ({**SPEC_EXAMPLE, "rack": ["1"] * 9}, "at most 8"),
        ({**SPEC_EXAMPLE, "board": [{"square": "Z1", "tile": "1"}]}, r"board\[0\]"),
        ({**SPEC_EXAMPLE, "board": [{"square": "H8", "tile": "?"}]}, "needs a 'face'"),
        ({**SPEC_EXAMPLE, "board": [{"square": "H8", "tile": "+-", "face": "*"}]}, "cannot show"),
        ({**SPEC_EXAMPLE, "board": [{"square": "H8", "tile": "1", "face": "2"}]}, "always shows"),
        ({**SPEC_EXAMPLE, "board": [{"square": "H8", "tile": "1"}, {"square": "H8", "tile": "2"}]}, "two tiles on H8"),
        ({**SPEC_EXAMPLE, "rack": ["19", "19"]}, "more tiles than the set holds"),
        ({**SPEC_EXAMPLE, "scores": [0]}, "'scores'"),
        ({**SPEC_EXAMPLE, "scores": [0, True]}, "'scores'"),
        ({**SPEC_EXAMPLE, "to_move": 2}, "'to_move'"),
        ({**SPEC_EXAMPLE, "to_move": "0"}, "'to_move' must be a int"),
    ],
)
def test_bad_positions_are_named(data: object, fragment: str) -> None:
    with pytest.raises(PositionError, match=fragment):
        position_from_dict(data)


def test_bad_json_text() -> None:
    with pytest.raises(PositionError, match="not valid JSON"):
        position_from_json("{")


JSONISH = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 30) | st.text(max_size=4) | st.sampled_from(["H8", "?", "+-", "7", "=", "a-math"]),
    lambda children: (
        st.lists(children, max_size=4)
        | st.dictionaries(st.sampled_from(["square", "tile", "face", "rack", "board", "x"]), children, max_size=4)
    ),
    max_leaves=12,
)


@settings(max_examples=400, deadline=None)
@given(st.dictionaries(st.sampled_from(["variant", "board", "rack", "scores", "to_move"]), JSONISH))
def test_fuzz_reader_raises_only_position_error(data: dict[str, object]) -> None:
    try:
        pos = position_from_dict(data)
    except PositionError as exc:
        assert str(exc).startswith("position:")
    else:
        assert position_from_json(json.dumps(position_to_dict(pos))) == pos
