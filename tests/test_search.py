"""Simulation, inference, pre-endgame and ``amath.engine.best`` on small positions."""

from __future__ import annotations

import math
import random
from collections import Counter
from functools import cache
from pathlib import Path

import pytest

from amath.core.errors import PositionError
from amath.core.move import Exchange, Pass, Place
from amath.core.position import Position
from amath.core.rules import AMATH
from amath.engine import Budget, best
from amath.engine.generator import legal_turns
from amath.engine.inference import infer, kept_size
from amath.engine.preendgame import PreEndgame, splits
from amath.engine.sim import Simulator, clearly_worse, simulate, win_estimate
from amath.engine.static import default_equity
from amath.formats.load import load_game_text
from test_endgame import minimax

DATA = Path(__file__).parent / "data"
RECORD = DATA / "greedy-seed3.amr"


@cache
def _base(turns: int) -> Position:
    game = load_game_text(RECORD.read_text())
    while len(game.history) > turns:
        game.pop()
    return game.position.copy()


def _small(seed: int, mine: tuple[str, ...], opp: int, bag: int, *, known: bool = False) -> Position:
    """The board after 6 recorded turns, our small rack, an opponent rack of ``opp`` tiles (hidden) and a small bag."""
    base = _base(6)
    pool = [t for t in base.sorted_tiles(base.unseen(0)) + base.rack(0) if t != "?"]
    for t in mine:
        pool.remove(t)
    random.Random(seed).shuffle(pool)
    tiles = pool[: opp + bag]
    if known:
        return Position(AMATH, base.board.copy(), [mine, tiles[:opp]], tiles[opp:], base.scores, 0)
    return Position(AMATH, base.board.copy(), [mine, None], tiles, base.scores, 0, 0, [0, opp])


def test_simulation_is_the_same_for_any_thread_count() -> None:
    pos = _small(3, ("=", "1", "2", "3"), 3, 10)
    before = pos.state(), pos.zobrist
    one = simulate(pos, iterations=12, candidates=4, seed=7, threads=1)
    two = simulate(pos, iterations=12, candidates=4, seed=7, threads=3)
    assert (pos.state(), pos.zobrist) == before
    assert [(s.candidate.move, s.values, s.wins, s.alive) for s in one.stats] == [
        (s.candidate.move, s.values, s.wins, s.alive) for s in two.stats
    ]
    assert one.iterations == two.iterations
    again = simulate(pos, iterations=12, candidates=4, seed=7)
    assert [s.values for s in again.stats] == [s.values for s in one.stats]


def test_the_work_cap_stops_at_a_batch_boundary_the_same_for_any_thread_count() -> None:
    """``max_work`` (``Budget.sim_work``) stops the iterations once the reply searches' work reaches
    it, looked at between batches: the same iterations, values and work with 1 or 3 threads."""
    pos = _small(3, ("=", "1", "2", "3"), 3, 10)
    free = simulate(pos, iterations=12, candidates=4, seed=7)
    assert not free.capped and free.iterations == 12
    cap = free.work // 2  # reached after a few batches, well before the 12 iterations
    runs = [simulate(pos, iterations=12, candidates=4, seed=7, threads=t, max_work=cap) for t in (1, 3)]
    one, three = runs
    assert one.capped and one.work >= cap and 4 <= one.iterations < 12
    assert [(s.candidate.move, s.values, s.wins, s.alive) for s in one.stats] == [
        (s.candidate.move, s.values, s.wins, s.alive) for s in three.stats
    ]
    assert (one.iterations, one.work, one.capped) == (three.iterations, three.work, three.capped)
    prefix = {repr(s.candidate.move): s.values for s in free.stats}
    for s in one.stats:  # the capped run is the uncapped one cut short: the same scenarios, in order
        assert prefix[repr(s.candidate.move)][: s.n] == s.values
    loose = simulate(pos, iterations=12, candidates=4, seed=7, max_work=free.work + 1)
    assert not loose.capped and [s.values for s in loose.stats] == [s.values for s in free.stats]


def test_reply_work_counts_full_racks_and_blanks_heavier() -> None:
    from amath.engine.sim import BLANK_WORK, CROWDED_BAG, CROWDED_FULL_RACK_WORK, FULL_RACK_WORK, reply_work

    assert reply_work(("1", "2", "+"), 8, 50) == 1
    assert reply_work(("1", "2", "?"), 8, 50) == BLANK_WORK
    assert reply_work(tuple("12345678"), 8, 50) == FULL_RACK_WORK
    assert reply_work(tuple("12345678"), 8, CROWDED_BAG - 1) == CROWDED_FULL_RACK_WORK < FULL_RACK_WORK
    assert reply_work(tuple("1234567?"), 8, 50) == FULL_RACK_WORK * BLANK_WORK
    assert reply_work(tuple("123456??"), 8, 50) == BLANK_WORK  # the second blank is held back: seven tiles searched


