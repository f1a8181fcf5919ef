"""The kernel Position: push/pop restore everything, the Zobrist hash, move codes, the end rules."""

from __future__ import annotations

import random
from functools import cache
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from amath.core.board import Square
from amath.core.errors import GameStateError, IllegalMoveError, PositionError
from amath.core.move import Exchange, Pass, Place, TilePlay
from amath.core.position import Action, Position
from amath.core.rules import AMATH, SMATH
from amath.engine.generator import legal_turns
from amath.formats.load import load_game_text
from amath.game import Game
from game_helpers import give, set_bag

DATA = Path(__file__).parent / "data"
RECORDS = sorted(DATA.glob("*.amr"))
OPEN = Place((TilePlay(Square(7, 7), "1", "1"), TilePlay(Square(7, 8), "=", "="), TilePlay(Square(7, 9), "1", "1")))


@cache
def _recorded(path: Path) -> tuple[Game, tuple[tuple[Action, tuple[str, ...]], ...]]:
    """A recorded game unwound to its start, and its turns with the tiles drawn after each."""
    game = load_game_text(path.read_text())
    turns = tuple((t.move, t.drawn) for t in game.history if t.kind in ("place", "exchange", "pass"))
    while game.history:
        game.pop()
    return game, turns  # type: ignore[return-value]


def _start(path: Path) -> tuple[Position, tuple[tuple[Action, tuple[str, ...]], ...]]:
    game, turns = _recorded(path)
    return game.position.copy(), turns


def test_replaying_a_record_matches_the_game_turn_by_turn() -> None:
    for path in RECORDS:
        game = load_game_text(path.read_text())
        history = list(game.history)
        while game.history:
            game.pop()
        pos = game.position.copy()
        for turn in history:
            assert turn.move is not None and not isinstance(turn.move, type(None))
            pos.push(turn.move, turn.drawn)  # type: ignore[arg-type]
            game.push(turn.move)
            assert pos.state()[:2] == game.position.copy().state()[:2]  # board and racks
            assert pos.scores == game.scores and pos.to_move == game.to_move and pos.scoreless == game.passes
        assert game.result is not None and pos.outcome is not None
        assert pos.outcome.scores == game.result.scores and pos.outcome.reason == game.result.reason


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(RECORDS), st.lists(st.integers(0, 9), min_size=1, max_size=40), st.integers(0, 2**32))
def test_push_pop_restores_everything(path: Path, script: list[int], seed: int) -> None:
    """A random walk of recorded turns, passes, exchanges and takebacks; popping all restores the start."""
    pos, turns = _start(path)
    start = pos.state()
    start_hash = pos.zobrist
    rng = random.Random(seed)
    played = 0  # recorded turns currently pushed (they stay valid only as a prefix)
    stack: list[bool] = []  # per push: is it a recorded turn?
    snapshots = [(pos.state(), pos.zobrist)]
    for step in script:
        if pos.is_over or step < 2:
            if stack:
                recorded = stack.pop()
                pos.pop()
                played -= recorded
                snapshots.pop()
                assert (pos.state(), pos.zobrist) == snapshots[-1]
            continue
        if step < 7 and played == len(stack) and played < len(turns):
            move, drawn = turns[played]
            pos.push(move, drawn)
            stack.append(True)
            played += 1
        elif step < 9 and pos.exchanges():
            ex = rng.choice(pos.exchanges())
            pos.push(ex, pos.random_draw(len(ex.tiles), rng))
            stack.append(False)
        else:
            pos.push(Pass())
            stack.append(False)
        assert pos.zobrist == pos.compute_zobrist() and pos.board_hash == pos.compute_board_hash()
        assert sum(pos.bag.values()) + sum(sum(r.values()) for r in pos.racks) + len(pos.board) == AMATH.tiles.total
        snapshots.append((pos.state(), pos.zobrist))
    while stack:
        stack.pop()
        pos.pop()
    assert pos.state() == start and pos.zobrist == start_hash == pos.compute_zobrist()
    with pytest.raises(GameStateError):
        pos.pop()


def _down(col: int, *tiles: str) -> Place:
    """New tiles going down from row 9 in column ``col`` (0 = A)."""
    return Place(tuple(TilePlay(Square(8 + k, col), t, t) for k, t in enumerate(tiles)))


