"""The compiled Smath search (``amath.engine.movegen._native.smath``) against its Python twin, and its boundary.

The twin is :func:`amath.engine.movegen.smath.generate_smath`; the Rust port walks the same
nodes in the same order, so besides equal moves (same scores, same order, same top N and
ties) the node counts are equal too, and a node budget stops both at the same place with
the same placements found.  Positions are made by playing a few seeded moves from the
empty board; racks include blanks; Primary and Beginners are checked as well.
"""

from __future__ import annotations

import dataclasses
import random
import shutil
from functools import cache
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from amath.core.board import Board, Layout, PlacedTile
from amath.core.errors import AmathError
from amath.core.rules import SMATH, Ruleset, smath_variant
from amath.engine.movegen import native, smath
from amath.engine.movegen.request import SearchRequest
from amath.engine.movegen.result import GeneratedMove
from amath.engine.movegen.smath import SearchStats, SearchStopped
from ranking import assert_n_best_by_score

pytestmark = pytest.mark.skipif(not native.available() and shutil.which("cargo") is None, reason="no Rust toolchain")

SMALL = dataclasses.replace(SMATH, name="smath-5x5", layout=Layout(("..2..", ".D.3.", "..*..", ".3.D.", "..2..")))


def bag(rules: Ruleset, blanks: bool = True) -> list[str]:
    return [t for t, n in rules.tiles.counts.items() for _ in range(n) if blanks or t != "?"]


BAG = bag(SMATH)
PLAIN = bag(SMATH, blanks=False)  # racks without blanks keep the twin's complete lists quick


def _both(
    board: Board, rack: list[str], rules: Ruleset, **kw: Any
) -> tuple[tuple[list[GeneratedMove] | str, SearchStats], tuple[list[GeneratedMove] | str, SearchStats]]:
    """(moves or 'stopped', stats) from the native search and from the twin (``kw``: a SearchRequest's fields, and max_len)."""
    request = SearchRequest(**{k: v for k, v in kw.items() if k != "max_len"})
    out = []
    for fn in (native.generate_smath, smath.generate_smath):
        stats = SearchStats()
        try:
            moves: list[GeneratedMove] | str = fn(board, rack, rules, request, stats=stats, max_len=kw.get("max_len"))
        except SearchStopped as stop:
            moves = f"stopped after {stop.nodes} with {[(m.key(), m.score) for m in stop.found]}"
        out.append((moves, stats))
    return out[0], out[1]


def assert_same(board: Board, rack: list[str], rules: Ruleset, **kw: Any) -> list[GeneratedMove] | str:
    (mine, ms), (twin, ts) = _both(board, rack, rules, **kw)
    assert mine == twin
    assert (ms.nodes, ms.found, ms.pruned, ms.entries, ms.capped) == (ts.nodes, ts.found, ts.pruned, ts.entries, ts.capped)
    return mine


@cache
def boards(rules: Ruleset, seed: int, turns: int) -> tuple[Board, ...]:
    """Boards after 0..turns seeded placements of small racks (chosen among the best few)."""
    rng = random.Random(seed)
    board = Board(rules.layout)
    out = [board.copy()]
    for _ in range(turns):
        rack = rng.sample(bag(rules), 5)
        moves = native.generate_smath(board, rack, rules, SearchRequest(limit=6))
        if not moves:
            continue
        for play in rng.choice(moves).place.tiles:
            board.put(play.square, PlacedTile(play.tile, play.face))
        out.append(board.copy())
    return tuple(out)


def racks(seed: int, size: int, count: int, pool: list[str] = PLAIN) -> list[list[str]]:
    rng = random.Random(seed)
    return [rng.sample(pool, size) for _ in range(count)]


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_complete_lists_equal_the_twin_on_small_racks(seed: int) -> None:
    for board in boards(SMATH, seed, 3):
        for rack in racks(seed, 3, 2):
            assert_same(board, rack, SMATH)
    assert_same(boards(SMATH, seed, 1)[-1], ["?", "4"], SMATH)  # a blank: every number and sign