def test_best_stops_a_simulation_at_its_sim_work_and_says_how_far_it_got() -> None:
    """``Budget.sim_work``: the plays' ``work`` (play-outs) is what the capped simulation ran."""
    pos = _small(3, ("=", "1", "2", "3"), 3, 10)
    full = best(pos, Budget(iterations=12, candidates=4, nodes=0), seed=7)
    capped = best(pos, Budget(iterations=12, candidates=4, nodes=0, sim_work=1), seed=7)
    assert full[0].method == capped[0].method == "sim"
    assert max(p.work for p in full) == 12
    assert max(p.work for p in capped) == 4  # the first batch (min_iterations) is always played
    with pytest.raises(PositionError, match="sim_work"):
        Budget(sim_work=-1)


def test_candidates_share_their_scenarios() -> None:
    """Common random numbers: every candidate meets the same opponent racks in the same iteration."""
    pos = _small(4, ("=", "1", "2", "3"), 3, 10)
    sim = Simulator(pos, equity=default_equity(), candidates=3, seed=2)
    from amath.engine.sim import _scenario

    first = _scenario(pos, 2, 0, {})
    assert first == _scenario(pos, 2, 0, {}) and first != _scenario(pos, 2, 1, {})
    ((side, rack),) = first.racks
    assert side == 1 and len(rack) == 3 and not Counter(rack) - pos.unseen()
    assert Counter(rack) + Counter(first.order) == pos.unseen()
    values = [sim.playout(first, s.candidate)[0] for s in sim.stats]
    assert values == [sim.playout(first, s.candidate)[0] for s in sim.stats]


def test_the_stopping_rule_drops_only_clearly_worse_candidates() -> None:
    assert clearly_worse([-5.0, -6.0, -4.0, -5.5, -5.0, -4.5])
    assert not clearly_worse([3.0, -3.0, 2.0, -2.0, 1.0, -1.0])
    assert not clearly_worse([-1.0])
    assert not clearly_worse([-10.0, 9.0, -10.0, 9.0])


def test_the_simulation_stops_early_once_one_candidate_is_left() -> None:
    pos = _small(3, ("=", "1", "2", "3"), 3, 10)
    result = simulate(pos, iterations=80, candidates=1, seed=1)  # the best placement, the best exchange, the pass
    alive = [s for s in result.stats if s.alive]
    assert len(alive) == 1 and result.iterations < 80 and result.best is alive[0]
    dropped = [s for s in result.stats if not s.alive]
    key = "win" if result.by_win else "mean"
    assert len(dropped) == 2 and all(getattr(s, key) <= getattr(result.best, key) for s in dropped)
    assert isinstance(result.best.candidate.move, Place)


def test_win_estimate_is_a_probability_that_grows_with_the_spread() -> None:
    values = [win_estimate(s, 30) for s in (-50, -10, 0, 10, 50)]
    assert values == sorted(values) and values[2] == 0.5 and all(0 < v < 1 for v in values)
    assert (win_estimate(1, 0), win_estimate(0, 0), win_estimate(-1, 0)) == (1.0, 0.5, 0.0)


def test_inference_sums_to_one_and_respects_the_seen_tiles() -> None:
    pos = _small(5, ("=", "1", "2", "3"), 8, 20)
    unseen = pos.unseen()
    for move in (Exchange(("1", "2", "3", "4", "5", "6")), Exchange(("1",) * 7)):
        dist = infer(pos, 1, move, equity=default_equity(), samples=300)
        k = kept_size(pos, 1, move)
        assert math.isclose(sum(p for _, p in dist), 1.0)
        assert all(len(kept) == k and not Counter(kept) - unseen for kept, _ in dist)
        assert [p for _, p in dist] == sorted((p for _, p in dist), reverse=True)
    assert infer(pos, 1, Pass(), equity=default_equity()) == []