def test_equal_positions_reached_in_different_orders_hash_equal() -> None:
    pos = Position(AMATH, racks=[["1", "1", "1", "1", "=", "=", "=", "2"], ["3"]], bag={"5": 4, "6": 4})
    pos.push(OPEN, ("5", "5", "6"))  # 1 = 1 across from H8
    pos.push(Pass())
    a, b = _down(7, "=", "1"), _down(9, "=", "1")  # 1 = 1 down from H8 and from J8
    other = pos.copy()
    # order 1: a, opponent passes, b; order 2: b, opponent passes, a; the same tiles drawn in all
    pos.push(a, ("5", "6"))
    pos.push(Pass())
    pos.push(b, ("6", "6"))
    other.push(b, ("6", "5"))
    other.push(Pass())
    other.push(a, ("6", "6"))
    assert pos.state() == other.state() and pos.zobrist == other.zobrist
    pos.push(Pass())
    assert pos.zobrist != other.zobrist  # side to move and the scoreless count are hashed


def test_hash_covers_board_racks_side_and_scoreless() -> None:
    def make(racks: list[list[str]], **kw: int) -> Position:
        return Position(AMATH, racks=racks, bag={"0": 4}, **kw)  # type: ignore[arg-type]

    base = make([["1", "="], ["2"]])
    variants = [
        make([["1", "="], ["2"]], to_move=1),
        make([["1", "="], ["2"]], scoreless=1),
        make([["1", "1"], ["2"]]),
        make([["2"], ["1", "="]]),
    ]
    played = Position(AMATH, racks=[["1", "=", "1", "1", "="], ["2"]], bag={})
    played.push(OPEN)
    played.push(Pass())  # the racks and side to move of the base, but tiles on the board
    hashes = {base.zobrist, played.zobrist} | {v.zobrist for v in variants}
    assert len(hashes) == 6 and played.zobrist == played.compute_zobrist()
    assert Position(AMATH, racks=[["=", "1"], ["2"]], bag={"0": 4}, scores=[10, 3]).zobrist == base.zobrist  # scores are not hashed


def test_move_codes_round_trip() -> None:
    pos, turns = _start(RECORDS[0])
    seen: dict[int, Action] = {}
    for move, drawn in turns:
        code = pos.encode(move)
        back = pos.decode(code)
        assert pos.encode(back) == code and seen.setdefault(code, back) == back
        if isinstance(move, Exchange):
            assert isinstance(back, Exchange) and sorted(back.tiles) == sorted(move.tiles)
        else:
            assert back == move
        pos.push(move, drawn)
    assert isinstance(pos.decode(pos.encode(Pass())), Pass)
    for bad in (-1, 3, 7, 1 << 40 | 2):
        with pytest.raises(IllegalMoveError):
            pos.decode(bad)


def _endgame_game() -> Game:
    game = Game(seed=5)
    game.set_starter(0)
    give(game, 0, ["1", "=", "1"])
    give(game, 1, ["9", "19", "?"])
    set_bag(game, 0)
    return game


def test_play_out_adds_the_multiplier_times_the_other_racks() -> None:
    game = _endgame_game()
    pos = game.position.copy()
    pos.push(OPEN)
    game.push(OPEN)
    assert pos.is_over and pos.outcome is not None and game.result is not None
    assert pos.outcome.scores == game.result.scores
    left = AMATH.points("9") + AMATH.points("19")
    assert pos.outcome.scores[0] == pos.scores[0] + AMATH.playout_multiplier * left and pos.outcome.scores[1] == pos.scores[1]
    assert pos.spread(0) == pos.outcome.scores[0] - pos.outcome.scores[1]
    assert legal_turns(pos) == [] and pos.exchanges() == []
    with pytest.raises(GameStateError):
        pos.push(Pass())
    pos.pop()
    assert not pos.is_over and pos.rack(0) == ("1", "1", "=")


def test_the_passes_end_the_game_and_each_side_loses_its_rack() -> None:
    game = _endgame_game()
    pos = game.position.copy()
    rounds = AMATH.pass_rounds * 2
    for _ in range(rounds - 1):
        pos.push(Pass())
        game.push(Pass())
        assert not pos.is_over
    pos.push(Pass())
    game.push(Pass())
    assert pos.outcome is not None and game.result is not None
    assert pos.outcome.scores == game.result.scores and pos.outcome.reason == "passes"
    assert pos.outcome.scores == (pos.scores[0] - pos.rack_points(0), pos.scores[1] - pos.rack_points(1))
    pos.pop()
    assert not pos.is_over and pos.scoreless == rounds - 1


def test_a_placement_resets_the_scoreless_count() -> None:
    game = Game(seed=5)
    game.set_starter(0)
    give(game, 0, ["1", "=", "1", "2"])
    set_bag(game, 0)
    pos = game.position.copy()
    pos.push(Pass())
    pos.push(Pass())
    assert pos.scoreless == 2
    pos.push(OPEN)
    assert pos.scoreless == 0 and not pos.is_over and pos.scores[0] > 0


