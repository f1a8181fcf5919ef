"""The exact Smath search against the brute force, the rules and itself (complete, top N, best), on every backend.

Positions come from Smath self-play (tests/data/smath_positions.json, made by
benchmarks/make_smath_positions.py); the brute force is
:func:`amath.engine.movegen.reference.generate_reference_lines`, which tries every tile on
every square and lets the rules judge, bounded by the main line's length.  Each test
takes ``search``: the search of one backend (``tests/backends.SMATH_BACKENDS``), with
:func:`amath.engine.movegen.smath.generate_smath`'s arguments; the grammar's own tests are in
tests/test_smath_grammar.py.
"""

from __future__ import annotations

import dataclasses
import itertools
import json
import random
from collections import Counter
from collections.abc import Callable
from functools import cache, lru_cache
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from amath import Game
from amath.core.board import Board, Layout
from amath.core.placement import analyze, check_lines
from amath.core.rules import SMATH, Ruleset, get_ruleset
from amath.core.scoring import score
from amath.engine.movegen import smath
from amath.engine.movegen.lines import grid_of
from amath.engine.movegen.rack import RackInfo
from amath.engine.movegen.reference import generate_reference_lines
from amath.engine.movegen.request import SearchRequest
from amath.engine.movegen.result import GeneratedMove, digest, sort_moves
from amath.engine.movegen.smath import SearchStats, SearchStopped
from amath.engine.movegen.smath_line import build_smath_line
from amath.engine.movegen.smath_walk import placeable
from amath.formats.view import position_from_dict
from backends import SMATH_BACKENDS
from ranking import assert_n_best_by_score

DATA = Path(__file__).resolve().parent / "data" / "smath_positions.json"
SMALL = Layout(("..2..", ".D.3.", "..*..", ".3.D.", "..2.."))


@lru_cache(maxsize=1)
def positions() -> tuple[tuple[Board, tuple[str, ...], tuple[str, ...]], ...]:
    """(board, small rack, full rack) of every stored self-play position."""
    data = json.loads(DATA.read_text(encoding="utf-8"))
    out = []
    for p in data["positions"]:
        pos = position_from_dict(p["position"])
        out.append((pos.board(), tuple(p["small_rack"]), tuple(pos.rack)))
    return tuple(out)


Search = Callable[..., list[GeneratedMove]]


@pytest.fixture(params=sorted(SMATH_BACKENDS))
def search(request: pytest.FixtureRequest) -> Search:
    """The exact Smath search of one backend."""
    return SMATH_BACKENDS[request.param]


def keyset(moves: list[GeneratedMove]) -> set[tuple[object, int]]:
    return {(m.key(), m.score) for m in moves}


def main_length(board: Board, move: GeneratedMove, rules: Ruleset) -> int:
    return len(analyze(board, move.place, rules).lines[0].squares)


def _legal(board: Board, rack: tuple[str, ...], move: GeneratedMove, rules: Ruleset) -> None:
    """The move is legal for ``rack`` on ``board``, takes a rack tile, and scores what the rules say."""
    used = Counter(t.tile for t in move.place.tiles if t.tile not in rules.tiles.free)
    assert used and not used - Counter(rack), move
    analysis = analyze(board, move.place, rules)
    check_lines(analysis, rules)
    assert score(analysis, rules) == move.score


BRUTE_LENGTH = 5
#: Positions whose complete (unbounded) small-rack lists are checked move by move: quick ones, some with a blank.
LEGALITY = [4, 11, 22, 41, 50, 53, 57]
#: A position whose small rack's complete list (344 placements) takes well under a second.
QUICK = 50


DIGESTS = DATA.parent / "smath_brute_digests.json"


@cache
def brute(k: int) -> tuple[GeneratedMove, ...]:
    """The brute force's list for position k's small rack (main lines up to BRUTE_LENGTH), once per process."""
    board, rack, _ = positions()[k]
    return tuple(generate_reference_lines(board, rack, SMATH, max_len=BRUTE_LENGTH))


