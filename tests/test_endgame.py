"""The exact endgame solver equals a plain minimax on small endgames; budgets; the line it expects."""

from __future__ import annotations

import random
import shutil
from functools import cache
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from amath.core.errors import PositionError
from amath.core.move import Pass
from amath.core.position import Action, Position
from amath.core.rules import AMATH
from amath.core.tiles import BLANK
from amath.engine import native_endgame
from amath.engine.endgame import LIST_COST, solve
from amath.engine.generator import legal_turns, placements
from amath.formats.load import load_game_text

DATA = Path(__file__).parent / "data"
RECORDS = sorted(DATA.glob("*.amr"))
#: The Python solver, and the compiled twin where it was built (it is in CI).
NATIVE = [False] + ([True] if native_endgame.available(Position(AMATH, racks=[["1"], ["2"]], bag={})) else [])


def minimax(pos: Position) -> dict[object, int]:
    """Every legal turn's value (spread still to come for the mover), by plain exhaustive minimax.

    Memoised on the full state (not the hash); no pruning, no ordering, no horizon.
    """
    memo: dict[object, int] = {}
    generated: dict[object, list[tuple[Action, int | None]]] = {}  # move lists by board and rack

    def value(pos: Position) -> int:
        key = pos.state()
        if key not in memo:
            memo[key] = max(turn_values(pos).values())
        return memo[key]

    def turn_values(pos: Position) -> dict[object, int]:
        out: dict[object, int] = {}
        mover = pos.to_move
        where = (tuple(pos.board.items()), pos.rack())
        if where not in generated:
            generated[where] = [(m.place, m.score) for m in placements(pos)] + [(Pass(), None)]
        for move, score in generated[where]:
            before = pos.scores[mover] - pos.scores[1 - mover]
            pos.push(move, score=score)
            if pos.outcome is not None:
                final = pos.outcome.scores
                out[pos.encode(move)] = final[mover] - final[1 - mover] - before
            else:
                gained = pos.scores[mover] - pos.scores[1 - mover] - before
                out[pos.encode(move)] = gained - value(pos)
            pos.pop()
        return out

    return turn_values(pos)


@cache
def _board(path: Path, turns: int) -> Position:
    game = load_game_text(path.read_text())
    while len(game.history) > turns:
        game.pop()
    return game.position.copy()


def _endgame(path: Path, turns: int, seed: int, size: int) -> Position:
    """A small endgame: the board of a recorded game after ``turns`` turns and two racks of
    ``size`` unseen tiles, each with an ``=`` and otherwise mostly digits (so that they play)."""
    base = _board(path, turns)
    pool = [t for t in base.sorted_tiles(base.unseen(0)) + base.rack(0) if t != "?"]
    rng = random.Random(seed)
    racks: list[list[str]] = [[], []]
    for rack in racks:
        rack.append("=")
        pool.remove("=")
    while len(racks[1]) < size:
        for rack in racks:
            digits = [t for t in pool if len(t) == 1 and t.isdigit()]
            tile = rng.choice(digits if rng.random() < 0.7 else pool)
            pool.remove(tile)
            rack.append(tile)
    return Position(AMATH, base.board.copy(), racks, {}, base.scores, rng.randrange(2), 0)


@pytest.mark.parametrize("native", NATIVE)
@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(RECORDS), st.integers(4, 8), st.integers(0, 2**32), st.integers(2, 3))
def test_solver_equals_minimax(native: bool, path: Path, turns: int, seed: int, size: int) -> None:
    pos = _endgame(path, turns, seed, size)
    before = pos.state(), pos.zobrist
    truth = minimax(pos)
    best = max(truth.values())
    result = solve(pos, nodes=10**6, top=3, native=native)
    assert (pos.state(), pos.zobrist) == before
    assert result.exact and result.best.value == best
    assert truth[pos.encode(result.best.move)] == best
    ranked = sorted(truth.values(), reverse=True)
    assert [line.value for line in result.lines] == ranked[: len(result.lines)]
    scores: dict[object, int] = {m.place: m.score for m in placements(pos)}
    for line in result.lines:
        assert truth[pos.encode(line.move)] == line.value
        assert line.spread == line.value + pos.spread()
        assert line.score == scores.get(line.move, 0)
    pushed = 0
    for move in result.best.pv:  # the expected line is a sequence of legal turns
        assert not pos.is_over
        assert move in legal_turns(pos)
        pos.push(move)
        pushed += 1
    for _ in range(pushed):
        pos.pop()


@pytest.mark.parametrize("native", NATIVE)
def test_six_passes_and_play_out_values_are_exact(native: bool) -> None:
    """A blocked rack: the other side's best is to play out (bonus) or to pass the game out."""
    found_out = found_pass = False
    for seed in range(40):
        pos = _endgame(RECORDS[1], 6, seed, 2)
        truth = minimax(pos)
        result = solve(pos, nodes=10**6, native=native)
        assert result.exact and result.best.value == max(truth.values())
        found_pass |= isinstance(result.best.move, Pass)
        last = result.best.pv
        found_out |= len(last) == 1 and not isinstance(last[0], Pass)
        if found_out and found_pass:
            break
    assert found_out and found_pass


