"""The bounded generic generator (Smath's generator) against the brute-force reference."""

from __future__ import annotations

import dataclasses
import random

import pytest

from amath import Game
from amath.core.board import Board, Layout
from amath.core.move import Exchange
from amath.core.rules import AMATH, SMATH, Ruleset
from amath.engine.movegen.bounded import generate_bounded, step
from amath.engine.movegen.reference import generate_reference
from amath.engine.movegen.result import GeneratedMove

SMALL = Layout(("..2..", ".D.3.", "..*..", ".3.D.", "..2.."))


def keyset(moves: list[GeneratedMove]) -> set[tuple[object, int]]:
    return {(m.key(), m.score) for m in moves}


def _advance(game: Game, rng: random.Random, turns: int) -> None:
    for _ in range(turns):
        moves = generate_bounded(game.board, game.racks[game.to_move], game.rules, max_rack_tiles=4, node_budget=20_000)
        if moves:
            game.push(rng.choice(moves[:5]).place)
        elif len(game.bag) >= 5:
            game.push(Exchange(tuple(game.racks[game.to_move])))


def amath_case(seed: int) -> tuple[Game, list[str]]:
    rng = random.Random(seed)
    g = Game(AMATH, seed=seed)
    _advance(g, rng, rng.randint(2, 7))
    return g, rng.sample(g.racks[g.to_move], 4)


def smath_case(seed: int) -> tuple[Game, list[str]]:
    rng = random.Random(seed)
    g = Game(dataclasses.replace(SMATH, layout=SMALL), seed=seed)
    _advance(g, rng, rng.randint(0, 2))
    n, m = rng.choice(["1", "2", "3", "4", "6"]), rng.choice(["0", "1", "2"])
    return g, [n, n, m, rng.choice(["+", "-", "*", "/"])]  # pairs make short equations likely


EVERYTHING = {"=": 5, "(": 5, ")": 5}  # more than a 5x5 board can hold: the search is complete


@pytest.mark.parametrize("seed", range(10))
def test_equals_reference_on_amath_positions(seed: int) -> None:
    g, rack = amath_case(seed)
    assert keyset(generate_bounded(g.board, rack, g.rules)) == keyset(generate_reference(g.board, rack, g.rules))


@pytest.mark.parametrize("seed", range(8))
def test_equals_reference_on_a_small_smath_board(seed: int) -> None:
    g, rack = smath_case(seed)
    found = generate_bounded(g.board, rack, g.rules, free_limits=EVERYTHING)
    assert keyset(found) == keyset(generate_reference(g.board, rack, g.rules))


def test_the_differential_cases_are_not_empty() -> None:
    amath = sum(len(generate_bounded(*_args(amath_case(s)))) for s in range(10))
    smath = sum(len(generate_bounded(*_args(smath_case(s)), free_limits=EVERYTHING)) for s in range(8))
    assert amath >= 20 and smath >= 20, (amath, smath)


def _args(case: tuple[Game, list[str]]) -> tuple[Board, list[str], Ruleset]:
    g, rack = case
    return g.board, rack, g.rules


def test_smath_moves_are_legal_and_budget_gives_a_subset() -> None:
    g = Game(SMATH, seed=1)
    full = generate_bounded(g.board, g.racks[g.to_move], g.rules, max_rack_tiles=4)
    cut = generate_bounded(g.board, g.racks[g.to_move], g.rules, max_rack_tiles=4, node_budget=40_000)
    assert full and cut and keyset(cut) < keyset(full)
    assert generate_bounded(g.board, g.racks[g.to_move], g.rules, max_rack_tiles=4, node_budget=40_000) == cut  # reproducible
    for m in full[:50]:
        assert g.is_legal(m.place)
    uses_free = [m for m in full if any(t.tile in ("=", "(") for t in m.place.tiles)]
    assert uses_free and "=" not in g.racks[g.to_move]  # = comes from the free supply


def test_structure_steps() -> None:
    s = step(("", 0, False, 0, False, 0), "-", 3, False)
    assert s is not None and step(s, "0", 3, False) is None  # never −0
    d = step(("", 0, False, 0, False, 0), "0", 3, False)
    assert d is not None and step(d, "7", 3, False) is None  # no leading zero
    assert step(("", 0, False, 0, False, 0), "(", 1, False) is None  # A-Math has no brackets
    assert step(("N", 0, False, 0, False, 0), "3", 3, False) is None  # 12 next to 3