@lru_cache(maxsize=1)
def brute_digests() -> list[dict[str, object]]:
    """Digests of :func:`brute` for every position, stored by benchmarks/smath_brute_digests.py."""
    data = json.loads(DIGESTS.read_text(encoding="utf-8"))
    assert data["max_len"] == BRUTE_LENGTH
    return list(data["digests"])


@pytest.mark.parametrize("k", range(116))
def test_complete_list_equals_the_brute_force(k: int, search: Search) -> None:
    """Every stored position with its small rack (3-4 tiles, a third with a blank), main lines up to BRUTE_LENGTH.

    The list equals the brute force's, moves, scores and order: run here for racks without a
    blank, and for every rack through the stored digest of the brute force's list (with a
    blank the brute force takes seconds; a test below recomputes some of those digests).
    """
    board, rack, _ = positions()[k]
    mine = search(board, rack, SMATH, max_len=BRUTE_LENGTH)
    assert all(main_length(board, m, SMATH) <= BRUTE_LENGTH for m in mine)
    assert digest(mine) == brute_digests()[k]
    if "?" not in rack:
        assert mine == list(brute(k))


def test_the_stored_brute_force_digests_are_the_brute_force() -> None:
    """Two racks with a blank: the stored digests are what the brute force gives now."""
    blanks = [k for k, (_, rack, _) in enumerate(positions()) if "?" in rack]
    for k in (blanks[1], blanks[-1]):
        assert digest(brute(k)) == brute_digests()[k], k


@pytest.mark.parametrize("k", LEGALITY)
def test_every_move_of_a_complete_list_is_legal_and_scored_right(k: int, search: Search) -> None:
    """No length bound: every placement (long bracketed lines too) as the rules judge and score it."""
    board, rack, _ = positions()[k]
    mine = search(board, rack, SMATH)
    assert keyset(mine) >= keyset(search(board, rack, SMATH, max_len=7))
    for m in mine:
        _legal(board, rack, m, SMATH)


def test_the_positions_are_many_and_not_empty() -> None:
    ps = positions()
    assert len(ps) >= 100
    assert sum("?" in rack for _, rack, _ in ps) >= 20  # blanks
    assert sum(len(b) > 0 for b, _, _ in ps) >= 90
    found = [int(str(d["moves"])) for d in brute_digests()]  # the lists the test above compares
    assert sum(n > 0 for n in found) >= 50 and sum(found) >= 2000, found


@pytest.mark.parametrize("k", [1, 6, 7, 11, 14])
def test_longer_lines_equal_the_brute_force(k: int, search: Search) -> None:
    board, rack, _ = positions()[k]
    rack = tuple(t for t in rack if t != "?")[:3]
    mine = [m for m in search(board, rack, SMATH) if main_length(board, m, SMATH) <= 8]
    assert keyset(mine) == keyset(generate_reference_lines(board, rack, SMATH, max_len=8))


@cache
def three_sided_case() -> tuple[Board, tuple[str, ...], tuple[GeneratedMove, ...]]:
    """``2 = 2`` on the board and ``1 1 + 2``: the best lines have three sides (``1 + 1 = 2 = 2``), the
    brute force's list of main lines up to 7 squares, best first."""
    game = Game(SMATH, seed=1)
    game.set_rack(game.to_move, ["2", "2", "3", "4", "5", "6", "7", "8", "9", "0"])
    game.push_notation("8H 2 = 2")
    rack = ("1", "1", "+", "2")
    return game.board, rack, tuple(sort_moves(generate_reference_lines(game.board, rack, SMATH, max_len=7)))


