"""The fast generator's contract: legal moves, exact scores, order, first move, faces, perft counts."""

from __future__ import annotations

import dataclasses
import itertools
import json
from pathlib import Path

import pytest

from amath.core.board import Board
from amath.core.equation import LineSyntax
from amath.core.placement import analyze, check_lines
from amath.core.rules import AMATH
from amath.core.scoring import score
from amath.core.tiles import TileSet
from amath.engine.movegen import generate_reference
from backends import Generate
from movegen_cases import board_of, corpus_boards

PERFT = json.loads((Path(__file__).parent / "data" / "perft.json").read_text(encoding="utf-8"))["cases"]


@pytest.mark.parametrize("case", PERFT, ids=lambda c: f"{c['corpus_index']}:{''.join(c['rack'])}")
def test_perft_counts(case: dict[str, object], movegen: Generate) -> None:
    """Known positions: the number of moves, their score sum and the best score (found by the reference)."""
    index = case["corpus_index"]
    rack = case["rack"]
    assert isinstance(index, int) and isinstance(rack, list)
    moves = movegen(board_of(index), rack, AMATH)
    assert (len(moves), sum(m.score for m in moves), moves[0].score if moves else None) == (case["moves"], case["score_sum"], case["best"])


@pytest.mark.parametrize("index", [0, 17, 42, 77, 101])
def test_full_rack_moves_are_legal_scored_and_ordered(index: int, movegen: Generate) -> None:
    """Every move of a real eight-tile rack passes the rules judge and scores as amath.core.scoring says."""
    import movegen_cases

    data = json.loads(movegen_cases.CORPUS.read_text(encoding="utf-8"))["positions"][index]
    board = board_of(index)
    rack = data["position"]["rack"]
    moves = movegen(board, rack, AMATH)
    assert moves == movegen(board, rack, AMATH)  # deterministic
    keys = [m.key() for m in moves]
    assert len(set(keys)) == len(keys)
    assert [m.score for m in moves] == sorted((m.score for m in moves), reverse=True)
    for a, b in itertools.pairwise(moves):
        assert a.score > b.score or a.key() < b.key()
    for m in moves[:300] + moves[300::25]:
        analysis = analyze(board, m.place, AMATH)
        check_lines(analysis, AMATH)
        assert score(analysis, AMATH) == m.score


def test_first_move_covers_the_centre(movegen: Generate) -> None:
    """On the empty board every move covers H8 (and there are some)."""
    moves = movegen(Board(AMATH.layout), ["1", "2", "3", "=", "+", "4", "5", "*/"], AMATH)
    assert len(moves) > 100
    assert all(AMATH.layout.centre in {t.square for t in m.place.tiles} for m in moves)


def test_blank_and_choice_faces_are_distinct_moves(movegen: Generate) -> None:
    """``1+1=2`` with a real '+' or the +/- tile, with the '2' or a blank as 2: four moves."""
    board = Board(AMATH.layout)
    moves = movegen(board, ["1", "1", "+", "+-", "=", "2", "?"], AMATH)
    layouts = {
        tuple((t.tile, t.face) for t in m.place.tiles) for m in moves if [t.face for t in m.place.tiles] == ["1", "+", "1", "=", "2"]
    }
    assert {(op, two) for (_, (op, _f), _, _, (two, _g)) in layouts} >= {("+", "2"), ("+-", "2"), ("+", "?"), ("+-", "?")}


def test_rack_is_respected(movegen: Generate) -> None:
    """No move uses a tile more often than the rack holds it."""
    rack = ["1", "1", "=", "2", "+"]
    for m in movegen(corpus_boards()[5], rack, AMATH):
        for t in set(m.place.rack_tiles):
            assert m.place.rack_tiles.count(t) <= rack.count(t)


def test_empty_rack_and_no_equals(movegen: Generate) -> None:
    """No tiles, no moves; a rack without '=' has none on the empty board."""
    assert movegen(Board(AMATH.layout), [], AMATH) == []
    assert movegen(Board(AMATH.layout), ["1", "2", "+", "3"], AMATH) == []


def test_rack_size_is_read_from_the_rules(movegen: Generate) -> None:
    """A five-tile ruleset gives its own bingo bonus to five-tile plays, as the reference does."""
    small = dataclasses.replace(AMATH, name="small", rack_size=5, bingo_bonus=7)
    rack = ["1", "2", "3", "+", "="]
    fast = movegen(Board(small.layout), rack, small)
    ref = generate_reference(Board(small.layout), rack, small)
    assert {(m.key(), m.score) for m in fast} == {(m.key(), m.score) for m in ref}
    full = [m for m in fast if len(m.place.tiles) == 5]
    assert full and all(m.score == score(analyze(Board(small.layout), m.place, small), small) for m in full)


def test_unsupported_rulesets_say_so(movegen: Generate) -> None:
    """Brackets or free tiles (Smath) are refused clearly by the fast generator, not mis-generated."""
    brackets = dataclasses.replace(AMATH, name="brackets", syntax=LineSyntax(max_digits=3, brackets=True))
    with pytest.raises(NotImplementedError, match="brackets"):
        movegen(Board(AMATH.layout), ["1"], brackets)
    free = dataclasses.replace(AMATH, name="free", tiles=TileSet(AMATH.tiles.counts, AMATH.tiles.points, frozenset({"="})))
    with pytest.raises(NotImplementedError):
        movegen(Board(AMATH.layout), ["1"], free)


def test_a_first_rack_of_1_eq_1_gives_the_six_lines_through_the_centre(movegen: Generate) -> None:
    """1=1 across or down with any of its tiles on H8, each scored as the rules score it."""
    board = Board(AMATH.layout)
    moves = movegen(board, ["1", "=", "1"], AMATH)
    starts = sorted((m.place.tiles[0].square.name, m.place.tiles[0].square.row == m.place.tiles[1].square.row) for m in moves)
    assert starts == [("F8", True), ("G8", True), ("H6", False), ("H7", False), ("H8", False), ("H8", True)]
    for m in moves:
        assert [t.face for t in m.place.tiles] == ["1", "=", "1"]
        assert m.score == score(analyze(board, m.place, AMATH), AMATH)