def test_inference_favours_the_tiles_a_good_player_keeps() -> None:
    pos = _small(5, ("=", "1", "2", "3"), 8, 30)
    dist = dict(infer(pos, 1, Exchange(("0",) * 7), equity=default_equity()))  # one tile kept
    pool = pos.unseen()
    share = {t: dist.get((t,), 0.0) / pool[t] for t in pool}  # probability per copy
    eq = default_equity()
    good = max(pool, key=lambda t: eq.leave_value([t], AMATH, 10))
    bad = min(pool, key=lambda t: eq.leave_value([t], AMATH, 10))
    assert share[good] > share[bad]


def test_inference_of_a_placement_checks_the_board() -> None:
    pos = _small(5, ("=", "1", "2", "3"), 8, 20)
    placed = next(sq for sq, _ in pos.board.items())
    tile = pos.board.get(placed)
    assert tile is not None
    from amath.core.move import TilePlay

    move = Place((TilePlay(placed, tile.tile, tile.face),))
    dist = infer(pos, 1, move, equity=default_equity(), samples=12, check_plays=True, rack_size=3)
    assert math.isclose(sum(p for _, p in dist), 1.0) and all(len(k) == 2 for k, _ in dist)
    empty = next(sq for sq in AMATH.layout.squares() if pos.board.get(sq) is None)
    with pytest.raises(PositionError):
        infer(pos, 1, Place((TilePlay(empty, "1", "1"),)), equity=default_equity(), check_plays=True)


def test_splits_count_every_way_to_fill_the_bag() -> None:
    pool = Counter({"1": 2, "2": 1, "=": 3})
    found = list(splits(pool, 2, ("1", "2", "=")))
    assert sum(w for _, w in found) == math.comb(6, 2)
    assert len({bag for bag, _ in found}) == len(found) == 5


def test_preendgame_values_emptying_turns_exactly_over_every_split() -> None:
    pos = _small(8, ("=", "1", "1"), 2, 1)
    pre = PreEndgame(pos, equity=default_equity(), candidates=4, nodes=10**6)
    lines = pre.run()
    assert math.isclose(sum(p for _, p in pre.splits), 1.0)
    checked = 0
    for line in lines:
        if not line.exact:
            continue
        expected = 0.0
        for bag, p in pre.splits:  # the same expectation by brute force: minimax below each split
            work = pre._setup(bag)
            score = line.candidate.score
            work.push(line.candidate.move, bag, score=score if isinstance(line.candidate.move, Place) else None)
            after = work.scores[0] - work.scores[1] - (pos.scores[0] - pos.scores[1])
            if work.outcome is not None:
                final = work.outcome.scores
                value = final[0] - final[1] - (pos.scores[0] - pos.scores[1])
            else:
                value = after - max(minimax(work).values())
            expected += p * value
        assert math.isclose(line.value, expected)
        checked += 1
    assert checked >= 1
    wins = [line.win for line in lines]
    assert wins == sorted(wins, reverse=True) and all(0 <= w <= 1 for w in wins)


def test_the_preendgame_plays_on_past_the_opponent_s_turn_until_the_bag_is_empty() -> None:
    """After our pass an opponent that cannot place passes too (one tile in the bag: no
    exchange).  The line used to stop there and be valued by leaves with us to move, half a
    turn behind the lines that drew the bag and were solved; now both sides take their static
    turns until the bag is empty and the endgame below is solved."""
    from amath.engine.endgame import solve
    from amath.engine.static import best_turn

    base = _base(6)
    mine = ("=", "1", "1", "2")
    pool = Counter(base.unseen(0)) + Counter(base.rack(0))
    pool.subtract(Counter(mine) + Counter(["+", "*", "/"]))
    tile = sorted((+pool).elements())[0]
    pos = Position(AMATH, base.board.copy(), [mine, ["+", "*", "/"]], [tile], base.scores, 0)
    equity = default_equity()
    pre = PreEndgame(pos, equity=equity, candidates=2, nodes=10**5)
    (line,) = [ln for ln in pre.run() if isinstance(ln.candidate.move, Pass)]
    ref = pos.copy()
    before = ref.scores[0] - ref.scores[1]
    ref.push(Pass())
    assert best_turn(ref, equity).move == Pass()  # the opponent cannot place
    ref.push(Pass())
    ours = best_turn(ref, equity)
    assert isinstance(ours.move, Place) and ref.draw_count(ours.move) == 1
    ref.push(ours.move, [tile])
    assert ref.bag_size == 0 and ref.outcome is None
    expected = ref.scores[0] - ref.scores[1] - before - solve(ref, nodes=pre.per_endgame).best.value
    assert line.value == expected


