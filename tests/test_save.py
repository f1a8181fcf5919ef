"""Saved games replay exactly; a corrupted save names the bad turn."""

from __future__ import annotations

import json

import pytest

from amath import Game, Options
from amath.core.errors import PositionError
from amath.core.move import Challenge, Exchange, Pass
from amath.formats.save import dumps_game, load_game, loads_game, save_game
from helpers import find_placements


def play_some(game: Game, turns: int) -> None:
    for _ in range(turns):
        moves = find_placements(game, max_tiles=3, limit=1)
        if moves:
            game.push(moves[0], elapsed=1.5)
        elif len(game.bag) >= 5:
            game.push(Exchange(tuple(game.racks[game.to_move][:3])))
        else:
            game.push(Pass())


def test_save_and_load_give_the_same_game() -> None:
    g = Game(players=["Ann", "Ben", "Cat"], seed=6)
    play_some(g, 6)
    again = loads_game(dumps_game(g))
    assert again.board == g.board and again.racks == g.racks and again.bag == g.bag
    assert again.scores == g.scores and again.to_move == g.to_move
    assert [t.notation for t in again.history] == [t.notation for t in g.history]
    assert again.names == g.names


def test_save_keeps_challenges_and_options() -> None:
    g = Game(seed=1, options=Options(challenge=True))
    play_some(g, 1)
    assert g.can_challenge()  # seed 1 opens with a placement
    g.push(Challenge(g.to_move))
    again = load_game(json.loads(json.dumps(save_game(g))))
    assert again.options == g.options
    assert [t.kind for t in again.history] == [t.kind for t in g.history]


def test_corrupted_save_names_the_turn() -> None:
    g = Game(seed=6)
    play_some(g, 3)
    data = save_game(g)
    data["turns"][1]["move"] = "8A 9 9 9"
    with pytest.raises(PositionError, match="turn 2"):
        load_game(data)
    with pytest.raises(PositionError, match="not a saved game"):
        load_game({"format": "x"})
    with pytest.raises(PositionError, match="not valid JSON"):
        loads_game("{")