@pytest.mark.parametrize("limit", [1, 5, 20])
def test_top_n_equals_the_twin(limit: int) -> None:
    for board in boards(SMATH, 7, 2)[1:]:
        for rack in racks(limit, 4, 2):
            moves = assert_same(board, rack, SMATH, limit=limit)
            assert isinstance(moves, list) and len(moves) <= limit


def test_passes_over_their_cap_as_the_twin_and_still_exact() -> None:
    """A pass that runs over its cap (``smath.CAP_GROWTH``) is tried again higher up: both twins
    do so at the same nodes, and the N best are N best of what one pass at the N-th score lists."""
    capped = 0
    for board in boards(SMATH, 5, 3)[1:]:
        for rack in racks(5, 5, 3):
            for limit in (1, 3):
                moves = assert_same(board, rack, SMATH, limit=limit)
                assert isinstance(moves, list) and moves
                stats = SearchStats()
                native.generate_smath(board, rack, SMATH, SearchRequest(limit=limit), stats=stats)
                capped += stats.capped
                assert_n_best_by_score(moves, native.generate_smath(board, rack, SMATH, SearchRequest(min_score=moves[-1].score)), limit)
    assert capped > 0


def test_top_n_is_n_best_of_the_complete_list_on_full_racks() -> None:
    """On a 5x5 board the complete list of a 10-tile rack is small: top N is N best of it."""
    for board in boards(SMALL, 3, 2):
        for rack in racks(11, 10, 3):
            everything = native.generate_smath(board, rack, SMALL)
            assert everything == smath.generate_smath(board, rack, SMALL)
            for n in (1, 3, 10):
                assert_n_best_by_score(native.generate_smath(board, rack, SMALL, SearchRequest(limit=n)), everything, n)