def test_three_sided_lines_and_shared_sides_after_an_equals_are_not_cut(search: Search) -> None:
    """Sides after an '=' share one node whatever their sum so far, and a further '=' there is
    bounded over every value: the complete list and the top N still equal the brute force, here
    where the best lines are three-sided and cross the fixed ``2 = 2``."""
    board, rack, brute_list = three_sided_case()
    best = brute_list[0]
    placed = {tp.square: tp.face for tp in best.place.tiles}
    fixed = {sq: t.face for sq in analyze(board, best.place, SMATH).lines[0].squares if (t := board.get(sq)) is not None}
    assert [*placed.values(), *fixed.values()].count("=") == 2  # the best is a three-sided line
    assert keyset(search(board, rack, SMATH, max_len=7)) == keyset(list(brute_list))
    for n in (1, 3, 10, 40):
        assert_n_best_by_score(search(board, rack, SMATH, SearchRequest(limit=n), max_len=7), list(brute_list), n)


SMALL_RULES = dataclasses.replace(SMATH, layout=SMALL)


@pytest.mark.parametrize("seed", range(6))
def test_top_n_on_full_racks_equals_the_brute_force_on_a_small_board(seed: int, search: Search) -> None:
    """Ten-tile racks on a 5x5 board, where the brute force sees every line: top N is N best of it."""
    rng = random.Random(seed)
    bag = SMALL_RULES.tiles.bag()
    rack = tuple(rng.sample([t for t in bag if t != "?"], 10))
    board = Board(SMALL)
    full = generate_reference_lines(board, rack, SMALL_RULES)
    assert search(board, rack, SMALL_RULES) == full
    for n in (1, 3, 10):
        assert_n_best_by_score(search(board, rack, SMALL_RULES, SearchRequest(limit=n)), full, n)


def full_rack_case(case: str) -> tuple[Board, tuple[str, ...]]:
    """A ten-tile rack whose searches take seconds: a stored opening rack, or ones and pluses after ``2 = 2``."""
    if case == "opening":
        board, _, rack = positions()[4]
        assert len(board) == 0 and len(rack) == 10 and "?" not in rack
        return board, rack
    game = Game(SMATH, seed=1)
    game.set_rack(game.to_move, ["2", "2", "3", "4", "5", "6", "7", "8", "9", "0"])
    game.push_notation("8H 2 = 2")
    return game.board, ("10", "1", "1", "1", "1", "1", "+", "+", "+", "+")


@pytest.mark.parametrize("case", ["opening", "ones"])
def test_top_n_on_full_racks_is_n_best_of_the_complete_order(case: str, search: Search) -> None:
    """Full racks on the real board: the N best are N of every placement scoring at least the N-th, in order."""
    board, rack = full_rack_case(case)
    top = search(board, rack, SMATH, SearchRequest(limit=20))
    assert len(top) == 20
    for m in top:
        _legal(board, rack, m, SMATH)
    above = search(board, rack, SMATH, SearchRequest(min_score=top[-1].score))
    assert_n_best_by_score(top, sort_moves(above), 20)
    assert all(m.score >= top[-1].score for m in above) and len(above) >= 20
    assert_n_best_by_score(search(board, rack, SMATH, SearchRequest(limit=1)), sort_moves(above), 1)


def test_ties_across_the_boundary_give_n_of_the_tied(search: Search) -> None:
    """Once N are held a tie of the N-th is cut (docs/rules.md "N best"): the list is still N best, in order."""
    board, rack, _ = positions()[QUICK]
    full = search(board, rack, SMATH)
    scores = [m.score for m in full]
    n = next(i for i in range(1, len(scores)) if scores[i] == scores[i - 1])  # a tie across the cut
    assert_n_best_by_score(search(board, rack, SMATH, SearchRequest(limit=n)), full, n)


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 10_000), size=st.integers(2, 3))
def test_random_positions_equal_the_brute_force(seed: int, size: int, search: Search) -> None:
    rng = random.Random(seed)
    board, _, _ = positions()[rng.randrange(len(positions()))]
    pool = Counter(SMATH.tiles.counts)
    pool.subtract(t.tile for _, t in board.items())
    rack = tuple(rng.sample(sorted((+pool).elements()), size))
    mine = search(board, rack, SMATH, max_len=5)
    assert mine == generate_reference_lines(board, rack, SMATH, max_len=5)


