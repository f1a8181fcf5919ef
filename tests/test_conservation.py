"""Through random games every tile is accounted for, and push then pop restores the state."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from amath import AMATH, Game
from amath.core.move import Exchange, Pass
from helpers import find_placements


@settings(max_examples=12, deadline=None)
@given(st.integers(0, 10_000), st.integers(2, 4), st.randoms(use_true_random=False))
def test_tiles_conserved_and_undo_exact(seed: int, players: int, rnd) -> None:  # type: ignore[no-untyped-def]
    g = Game(players=[f"P{k}" for k in range(players)], seed=seed)
    for _ in range(10):
        if g.over:
            break
        moves = find_placements(g, max_tiles=2, limit=3)
        choice = rnd.random()
        if moves and choice < 0.7:
            move = rnd.choice(moves)
        elif len(g.bag) >= 5 and choice < 0.9:
            rack = g.racks[g.to_move]
            move = Exchange(tuple(rnd.sample(rack, rnd.randint(1, len(rack)))))
        else:
            move = Pass()
        before = (g.board.copy(), [list(r) for r in g.racks], list(g.bag), list(g.scores), g.to_move, g.passes)
        g.push(move)
        assert g.tiles_in_play() == AMATH.tiles.counts
        assert all(len(r) == AMATH.rack_size for r in g.racks) or not g.bag
        g.pop()
        assert (g.board, g.racks, g.bag, g.scores, g.to_move, g.passes) == before
        g.push(move)
