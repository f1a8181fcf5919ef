"""``Game`` on one kernel ``Position``: the game keeps no board, rack, bag count or score of its own,
every turn rule and its error code is the kernel's, and push/pop/challenge stay exact."""

from __future__ import annotations

from collections import Counter

import pytest

from amath import Game, Options
from amath.core.board import Square
from amath.core.errors import AmathError, GameStateError, IllegalMoveError, PositionError
from amath.core.move import Challenge, Exchange, Pass, Place, TilePlay
from amath.core.position import Position
from amath.core.rules import AMATH
from game_helpers import give, set_bag

OPEN = Place((TilePlay(Square(7, 6), "1", "1"), TilePlay(Square(7, 7), "=", "="), TilePlay(Square(7, 8), "2", "2")))  # 8G 1 = 2
TRUE = Place((TilePlay(Square(7, 6), "1", "1"), TilePlay(Square(7, 7), "=", "="), TilePlay(Square(7, 8), "1", "1")))  # 8G 1 = 1


def _consistent(game: Game) -> None:
    """The kernel is the state: its bag counts are the game's bag, its hashes are right."""
    pos = game.position
    assert Counter(game.bag) == Counter(pos.bag)
    assert [Counter(r) for r in game.racks] == [Counter(dict(r)) for r in pos.racks]
    assert pos.zobrist == pos.compute_zobrist() and pos.board_hash == pos.compute_board_hash()
    assert game.tiles_in_play() == AMATH.tiles.counts


def _everything(game: Game) -> tuple[object, ...]:
    pos = game.position
    return (
        game.board.copy(), [list(r) for r in game.racks], list(game.bag), list(game.scores), game.to_move, game.passes,
        list(game.history), game.pending, game.result, list(game.skip), list(game.time_used), game.rng.getstate(),
        pos.state(), pos.zobrist, pos.ply,
    )  # fmt: skip


def test_the_game_reads_its_state_from_the_one_kernel_position() -> None:
    game = Game(seed=7)
    pos = game.position
    assert game.position is pos and isinstance(pos, Position)
    assert game.board is pos.board and game.scores is pos.scores and game.racks is pos.rack_lists
    assert game.to_move == pos.to_move and game.passes == pos.scoreless
    own = set(vars(game))
    assert not own & {"board", "racks", "scores", "to_move", "passes"}, own
    _consistent(game)
    for _ in range(4):
        game.push(next(iter(game.legal_moves)))
        assert game.position is pos and game.board is pos.board
        assert game.to_move == pos.to_move and game.passes == pos.scoreless
        _consistent(game)
    game.push(Pass())
    assert game.passes == pos.scoreless == 1


def test_a_search_copy_carries_no_rack_order_and_leaves_the_game_alone() -> None:
    game = Game(seed=7)
    before = _everything(game)
    work = game.position.copy()
    assert work.rack_lists is None and work.board is not game.board
    work.push(Pass())
    seen = game.position.seen_by(game.to_move)
    seen.push(Pass())
    assert _everything(game) == before


def test_rack_order_is_kept_by_push_pop_and_set_rack() -> None:
    game = Game(seed=1)
    p = game.to_move
    give(game, p, ["6", "1", "5", "=", "4", "1", "3", "7"])
    assert game.racks[p] == ["6", "1", "5", "=", "4", "1", "3", "7"]
    rack = game.racks[p]
    top = game.bag[-3:]
    game.push(TRUE)  # 1 = 1 leaves; the three drawn tiles go to the end, in the order drawn
    assert game.racks[p] is rack and rack == ["6", "5", "4", "3", "7", *top]
    game.pop()
    assert rack == ["6", "1", "5", "=", "4", "1", "3", "7"] and game.bag[-3:] == top
    _consistent(game)


