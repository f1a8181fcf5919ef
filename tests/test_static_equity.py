"""The one static equity (score + leave) and the generators' top-by-equity on every backend."""

from __future__ import annotations

import json
import random
import shutil
from functools import lru_cache

import pytest

from amath.core.board import Board
from amath.core.errors import AmathError, PositionError
from amath.core.move import Exchange, Pass, Place
from amath.core.rules import AMATH
from amath.engine import Budget, best
from amath.engine.equity import StaticEquity
from amath.engine.generator import get_generator, native_available
from amath.engine.leaves.table import HANDSET
from amath.engine.movegen import native
from amath.engine.movegen.rack_leaves import RackLeaves, top_equity
from amath.engine.movegen.result import GeneratedMove
from amath.engine.static import Turns, ranked, to_units
from amath.formats.view import position_from_dict
from amath.game import Game
from amath.players.equity import EquityPlayer
from amath.study.analyze import analyze_turn
from movegen_cases import CORPUS

BACKENDS = ["python", "native"] if native_available() else ["python"]


@lru_cache(maxsize=1)
def corpus() -> list[dict[str, object]]:
    positions: list[dict[str, object]] = json.loads(CORPUS.read_text(encoding="utf-8"))["positions"]
    return positions


def corpus_position(index: int, blanks: int) -> tuple[Board, list[str]] | None:
    entry = corpus()[index]
    racks = entry["racks"]
    assert isinstance(racks, dict)
    rack = racks.get(str(blanks))
    if rack is None:
        return None
    return position_from_dict(entry["position"]).board(), list(rack)


def lumpy_table(rack: list[str], seed: int) -> RackLeaves:
    """A seeded table of few distinct values, so many moves tie on score + leave."""
    rng = random.Random(seed)
    return RackLeaves.build(rack, lambda kept: 100 * rng.randint(-3, 3))


def twin(moves: list[GeneratedMove], leaves: RackLeaves, k: int) -> list[tuple[GeneratedMove, int]]:
    """The ranking written out plainly: a stable sort of the generator's list by value."""
    valued = [(m, m.score * leaves.unit + leaves.values[leaves.index(m.place.rack_tiles)]) for m in moves]
    return sorted(valued, key=lambda mv: -mv[1])[:k]


def test_a_rack_table_indexes_every_part_once() -> None:
    """Indices run over every multiset of tiles used; used and kept split the rack."""
    rack = ["1", "1", "=", "?", "+"]
    table = RackLeaves.build(rack, lambda kept: len(kept))
    assert len(table.values) == 3 * 2 * 2 * 2
    seen = set()
    for i in range(len(table.values)):
        used, kept = table.used(i), table.kept(i)
        assert sorted(used + kept) == sorted(rack)
        assert table.index(used) == i and table.values[i] == len(kept)
        seen.add(used)
    assert len(seen) == len(table.values)
    assert table.fits(["+", "?", "=", "1", "1"]) and not table.fits(["1", "="])
    with pytest.raises(AmathError, match="does not hold") as err:
        table.index(["1", "1", "1"])
    assert err.value.code == "not_on_rack"


@pytest.mark.parametrize("backend", BACKENDS)
def test_top_equity_is_the_stable_sort_of_the_generators_list(backend: str) -> None:
    """Small racks on corpus boards: every backend ranks as the plain sort (moves, values, ties)."""
    gen = get_generator(backend)
    rng = random.Random(5)
    checked = ties = 0
    for index in range(0, len(corpus()), 6):
        found = corpus_position(index, 0)
        assert found is not None
        board, full = found
        rack = rng.sample(full, 7)
        moves = gen.generate(board, rack, AMATH)
        leaves = lumpy_table(rack, index)
        expected = twin(moves, leaves, len(moves))
        for k in (0, 1, 7, len(moves) + 3):
            assert gen.top_equity(board, rack, AMATH, k, leaves) == expected[:k], f"corpus {index}, k={k}"
        values = [v for _, v in expected]
        ties += len(values) - len(set(values))
        checked += len(moves)
    assert checked > 100 and ties > 10, "the cases must include many moves and many ties"