def test_best_solves_an_empty_bag_exactly() -> None:
    base = _base(6)
    pos = Position(AMATH, base.board.copy(), [["=", "1", "1"], ["=", "2", "2"]], {}, base.scores, 0)
    plays = best(pos, Budget(nodes=10**6))
    truth = minimax(pos)
    top = plays[0]
    assert top.exact and top.equity == max(truth.values()) and top.spread == top.equity + pos.spread()
    assert top.win in (0.0, 0.5, 1.0) and top.method == "endgame" and top.pv[0] == top.move


def test_best_returns_legal_ranked_turns_with_probabilities() -> None:
    pos = _small(3, ("=", "1", "2", "3"), 3, 10)
    legal = legal_turns(pos)
    for budget in (Budget(iterations=0, nodes=0), Budget(iterations=8, candidates=3)):
        plays = best(pos, budget, seed=1)
        assert plays and all(p.move in legal and 0.0 <= p.win <= 1.0 and p.pv[0] == p.move for p in plays)
        assert not any(p.exact for p in plays)
    pre = best(_small(8, ("=", "1", "1"), 2, 1), Budget(nodes=5000))
    assert pre[0].method == "preendgame"
    with pytest.raises(PositionError):
        Budget(iterations=-1)


def test_a_playout_turn_holds_back_extra_blanks_and_stays_legal() -> None:
    """A rack with three blanks: the play-out turn is searched with one, is legal for the whole rack,
    values the held-back blanks in its leave, and leaves the position as it was."""
    base = _base(4)  # three blanks still unseen
    pool = [t for t in base.sorted_tiles(base.unseen(0)) + base.rack(0) if t not in ("?", "=")]
    mine = ("?", "?", "?", "=", *pool[:4])
    rest = Counter(pool[4:30])
    pos = Position(AMATH, base.board.copy(), [mine, pool[30:38]], rest, base.scores, 0)
    sim = Simulator(pos, equity=default_equity(), candidates=1, seed=1)
    before = pos.state(), pos.zobrist
    turn = sim.reply(pos)
    assert (pos.state(), pos.zobrist) == before
    assert sim.reply(pos) is turn  # kept for the node: the same board, rack and bag size
    assert turn.move in legal_turns(pos)
    # Exchanges are valued by the tiles kept since the one static equity: keeping ? ? ? = can win.
    assert isinstance(turn.move, Place | Exchange)
    used = list(turn.move.rack_tiles) if isinstance(turn.move, Place) else list(turn.move.tiles)
    kept = Counter(mine) - Counter(used)
    assert used.count("?") <= 1 and kept["?"] >= 2
    if not isinstance(turn.move, Place):
        return
    assert turn.equity == turn.score + default_equity().leave_value(sorted(kept.elements()), AMATH, pos.bag_size - len(used))


def test_a_playout_turn_with_blanks_held_back_never_exchanges_when_the_bag_forbids_it() -> None:
    """Three blanks and three tiles in the bag: holding two blanks back must not count them into the
    bag (that would make the bag five and an exchange legal); the turn is legal for the real position."""
    base = _base(4)
    pool = [t for t in base.sorted_tiles(base.unseen(0)) + base.rack(0) if t not in ("?", "=")]
    mine = ("?", "?", "?", "=", *pool[:4])
    for bag in (1, 3, 4):
        pos = Position(AMATH, base.board.copy(), [mine, pool[30:38]], Counter(pool[4 : 4 + bag]), base.scores, 0)
        assert not AMATH.can_exchange(1, pos.bag_size)
        turn = Simulator(pos, equity=default_equity(), candidates=1, seed=1).reply(pos)
        assert not isinstance(turn.move, Exchange)
        assert turn.move in legal_turns(pos)


def test_placements_against_scoreless_turns_get_one_more_ply() -> None:
    """With the opponent's turn last, an exchange or pass looks better than it is: both end on our turn."""
    pos = _small(3, ("=", "1", "2", "3"), 3, 10)
    mixed = Simulator(pos, equity=default_equity(), candidates=2, plies=2, seed=1)
    kinds = {isinstance(s.candidate.move, Place) for s in mixed.stats}
    assert kinds == {True, False} and mixed.plies == 3
    assert Simulator(pos, equity=default_equity(), candidates=2, plies=3, seed=1).plies == 3
    from amath.engine.sim import _scenario

    first = next(s.candidate for s in mixed.stats if isinstance(s.candidate.move, Place))
    line = mixed.playout(_scenario(pos, 1, 0, {}), first).line
    assert len(line) == 2  # after the candidate: the opponent's reply and our own turn


