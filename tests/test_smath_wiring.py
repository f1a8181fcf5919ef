"""The exact Smath search wherever a user meets it: the engine selector, ``amath moves``,
``game.legal_moves``, every bot level, the options, analysis and hints (issue 10).

The search itself is held to the brute force in tests/test_movegen_smath.py; here each
caller must give exactly what the search gives (complete lists, the N best, score plus
leave), on every backend the selector offers.
"""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest

from amath import Game, format_move
from amath.apps.cli import main
from amath.core.move import Place, kept_tiles
from amath.core.placement import analyze
from amath.core.rules import AMATH, SMATH, Ruleset, get_ruleset
from amath.core.scoring import score as score_of
from amath.engine.generator import BACKENDS, get_generator, native_available
from amath.engine.movegen.request import SearchRequest
from amath.engine.movegen.result import GeneratedMove
from amath.engine.movegen.smath import generate_smath
from amath.formats.view import position_of, position_to_dict
from amath.players import get_bot
from amath.study.analyze import analyze_turn
from game_helpers import give
from ranking import assert_n_best, assert_n_best_by_score

NAMES = [b for b in BACKENDS if b != "reference" and (b != "native" or native_available())]
BIG_RACK = ["10", "1", "1", "1", "1", "1", "+", "+", "+", "+"]


def opened(rules: Ruleset = SMATH, rack: list[str] | None = None) -> Game:
    """A game after the opening ``2 = 2`` on the centre, ``rack`` (default a 3-tile one) to move."""
    game = Game(rules, seed=1)
    give(game, game.to_move, ["2", "2", "3", "4", "5", "6", "7", "8", "9", "0"][: rules.rack_size])
    game.push_notation("8H 2 = 2")
    give(game, game.to_move, rack if rack is not None else ["3", "+", "1"])
    return game


def leave(kept: tuple[str, ...]) -> float:
    """A leave that favours keeping tiles, so it changes the ranking."""
    return 2.5 * len(kept) - (5.0 if "+" in kept else 0.0)


@pytest.mark.parametrize("name", NAMES)
def test_the_selector_gives_the_exact_smath_lists(name: str) -> None:
    """generate is the complete list, top(k) k best of it, search the search's own answer."""
    gen = get_generator(name)
    game = opened()
    board, rack = game.board, game.racks[game.to_move]
    full = generate_smath(board, rack, SMATH)
    assert len(full) > 20
    assert gen.generate(board, rack, SMATH) == full and gen.count(board, rack, SMATH) == len(full)
    seen: list[GeneratedMove] = []
    gen.each(board, rack, SMATH, seen.append)
    assert seen == full
    for k in (1, 5, 20):
        assert_n_best_by_score(gen.top(board, rack, SMATH, k), full, k)
    assert gen.search(board, rack, SMATH, SearchRequest(limit=4, leave=leave)) == generate_smath(
        board, rack, SMATH, SearchRequest(limit=4, leave=leave)
    )
    assert gen.search(board, rack, SMATH, SearchRequest(min_score=full[9].score)) == [m for m in full if m.score >= full[9].score]


@pytest.mark.parametrize("name", NAMES)
def test_top_k_of_a_ten_tile_rack_is_the_exact_search(name: str) -> None:
    game = opened(rack=BIG_RACK)
    best = get_generator(name).top(game.board, BIG_RACK, SMATH, 2)
    assert best == generate_smath(game.board, BIG_RACK, SMATH, SearchRequest(limit=2)) and len(best) == 2


@pytest.mark.parametrize("name", NAMES)
def test_a_math_search_with_a_leave_ranks_the_complete_list(name: str) -> None:
    game = Game(AMATH, seed=1)
    give(game, game.to_move, ["1", "=", "1", "2", "3", "4", "5", "+"])
    board, rack = game.board, game.racks[game.to_move]
    full = get_generator(name).generate(board, rack, AMATH)
    best = max(m.score + leave(kept_tiles(rack, m.place)) for m in full)
    top = get_generator(name).search(board, rack, AMATH, SearchRequest(limit=3, leave=leave))
    assert len(top) == 3 and top[0].score + leave(kept_tiles(rack, top[0].place)) == best


def test_legal_moves_lists_every_smath_placement() -> None:
    game = opened()
    listed = list(game.legal_moves.placements())
    assert listed == [m.place for m in generate_smath(game.board, game.racks[game.to_move], SMATH)]


def _position_file(tmp_path: Path, game: Game) -> str:
    path = tmp_path / "pos.json"
    path.write_text(json.dumps(position_to_dict(position_of(game))), encoding="utf-8")
    return str(path)


