"""``game.legal_moves``: membership asks the rules; iteration lists placements, exchanges, pass."""

from __future__ import annotations

from amath import Game
from amath.core.move import Exchange, Pass, Place
from game_helpers import give


def test_membership_without_listing() -> None:
    g = Game(seed=1)
    give(g, g.to_move, ["1", "=", "1", "2", "3", "4", "5", "6"])
    assert g.parse("8G 1 = 1") in g.legal_moves
    assert g.parse("8G 1 = 2") not in g.legal_moves
    assert Pass() in g.legal_moves
    assert Exchange(("1",)) in g.legal_moves and Exchange(("?",)) not in g.legal_moves
    assert "8G 1 = 1" not in g.legal_moves  # text is not a move


def test_iteration_lists_every_kind_and_each_is_legal() -> None:
    g = Game(seed=1)
    give(g, g.to_move, ["1", "=", "1", "2", "3", "4", "5", "6"])
    moves = list(g.legal_moves)
    places = [m for m in moves if isinstance(m, Place)]
    exchanges = [m for m in moves if isinstance(m, Exchange)]
    assert g.parse("8G 1 = 1") in places
    assert len(exchanges) == 3 * 2**6 - 1  # sub-multisets of 1 1 = 2 3 4 5 6, none repeated
    assert len({tuple(sorted(e.tiles)) for e in exchanges}) == len(exchanges)
    assert moves[-1] == Pass()
    assert all(g.is_legal(m) for m in places[:30] + exchanges[:30])
    assert len(g.legal_moves) == len(moves)


def test_no_moves_once_over() -> None:
    g = Game(seed=4)
    for _ in range(6):
        g.push(Pass())
    assert g.over and not g.legal_moves and list(g.legal_moves) == []