def test_the_final_ranking_leans_on_static_equity_until_the_play_outs_outweigh_it() -> None:
    pos = _small(3, ("=", "1", "2", "3"), 3, 10)
    sim = Simulator(pos, equity=default_equity(), candidates=2, seed=1)
    sim.by_win = False  # the bag is small here: rank by value all the same
    a = max(sim.stats, key=lambda s: s.candidate.equity)
    b = min(sim.stats, key=lambda s: s.candidate.equity)
    assert a.candidate.equity > b.candidate.equity
    gap = a.candidate.equity - b.candidate.equity
    sim.stats = [a, b]
    a.values, b.values = [0.0, 0.0], [gap / 4, gap / 4]  # b ahead by a little over two play-outs
    assert sim._ranked()[0] is a and a.blended() > b.blended()
    a.values, b.values = [0.0] * 40, [gap] * 40  # ahead by the static gap over many: the play-outs decide
    assert sim._ranked()[0] is b
    assert b.blended(0.0) == b.mean


def test_a_budget_without_nodes_simulates_the_endgame_instead_of_a_one_node_solve() -> None:
    """``sim`` has no endgame nodes: a solver stopped after one node ranks by score alone (it
    did, in every ``sim`` endgame), so with ``nodes=0`` the empty-bag position is simulated."""
    base = _base(6)
    pos = Position(AMATH, base.board.copy(), [["=", "1", "1", "2"], ["=", "2", "2", "4"]], {}, base.scores, 0)
    plays = best(pos, Budget(iterations=6, candidates=3, nodes=0), seed=1)
    assert plays[0].method == "sim" and 0 < plays[0].work <= 6
    assert all(p.move in legal_turns(pos) for p in plays)
    assert best(pos, Budget(iterations=6, candidates=3, nodes=10**5))[0].method == "endgame"


def test_saturated_win_estimates_leave_the_choice_to_the_values() -> None:
    """Far ahead every play-out's win estimate is 1.0: equal wins must not make a much worse
    candidate a 'twin' of the leader, nor rank candidates by their raw mean alone."""
    pos = _small(3, ("=", "1", "2", "3"), 3, 10)
    sim = Simulator(pos, equity=default_equity(), candidates=3, seed=1)
    sim.by_win = True
    lead, worse, close = sim.stats[:3]
    lead.values, lead.wins = [50.0, 60.0, 55.0, 58.0], [1.0] * 4
    worse.values, worse.wins = [10.0, 12.0, 9.0, 11.0], [1.0] * 4  # clearly worse in every scenario
    close.values, close.wins = [52.0, 57.0, 56.0, 57.0], [1.0] * 4  # as good, within the noise
    for s in sim.stats[3:]:
        s.alive = False
    sim._drop()
    assert lead.alive and close.alive and not worse.alive
    # the same wins: the ranking goes by value with the static prior, not by the raw mean
    gap = abs(lead.candidate.equity - close.candidate.equity)
    hi, lo = (lead, close) if lead.candidate.equity > close.candidate.equity else (close, lead)
    hi.values, lo.values = [0.0, 0.0], [gap / 4, gap / 4]  # lo ahead on the raw mean by a little
    assert sim._ranked()[0] is hi


def test_leave_values_are_remembered_per_ruleset_and_leave() -> None:
    from amath.core.rules import SMATH
    from amath.engine.equity import StaticEquity
    from amath.engine.leaves.table import HANDSET, LeaveTable

    other = LeaveTable({t: 10.0 for t in HANDSET.tiles}, {}, name="other")
    eq = StaticEquity(HANDSET, {SMATH.name: other})
    leaves = [("1", "=", "+"), ("=", "1", "+"), ("?", "12"), ()]
    first = [eq.leave_value(kept, AMATH, 20) for kept in leaves]
    assert first == [HANDSET.value(kept) for kept in leaves] == [eq.leave_value(kept, AMATH, 20) for kept in leaves]
    assert [eq.leave_value(kept, SMATH, 20) for kept in leaves] == [other.value(kept) for kept in leaves]
    assert eq.leave_value(("1", "12"), AMATH, 0) == -float(AMATH.tiles.value(("1", "12")))  # bag empty: minus the points


