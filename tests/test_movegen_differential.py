"""The fast generator equals the brute-force reference on hundreds of self-play positions."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from amath.core.rules import AMATH
from amath.engine.movegen import GeneratedMove, generate, generate_reference
from backends import Generate
from movegen_cases import board_of, corpus_boards, differential_cases, unseen_pool

CASES = differential_cases(240)
CHUNKS = 8


def as_set(moves: list[GeneratedMove]) -> set[tuple[tuple[tuple[int, int, str, str], ...], int]]:
    """Moves as comparable (placement, score) pairs."""
    return {(m.key(), m.score) for m in moves}


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_fast_equals_reference(chunk: int, movegen: Generate) -> None:
    """Same moves, same scores, for 240 (board, small rack) pairs from self-play."""
    for index, rack in CASES[chunk::CHUNKS]:
        board = board_of(index)
        fast = movegen(board, rack, AMATH)
        ref = generate_reference(board, rack, AMATH)
        assert as_set(fast) == as_set(ref), f"board {index}, rack {rack}"
        assert len(fast) == len(as_set(fast)), "the fast generator repeated a move"


def test_cases_cover_blanks_choices_and_many_moves() -> None:
    """The differential set is not trivial: blanks, choice tiles and positions with moves."""
    racks = [rack for _, rack in CASES]
    assert len(CASES) >= 200
    assert sum("?" in r for r in racks) >= 20
    assert sum(("+-" in r) or ("*/" in r) for r in racks) >= 20
    found = [len(generate(board_of(index), rack, AMATH)) for index, rack in CASES]
    assert sum(1 for n in found if n) >= 60
    assert sum(found) >= 400


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_fast_equals_reference_hypothesis(data: st.DataObject, movegen: Generate) -> None:
    """Hypothesis picks the board and a rack of up to 3 tiles (blanks allowed)."""
    index = data.draw(st.integers(-1, len(corpus_boards()) - 1), label="board")
    board = board_of(index)
    pool = unseen_pool(board)
    picks = data.draw(st.lists(st.integers(0, len(pool) - 1), min_size=1, max_size=3, unique=True), label="rack")
    rack = [pool[i] for i in picks]
    assert as_set(movegen(board, rack, AMATH)) == as_set(generate_reference(board, rack, AMATH))


@pytest.mark.parametrize("chunk", range(4))
def test_fast_equals_reference_larger_racks(chunk: int, movegen: Generate) -> None:
    """Racks of five tiles (no blank, so the reference stays quick) on 20 corpus boards."""
    rng = random.Random(100 + chunk)
    boards = corpus_boards()
    for k in range(5):
        index = (chunk * 29 + k * 23) % len(boards)
        pool = [t for t in unseen_pool(boards[index]) if t != "?"]
        rack = rng.sample(pool, 5)
        board = board_of(index)
        assert as_set(movegen(board, rack, AMATH)) == as_set(generate_reference(board, rack, AMATH)), f"board {index}, rack {rack}"
