"""The whole game: start draw, turns, exchange, endings, challenge, clock, undo, teams."""

from __future__ import annotations

import pytest

from amath import AMATH, ClockRules, Game, Options
from amath.core.errors import GameStateError, IllegalMoveError
from amath.core.move import Challenge, Exchange, Pass
from amath.game import start_rank
from game_helpers import give, set_bag
from helpers import find_placements


def test_start_rank_order() -> None:
    order = ["20", "?", "19", "18", "10", "9", "1", "0"]
    ranks = [start_rank(t, AMATH) for t in order]
    assert ranks == sorted(ranks, reverse=True) and len(set(ranks)) == len(ranks)
    for op in ["+", "-", "*", "/", "=", "+-", "*/"]:
        assert start_rank(op, AMATH) < start_rank("0", AMATH)


def test_new_game_draw_and_racks() -> None:
    for seed in range(20):
        g = Game(players=["A", "B", "C"], seed=seed)
        final = g.start_draws[-1]
        assert len(final) >= 1
        best = max(start_rank(t, AMATH) for t in final.values())
        assert start_rank(final[g.starter], AMATH) == best
        assert sum(1 for t in final.values() if start_rank(t, AMATH) == best) == 1
        assert [len(r) for r in g.racks] == [8, 8, 8]
        assert len(g.bag) == 100 - 24
        assert g.tiles_in_play() == AMATH.tiles.counts
        assert g.to_move == g.starter


def test_player_count_is_checked() -> None:
    with pytest.raises(ValueError, match="2 to 4"):
        Game(players=["solo"])
    with pytest.raises(ValueError, match="2 to 4"):
        Game(players=list("ABCDE"))


def test_placement_scores_and_draws_back_to_eight() -> None:
    g = Game(seed=1)
    p = g.to_move
    give(g, p, ["1", "=", "1", "2", "3", "4", "5", "6"])
    turn = g.push_notation("8G 1 = 1")  # G8 . H8 * (x3) I8 .
    assert turn.score == 1 + 1 * 3 + 1
    assert g.scores[p] == 5 and turn.total == 5
    assert len(g.racks[p]) == 8 and len(g.bag) == 100 - 16 - 3
    assert g.to_move == 1 - p
    assert g.tiles_in_play() == AMATH.tiles.counts
    assert turn.notation == "8G 1 = 1"


def test_strict_mode_refuses_false_equation_and_keeps_state() -> None:
    g = Game(seed=1)
    p = g.to_move
    give(g, p, ["1", "=", "2", "2", "3", "4", "5", "6"])
    before = (list(g.racks[p]), list(g.bag), list(g.scores))
    with pytest.raises(IllegalMoveError, match="sides differ"):
        g.push_notation("8G 1 = 2")
    assert (g.racks[p], g.bag, g.scores) == before and g.board.is_empty() and not g.history


def test_rack_must_hold_the_tiles() -> None:
    g = Game(seed=1)
    give(g, g.to_move, ["1", "=", "2", "2", "3", "4", "5", "6"])
    with pytest.raises(IllegalMoveError, match="does not hold"):
        g.push_notation("8G 1 = ?:1")


def test_exchange_draws_first_then_returns() -> None:
    for seed in range(15):
        g = Game(seed=seed)
        p = g.to_move
        give(g, p, ["?", "?", "?", "?", "1", "1", "1", "1"])
        g.push(Exchange(("?", "?", "?", "?")))
        assert "?" not in g.racks[p]  # the returned blanks could not be drawn back
        assert len(g.racks[p]) == 8 and g.bag.count("?") == 4
        assert g.history[-1].drawn and len(g.history[-1].drawn) == 4


def test_exchange_needs_five_in_bag() -> None:
    g = Game(seed=3)
    set_bag(g, 4)
    rack, bag = list(g.racks[g.to_move]), list(g.bag)
    with pytest.raises(IllegalMoveError, match="at least 5"):
        g.push(Exchange((rack[0],)))
    assert (g.racks[g.to_move], g.bag, g.history) == (rack, bag, [])  # a refused exchange changes nothing
    g2 = Game(seed=3)
    set_bag(g2, 5)
    side = g2.to_move
    g2.push(Exchange((g2.racks[side][0],)))
    assert len(g2.racks[side]) == 8 and len(g2.bag) == 5 and g2.history[-1].kind == "exchange"
    with pytest.raises(IllegalMoveError, match="1 to 8"):
        g2.push(Exchange(()))