def test_kernel_refusals_carry_codes() -> None:
    pos = Position(AMATH, racks=[["1", "2", "3"], ["4"]], bag={"0": 4})
    cases: list[tuple[object, str]] = [
        (lambda: pos.push(Exchange(("1",)), ("0",)), "exchange_bag_low"),
        (lambda: pos.push(Place((TilePlay(Square(7, 7), "9", "9"),))), "not_on_rack"),
        (lambda: pos.push(Pass(), ("0",)), "draw_count"),
        (lambda: pos.push(Challenge(1)), "not_a_turn"),  # type: ignore[arg-type]
        (lambda: pos.pop(), "nothing_to_undo"),
        (lambda: pos.withdraw(), "nothing_to_challenge"),
        (lambda: pos.decode(3), "bad_move_code"),
        (lambda: pos.set_rack(1, ["9"] * 9), "pos_rack_size"),
        (lambda: pos.set_to_move(2), "pos_to_move"),
        (lambda: Position(AMATH, racks=[["1"]]), "player_count"),
        (lambda: Position(AMATH, racks=[["19", "19"], []]), "pos_too_many_tiles"),
    ]
    for call, code in cases:
        with pytest.raises(AmathError) as info:
            call()  # type: ignore[operator]
        assert info.value.code == code, (code, info.value)
    full = Position(AMATH, racks=[list("12345678"), ["9"]], bag={"0": 5})
    with pytest.raises(IllegalMoveError) as info:
        full.push(Exchange(tuple("123456")), tuple("000000"))
    assert info.value.code == "exchange_more_than_bag" and info.value.params == {"bag": 5, "count": 6}
    with pytest.raises(IllegalMoveError) as info:
        full.push(Exchange(("1",)), ("3",))
    assert info.value.code == "not_in_bag"
    hidden = Position(AMATH, racks=[["1"], None], bag={"0": 5, "2": 1}, to_move=1, hidden=[0, 1])
    with pytest.raises(GameStateError) as gerr:
        hidden.push(Pass())
    assert (gerr.value.code, gerr.value.params) == ("rack_hidden", {"side": 2})
    with pytest.raises(PositionError) as perr:
        hidden.set_rack(1, ["9"])
    assert perr.value.code == "rack_unavailable"


def test_the_game_refuses_by_the_kernels_rules_with_the_same_codes() -> None:
    game = Game(seed=5)
    give(game, game.to_move, ["1", "=", "1", "3", "4", "5", "6", "7"])
    set_bag(game, 4)
    with pytest.raises(IllegalMoveError) as info:
        game.check(Exchange(("1",)))
    assert (info.value.code, info.value.params) == ("exchange_bag_low", {"least": 5, "bag": 4})
    with pytest.raises(IllegalMoveError) as info:
        game.check(OPEN)  # no 2 on the rack
    assert (info.value.code, info.value.params) == ("not_on_rack", {"rack": "1 = 1 3 4 5 6 7", "tiles": "2"})
    for _ in range(6):
        game.push(Pass())
    with pytest.raises(GameStateError) as gerr:
        game.check(Pass())
    assert gerr.value.code == "game_over"


def test_a_won_challenge_withdraws_by_the_kernel_and_pop_puts_it_back_exactly() -> None:
    game = Game(seed=1, options=Options(challenge=True))
    p, q = game.to_move, 1 - game.to_move
    give(game, p, ["1", "=", "2", "5", "6", "7", "8", "9"])
    game.push(Pass())
    game.push(Pass())
    game.push(OPEN)  # false, accepted until challenged
    after_place = _everything(game)
    turn = game.push(Challenge(q))
    assert turn.kind == "challenge-won" and game.board.is_empty() and game.scores[p] == 0
    assert game.racks[p] == ["1", "=", "2", "5", "6", "7", "8", "9"] and game.passes == 0 and game.to_move == q
    _consistent(game)
    game.pop()
    assert _everything(game) == after_place
    _consistent(game)


def test_forget_undo_keeps_the_placement_a_challenge_may_still_take_back() -> None:
    game = Game(seed=1, options=Options(challenge=True))
    p, q = game.to_move, 1 - game.to_move
    give(game, p, ["1", "=", "2", "5", "6", "7", "8", "9"])
    game.push(OPEN)
    game.forget_undo()
    assert game.position.ply == 1
    assert game.push(Challenge(q)).kind == "challenge-won" and game.board.is_empty()
    _consistent(game)
    game.forget_undo()
    assert game.position.ply == 0


def test_a_rack_set_after_a_turn_goes_back_with_that_turn() -> None:
    game = Game(seed=3)
    game.push(next(iter(game.legal_moves)))
    before = _everything(game)
    game.push(Pass())
    side = game.to_move
    game.set_rack(side, ["?", "?", "?", "?", "1", "=", "1", "+"])  # blanks from the bag or the other rack
    _consistent(game)
    game.pop()
    assert _everything(game) == before
    _consistent(game)


def test_a_bag_set_after_a_turn_goes_back_with_that_turn() -> None:
    game = Game(seed=3)
    game.push(Pass())
    before = _everything(game)
    game.push(Pass())
    set_bag(game, 2)
    game.set_rack(game.to_move, game.racks[game.to_move][::-1])
    assert len(game.bag) == game.position.bag_size == 2
    game.pop()
    assert _everything(game) == before
    _consistent(game)
