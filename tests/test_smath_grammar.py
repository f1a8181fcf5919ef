"""The exact Smath search's grammar (its state machine with exact values) against the judge."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from amath.core.equation import judge
from amath.core.rules import SMATH
from amath.engine.movegen.exact import add
from amath.engine.movegen.smath_grammar import AFTER_EQUALS, INITIAL, advance, relative, side_value
from amath.engine.movegen.smath_line import token

FACES = [str(n) for n in range(13)] + ["+", "-", "*", "/", "=", "(", ")"]


def grammar_accepts(faces: list[str]) -> bool:
    """Read ``faces`` with the search's state machine, checking every side's value as the search does."""
    st_ = INITIAL
    target = None
    for face in faces:
        kind, value = token(face)
        nxt = advance(st_, kind, value)
        if nxt is None:
            return False
        if nxt is AFTER_EQUALS:
            w = side_value(st_)
            if w is None or (target is not None and w != target):
                return False
            target = w
        st_ = nxt
    return bool(st_[7]) and target is not None and side_value(st_) == target


TRICKY = [
    "2 ( 3 + 2 ) ( 4 - 2 ) = 10 + 3 + 7",
    "( 11 - 3 ) 2 = 8 + 8",
    "6 / 2 ( 3 ) = 9",
    "- ( 3 + 2 ) = - 5",
    "- ( 0 ) = 0",
    "- 0 = 0",
    "( ( 1 ) ) = 1",
    "( ) = 0",
    "2 ( - 3 ) = - 6",
    "3 - ( - 2 ) = 5",
    "6 / ( 3 - 3 ) = 1",
    "0 / 0 = 0",
    "1 = 1 = ( 1 )",
    "1 = 2 = 1",
    "( 1 = 1 )",
    "( 4 ) ( 5 ) = 10 + 10",
    "2 6 = 12",
    "8 / 2 / 2 = 2",
    "8 / ( 2 / 2 ) = 8",
    "- 2 * - 2 = 4",
    "1 + 1 = 2 ( 1 )",
    "= 1 = 1",
    "1 = 1 =",
    "3 / 2 = 6 / 4",
    "- 6 / 2 = - 3",
    "12 * 0 = 0 ( 5 )",
]


@pytest.mark.parametrize("text", TRICKY)
def test_grammar_agrees_with_the_judge_on_tricky_lines(text: str) -> None:
    faces = text.split()
    assert grammar_accepts(faces) == judge(faces, SMATH.syntax).ok


@settings(max_examples=3000, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.sampled_from(FACES), min_size=2, max_size=9))
def test_grammar_agrees_with_the_judge_on_random_lines(faces: list[str]) -> None:
    assert grammar_accepts(faces) == judge(faces, SMATH.syntax).ok


def _true_lines(seed: int, count: int) -> list[list[str]]:
    """True lines built by wrapping random equal sides (random faces are rarely true)."""
    rng = random.Random(seed)
    out: list[list[str]] = []
    while len(out) < count:
        a, b = rng.randint(0, 12), rng.randint(1, 12)
        side = [str(a), rng.choice(["+", "-", "*", "/"]), str(b)]
        if rng.random() < 0.5:
            side = ["(", *side, ")"]
        if rng.random() < 0.3:
            side = [str(rng.randint(1, 3)), *(side if side[0] == "(" else ["(", *side, ")"])]
        faces = [*side, "=", *side[::-1]] if rng.random() < 0.2 else [*side, "=", *side]
        out.append(faces)
    return out


@pytest.mark.parametrize("seed", range(3))
def test_grammar_agrees_with_the_judge_on_true_looking_lines(seed: int) -> None:
    lines = _true_lines(seed, 300)
    assert sum(judge(f, SMATH.syntax).ok for f in lines) > 150  # the test sees true lines too
    for faces in lines:
        assert grammar_accepts(faces) == judge(faces, SMATH.syntax).ok, faces


@settings(max_examples=1500, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.sampled_from(FACES[:10] + FACES[13:]), min_size=1, max_size=7), st.lists(st.sampled_from(FACES), max_size=7))
def test_a_side_read_relative_to_its_sum_so_far_takes_every_value_shifted(head: list[str], tail: list[str]) -> None:
    """After an '=' the search keys a state by ``relative``: read on from it, the side takes the same
    values less the shift, at every token, and the same tokens are refused (a wrong shift or a lost
    bracket frame fails here)."""
    st_ = AFTER_EQUALS
    for face in head:
        nxt = advance(st_, *token(face))
        if nxt is None or nxt is AFTER_EQUALS:
            return
        st_ = nxt
    rel, shift = relative(st_)
    outer = rel[5]
    while outer is not None and outer[4] is not None:
        outer = outer[4]
    assert (rel[1] if outer is None else outer[0]) == 0  # the outermost sum so far is taken out
    assert rel[6] == st_[6] and (shift != 0 or rel == st_)
    for face in tail:
        kind, value = token(face)
        a, b = advance(st_, kind, value), advance(rel, kind, value)
        assert (a is None) == (b is None)
        if a is None or b is None or a is AFTER_EQUALS or b is AFTER_EQUALS:
            assert a is b  # both refuse the token, or both read an '=' (after which nothing is relative)
            return
        w, v = side_value(a), side_value(b)
        assert (w is None) == (v is None)
        if w is not None and v is not None:
            assert w == add(v, shift)
        st_, rel = a, b