def test_six_passes_end_a_two_player_game() -> None:
    g = Game(seed=4)
    for _k in range(5):
        g.push(Pass())
        assert not g.over
    g.push(Pass())
    assert g.over and g.result is not None
    assert g.result.reason == "passes"
    assert g.result.adjustments == tuple(-AMATH.tiles.value(r) for r in g.racks)
    assert list(g.result.scores) == [s + a for s, a in zip(g.scores, g.result.adjustments)]
    with pytest.raises(GameStateError, match="over"):
        g.push(Pass())


def test_exchange_restarts_the_pass_count() -> None:
    g = Game(seed=4, players=["A", "B", "C"])
    for _ in range(8):
        g.push(Pass())
    g.push(Exchange((g.racks[g.to_move][0],)))
    for _ in range(8):
        g.push(Pass())
    assert not g.over
    g.push(Pass())
    assert g.over


def test_play_out_adds_twice_the_other_racks() -> None:
    g = Game(seed=1)
    p, q = g.to_move, 1 - g.to_move
    give(g, p, ["1", "=", "1"])
    give(g, q, ["19", "?", "+-"])  # 7 + 0 + 1 points
    set_bag(g, 0)
    g.push_notation("8G 1 = 1")
    assert g.over and g.result is not None
    assert g.result.reason == "playout" and g.result.out_player == p
    assert g.result.adjustments[p] == 2 * 8 and g.result.adjustments[q] == 0
    assert g.result.scores[p] == 5 + 16 and g.result.winners == (p,)


def test_bingo_bonus_in_game() -> None:
    g = Game(seed=1)
    p = g.to_move
    give(g, p, "1 2 + 3 4 = 4 6".split())
    turn = g.push_notation("8E 1 2 + 3 4 = 4 6")
    assert turn.bingo
    # E8..L8 on row 8 "T..2...*...2..T": the 3 on the centre H8 x3, the 6 on L8 x2
    assert turn.score == (1 + 1 + 2 + 1 * 3 + 2 + 1 + 2 + 2 * 2) + 40


def test_challenge_of_a_false_placement_takes_it_back() -> None:
    g = Game(seed=1, options=Options(challenge=True))
    p, q = g.to_move, 1 - g.to_move
    give(g, p, ["1", "=", "2", "5", "6", "7", "8", "9"])
    rack_before, bag_size = list(g.racks[p]), len(g.bag)
    turn = g.push_notation("8G 1 = 2")  # false, but challenge mode accepts it
    assert turn.score > 0 and g.scores[p] == turn.score and g.can_challenge()
    t = g.push(Challenge(q))
    assert t.kind == "challenge-won"
    assert g.board.is_empty() and g.scores[p] == 0
    assert sorted(g.racks[p]) == sorted(rack_before) and len(g.bag) == bag_size
    assert g.to_move == q  # the placer's turn is lost
    assert g.tiles_in_play() == AMATH.tiles.counts


def test_failed_challenge_costs_the_challenger_a_turn() -> None:
    g = Game(seed=1, options=Options(challenge=True))
    p, q = g.to_move, 1 - g.to_move
    give(g, p, ["1", "=", "1", "5", "6", "7", "8", "9"])
    g.push_notation("8G 1 = 1")
    with pytest.raises(IllegalMoveError, match="own placement"):
        g.push(Challenge(p))
    t = g.push(Challenge(q))
    assert t.kind == "challenge-lost" and g.scores[p] == 5
    assert g.history[-1].kind == "skipped" and g.history[-1].player == q  # q loses the turn about to start
    assert g.to_move == p
    assert g.pop().kind == "challenge-lost" and g.to_move == q  # pop returns the turn pushed
    g.push(Challenge(q))
    assert not g.can_challenge()
    with pytest.raises(GameStateError, match="no placement to challenge"):
        g.push(Challenge(q))