def test_never_a_placement_of_free_tiles_alone(search: Search) -> None:
    """A rack that fits nowhere: brackets around board tiles would make true lines, but are no play."""
    for board, _, _ in positions()[:10]:
        if len(board) == 0:
            continue
        for m in search(board, ("12",), SMATH):
            assert any(t.tile == "12" for t in m.place.tiles)
        brute = generate_reference_lines(board, ("12",), SMATH, max_len=5)
        assert all(any(t.tile == "12" for t in m.place.tiles) for m in brute)


@pytest.mark.parametrize("variant", ["smath+beginners", "smath+primary", "smath+coop", "smath+beginners+primary"])
@pytest.mark.parametrize("k", [7, 11])
def test_options_equal_the_brute_force(variant: str, k: int, search: Search) -> None:
    rules = get_ruleset(variant)
    board, rack, _ = positions()[k]
    rack = tuple(t for t in rack if t in rules.tiles.counts)[:3]
    empty = Board(rules.layout)
    own = all(t.tile in rules.tiles.counts or t.tile in rules.tiles.free for _, t in board.items())
    for b in (empty, board) if own else (empty,):  # a Beginners board holds no brackets or x, /
        mine = [m for m in search(b, rack, rules) if main_length(b, m, rules) <= 5]
        assert keyset(mine) == keyset(generate_reference_lines(b, rack, rules, max_len=5))


def test_a_node_limit_says_it_stopped(search: Search) -> None:
    board, rack, _ = positions()[QUICK]
    full = keyset(search(board, rack, SMATH))
    with pytest.raises(SearchStopped, match="not complete") as stopped:
        search(board, rack, SMATH, SearchRequest(max_nodes=300))
    assert keyset(stopped.value.found) <= full
    stats = SearchStats()
    search(board, rack, SMATH, stats=stats)
    assert stats.nodes > 300  # the limit really cut the search short