@pytest.mark.skipif(not native.available() and shutil.which("cargo") is None, reason="no Rust toolchain")
@pytest.mark.parametrize("blanks", [0, 1])
def test_native_top_equity_equals_the_python_twin_on_full_racks(blanks: int) -> None:
    """Full corpus racks (with a blank too): Rust's ranking = the Python twin's on the same list."""
    for index in range(0, len(corpus()), 7):
        found = corpus_position(index, blanks)
        if found is None:
            continue
        board, rack = found
        leaves = RackLeaves.build(rack, lambda kept: to_units(HANDSET.value(kept)))
        moves = native.generate(board, rack, AMATH)
        for k in (1, 10, 300):
            assert native.top_equity(board, rack, AMATH, k, leaves) == top_equity(moves, leaves, k) == twin(moves, leaves, k)


@pytest.mark.skipif(not native.available() and shutil.which("cargo") is None, reason="no Rust toolchain")
@pytest.mark.parametrize("index", [10, 50, 80])
def test_native_top_equity_with_two_blanks_equals_the_python_twin(index: int) -> None:
    """Two blanks: Rust searches once per number of blanks placed (the two-blank search with
    an aspiration window); the ranking is still the twin's on the complete list."""
    found = corpus_position(index, 2)
    assert found is not None
    board, rack = found
    assert rack.count("?") == 2
    moves = native.generate(board, rack, AMATH)
    for leaves in (RackLeaves.build(rack, lambda kept: to_units(HANDSET.value(kept))), lumpy_table(rack, index)):
        for k in (1, 10, 300):
            assert native.top_equity(board, rack, AMATH, k, leaves) == top_equity(moves, leaves, k), f"corpus {index}, k={k}"


@pytest.mark.parametrize("backend", BACKENDS)
def test_the_leave_can_outweigh_the_score(backend: str) -> None:
    """A table that prizes keeping the tile the top-scoring move plays puts another move first."""
    gen = get_generator(backend)
    found = corpus_position(3, 0)
    assert found is not None
    board, rack = found
    moves = gen.generate(board, rack, AMATH)
    prized = moves[0].place.rack_tiles[0]
    leaves = RackLeaves.build(rack, lambda kept: 10_000 * kept.count(prized))
    top = gen.top_equity(board, rack, AMATH, 1, leaves)
    kept = [rack.count(prized) - m.place.rack_tiles.count(prized) for m in moves]
    most = max(kept)
    assert most > kept[0], "some move keeps more of the prized tile than the top-scoring one"
    first = next(m for m, n in zip(moves, kept) if n == most)
    assert top == [(first, first.score * 100 + 10_000 * most)] and first != moves[0]


@pytest.mark.parametrize("backend", BACKENDS)
def test_top_equity_refuses_a_table_of_another_rack_and_a_negative_count(backend: str) -> None:
    gen = get_generator(backend)
    board = Board(AMATH.layout)
    leaves = RackLeaves.build(["1", "=", "1"], lambda kept: 0)
    with pytest.raises(PositionError) as err:
        gen.top_equity(board, ["1", "=", "2"], AMATH, 3, leaves)
    assert err.value.code == "leaves_for_other_rack"
    with pytest.raises(AmathError) as err2:
        gen.top_equity(board, ["1", "=", "1"], AMATH, -1, leaves)
    assert err2.value.code == "bad_move_count"


def test_exchanges_and_pass_are_valued_by_the_tiles_kept() -> None:
    """An exchange scores 0 and is worth its leave; a pass keeps the whole rack."""
    game = Game(AMATH, seed=3)
    game.set_rack(game.to_move, ["17", "18", "19", "20", "13", "14", "15", "16"])  # no '=': no placement
    turns = Turns.of(game.board, game.racks[game.to_move], AMATH, len(game.bag), StaticEquity(HANDSET))
    assert turns.placements() == []
    swaps = turns.exchanges()
    assert len(swaps) == 2**8 - 1  # every non-empty part of eight different tiles
    for c in swaps:
        assert isinstance(c.move, Exchange) and c.score == 0
        kept = sorted(set(game.racks[game.to_move]) - set(c.move.tiles))
        assert c.value == to_units(HANDSET.value(kept))
    assert [c.value for c in swaps] == sorted((c.value for c in swaps), reverse=True)
    assert turns.pass_turn().value == to_units(HANDSET.value(game.racks[game.to_move]))
    move = EquityPlayer(0).choose(game)
    assert move == swaps[0].move  # no placement: the bot exchanges rather than pass