def test_a_playout_reply_is_the_static_turn_with_leaves_kept_per_rack_and_bag() -> None:
    """The simulator values a rack's leaves once per (rack, bag class): one table for every
    bag that holds tiles, another for the empty bag.  The reply stays the static-equity turn,
    also when the same rack meets a bag too small to exchange or an empty bag (leaves then
    cost points)."""
    from amath.engine.static import best_turn

    base = _base(6)
    mine = ("=", "1", "2", "3", "+", "4")
    opp = ("=", "5", "6", "7")
    pool = Counter(base.unseen(0)) + Counter(base.rack(0))
    pool.subtract(Counter(mine) + Counter(opp))
    pool = +pool
    bag = Counter(sorted(pool.elements())[:12])
    full = Position(AMATH, base.board.copy(), [mine, opp], bag, base.scores, 0)
    empty = Position(AMATH, base.board.copy(), [mine, opp], {}, base.scores, 0)
    small = Position(AMATH, base.board.copy(), [mine, opp], Counter(sorted(pool.elements())[:3]), base.scores, 0)
    sim = Simulator(full, equity=default_equity(), candidates=2, seed=1)
    for pos in (full, empty, small, full):
        sim._replies.clear()
        assert sim.reply(pos) == best_turn(pos, default_equity())
    assert sorted(sim._leaves) == [(full.rack(0), 0), (full.rack(0), 1)]


def test_candidates_are_one_per_shape_so_rearrangements_do_not_crowd_out_alternatives() -> None:
    """On the empty board the best four turns by static equity are the same tiles on the same
    squares in other orders (5 = 6 * 10 / 12 and the like): the simulation takes the best of
    each shape (squares covered, tiles used) and fills its places with other turns."""
    from amath.engine.sim import _shape
    from amath.engine.static import ranked

    rack = ["5", "6", "10", "12", "=", "*", "/", "1"]
    pool = Position(AMATH, racks=[rack, []]).bag
    pos = Position(AMATH, racks=[rack, None], bag=pool, hidden=[0, 8])
    top = [c for c in ranked(pos, default_equity(), limit=300) if isinstance(c.move, Place)]
    assert len({_shape(c.move) for c in top[:4]}) == 1  # the static ranking's four best: one shape
    sim = Simulator(pos, equity=default_equity(), candidates=4, seed=1)
    places = [s.candidate for s in sim.stats if isinstance(s.candidate.move, Place)]
    shapes = [_shape(c.move) for c in places]
    assert len(places) == 4 and len(set(shapes)) == 4
    for c in places:  # each is the best of its shape
        assert c == next(d for d in top if _shape(d.move) == _shape(c.move))
    assert places[0] == top[0]


def test_the_ranking_by_win_leans_on_static_equity_until_the_play_outs_outweigh_it() -> None:
    """Near the end candidates rank by win estimate; a few play-outs' small edge in wins must
    not overrule a clearly better static equity (it did: 11 points worse on a 0.03 edge)."""
    pos = _small(3, ("=", "1", "2", "3"), 3, 10)
    sim = Simulator(pos, equity=default_equity(), candidates=2, seed=1)
    assert sim.by_win
    a = max(sim.stats, key=lambda s: s.candidate.equity)
    b = min(sim.stats, key=lambda s: s.candidate.equity)
    assert a.candidate.equity - b.candidate.equity >= 5
    sim.stats = [a, b]
    a.values, b.values = [a.candidate.equity] * 4, [b.candidate.equity] * 4  # as the static ranking says
    a.wins, b.wins = [0.50] * 4, [0.53] * 4  # b a little ahead on wins over four play-outs
    assert sim._ranked()[0] is a
    n = 200
    a.values, b.values = [a.candidate.equity] * n, [b.candidate.equity] * n
    a.wins, b.wins = [0.50] * n, [0.53] * n  # the same edge over many play-outs: the wins decide
    assert sim._ranked()[0] is b
    fresh = sim.blended_wins()
    assert 0.0 < fresh[id(a)] < 1.0 and sim.blended_wins(0.0)[id(b)] == b.win


def test_the_preendgame_also_takes_one_turn_per_shape() -> None:
    from amath.engine.sim import _shape
    from amath.engine.static import ranked

    rack = ["5", "6", "10", "12", "=", "*", "/", "1"]
    pos = Position(AMATH, racks=[rack, ["=", "2", "3", "4", "+", "7", "8", "9"]], bag=["0"])
    top = [c for c in ranked(pos, default_equity()) if isinstance(c.move, Place)]
    assert len({_shape(c.move) for c in top[:4]}) == 1
    pre = PreEndgame(pos, equity=default_equity(), candidates=4, nodes=2000)
    places = [c for c in pre.candidates if isinstance(c.move, Place)]
    assert len(places) == 4 and len({_shape(c.move) for c in places}) == 4 and places[0] == top[0]
    assert any(isinstance(c.move, Pass) for c in pre.candidates)