def test_failed_challenge_by_a_later_player_costs_their_next_turn() -> None:
    g = Game(players=["A", "B", "C"], seed=1, options=Options(challenge=True))
    p = g.to_move
    nxt, later = (p + 1) % 3, (p + 2) % 3
    give(g, p, ["1", "=", "1", "5", "6", "7", "8", "9"])
    g.push_notation("8G 1 = 1")
    g.push(Challenge(later))
    assert g.to_move == nxt
    g.push(Pass())  # nxt passes; later's turn is skipped
    assert [t.kind for t in g.history[-2:]] == ["pass", "skipped"] and g.history[-1].player == later
    assert g.to_move == p


def test_challenge_only_in_challenge_mode() -> None:
    g = Game(seed=1)
    with pytest.raises(GameStateError, match="challenge mode"):
        g.push(Challenge(1))


def test_total_clock_penalty_per_started_minute() -> None:
    g = Game(seed=4, options=Options(clock=ClockRules("total", 60)))
    p = g.to_move
    g.push(Pass(), elapsed=121.0)  # 61 s over: two started minutes
    for _ in range(5):
        g.push(Pass(), elapsed=1.0)
    assert g.result is not None
    assert g.result.penalties[p] == -20 and g.result.penalties[1 - p] == 0


def test_loss_on_time() -> None:
    g = Game(seed=4, options=Options(clock=ClockRules("total", 60, loss_on_time=True)))
    p = g.to_move
    g.push(Pass(), elapsed=61.0)
    assert g.result is not None and g.result.reason == "time" and g.result.loser_on_time == p
    assert g.result.winners == (1 - p,)


def test_per_move_limit_loses_the_turn() -> None:
    g = Game(seed=1, options=Options(clock=ClockRules("move", 180)))
    p = g.to_move
    give(g, p, ["1", "=", "1", "5", "6", "7", "8", "9"])
    turn = g.push(g.parse("8G 1 = 1"), elapsed=181.0)
    assert turn.kind == "timeout" and g.board.is_empty() and g.scores[p] == 0 and g.to_move == 1 - p


def test_undo_restores_everything() -> None:
    g = Game(seed=6)
    states = []
    for _ in range(6):
        states.append((g.board.copy(), [list(r) for r in g.racks], list(g.bag), list(g.scores), g.to_move, len(g.history)))
        moves = find_placements(g, max_tiles=3, limit=1)
        g.push(moves[0] if moves else Exchange(tuple(g.racks[g.to_move][:2])))
    for state in reversed(states):
        g.pop()
        assert (g.board, g.racks, g.bag, g.scores, g.to_move, len(g.history)) == state
    with pytest.raises(GameStateError, match="nothing to undo"):
        g.pop()


def test_undo_then_replay_draws_the_same_tiles() -> None:
    g = Game(seed=6)
    g.push(Exchange(tuple(g.racks[g.to_move][:3])))
    after = [list(r) for r in g.racks]
    g.pop()
    g.push(Exchange(tuple(g.racks[g.to_move][:3])))
    assert g.racks == after


def test_a_preserved_block_puts_the_game_back_even_after_an_error() -> None:
    g = Game(seed=6)
    for _ in range(3):
        g.push(Exchange(tuple(g.racks[g.to_move][:2])))
    state = (g.board.copy(), [list(r) for r in g.racks], list(g.bag), list(g.scores), g.to_move, list(g.history), g.passes)
    with pytest.raises(IllegalMoveError), g.preserved():
        g.pop()
        g.pop()
        g.push(Pass())
        g.push(Exchange(("no such tile",)))
    assert (g.board, g.racks, g.bag, g.scores, g.to_move, g.history, g.passes) == state
    assert g.pop() == state[5][-1] and len(g.history) == 2  # the undo stack came back with it


def test_teams_share_a_rack_and_a_score() -> None:
    g = Game(teams=[("Ann", "Cat"), ("Ben", "Dan")], seed=2)
    assert g.names == ["Ann & Cat", "Ben & Dan"]
    assert len(g.racks) == 2 and len(g.scores) == 2
    for _ in range(6):
        g.push(Pass())
    assert g.over