def test_smath_deducts_every_rack_and_counts_exchanges_as_passes() -> None:
    pos = Position(SMATH, racks=[["1", "2"], ["7"]], bag={"3": 5})
    assert [len(e.tiles) for e in pos.exchanges()] == [1, 1, 2]
    pos.push(Exchange(("1",)), ("3",))
    assert pos.scoreless == 1
    pos.push(Pass())
    assert pos.outcome is not None and pos.outcome.scores == (-SMATH.points("2") - SMATH.points("3"), -SMATH.points("7"))


def test_exchange_rule_follows_the_ruleset() -> None:
    assert AMATH.can_exchange(8, 8) and not AMATH.can_exchange(8, 7) and not AMATH.can_exchange(1, 4)
    assert SMATH.can_exchange(2, 2) and not SMATH.can_exchange(3, 2) and not SMATH.can_exchange(0, 9)
    pos = Position(AMATH, racks=[["1", "2", "3"], ["4"]], bag={"0": 4})
    assert pos.exchanges() == []
    with pytest.raises(IllegalMoveError):
        pos.push(Exchange(("1",)), ("5",))
    assert pos.ply == 0


def test_bad_pushes_change_nothing() -> None:
    pos, turns = _start(RECORDS[0])
    before = pos.state(), pos.zobrist
    move, drawn = turns[0]
    with pytest.raises(IllegalMoveError):
        pos.push(move, drawn[:-1])  # too few tiles drawn
    with pytest.raises(IllegalMoveError):
        pos.push(OPEN.__class__((TilePlay(Square(7, 7), "20", "20"), TilePlay(Square(7, 8), "=", "="))), ())
    assert (pos.state(), pos.zobrist) == before


def test_hidden_racks_are_supplied_or_sampled() -> None:
    game = load_game_text(RECORDS[0].read_text())
    game.pop()
    while len(game.bag) < 10:
        game.pop()
    pos = game.position.seen_by(game.to_move)
    other = 1 - game.to_move
    assert not pos.is_known(other) and pos.hidden[other] == len(game.racks[other])
    assert pos.unseen() == game.unseen(game.to_move) and pos.bag_size == len(game.bag)
    sampled = pos.copy()
    sampled.sample_hidden(random.Random(1))
    again = pos.copy()
    again.sample_hidden(random.Random(1))
    assert sampled == again and sampled.is_known(other) and sampled.zobrist == sampled.compute_zobrist()
    pos.set_rack(other, game.racks[other])
    assert pos.state() == game.position.copy().state()
    with pytest.raises(PositionError):
        game.position.seen_by(0).set_rack(1, ["?"] * 9)


def test_from_view_knows_the_opponent_rack_when_the_bag_is_empty() -> None:
    game = load_game_text(RECORDS[0].read_text())
    game.pop()
    assert not game.bag and not game.over
    view = Position.from_view(game.rules, game.board.copy(), game.racks[game.to_move], game.scores, game.to_move)
    assert view.state()[:3] == game.position.copy().state()[:3] and view.bag_size == 0
    while len(game.bag) < 3:
        game.pop()
    view = Position.from_view(game.rules, game.board.copy(), game.racks[game.to_move], game.scores, game.to_move)
    other = 1 - game.to_move
    assert view.hidden[other] == AMATH.rack_size and view.bag_size == len(game.bag) + len(game.racks[other]) - AMATH.rack_size


def test_repr_shows_the_position_string() -> None:
    pos = Position(AMATH, racks=[["1", "="], ["2"]])
    assert repr(pos).startswith("Position('_15|") and "[1,=]" in repr(pos) and repr(pos).endswith("0,0 1 a-math')")


def test_bad_positions_are_refused() -> None:
    with pytest.raises(PositionError):
        Position(AMATH, racks=[["1"]])
    with pytest.raises(PositionError):
        Position(AMATH, racks=[["1"] * 9, []])
    with pytest.raises(PositionError):
        Position(AMATH, racks=[["("], []])
    with pytest.raises(PositionError):
        Position(AMATH, racks=[["19", "19"], []])
    with pytest.raises(PositionError):
        Position(AMATH, racks=[[], []], to_move=2)


def test_legal_moves_end_with_pass_and_list_placements_first() -> None:
    pos = Position(AMATH, racks=[["1", "=", "1"], ["2"]], bag={"0": 5})
    moves = legal_turns(pos)
    assert isinstance(moves[-1], Pass)
    assert OPEN in moves and sum(isinstance(m, Exchange) for m in moves) == 5  # 1, =, 11, 1=, 11=
