"""The native play-outs against their Python twin (amath.engine.playouts): the same values, iteration by iteration."""

from __future__ import annotations

import random
import shutil
from collections import Counter
from functools import cache
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from amath.core.errors import PositionError
from amath.core.move import Exchange, Pass, Place
from amath.core.position import Position
from amath.core.rules import AMATH
from amath.engine import Budget, best
from amath.engine import playouts as P
from amath.engine.generator import get_generator
from amath.engine.leaves.fitted import fitted_table
from amath.engine.leaves.table import HANDSET
from amath.engine.movegen import native
from amath.engine.static import Candidate, default_equity
from amath.formats.load import load_game_text

pytestmark = pytest.mark.skipif(not native.available() and shutil.which("cargo") is None, reason="no Rust toolchain")

DATA = Path(__file__).parent / "data"
RECORDS = ("greedy-seed3.amr", "greedy-playout-seed12.amr")


def test_the_extension_is_built_where_rust_is() -> None:
    assert native.available(), native.load_error()


@cache
def _game_at(record: str, turns: int) -> Position:
    game = load_game_text((DATA / record).read_text())
    while len(game.history) > turns:
        game.pop()
    return game.position.seen_by(game.to_move)


def _positions() -> list[tuple[str, int]]:
    """Turns of both records with tiles in the bag: the opening, the middle, a few tiles left (played to the end)."""
    out = []
    for record in RECORDS:
        game = load_game_text((DATA / record).read_text())
        played = [len(game.history)]
        while game.history:
            game.pop()
            played.append(len(game.history) if game.bag else -1)
        turns = sorted(t for t in set(played) if t >= 0)
        middle = turns[len(turns) // 2]
        late = max(t for t in turns if _game_at(record, t).bag_size > 0)
        out += [(record, 0), (record, middle), (record, late)]
    return out


def _root(pos: Position, *, seed: int = 5, plies: int = 3, inference: tuple[tuple[tuple[str, ...], int], ...] = ()) -> P.Root:
    model = P.leave_model(default_equity(), pos.rules)
    assert model is not None
    finish = pos.bag_size <= P.FINISH_RACKS * pos.rules.rack_size
    return P.Root(pos, model, inference, plies, finish, seed)


def test_splitmix64_is_the_published_generator() -> None:
    """From state 0 the reference splitmix64 gives 0xE220A8397B1DCDAF, then 0x6E789E6AA1B965F4."""
    rng = P.SplitMix64(0, 0)
    rng.state = 0
    assert [rng.next(), rng.next()] == [0xE220A8397B1DCDAF, 0x6E789E6AA1B965F4]
    draws = Counter(P.SplitMix64(9, k).below(4) for k in range(4000))
    assert set(draws) == {0, 1, 2, 3} and min(draws.values()) > 850


@given(st.lists(st.sampled_from(sorted(AMATH.tiles.counts)), max_size=8), st.sampled_from([0, 1, 30]))
@settings(max_examples=300, deadline=None)
def test_the_integer_leave_model_gives_the_static_equity_values(kept: list[str], bag: int) -> None:
    """The fitted and hand-set tables have two decimals: the model's integers are what StaticEquity rounds to."""
    for table in (fitted_table(), HANDSET):
        model = P.LeaveModel.of(table)
        want = -AMATH.tiles.value(kept) if bag == 0 else table.value(kept)
        assert model.value(kept, AMATH, bag) == round(want * 100)


@pytest.mark.parametrize(("record", "turns"), _positions())
def test_native_playouts_equal_the_python_twin(record: str, turns: int) -> None:
    """Every candidate (placements, exchanges, the pass), three iterations: the same value and unseen count."""
    pos = _game_at(record, turns)
    root = _root(pos, seed=turns)
    cands = P.candidates(pos, default_equity())
    assert any(not isinstance(c.move, Place) for c in cands)
    jobs = [(c, it) for c in range(len(cands)) for it in range(3)]
    before = pos.state(), pos.zobrist
    py = P.python_playouts(root, cands, jobs)
    assert py == P.native_playouts(root, cands, jobs)
    assert (pos.state(), pos.zobrist) == before
    if root.finish:  # played to the end: most play-outs end the game, with nothing unseen left
        assert any(unseen == 0 for _, unseen in py)


def test_the_same_for_any_thread_count_and_job_order() -> None:
    pos = _game_at(RECORDS[0], 10)
    root = _root(pos, seed=11)
    cands = P.candidates(pos, default_equity())[:5]
    jobs = [(c, it) for c in range(len(cands)) for it in range(4)]
    one = P.native_playouts(root, cands, jobs, 1)
    assert one == P.native_playouts(root, cands, jobs, 2) == P.native_playouts(root, cands, jobs, 3)
    backwards = P.native_playouts(root, cands, jobs[::-1], 2)
    assert backwards == one[::-1]
    assert len(set(one)) > 1  # not a constant


def test_inference_weights_pick_the_opponents_kept_tiles() -> None:
    """A leave weighted alone is always on the opponent's rack, in both twins alike."""
    pos = _game_at(RECORDS[0], 8)
    unseen = pos.sorted_tiles(pos.bag)
    kept = tuple(unseen[:3])
    root = _root(pos, inference=((kept, 1 << 32),))
    for it in range(6):
        rack, order, _ = P.scenario(root, it)
        assert not Counter(kept) - Counter(rack)
        assert Counter(rack) + Counter(order) == Counter(unseen)
    cands = P.candidates(pos, default_equity())[:3]
    jobs = [(c, it) for c in range(3) for it in range(3)]
    assert P.python_playouts(root, cands, jobs) == P.native_playouts(root, cands, jobs)
    plain = _root(pos)
    assert P.native_playouts(plain, cands, jobs) != P.native_playouts(root, cands, jobs)


def test_the_python_generator_gives_the_same_playouts() -> None:
    """The twin with the readable move generator (no Rust at all) on a short play-out."""
    pos = _game_at(RECORDS[1], max(t for r, t in _positions() if r == RECORDS[1]))
    root = _root(pos, plies=2)
    cands = P.candidates(pos, default_equity())[:2]
    jobs = [(c, it) for c in range(2) for it in range(2)]
    assert P.python_playouts(root, cands, jobs, get_generator("python")) == P.native_playouts(root, cands, jobs)


@given(seed=st.integers(0, 2**64 - 1), first=st.integers(0, 10**6), plies=st.integers(1, 4), turns=st.sampled_from([3, 9, 15]))
@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_property_any_seed_and_iteration(seed: int, first: int, plies: int, turns: int) -> None:
    pos = _game_at(RECORDS[0], turns)
    root = _root(pos, seed=seed, plies=plies)
    cands = P.candidates(pos, default_equity())
    pick = random.Random(seed).sample(range(len(cands)), min(3, len(cands)))
    jobs = [(c, first + k) for k, c in enumerate(pick)]
    assert P.python_playouts(root, cands, jobs) == P.native_playouts(root, cands, jobs)


def test_successive_halving_is_the_same_with_either_executor() -> None:
    pos = _game_at(RECORDS[0], 12)
    root = _root(pos, seed=3)
    cands = P.candidates(pos, default_equity())
    assert len(cands) >= 5
    native_run = P.search(root, cands, 60, P.native_playouts)
    python_run = P.search(root, cands, 60, P.python_playouts)
    assert [(a.candidate.move, a.values, a.dropped) for a in native_run.arms] == [
        (a.candidate.move, a.values, a.dropped) for a in python_run.arms
    ]
    arms = native_run.arms
    assert arms[0].dropped is None and arms[-1].dropped == 0
    assert [a.n for a in arms] == sorted((a.n for a in arms), reverse=True)  # the survivors played the most
    assert native_run.playouts == sum(a.n for a in arms) <= 60 + P.MIN_ROUND * len(cands)
    dropped_first = [a for a in arms if a.dropped == 0]
    assert len(dropped_first) == len(cands) // 2
    first = dropped_first[0].n  # the first round's play-outs, as the survivors had them then
    kept = [P.Arm(a.candidate, a.values[:first]) for a in arms if a.dropped != 0]
    worst_kept = min(P.rank_key(a, False, 0) for a in kept)
    assert all(P.rank_key(a, False, 0) <= worst_kept for a in dropped_first)  # the worse half went


def test_candidates_cover_the_margin_exchanges_and_the_pass() -> None:
    pos = _game_at(RECORDS[0], 6)
    cands = P.candidates(pos, default_equity())
    top = cands[0].value
    places = [c for c in cands if isinstance(c.move, Place)]
    assert all(c.value >= top - P.MARGIN * 100 for c in places) and len(places) <= P.MAX_PLACEMENTS
    assert sum(isinstance(c.move, Exchange) for c in cands) == P.EXCHANGES
    assert isinstance(cands[-1].move, Pass) or any(isinstance(c.move, Pass) for c in cands)
    shapes = {(frozenset(p.square for p in c.move.tiles), tuple(sorted(c.move.rack_tiles))) for c in places if isinstance(c.move, Place)}
    assert len(shapes) == len(places)


def test_best_uses_the_native_simulation_with_a_playout_budget() -> None:
    pos = _game_at(RECORDS[0], 12)
    plays = best(pos, Budget(playouts=40, preendgame_bag=0), seed=4)
    assert plays[0].method == "sim" and sum(p.work for p in plays) >= 40
    again = best(pos, Budget(playouts=40, preendgame_bag=0), seed=4, threads=2)
    assert [(p.move, p.equity, p.work) for p in plays] == [(p.move, p.equity, p.work) for p in again]


def test_bad_input_is_an_error_not_a_crash() -> None:
    pos = _game_at(RECORDS[0], 12)
    root = _root(pos)
    cands = P.candidates(pos, default_equity())
    place = next(c.move for c in cands if isinstance(c.move, Place))
    occupied = next(sq for sq, _ in pos.board.items())
    on_top = Place((type(place.tiles[0])(occupied, place.tiles[0].tile, place.tiles[0].face),))
    for bad in (Candidate(on_top, 5, 0), Candidate(Exchange(("?",) * 9), 0, 0)):
        with pytest.raises(PositionError):
            P.native_playouts(root, [bad], [(0, 0)])
    with pytest.raises(PositionError):
        P.native_playouts(root, cands, [(len(cands), 0)])


def test_searching_bots_play_a_whole_game_on_the_native_simulation() -> None:
    """Opening to end with native play-outs, inference of the opponent's last turn, the pre-endgame and the endgame;
    the same seeds replay the same game."""
    from amath.game import Game
    from amath.players.search import SearchPlayer

    small = Budget(playouts=12, nodes=300, preendgame_bag=1, inference_samples=8)
    small_sim = Budget(playouts=8, nodes=0, preendgame_bag=0, inference_samples=0)

    def game() -> Game:
        g = Game(AMATH, seed=5)
        bots = [SearchPlayer(1, budget=small, name="champion"), SearchPlayer(2, budget=small_sim, name="sim")]
        while not g.over and len(g.history) < 80:
            g.push(bots[g.to_move].choose(g))
        assert not any(b.fallbacks for b in bots)
        return g

    first = game()
    assert first.result is not None and len(first.history) > 10
    assert [t.move for t in game().history] == [t.move for t in first.history]