def test_win_estimates_that_differ_by_less_than_a_step_leave_the_ranking_to_the_value() -> None:
    """Far behind, every win estimate is a tail of the normal model: 1e-9 against 1e-12 must not
    choose a turn worse by value (``sim`` exchanged a playable rack 169 points behind)."""
    from amath.engine.sim import WIN_STEP

    pos = _small(3, ("=", "1", "2", "3"), 3, 10)
    sim = Simulator(pos, equity=default_equity(), candidates=2, seed=1)
    assert sim.by_win
    a, b = sim.stats[:2]
    sim.stats = [a, b]
    sim.spread = -300  # far behind: the priors are tails too
    a.values, a.wins = [b.candidate.equity + 30.0] * 12, [1e-12] * 12  # better by value
    b.values, b.wins = [b.candidate.equity] * 12, [1e-9] * 12
    assert sim._ranked()[0] is a
    b.wins = [2 * WIN_STEP] * 12  # a real edge in wins decides
    assert sim._ranked()[0] is b


def test_simulated_plays_report_the_values_they_are_ranked_by() -> None:
    """``best`` lists turns as the simulation ranks them, by value with the static prior;
    the raw play-out means it showed were out of that order (a turn worth 6.8 shown second
    after one worth 1.8)."""
    pos = _small(8, ("=", "1", "2", "3"), 8, 30)
    plays = best(pos, Budget(iterations=2, candidates=4, nodes=0), seed=8)  # two play-outs: none dropped
    assert len(plays) >= 4 and all(p.method == "sim" and p.work == 2 for p in plays)
    values = [p.equity for p in plays]
    assert values == sorted(values, reverse=True)
    assert all(0.0 <= p.win <= 1.0 for p in plays)


def test_a_playout_that_empties_the_bag_goes_on_to_the_end_of_the_game() -> None:
    """With the bag empty the horizon's leave is only minus the tiles' points: blind to who gets
    stuck when the board blocks.  A play-out past an empty bag is played to the end by the static
    policy, and its value is the final spread gained (adjustments included)."""
    from amath.engine.sim import _scenario
    from amath.engine.static import best_turn

    base = _base(6)
    pos = Position(AMATH, base.board.copy(), [["=", "1", "1", "19", "17"], ["=", "2", "13", "20", "7"]], {}, base.scores, 0)
    equity = default_equity()
    sim = Simulator(pos, equity=equity, candidates=4, plies=2, seed=1)
    longer = 0
    for st in sim.stats:
        value, _, line, _ = sim.playout(_scenario(pos, 1, 0, {}), st.candidate)
        ref = pos.copy()
        ref.push(st.candidate.move)
        turns = 1
        while not ref.is_over:
            ref.push(best_turn(ref, equity).move)
            turns += 1
        assert ref.outcome is not None
        final = ref.outcome.scores
        assert value == (final[0] - pos.scores[0]) - (final[1] - pos.scores[1])
        assert len(line) == turns - 1
        longer += turns > sim.plies
    assert longer  # some of these endgames outlast the plies


def test_the_sim_level_solves_an_empty_bag_endgame_exactly() -> None:
    """Simulating an endgame gained less than half of what the exact solver gained over equity's
    (docs/journal/bots.md): the ``sim`` level's budget solves once the bag is empty."""
    from amath.engine.endgame import solve
    from amath.players.search import SIM_BUDGET

    base = _base(6)
    pos = Position(AMATH, base.board.copy(), [["=", "1", "1", "19", "17"], ["=", "2", "13", "20", "7"]], {}, base.scores, 0)
    top = best(pos, SIM_BUDGET, seed=1)[0]
    exact = solve(pos, nodes=10**6)
    assert top.method == "endgame" and top.exact
    assert top.equity == exact.best.value


