"""Game.set_rack and Game.set_starter, the hooks a record replay uses to set racks."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from amath.core.errors import GameStateError, IllegalMoveError
from amath.core.move import Pass
from amath.game import Game


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10**6), picks=st.lists(st.tuples(st.integers(0, 3), st.randoms(use_true_random=False)), max_size=6))
def test_set_rack_keeps_every_tile(seed: int, picks: list[tuple[int, random.Random]]) -> None:
    game = Game(players=["A", "B", "C"], seed=seed)
    full = game.tiles_in_play()
    for side, rnd in picks:
        side %= 3
        pool = list(game.bag) + [t for r in game.racks for t in r]
        wanted = rnd.sample(pool, 8)
        game.set_rack(side, wanted)
        assert game.racks[side] == wanted
        assert game.tiles_in_play() == full
        assert [len(r) for r in game.racks] == [8, 8, 8] and len(game.bag) == 100 - 24


def test_same_tiles_only_reorder_and_leave_the_bag() -> None:
    game = Game(seed=5)
    bag = list(game.bag)
    rack = list(reversed(game.racks[0]))
    game.set_rack(0, rack)
    assert game.racks[0] == rack and game.bag == bag


def test_impossible_racks_are_refused() -> None:
    game = Game(seed=5)
    with pytest.raises(IllegalMoveError, match="no 20 20"):
        game.set_rack(0, ["20", "20", "20", "1", "1", "1", "1", "1"])
    before = (list(game.bag), [list(r) for r in game.racks])
    game.set_bag(game.bag[:3])
    with pytest.raises(IllegalMoveError, match="can be drawn"):
        game.set_rack(0, game.racks[0] + game.racks[1][:4])  # 12 tiles from a rack of 8 and a bag of 3
    assert before[1] == game.racks


def test_set_starter_only_before_the_first_turn() -> None:
    game = Game(seed=9)
    game.set_starter(1 - game.to_move)
    assert game.starter == game.to_move
    with pytest.raises(ValueError, match="no side 5"):
        game.set_starter(5)
    game.push(Pass())
    with pytest.raises(GameStateError):
        game.set_starter(0)