def test_the_best_exchange_is_the_first_of_the_ranked_exchanges() -> None:
    """``best_exchange`` (the play-outs' static turn asks for it) is ``exchanges()[0]``: the same
    value, and on ties the fewest tiles, then by name; none when the bag forbids exchanging.
    Racks with repeated tiles and a coarse table make ties; small bags allow only some sizes."""
    from amath.core.rules import SMATH
    from amath.engine.leaves.table import LeaveTable

    coarse = StaticEquity(LeaveTable({t: float(len(t) % 2) for t in AMATH.tiles.names()}, name="coarse"))
    rng = random.Random(5)
    checked = ties = limited = 0
    for rules in (AMATH, SMATH):
        names = sorted(rules.tiles.counts)
        for equity in (StaticEquity(HANDSET), coarse):
            for _ in range(60):
                rack = [rng.choice(names) for _ in range(rng.randint(1, rules.rack_size))]
                for bag in (0, 3, 4, 5, 7, 30):
                    turns = Turns.of(Board(rules.layout), rack, rules, bag, equity)
                    swaps = turns.exchanges()
                    assert turns.best_exchange() == (swaps[0] if swaps else None)
                    checked += bool(swaps)
                    ties += len(swaps) > 1 and swaps[0].value == swaps[1].value
                    limited += bool(swaps) and not rules.can_exchange(sum(turns.leaves.counts), bag)
    assert checked and ties and limited


def test_with_the_bag_empty_a_kept_tile_costs_its_points() -> None:
    """Bag empty before the turn: the leave is minus the points kept (exactly, in hundredths)."""
    rack = ["13", "=", "1"]
    turns = Turns.of(Board(AMATH.layout), rack, AMATH, 0, StaticEquity(HANDSET))
    table = turns.leaves
    assert table.values[table.index([])] == -100 * AMATH.tiles.value(rack)
    assert table.values[table.index(["13"])] == -100 * AMATH.tiles.value(["=", "1"])
    assert turns.exchanges() == [] and turns.best().move == Pass()


def test_a_scoreless_turn_that_may_end_the_game_keeps_its_tiles_at_their_end_value() -> None:
    """One round of scoreless turns ends a Smath game, and an exchange counts as one: its tiles
    are valued as at the end (minus their points), whatever the bag holds.  In A-Math an
    exchange is never scoreless, and a pass is valued so only from the fifth scoreless turn
    between two players (one more each ends the game)."""
    from amath.core.rules import SMATH
    from amath.engine.sim import _leave_after

    equity = StaticEquity(HANDSET)

    def worth(kept: list[str], rules: object, bag: int) -> int:
        return to_units(equity.leave_value(kept, rules, bag))  # type: ignore[arg-type]

    def rest(rack: list[str], taken: tuple[str, ...]) -> list[str]:
        kept = list(rack)
        for t in taken:
            kept.remove(t)
        return kept

    rack = ["7", "9", "12", "9", "7", "+", "-", "1", "3", "="]
    turns = Turns.of(Board(SMATH.layout), rack, SMATH, 30, equity)
    swaps = turns.exchanges()
    kept = [(c.value, rest(rack, c.move.tiles)) for c in swaps if isinstance(c.move, Exchange)]
    assert len(kept) == len(swaps) > 0 and all(value == worth(k, SMATH, 0) for value, k in kept)
    assert any(worth(k, SMATH, 0) != worth(k, SMATH, 30) for _, k in kept)
    assert turns.pass_turn().value == worth(rack, SMATH, 0)
    pos = Game(SMATH, seed=1).position.copy()
    mine = list(pos.rack())
    swap = Exchange(tuple(mine[:3]))
    assert _leave_after(pos, mine, swap, equity) == worth(mine[3:], SMATH, 0)

    game = Game(AMATH, seed=3)
    rack = ["17", "18", "19", "20", "13", "14", "15", "16"]
    for scoreless, pass_bag in ((0, 30), (3, 30), (4, 0)):
        turns = Turns.of(game.board, rack, AMATH, 30, equity, scoreless=scoreless, sides=2)
        assert all(c.value == worth(rest(rack, c.move.tiles), AMATH, 30) for c in turns.exchanges() if isinstance(c.move, Exchange))
        assert turns.pass_turn().value == worth(rack, AMATH, pass_bag)
    assert worth(rack, AMATH, 0) != worth(rack, AMATH, 30)