def test_a_stopped_search_keeps_what_its_last_finished_pass_found(search: Search) -> None:
    """A top-N search runs passes at falling thresholds; one that finds fewer than N has the
    best there are so far, and a budget that stops the next pass before it finds them again
    still returns them: what a stopped search returns never shrinks as its budget grows."""
    board, rack, _ = positions()[0]
    full = search(board, rack, SMATH)
    stats = SearchStats()
    search(board, rack, SMATH, SearchRequest(limit=5), stats=stats)
    found: list[int] = []
    for budget in range(stats.nodes // 13, stats.nodes, stats.nodes // 13):
        with pytest.raises(SearchStopped) as stopped:
            search(board, rack, SMATH, SearchRequest(limit=5, max_nodes=budget))
        got = stopped.value.found
        assert keyset(got) <= keyset(full) and len(got) <= 5
        found.append(len(got))
    assert found == sorted(found) and found[-1] > 0


def test_a_stopped_top_n_search_returns_what_its_probe_found(search: Search) -> None:
    """Within a small budget the exact passes of a full rack stop above the best with nothing found;
    the probe the budget keeps nodes for still finds placements: legal, scored right, best first,
    none above the best."""
    board, _, rack = positions()[0]
    best = search(board, rack, SMATH, SearchRequest(limit=1))[0].score
    with pytest.raises(SearchStopped) as stopped:
        search(board, rack, SMATH, SearchRequest(limit=3, max_nodes=2000))
    got = stopped.value.found
    assert len(got) == 3
    for move in got:
        _legal(board, rack, move, SMATH)
    assert [m.score for m in got] == sorted((m.score for m in got), reverse=True) and got[0].score <= best


def test_without_the_probe_that_budget_finds_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    """The test above measures the probe: with no nodes for it the same search returns nothing."""
    monkeypatch.setattr(smath, "PROBE_NODES", 0)
    board, _, rack = positions()[0]
    with pytest.raises(SearchStopped) as stopped:
        smath.generate_smath(board, rack, SMATH, SearchRequest(limit=3, max_nodes=2000))
    assert stopped.value.found == []


def test_leave_ranks_by_score_plus_leave(search: Search) -> None:
    board, rack, _ = positions()[QUICK]
    full = search(board, rack, SMATH)

    def leave(kept: tuple[str, ...]) -> float:
        return 3.0 * len(kept)  # favours short plays

    def equity(m: GeneratedMove) -> float:
        kept = Counter(rack)
        kept.subtract(t.tile for t in m.place.tiles if t.tile not in SMATH.tiles.free)
        return m.score + leave(tuple((+kept).elements()))

    best = search(board, rack, SMATH, SearchRequest(limit=1, leave=leave))
    assert best and equity(best[0]) == max(equity(m) for m in full)


def _most_placed(r: int, numbers: int, after_number: bool, fixed_seps: int, needed: int, empty: int) -> int:
    """By exhaustive search: the most rack tiles a run of at most ``empty`` squares takes, numbers never touching.

    A run is a sequence of rack numbers N, other rack tiles O and free tiles F, one a square,
    with up to ``fixed_seps`` fixed non-numbers (no square of their own) anywhere between; at
    least ``needed`` free tiles; no N right after an N (nor first, after a number just read).
    """

    @cache
    def most(squares: int, n: int, o: int, s: int, f: int, last_n: bool) -> int:
        best = 0 if f == 0 else -1  # -1: this run cannot end here (free tiles still owed)
        options = []
        if squares and n and not last_n:
            options.append((1, most(squares - 1, n - 1, o, s, f, True)))
        if squares and o:
            options.append((1, most(squares - 1, n, o - 1, s, f, False)))
        if squares:
            options.append((0, most(squares - 1, n, o, s, max(0, f - 1), False)))
        if s:
            options.append((0, most(squares, n, o, s - 1, f, False)))
        for gain, rest in options:
            if rest >= 0:
                best = max(best, gain + rest)
        return best

    return max(0, most(empty, numbers, r - numbers, fixed_seps, needed, after_number))


def test_placeable_is_the_most_a_run_can_take() -> None:
    """The value-free bound's count of rack tiles that still fit: never fewer than a real run takes (the
    bound stays an upper bound), and no more either on these small cases."""
    for r, numbers, after, fixed, needed, empty in itertools.product(range(6), range(6), (False, True), range(3), range(3), range(10)):
        if numbers > r:
            continue
        got = placeable(r, numbers, after, fixed + r - numbers, needed, empty)
        assert got == _most_placed(r, numbers, after, fixed, needed, empty), (r, numbers, after, fixed, needed, empty)


def test_the_table_budget_fits_the_machine() -> None:
    """64 M entries where half the memory holds them; on a smaller machine what half holds (at least 1 M)."""
    assert smath.table_budget(None) == 64_000_000
    assert smath.table_budget(64 << 30) == 64_000_000
    small = smath.table_budget(4 << 30)
    assert small < 64_000_000 and small * smath.ENTRY_BYTES <= 2 << 30
    assert smath.table_budget(1 << 20) == 1_000_000
    assert smath.table_budget(smath._memory()) == smath.TABLE_ENTRIES


def test_a_square_nothing_can_fill_ends_the_line() -> None:
    """Stored position #8, bottom row: the square under the column ``0 - 3 + 10 = 7 = 7 = 7`` takes
    no tile of the rack and no free one (each would break that column), so a line from the
    left edge ends before it.  Its bounds stop there too: they count the triple-equation squares
    at 0 and 7, not the far corner's, which only a line through the blocked square could reach."""
    board, _, rack = positions()[8]
    line = build_smath_line(grid_of(board), 14, True, SMATH, RackInfo.of(list(rack), SMATH))
    assert [i for i in range(15) if line.kind[i] < 0 and not line.cands[i]] == [9] and line.hook[9]
    assert line.reach[0] == line.reach[9] == 9 and line.reach[10] == 15
    assert (line.emult_suffix[0], line.emult_suffix[8], line.emult_suffix[10]) == (9, 1, 3)
    assert (line.empty_suffix[0], line.empty_suffix[10]) == (9, 5)
    # nothing before the block touches the board: no line starts there
    assert line.touch_prefix[line.reach[0]] - line.touch_prefix[0] == 0
