"""The compiled generator's boundary, fuzzed: any board, rack or ruleset gives moves or a library error.

Through the wrapper every bad input is an :class:`~amath.core.errors.AmathError` (or, for a
ruleset it cannot take, ``supports`` is False); what it accepts it answers exactly as the
Python generator does.  The raw extension refuses malformed data with ``ValueError``
(``OverflowError`` for an int that does not fit), never by crashing the interpreter.
"""

from __future__ import annotations

import dataclasses
import shutil
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from amath.core.board import Board, Layout, PlacedTile, Square
from amath.core.equation import LineSyntax
from amath.core.errors import AmathError, PositionError, TileError
from amath.core.rules import AMATH
from amath.core.rules.base import FirstPlay, Ruleset
from amath.core.tiles import ALL_FACES, TileSet
from amath.engine.movegen import fast, native

pytestmark = pytest.mark.skipif(not native.available() and shutil.which("cargo") is None, reason="no Rust toolchain")

TILES = list(AMATH.tiles.counts)
JUNK = ["x", "", "21", "+/-", "(", "=="]
FUZZ = settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@st.composite
def boards(draw: st.DrawFn, rules: Ruleset = AMATH, junk: bool = True) -> Board:
    """Tiles strewn anywhere, true equations or not; with ``junk``, foreign tiles and faces too."""
    board = Board(rules.layout)
    tiles = list(rules.tiles.counts) + (JUNK if junk else [])
    for _ in range(draw(st.integers(0, 30))):
        sq = Square(draw(st.integers(0, rules.layout.size - 1)), draw(st.integers(0, rules.layout.size - 1)))
        tile = draw(st.sampled_from(tiles))
        faces = list(rules.faces_of(tile)) if tile in rules.tiles.counts else []
        if junk:
            faces += ["7", "=", "(", "x"]
        if not faces:
            continue
        if board.get(sq) is None:
            board.put(sq, PlacedTile(tile, draw(st.sampled_from(faces))))
    return board


@FUZZ
@given(board=boards(), rack=st.lists(st.sampled_from(TILES + JUNK), max_size=10))
def test_any_board_and_rack_gives_moves_or_a_library_error(board: Board, rack: list[str]) -> None:
    """Junk tiles, faces a tile cannot show, racks too big: a library error; otherwise the Python twin's list."""
    try:
        moves = native.generate(board, rack, AMATH)
    except AmathError as err:
        assert err.code in ("not_a_tile_of", "bad_face_for_tile", "rack_too_big"), err.code
        return
    assert len(rack) <= AMATH.rack_size and all(t in AMATH.tiles.counts for t in rack)
    if len(rack) <= 3:
        assert moves == fast.generate(board, rack, AMATH)


def test_bad_racks_name_the_fault() -> None:
    """Unknown tiles, non-strings and too many tiles, each with its code."""
    board = Board(AMATH.layout)
    with pytest.raises(TileError, match="'x'"):
        native.generate(board, ["1", "x"], AMATH)
    with pytest.raises(TileError):
        native.count(board, [7], AMATH)  # type: ignore[list-item]
    with pytest.raises(PositionError, match="at most 8") as err:
        native.top(board, ["1"] * 9, AMATH, 3)
    assert err.value.code == "rack_too_big"
    with pytest.raises(ValueError):
        native.top(board, ["1"], AMATH, -1)


def test_a_board_of_another_size_is_refused() -> None:
    small = dataclasses.replace(AMATH, name="small", layout=Layout(("...", ".*.", "...")))
    with pytest.raises(PositionError, match="3x3") as err:
        native.generate(Board(small.layout), ["1"], AMATH)
    assert err.value.code == "layout_differs"


@st.composite
def rulesets(draw: st.DrawFn) -> Ruleset:
    """A-Math with odd boards, missing or foreign faces, odd digit limits, rack sizes and bonuses."""
    size = draw(st.integers(1, 17))
    cells = draw(st.lists(st.sampled_from("TD32.."), min_size=size * size, max_size=size * size))
    cells[draw(st.integers(0, size * size - 1))] = "*"
    layout = Layout(tuple("".join(cells[r * size : (r + 1) * size]) for r in range(size)), draw(st.integers(1, 4)))
    faces = st.sampled_from((*ALL_FACES, "x", "07"))
    blank = tuple(draw(st.lists(faces, unique=True, max_size=6)))
    choices = {"+-": tuple(draw(st.lists(faces, unique=True, max_size=3))), "*/": ("*", "/")}
    kept = draw(st.lists(st.sampled_from(TILES), unique=True, min_size=1, max_size=12))
    tiles = TileSet({t: draw(st.integers(0, 5)) for t in kept}, {t: draw(st.integers(0, 9)) for t in kept})
    return dataclasses.replace(
        AMATH,
        name="fuzz",
        tiles=tiles,
        layout=layout,
        syntax=LineSyntax(max_digits=draw(st.integers(0, 4))),
        blank_faces=blank,
        choice_faces=choices,
        rack_size=draw(st.integers(0, 12)),
        bingo_bonus=draw(st.integers(-5, 50)),
        max_tiles_per_turn=draw(st.none() | st.integers(0, 6)),
        first_play=draw(st.sampled_from(list(FirstPlay))),
    )


@FUZZ
@given(rules=rulesets(), data=st.data())
def test_odd_rulesets_are_refused_or_answered_like_python(rules: Ruleset, data: st.DataObject) -> None:
    """A ruleset is either not supported, or gives the Python generator's list (small racks)."""
    if not native.supports(rules):
        return
    board = data.draw(boards(rules, junk=False), label="board")
    pool = list(rules.tiles.counts)
    rack = data.draw(st.lists(st.sampled_from(pool), max_size=3), label="rack")
    try:
        moves = native.generate(board, rack, rules)
    except AmathError as err:
        assert err.code == "rack_too_big" and len(rack) > rules.rack_size
        return
    assert moves == fast.generate(board, rack, rules)


def _valid_data() -> dict[str, Any]:
    data = native.rules_data(AMATH)
    assert data is not None
    return data


FIELDS = list(_valid_data())
JUNK_VALUES = st.one_of(
    st.integers(-(2**63), 2**63 - 1),
    st.lists(st.integers(-3, 300), max_size=240),
    st.lists(st.lists(st.integers(-3, 40), max_size=4), max_size=40),
    st.none(),
    st.booleans(),
)


@FUZZ
@given(
    field=st.sampled_from(FIELDS), value=JUNK_VALUES, board=st.lists(st.integers(-2, 40), max_size=460), rack=st.lists(st.integers(-2, 9))
)
def test_the_extension_refuses_malformed_data(field: str, value: object, board: list[int], rack: list[int]) -> None:
    """One field of the ruleset replaced by junk, a junk board and rack: ValueError or an answer, no crash."""
    from amath.engine.movegen import _native

    data = _valid_data()
    data[field] = value
    try:
        rules = _native.Rules(**data)
    except (ValueError, TypeError, OverflowError):
        rules = _native.Rules(**_valid_data())
    try:
        scores, offsets, tiles = _native.generate(rules, board, rack)
    except (ValueError, OverflowError):
        return
    assert len(offsets) == len(scores) // 2 + 4  # int64 scores, uint32 offsets (one more than moves)
    assert len(tiles) % 4 == 0