@pytest.mark.parametrize("backend", BACKENDS)
def test_the_bot_the_search_and_the_analysis_agree_on_the_best_turn(backend: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """One static equity: the equity bot, ``best`` at budget 0, the sim candidates and the analysis."""
    monkeypatch.setenv("AMATH_ENGINE", backend)
    for seed in (2, 8):
        game = Game(AMATH, seed=seed)
        for _ in range(6):  # a few greedy turns to open the board
            game.push(EquityPlayer(seed).choose(game))
        calc = StaticEquity(HANDSET)
        bot = EquityPlayer(0, HANDSET)
        chosen = bot.choose(game)
        pos = game.position.seen_by(game.to_move)
        top = ranked(pos, calc, exchanges=3)
        plays = best(pos, Budget(iterations=0, nodes=0), equity=calc, top=3)
        assert plays[0].move == top[0].move
        assert plays[0].equity == pytest.approx(top[0].equity)
        if not isinstance(top[0].move, Pass):
            assert chosen == top[0].move
        turn = game.push(chosen)
        game.pop()
        report = analyze_turn(1, turn, game.board, len(game.bag), AMATH, leaves=HANDSET)
        assert report.equity_rank == 1 and report.equity == pytest.approx(top[0].equity)
        if isinstance(chosen, Place):
            assert report.best and max(o.equity for o in report.best) == pytest.approx(report.equity)


@pytest.mark.parametrize("variant", ["a-math", "smath", "smath+coop", "smath+beginners+primary"])
def test_each_ruleset_plays_a_leave_table_fitted_on_its_own_tiles(variant: str) -> None:
    # Smath once played the A-Math table: its `no_equals` term paid +15 for every leave
    # (Smath racks hold no '='), its blank +22.5 a tile, so the equity bot hoarded blanks and
    # exchanged (docs/journal/bots.md, "Smath's own leave table")
    from amath.core.rules import RULESETS, get_ruleset
    from amath.engine.leaves.fitted import played_tables
    from amath.engine.static import default_equity

    rules = get_ruleset(variant)
    table = played_tables()[rules.base]
    assert set(table.tiles) == set(RULESETS[rules.base].tiles.counts)
    calculator = default_equity()
    assert isinstance(calculator, StaticEquity) and calculator.table(rules) is table


@pytest.mark.parametrize("variant", ["a-math", "smath"])
def test_the_bots_play_each_fitted_table_at_its_rulesets_weight(variant: str) -> None:
    # Smath's leaves weigh half against the score (a 1,000-game match, docs/bots.md
    # "Leave values"); the fitted tables themselves stay as the fit wrote them
    from amath.core.rules import get_ruleset
    from amath.engine.leaves.fitted import LEAVE_WEIGHT, fitted_tables
    from amath.engine.static import default_equity

    rules = get_ruleset(variant)
    weight = LEAVE_WEIGHT.get(rules.base, 1.0)
    fitted, played = fitted_tables()[rules.base], default_equity()
    for leave in (["7"], ["+", "?", "3"], ["4", "4", "1"], ["-"]):
        assert played.leave_value(leave, rules, 20) == pytest.approx(weight * fitted.value(leave))
        assert played.leave_value(leave, rules, 0) == -rules.tiles.value(leave)  # the end-of-game worth: not a leave
    assert LEAVE_WEIGHT["smath"] == 0.5 and fitted.value(["7"]) != 0.0  # so the weight is seen