def test_a_node_budget_stops_both_at_the_same_place() -> None:
    board = boards(SMALL, 2, 2)[-1]
    rack = ["?", "3", "+", "8", "/", "2"]
    (_, full), _ = _both(board, rack, SMALL)
    assert full.nodes > 500
    for budget in (50, full.nodes // 3, full.nodes - 1):
        stopped = assert_same(board, rack, SMALL, max_nodes=budget)
        assert isinstance(stopped, str) and stopped.startswith(f"stopped after {budget + 1} ")
    assert isinstance(assert_same(board, rack, SMALL, max_nodes=full.nodes), list)


def test_a_table_budget_stops_both_at_the_same_place(monkeypatch: pytest.MonkeyPatch) -> None:
    """The memory budget (``TABLE_ENTRIES``, in table entries) stops both twins at the same node with
    the same placements and says so; at exactly what the search builds it does not stop."""
    board = boards(SMALL, 2, 2)[-1]
    rack = ["?", "3", "+", "8", "/", "2"]
    (everything, full), _ = _both(board, rack, SMALL)
    assert isinstance(everything, list) and full.entries > full.nodes > 500
    for budget in (100, full.entries // 3, full.entries - 1):
        monkeypatch.setattr(smath, "TABLE_ENTRIES", budget)
        for fn in (native.generate_smath, smath.generate_smath):
            with pytest.raises(SearchStopped) as stop:
                fn(board, rack, SMALL)
            assert stop.value.code == "search_tables" and stop.value.entries > budget
            # what it found stands; only the last entries may come after the last placement
            assert len(stop.value.found) <= len(everything) and "tables reached" in str(stop.value)
            assert budget == full.entries - 1 or len(stop.value.found) < len(everything)
        assert isinstance(assert_same(board, rack, SMALL), str)
        assert isinstance(assert_same(board, rack, SMALL, limit=3), (str, list))  # a top-N search, with its passes
    monkeypatch.setattr(smath, "TABLE_ENTRIES", full.entries)
    assert assert_same(board, rack, SMALL) == everything


def _off_the_centre_lines(rules: Ruleset) -> Ruleset:
    """``rules`` with one premium moved where no first play reaches (row 1, off the centre row
    and column), so its layout no longer mirrors in the diagonal."""
    rows = list(rules.layout.rows)
    other = "2" if rows[0][1] != "2" else "."
    rows[0] = rows[0][0] + other + rows[0][2:]
    return dataclasses.replace(rules, name=rules.name + "-askew", layout=Layout(tuple(rows)))


@pytest.mark.parametrize("beginners", [False, True])
def test_a_first_play_searched_once_and_mirrored_is_the_search_of_both_lines(beginners: bool) -> None:
    """On an empty board whose premiums mirror in the diagonal the centre column is the centre
    row transposed: the search walks the row alone and keeps each placement with its mirror.
    The list equals that of the same search on a layout that does not mirror (one premium moved
    off both centre lines), moves, scores and order, on both twins; the top N of each are N best
    of that list, and the complete list takes exactly half the nodes.  (Where a first play may lie
    anywhere, Primary, every line is reachable: the brute-force suite covers that empty board.)"""
    rules = smath_variant(beginners=beginners)
    assert rules.first_play == "end_on_centre"
    askew = _off_the_centre_lines(rules)
    assert rules.layout.transposable() and not askew.layout.transposable()
    empty = Board(rules.layout)
    for rack in racks(21, 3, 3) + [["?", "7"]]:
        rack = [t for t in rack if t in rules.tiles.counts]
        (full, ms), _ = _both(empty, rack, rules)
        (plain, ps), _ = _both(Board(askew.layout), rack, askew)
        assert full == plain and isinstance(full, list)
        assert_same(empty, rack, rules)
        assert 2 * ms.nodes == ps.nodes and ms.found == ps.found == len(full)
        placed = {tuple(sorted(m.key())) for m in full}
        mirror = {tuple(sorted((c, r, *rest) for r, c, *rest in key)) for key in placed}
        assert mirror == placed
        for n in (1, 7):
            for top in (assert_same(empty, rack, rules, limit=n), assert_same(Board(askew.layout), rack, askew, limit=n)):
                assert isinstance(top, list)
                assert_n_best_by_score(top, full, n)


def test_a_stopped_top_n_search_and_its_probe_as_the_twin() -> None:
    """A top-N search within a budget keeps part of it for the probe: both twins stop at the same
    node with the same placements, the probe's among them (at 60,000 nodes its share is more than one start square's slice)."""
    board = boards(SMATH, 7, 2)[-1]
    probed = 0
    for rack in racks(5, 10, 2):
        for budget in (1000, 5000, 60000):
            stopped = assert_same(board, rack, SMATH, limit=3, max_nodes=budget)
            if isinstance(stopped, str):
                probed += "with []" not in stopped
    assert probed > 0


def _leave(kept: tuple[str, ...]) -> float:
    """A leave that prefers keeping operators and dislikes duplicates (deterministic, fractional)."""
    return sum(1.5 if t in "+-*/" else -0.25 for t in kept) - 0.75 * (len(kept) - len(set(kept)))


@pytest.mark.parametrize("limit", [None, 3])
def test_leave_min_score_and_max_len_as_the_twin(limit: int | None) -> None:
    board = boards(SMATH, 5, 2)[-1]
    for rack in racks(21, 3, 2):
        assert_same(board, rack, SMATH, limit=limit, leave=_leave)
        assert_same(board, rack, SMATH, limit=limit, min_score=12)
        assert_same(board, rack, SMATH, limit=limit, max_len=4)


@pytest.mark.parametrize("options", [{"beginners": True}, {"primary": True}, {"beginners": True, "primary": True}])
def test_the_rulebooks_options_as_the_twin(options: dict[str, bool]) -> None:
    rules = smath_variant(**options)
    pool = bag(rules, blanks=False)
    for board in boards(rules, 4, 1):
        assert_same(board, racks(4, 3, 1, pool)[0], rules)
        assert_same(board, racks(5, 4, 1, pool)[0], rules, limit=4)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    rack=st.lists(st.sampled_from(sorted(SMATH.tiles.counts)), min_size=1, max_size=10),
    turn=st.integers(0, 3),
    limit=st.sampled_from([None, 1, 4]),
)
def test_random_racks_on_a_small_board_as_the_twin(rack: list[str], turn: int, limit: int | None) -> None:
    board = boards(SMALL, 9, 3)[min(turn, len(boards(SMALL, 9, 3)) - 1)]
    if limit is None and rack.count("?") > 1:
        limit = 3
    if limit is None and len(rack) > 6:
        limit = 2  # complete lists of big racks are the twin's minutes, not a unit test's seconds
    assert_same(board, rack, SMALL, limit=limit)


def test_progress_is_called_with_the_count_found() -> None:
    board = boards(SMATH, 1, 2)[-1]
    rack = ["?", "?", "2"]
    seen: list[int] = []
    moves = native.generate_smath(board, rack, SMATH, SearchRequest(progress=seen.append))
    assert len(moves) >= 10_000 and seen == list(range(10_000, len(moves) + 1, 10_000))


def test_an_error_raised_by_progress_reaches_the_caller() -> None:
    def stop(found: int) -> None:
        raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        native.generate_smath(boards(SMATH, 1, 2)[-1], ["?", "?", "2"], SMATH, SearchRequest(progress=stop))


def test_bad_input_is_the_librarys_error() -> None:
    board = Board(SMATH.layout)
    with pytest.raises(AmathError):
        native.generate_smath(board, ["1", "banana"], SMATH)
    with pytest.raises(AmathError):
        native.generate_smath(board, ["1"] * 11, SMATH)
    odd = Board(SMATH.layout)
    odd.put(odd.layout.centre, PlacedTile("13", "13"))
    with pytest.raises(AmathError):
        native.generate_smath(odd, ["1", "2"], SMATH)
    assert native.generate_smath(board, [], SMATH) == [] and native.generate_smath(board, ["1"], SMATH, SearchRequest(limit=0)) == []


def test_supports_smath_where_the_twin_does() -> None:
    assert native.supports_smath(SMATH) and native.supports_smath(smath_variant(primary=True))
    assert not native.supports(SMATH)
    from amath.core.rules import AMATH

    assert not native.supports_smath(AMATH)


JUNK = st.one_of(st.none(), st.integers(-(2**63), 2**63 - 1), st.floats(allow_nan=True), st.lists(st.floats(), max_size=5))


@settings(max_examples=150, deadline=None)
@given(
    board=st.lists(st.integers(-2, 30), max_size=460),
    rack=st.lists(st.integers(-2, 12), max_size=25),
    limit=st.none() | st.integers(0, 5),
    min_score=st.none() | st.floats(),
    leave=st.none() | st.lists(st.floats(), max_size=8),
    max_nodes=st.none() | st.integers(0, 2000),
    max_len=st.none() | st.integers(-3, 20),
    max_entries=st.none() | st.integers(0, 5000),
)
def test_the_extension_refuses_junk_without_crashing(
    board: list[int],
    rack: list[int],
    limit: int | None,
    min_score: float | None,
    leave: list[float] | None,
    max_nodes: int | None,
    max_len: int | None,
    max_entries: int | None,
) -> None:
    """Junk boards, racks and options straight into ``amath.engine.movegen._native.smath``: an answer or ValueError."""
    from amath.engine.movegen import _native

    data = native.rules_data(SMATH)
    assert data is not None
    rules = _native.Rules(**data)
    try:
        scores, offsets, _tiles, stopped, counts = _native.smath(
            rules, board, rack, limit, min_score, leave, max_nodes, max_len, None, max_entries
        )
    except (ValueError, OverflowError):
        return
    assert len(offsets) == len(scores) // 2 + 4 and stopped in (0, 1, 2) and len(counts) == 4