@pytest.mark.parametrize("native", NATIVE)
def test_a_small_budget_gives_a_legal_inexact_answer(native: bool) -> None:
    pos = _endgame(RECORDS[0], 6, 11, 3)
    full = solve(pos, nodes=10**6, native=native)
    small = solve(pos, nodes=3, native=native)
    root = LIST_COST + len(placements(pos)) + 1  # listing the root's turns (and the pass) is work the answer cannot skip
    assert full.exact and not small.exact and small.nodes == root and small.depth == 0  # no turn pushed: the list spent it
    assert small.best.move in legal_turns(pos)
    again = solve(pos, nodes=3, native=native)
    assert again.best.move == small.best.move and again.best.value == small.best.value


@pytest.mark.parametrize("native", NATIVE)
def test_the_solver_refuses_what_is_not_an_endgame(native: bool) -> None:
    with pytest.raises(PositionError):
        solve(Position(AMATH, racks=[["1"], ["2"]], bag={"3": 1}), native=native)
    with pytest.raises(PositionError):
        solve(Position(AMATH, racks=[["1"], ["2"], ["3"]], bag={}), native=native)
    hidden = Position(AMATH, racks=[["1"], None], bag={"3": 2, "4": 1}, hidden=[0, 2])
    with pytest.raises(PositionError):
        solve(hidden, native=native)


@pytest.mark.parametrize("native", NATIVE)
@pytest.mark.parametrize("seed", [2, 3])
def test_solver_equals_minimax_on_four_tile_racks(native: bool, seed: int) -> None:
    pos = _endgame(RECORDS[1], 8, seed, 4)
    truth = minimax(pos)
    result = solve(pos, nodes=10**6, top=2, native=native)
    assert len(truth) > 3 and result.exact
    assert [line.value for line in result.lines] == sorted(truth.values(), reverse=True)[:2]


def _full_endgame(path: Path, turns: int, seed: int) -> Position:
    """The board of a recorded game after ``turns`` turns and the unseen tiles dealt to two racks.

    Blanks too, but at most one a rack (a further one is left out of the deal): a rack with
    two or three has tens of thousands of turns, which the searches simulate rather than
    solve (``Budget.blanks``), and made these tests crawl.
    """
    base = _board(path, turns)
    pool = list(base.sorted_tiles(base.unseen(0)) + base.rack(0))
    rng = random.Random(seed)
    rng.shuffle(pool)
    size = min(8, len(pool) // 2)
    racks: list[list[str]] = [[], []]
    deal = iter(pool)
    for rack in racks:
        for t in deal:
            if t == BLANK and BLANK in rack:
                continue
            rack.append(t)
            if len(rack) == size:
                break
    return Position(AMATH, base.board.copy(), racks, {}, base.scores, rng.randrange(2), rng.randrange(3))


def test_full_endgames_deal_at_most_one_blank_a_rack() -> None:
    dealt = [_full_endgame(path, turns, seed) for path in RECORDS for turns in (6, 10, 14) for seed in range(12)]
    assert all(pos.racks[side].get(BLANK, 0) <= 1 for pos in dealt for side in (0, 1))
    assert any(pos.racks[side].get(BLANK, 0) == 1 for pos in dealt for side in (0, 1))
    assert all(sum(pos.racks[side].values()) == 8 for pos in dealt for side in (0, 1))


@pytest.mark.skipif(len(NATIVE) < 2 and shutil.which("cargo") is None, reason="no Rust toolchain")
@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(RECORDS), st.integers(6, 14), st.integers(0, 2**32), st.sampled_from([5, 60, 400, 3000]))
def test_native_solver_searches_exactly_as_the_python_twin(path: Path, turns: int, seed: int, nodes: int) -> None:
    """The same budget gives the same lines, values, exactness, node count and depth (any budget, full racks)."""
    assert len(NATIVE) == 2, "a Rust toolchain is here but the compiled core was not built"
    pos = _full_endgame(path, turns, seed)
    before = pos.state(), pos.zobrist
    twin = solve(pos, nodes=nodes, top=3, native=False)
    fast = solve(pos, nodes=nodes, top=3, native=True)
    assert (pos.state(), pos.zobrist) == before
    assert (fast.exact, fast.nodes, fast.depth) == (twin.exact, twin.nodes, twin.depth)
    assert [(ln.move, ln.value, ln.spread, ln.pv, ln.exact, ln.score) for ln in fast.lines] == [
        (ln.move, ln.value, ln.spread, ln.pv, ln.exact, ln.score) for ln in twin.lines
    ]


def test_an_iteration_sure_to_run_out_of_budget_is_not_started() -> None:
    """Its values would be dropped: the answer is the same (moves, values, exactness, depth) with fewer nodes."""
    from amath.engine.endgame import EndgameSolver

    spared = 0
    for seed in (1, 3):  # full racks without blanks
        pos = _full_endgame(RECORDS[0], 10, seed)
        for nodes in (30, 200, 600):
            runs = []
            for skip in (False, True):
                solver = EndgameSolver(pos, nodes=nodes)
                solver.skip_doomed = skip
                runs.append(solver.solve(top=2))
            full, skipped = runs
            assert [(ln.move, ln.value, ln.exact) for ln in skipped.lines] == [(ln.move, ln.value, ln.exact) for ln in full.lines]
            assert (skipped.exact, skipped.depth) == (full.exact, full.depth)
            assert skipped.nodes <= full.nodes
            spared += skipped.nodes < full.nodes
    assert spared  # some budgets stopped before an iteration they could not finish