def test_amath_moves_on_smath_gives_exactly_the_n_best_or_all(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    game = opened(rack=BIG_RACK)
    assert main(["moves", _position_file(tmp_path, game), "--json", "--limit", "5"]) == 0
    rows = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    best = generate_smath(game.board, BIG_RACK, SMATH, SearchRequest(limit=5))
    assert [r["score"] for r in rows] == [m.score for m in best]
    assert [game.parse(r["move"]) for r in rows] == [m.place for m in best]
    small = opened()
    assert main(["moves", _position_file(tmp_path, small)]) == 0
    out, err = capsys.readouterr()
    assert len(out.splitlines()) == len(generate_smath(small.board, small.racks[small.to_move], SMATH))
    assert f"{len(out.splitlines())} moves in" in err


def _tiles_used(game: Game, move: Place) -> int:
    return sum(1 for t in move.tiles if t.tile not in game.rules.tiles.free)


#: Smath with racks of four: a bingo (all four rack tiles, +25) is then within a quick search's reach.
SMATH4 = dataclasses.replace(SMATH, name="smath-4", rack_size=4)


@pytest.mark.parametrize("level", ["greedy", "equity"])
def test_bots_play_the_whole_rack_when_it_is_best(level: str) -> None:
    """The bots search the whole rack: with racks of four, a four-tile bingo is the best turn.

    (``sim`` and ``champion`` take their candidates from the same search, ``top(k)``; a whole
    game of theirs is in tests/test_search_bots.py.)"""
    game = opened(SMATH4, rack=["1", "+", "1", "2"])
    best = generate_smath(game.board, game.racks[game.to_move], SMATH4, SearchRequest(limit=1))[0]
    assert _tiles_used(game, best.place) == 4  # the +25 makes the bingo the best placement here
    move = get_bot(level, 3).choose(game)
    assert isinstance(move, Place) and game.is_legal(move)
    assert _tiles_used(game, move) == 4


def test_greedy_plays_the_exact_best_of_a_ten_tile_rack() -> None:
    game = opened(rack=BIG_RACK)
    move = get_bot("greedy", 1).choose(game)
    best = generate_smath(game.board, BIG_RACK, SMATH, SearchRequest(limit=1))[0]
    assert move == best.place


def test_the_random_bot_plays_one_of_the_complete_list() -> None:
    game = opened()
    full = {m.place for m in generate_smath(game.board, game.racks[game.to_move], SMATH)}
    chosen = {get_bot("random", seed).choose(game) for seed in range(6)}
    assert chosen <= full and len(chosen) > 1


@pytest.mark.parametrize("variant", ["smath+beginners", "smath+primary", "smath+coop", "smath+beginners+coop"])
@pytest.mark.parametrize("level", ["greedy", "equity"])
def test_the_options_keep_working_with_the_exact_search(variant: str, level: str) -> None:
    """Each option's game: the bot's turn is legal and, for greedy, the exact best score."""
    from amath.players.equity import EquityPlayer

    rules = get_ruleset(variant)
    game = opened(rules, rack=["3", "+", "1", "4"])
    bot = get_bot(level, 2)
    turn = bot.choose(game)
    assert game.is_legal(turn)
    # equity may rightly exchange four tiles to keep its best; its best placement is then checked
    move = bot.turns(game).placements(1)[0].move if isinstance(bot, EquityPlayer) else turn
    assert isinstance(move, Place) and game.is_legal(move)
    best = generate_smath(game.board, game.racks[game.to_move], rules, SearchRequest(limit=1))[0]
    if level == "greedy":
        assert move == best.place
    if "beginners" in variant:
        assert all(t.face not in ("*", "/", "(", ")") for t in move.tiles)
    score = game.push(move).score
    assert score == best.score or level == "equity"


def test_analysis_of_a_ten_tile_smath_turn() -> None:
    """A ten-tile rack: the exact best plays, and the played best ranks first."""
    game = opened(rack=BIG_RACK)
    best = generate_smath(game.board, BIG_RACK, SMATH, SearchRequest(limit=3))
    board = game.board.copy()
    turn = game.push(best[0].place)
    a = analyze_turn(2, turn, board, len(game.bag), SMATH, top=3)
    assert a.rank == 1 and a.moves >= 1 and a.exact
    assert [o.score for o in a.best[:3]] == [m.score for m in best]
    assert a.points_lost == 0


def test_the_web_hint_for_a_ten_tile_smath_rack_is_the_exact_best() -> None:
    from amath.apps.server.coach import best_plays

    game = opened(rack=BIG_RACK)
    found = best_plays(game, game.to_move, top=2)
    hints = found["plays"]
    best = generate_smath(game.board, BIG_RACK, SMATH, SearchRequest(limit=2))
    assert [h["score"] for h in hints[:2]] == [m.score for m in best]
    hinted = game.parse(hints[0]["move"])  # one of the best: ties may list another of them
    assert isinstance(hinted, Place) and game.is_legal(hinted)
    assert score_of(analyze(game.board, hinted, SMATH), SMATH) == best[0].score
    assert found["exact"] is True


def test_a_hint_says_when_its_search_stopped_at_the_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    """Past its node budget the hint still lists legal plays, but says a better one may exist."""
    import amath.study.analyze as analysis
    from amath.apps.server.coach import best_plays

    game = opened(rack=BIG_RACK)
    monkeypatch.setattr(analysis, "SMATH_LIST_NODES", 20)
    monkeypatch.setattr(analysis, "ANALYSIS_NODES", 20)
    found = best_plays(game, game.to_move, top=2)
    assert found["exact"] is False
    assert all(game.is_legal(game.parse(h["move"])) for h in found["plays"])


def test_a_hint_does_not_count_the_placements_beating_a_pass(monkeypatch: pytest.MonkeyPatch) -> None:
    """A hint judges no move: with the list too long to take whole it lists the exact best
    without the search that would count the placements worth more than passing (nearly all)."""
    import amath.study.analyze as analysis

    game = opened(rack=BIG_RACK)
    monkeypatch.setattr(analysis, "SMATH_LIST_NODES", 20)

    def no_count(*args: object) -> None:
        raise AssertionError("a hint counted the placements beating a pass")

    monkeypatch.setattr(analysis, "_better_by_equity", no_count)
    found = analysis.rack_hint(game, game.to_move, 2)
    best = generate_smath(game.board, BIG_RACK, SMATH, SearchRequest(limit=2))
    assert not found.complete and found.exact and found.equity_rank is None
    assert [o.score for o in found.best[:2]] == [m.score for m in best]


@pytest.mark.parametrize("where", [0, 1, 3])
def test_focused_analysis_agrees_with_the_complete_list(monkeypatch: pytest.MonkeyPatch, where: int) -> None:
    """When the complete list is too long (here: a tiny budget for it), the focused searches
    give the same answer: for the best play, a play the best-3 lists hold (the rank read off
    them) and one a third of the way down (the better ones counted by a search)."""
    import amath.study.analyze as analysis

    game = opened()
    board = game.board.copy()
    full = generate_smath(board, game.racks[game.to_move], SMATH)
    played = full[len(full) // 3 if where == 3 else where]
    turn = game.push(played.place)
    whole = analyze_turn(2, turn, board, len(game.bag), SMATH, top=3)
    monkeypatch.setattr(analysis, "SMATH_LIST_NODES", 20)
    focused = analyze_turn(2, turn, board, len(game.bag), SMATH, top=3)
    assert whole.complete and not focused.complete and focused.exact
    assert focused.rank == whole.rank == 1 + sum(1 for m in full if m.score > played.score)
    # the best three by score: ties at the boundary may be others in the focused search
    assert [o.score for o in focused.best] == [o.score for o in whole.best]
    assert {o.move for o in focused.best} <= {format_move(m.place, board, SMATH) for m in full if m.score >= whole.best[-1].score}
    assert focused.equity_rank == whole.equity_rank
    assert focused.moves == sum(1 for m in full if m.score > played.score)
    assert whole.moves == len(full)


def test_a_count_of_better_plays_stopped_by_its_budget_is_a_floor(monkeypatch: pytest.MonkeyPatch) -> None:
    """Counting the placements that beat a weak play within a budget too small: the count says
    it stopped, and what it counted is no more than the truth (the rank is above it)."""
    import amath.study.analyze as analysis

    game = opened()
    full = generate_smath(game.board, game.racks[game.to_move], SMATH)
    weak = full[-1].score
    truth = sum(1 for m in full if m.score > weak)
    assert truth > 0
    counted, exact = analysis._better_by_score(game.board, game.racks[game.to_move], SMATH, weak, [], False)
    assert (counted, exact) == (truth, True)
    monkeypatch.setattr(analysis, "ANALYSIS_NODES", 50)
    counted, exact = analysis._better_by_score(game.board, game.racks[game.to_move], SMATH, weak, [], False)
    assert not exact and counted <= truth


@pytest.mark.parametrize("level", ["sim", "champion"])
def test_the_searching_levels_rank_smath_turns_by_static_equity(level: str) -> None:
    """Smath's sim and champion do not simulate (a play-out reply would need a search that
    answers within a few thousand nodes): with tiles in the bag they play the equity bot's turn."""
    game = opened(rack=BIG_RACK)
    assert len(game.bag) > 10
    assert get_bot(level, 4).choose(game) == get_bot("equity", 4).choose(game)


def test_best_takes_the_rulesets_own_default_budget() -> None:
    from amath.engine import best, default_budget

    assert default_budget(SMATH).iterations == 0 < default_budget(AMATH).iterations
    pos = opened(rack=BIG_RACK).position.seen_by(1)
    plays = best(pos, top=3)
    assert plays and all(p.method == "static" for p in plays)


def test_a_smath_search_within_a_few_nodes_still_gives_a_turn() -> None:
    """The simulation's replies (``WithinNodes``): stopped early, the exact search has found
    nothing yet, so the bounded search's best stands in; A-Math's answers are the backend's own."""
    from amath.engine.generator import WithinNodes
    from amath.engine.static import default_equity, rack_leaves

    game = opened(rack=BIG_RACK)
    gen = get_generator()
    quick = WithinNodes(gen, 2_000)
    leaves = rack_leaves(BIG_RACK, SMATH, len(game.bag), default_equity())
    found = quick.top_equity(game.board, BIG_RACK, SMATH, 1, leaves)
    assert len(found) == 1 and game.is_legal(found[0][0].place)
    amath = Game(AMATH, seed=3)
    rack = amath.racks[amath.to_move]
    a_leaves = rack_leaves(rack, AMATH, len(amath.bag), default_equity())
    assert WithinNodes(gen, 1).top_equity(amath.board, rack, AMATH, 5, a_leaves) == gen.top_equity(amath.board, rack, AMATH, 5, a_leaves)


@pytest.mark.parametrize("backend", sorted(b for b in BACKENDS if b != "reference" and (b != "native" or native_available())))
def test_smath_top_equity_is_k_best_of_the_whole_list_ranked_by_equity(backend: str) -> None:
    # The equity search first values the best placements by score, then searches by score +
    # leave above that floor: whatever the leaves (kept tiles worth -40 to +40 points, so the
    # best by equity is often far down the list by score), the k best are k best of the complete list's.
    import random

    from amath.engine.movegen.rack_leaves import RackLeaves, top_equity
    from test_movegen_smath import positions

    gen = get_generator(backend)
    rng = random.Random(11)
    checked = 0
    for board, small, _ in positions()[:10]:
        every = gen.search(board, small, SMATH)
        if len(every) < 4:
            continue
        leaves = RackLeaves.build(small, lambda kept: rng.randint(-4000, 4000) if kept else 0, free=SMATH.tiles.free)
        ranked = top_equity(every, leaves, len(every))
        for k in (1, 3, 9):
            assert_n_best(gen.top_equity(board, small, SMATH, k, leaves), ranked, k, lambda found: found[1])
        checked += 1
    assert checked >= 5


@pytest.mark.parametrize("name", NAMES)
def test_a_stopped_search_with_blanks_offers_the_best_of_the_rest_of_the_rack(name: str) -> None:
    """A blank makes a search many times longer: when the whole rack's search stops at its
    budget, the same search without the blanks (which finishes within it here) still gives its
    best placement, legal for the whole rack, where the bounded search's stood in before."""
    from amath.engine.generator import search_within
    from amath.engine.movegen.smath import SearchStats, probe_reserve

    gen = get_generator(name)
    rack = ["?", "?", "1", "1", "+", "3"]
    game = opened(rack=rack)
    plain = [t for t in rack if t != "?"]
    stats, whole = SearchStats(), SearchStats()
    best_plain = generate_smath(game.board, plain, SMATH, SearchRequest(limit=1), stats=stats)[0]
    generate_smath(game.board, rack, SMATH, SearchRequest(limit=1), stats=whole)
    budget = stats.nodes  # the least whose exact passes (the probe keeps the rest) get the rest's nodes
    while budget - probe_reserve(budget) < stats.nodes:
        budget += 1
    assert whole.nodes > budget  # this budget stops the whole rack's search, not the rest's
    found, complete = search_within(game.board, rack, SMATH, SearchRequest(limit=1, max_nodes=budget), generator=gen)
    assert not complete and found[0].score >= best_plain.score
    assert game.is_legal(found[0].place)
    weighed, _ = search_within(game.board, rack, SMATH, SearchRequest(limit=2, leave=leave, max_nodes=budget), generator=gen)
    assert len(weighed) == 2 and all(game.is_legal(m.place) for m in weighed)