def test_a_scenario_s_play_outs_all_stop_at_the_horizon_or_all_go_on_to_the_end() -> None:
    """A play-out stopped at the horizon with the opponent to move lacks the turns a finished one
    counts; candidates that draw more empty the bag (and finish) more often.  So when any
    candidate's play-out of a scenario goes on past the horizon, all of that scenario's do."""
    from amath.engine.sim import _scenario

    pos = _small(5, ("=", "1", "2", "3"), 8, 12)
    runs = []
    for threads in (1, 3):
        sim = Simulator(pos, equity=default_equity(), candidates=3, plies=2, seed=1, threads=threads)
        sim.min_iterations = sim.batch = 8  # one batch: every candidate plays every scenario
        runs.append((sim, sim.run(8)))
    (sim, result), (_, threaded) = runs
    assert [s.values for s in result.stats] == [s.values for s in threaded.stats]
    kinds = {type(s.candidate.move) for s in sim.stats}
    assert Place in kinds and len(kinds) > 1
    mixed = 0
    for it in range(result.iterations):
        sc = _scenario(pos, 1, it, {})
        horizon = [sim.playout(sc, s.candidate) for s in sim.stats]
        finish = any(p.finished for p in horizon)
        mixed += finish and not all(p.finished for p in horizon)
        for s, p in zip(sim.stats, horizon):
            full = sim.playout(sc, s.candidate, finish=True)
            assert full.finished and len(full.line) >= len(p.line)
            assert s.values[it] == (full.value if finish else p.value)
    assert mixed  # the stopped play-outs were finished too


def test_a_play_out_stopped_at_the_horizon_goes_on_from_there_as_a_replay_would() -> None:
    """The stopped play-outs of a scenario that went on are continued from the horizon (the
    turns already chosen pushed again, the bag order and exchange shuffle as they were), not
    played again from the start: the same play-out, value and line as a replay with ``finish``."""
    from amath.engine.sim import _scenario

    pos = _small(1, ("=", "1", "2", "3"), 8, 14)
    sim = Simulator(pos, equity=default_equity(), candidates=3, plies=2, seed=1)
    before = pos.state(), pos.zobrist
    resumed = exchanged = 0
    for it in range(8):
        sc = _scenario(pos, 1, it, {})
        for s in sim.stats:
            first, stop = sim._play(sc, s.candidate, False)
            assert (stop is None) == first.finished
            if stop is None:
                continue
            assert len(stop.turns) == sim.plies and len(stop.line) == sim.plies - 1
            went_on, again = sim._play(sc, s.candidate, True, stop)
            assert again is None and went_on == sim.playout(sc, s.candidate, finish=True)
            assert went_on.finished and went_on.line[: len(first.line)] == first.line
            later = [pos.decode(code) for code in went_on.line[len(first.line) :]]
            # exchanges on both sides of the horizon: the returned tiles' shuffle goes on as it was
            exchanged += any(isinstance(m, Exchange) for m, _, _ in stop.turns) and any(isinstance(m, Exchange) for m in later)
            resumed += 1
    assert (pos.state(), pos.zobrist) == before
    assert resumed and exchanged


def test_when_a_rack_can_hold_two_blanks_the_endgame_and_preendgame_are_simulated() -> None:
    """A two-blank rack's move list outgrows the node budgets (seconds without finishing one
    ply: a ranking by score alone); such positions are simulated unless ``blanks`` allows two.
    One blank on each rack is searched as before."""
    from amath.engine.search import rack_blanks

    base = _base(6)
    endgame = Position(AMATH, base.board.copy(), [["?", "?", "1"], ["2", "=", "3"]], {}, base.scores, 0)
    each = Position(AMATH, base.board.copy(), [["?", "4", "1"], ["2", "=", "?"]], {}, base.scores, 0)
    pre = Position(AMATH, base.board.copy(), [["=", "1", "2", "3"], None], ["?", "?", "5", "6"], base.scores, 0, 0, [0, 3])
    drawn = Position(AMATH, base.board.copy(), [["=", "1", "?", "3"], None], ["?", "4", "5", "6"], base.scores, 0, 0, [0, 3])
    held = Position(AMATH, base.board.copy(), [["=", "1", "?", "3"], None], ["7", "4", "5", "6"], base.scores, 0, 0, [0, 3])
    assert [rack_blanks(p) for p in (endgame, each, pre, drawn, held)] == [2, 1, 2, 2, 1]
    budget = Budget(iterations=4, candidates=2, nodes=2_000, preendgame_bag=1)
    assert best(endgame, budget)[0].method == "sim"
    assert best(each, budget)[0].method == "endgame"
    assert best(pre, budget)[0].method == "sim"
    assert best(drawn, budget)[0].method == "sim"  # the bag's tile may be the other blank
    assert best(held, budget)[0].method == "preendgame"  # no other blank to draw
    wider = Budget(iterations=4, candidates=2, nodes=2_000, preendgame_bag=1, blanks=2)
    assert best(endgame, wider)[0].method == "endgame"
    assert best(pre, wider)[0].method == "preendgame"
    with pytest.raises(PositionError, match="blanks"):
        Budget(blanks=-1)
