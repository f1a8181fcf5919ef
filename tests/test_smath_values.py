"""The board-free value sets behind the Smath search's value-aware bound (``movegen/smath_values.py``).

The bound may only leave out a set of tiles when no true line uses exactly it: so every
true line, cut anywhere on its first side, must find the tiles after the cut "balancing"
from the state before it (checked on every true line of a small alphabet), and the search
must return the same moves with the bound as without it.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from amath.core.rules import SMATH
from amath.engine.movegen import smath, smath_walk
from amath.engine.movegen.exact import Value, make
from amath.engine.movegen.request import SearchRequest
from amath.engine.movegen.smath import SearchStats
from amath.engine.movegen.smath_grammar import AFTER_EQUALS, INITIAL, State, advance, group, side_value
from amath.engine.movegen.smath_line import CLOSE, EQ, OPEN, token
from amath.engine.movegen.smath_values import Bag, Piece, Values
from amath.formats.view import position_from_dict

DATA = Path(__file__).resolve().parent / "data" / "smath_positions.json"
FACES = [str(n) for n in range(13)] + ["+", "-", "*", "/", "=", "(", ")"]


def read(faces: list[str], st_: State = INITIAL) -> State | None:
    """The state after ``faces`` (None if the grammar refuses one)."""
    for face in faces:
        nxt = advance(st_, *token(face))
        if nxt is None:
            return None
        st_ = nxt
    return st_


def piece(face: str) -> Piece:
    return (token(face),)


def bag(faces: list[str]) -> Bag:
    return tuple(sorted(piece(f) for f in faces))


@settings(max_examples=1500, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.sampled_from(FACES), max_size=7), st.booleans(), st.integers(-12, 12), st.integers(1, 7))
def test_a_group_is_reading_its_brackets_around_its_value(head: list[str], after_eq: bool, n: int, d: int) -> None:
    """``group(st, v)`` is the state after reading '(', a content of value v and ')' token by token."""
    st_ = read(head, AFTER_EQUALS if after_eq else INITIAL)
    if st_ is None:
        return
    content = (["0", "-"] if n < 0 else []) + [str(abs(n)), "/", str(d)]
    assert group(st_, make(n, d)) == read(["(", *content, ")"], st_)


def true_lines(alphabet: list[str], longest: int) -> Iterator[list[str]]:
    """Every true line of at most ``longest`` faces over ``alphabet``, by the grammar with the sides checked."""

    def walk(faces: list[str], st_: State, target: Value | None) -> Iterator[list[str]]:
        if st_[7] and target is not None and side_value(st_) == target:
            yield faces
        if len(faces) == longest:
            return
        for face in alphabet:
            nxt = advance(st_, *token(face))
            if nxt is None:
                continue
            goal = target
            if nxt is AFTER_EQUALS:
                w = side_value(st_)
                if w is None or (target is not None and w != target):
                    continue
                goal = w
            yield from walk([*faces, face], nxt, goal)

    yield from walk([], INITIAL, None)


def test_every_true_line_balances_at_every_cut_of_its_first_side() -> None:
    """The superset the bound relies on: cut a true line anywhere before its first '=', and the
    tiles after the cut (free '=' and brackets aside) balance from the state before it."""
    values = Values()
    lines = list(true_lines(["1", "2", "3", "4", "+", "-", "*", "/", "=", "(", ")"], 7))
    assert len(lines) > 1000
    for faces in lines:
        st_ = INITIAL
        for k, face in enumerate(faces):
            if face == "=":
                break
            rest = [f for f in faces[k:] if token(f)[0] not in (EQ, OPEN, CLOSE)]
            assert values.balances(st_, bag(rest)), (faces, k)
            nxt = advance(st_, *token(face))
            assert nxt is not None
            st_ = nxt


def test_tiles_that_cannot_balance_are_refused() -> None:
    values = Values()
    seven, two = read(["7"]), read(["(", "2"])
    assert seven is not None and two is not None
    assert values.balances(seven, bag(["7"]))  # 7 = 7
    assert not values.balances(seven, bag(["5"]))  # neither 7 = 5 nor anything after 7 ( 5 )
    assert values.balances(seven, bag(["5", "12", "+"]))  # 7 + 5 = 12
    assert not values.balances(seven, bag(["1", "4"]))
    assert values.balances(two, bag(["3", "6"]))  # ( 2 ) ( 3 ) = 6
    assert not values.balances(two, bag(["3", "7"]))
    assert not values.balances(seven, ())  # a later side needs a tile
    assert 6 in values.expr(bag(["2", "3"])) and 5 in values.expr(bag(["2", "3", "+"]))
    assert make(2, 3) in values.expr(bag(["2", "3", "/"])) and -2 in values.expr(bag(["2", "-"]))
    assert 2 in values.later(bag(["2", "4", "/", "8"]))  # 8 / 4 = 2: two sides of value 2
    assert 2 not in values.later(bag(["2", "4", "8"]))


def test_the_bound_changes_no_move_only_nodes(monkeypatch: pytest.MonkeyPatch) -> None:
    """A stored self-play position's full rack: the same best moves with the value-aware bound as
    with the value-free one alone, in fewer nodes."""
    pos = position_from_dict(json.loads(DATA.read_text(encoding="utf-8"))["positions"][0]["position"])
    with_values = SearchStats()
    found = smath.generate_smath(pos.board(), list(pos.rack), SMATH, SearchRequest(limit=3), stats=with_values)
    monkeypatch.setattr(smath_walk, "VALUE_TILES", -1)
    without = SearchStats()
    assert smath.generate_smath(pos.board(), list(pos.rack), SMATH, SearchRequest(limit=3), stats=without) == found
    assert with_values.nodes < without.nodes
