"""The tournament library: each pairing method, manual edits, results and their checks, standings and tie-breaks,
Gibsonization, the file and its errors (amath.tournament, docs/tournaments.md)."""

from __future__ import annotations

import json
import random
from pathlib import Path

import networkx as nx
import pytest

from amath.apps.error_text import describe
from amath.tournament import files, pairing, results, standings
from amath.tournament.errors import TournamentError
from amath.tournament.model import Settings, Tournament


def event(names: list[str], **settings: object) -> Tournament:
    t = Tournament(Settings("Test", **settings))  # type: ignore[arg-type]
    for entry in names:
        name, _, school = entry.partition(",")
        t.add_player(name, school)
    return t


def play(t: Tournament, number: int, scores: dict[frozenset[int], tuple[int, int]] | None = None, method: str | None = None) -> None:
    """Pair and publish round ``number``; enter each game: the given scores by pair, else the lower id wins 400-300."""
    rnd = pairing.pair_round(t, number, method)
    pairing.publish(t, number)
    for p in rnd.pairings:
        if p.second is None:
            continue
        key = frozenset((p.first, p.second))
        if scores and key in scores:
            a, b = scores[key]
            low = min(key)
            first, second = (a, b) if p.first == low else (b, a)
        else:
            first, second = (400, 300) if p.first < p.second else (300, 400)
        results.enter_result(t, number, p.table, first, second)


def seat(t: Tournament, number: int, games: list[tuple[int, int]]) -> None:
    """Round ``number`` seated by hand (a manual round) and published."""
    pairing.pair_round(t, number, "manual")
    for table, (a, b) in enumerate(games, start=1):
        pairing.set_table(t, number, table, a, b)
    pairing.publish(t, number)


def pairs(t: Tournament, number: int) -> set[frozenset[int | None]]:
    return {frozenset((p.first, p.second)) for p in t.round(number).pairings}


# --- Swiss


def test_swiss_round_one_keeps_schools_apart() -> None:
    t = event(["A1,A", "A2,A", "B1,B", "B2,B"], seed=5)
    rnd = pairing.pair_round(t)
    schools = [{t.player(x).school for x in p.players()} for p in rnd.pairings]
    assert schools == [{"A", "B"}, {"A", "B"}]


def test_swiss_pairs_winners_with_winners_and_never_a_rematch_while_one_is_avoidable() -> None:
    t = event(["P1", "P2", "P3", "P4"], rounds=3)
    play(t, 1)
    first = pairs(t, 1)
    recs = standings.records(t)
    winners = {pid for pid, r in recs.items() if r.points == 2}
    play(t, 2)
    assert frozenset(winners) in pairs(t, 2)
    assert not pairs(t, 2) & first
    play(t, 3)
    assert not pairs(t, 3) & (first | pairs(t, 2))  # the last two pairs nobody has met


def test_swiss_bye_goes_to_the_lowest_ranked_and_never_twice_while_others_have_none() -> None:
    t = event(["P1", "P2", "P3", "P4", "P5"], rounds=5)
    given = []
    for number in range(1, 6):
        before = standings.standings(t)
        play(t, number)
        bye = next(p.first for p in t.round(number).pairings if p.second is None)
        byes = standings.records(t, number - 1)
        fewest = min(r.byes for r in byes.values())
        assert byes[bye].byes == fewest
        lowest = [s.player for s in before if byes[s.player].byes == fewest][-1] if number > 1 else None
        if lowest is not None and before[-1].rank != before[-2].rank:
            assert bye == lowest
        given.append(bye)
    assert sorted(given) == [1, 2, 3, 4, 5]


def test_the_one_who_started_more_goes_second() -> None:
    t = event(["P1", "P2", "P3", "P4"], rounds=3)
    play(t, 1)
    starters = {p.first for p in t.round(1).pairings}
    play(t, 2)
    for p in t.round(2).pairings:
        if (p.first in starters) != (p.second in starters):  # one started, one did not: the one who did goes second
            assert p.second in starters


def test_matching_agrees_with_networkx_on_random_graphs() -> None:
    rng = random.Random(3)
    for _ in range(30):
        n = rng.randint(2, 11)
        edges = [(a, b, rng.randint(1, 10**15)) for a in range(n) for b in range(a + 1, n) if rng.random() < 0.8]
        mine = pairing.max_weight_matching(list(range(n)), edges)
        graph: nx.Graph[int] = nx.Graph()
        graph.add_nodes_from(range(n))
        graph.add_weighted_edges_from(edges)
        theirs = nx.max_weight_matching(graph, maxcardinality=True)
        weight = {frozenset((a, b)): w for a, b, w in edges}
        assert len(mine) == len(theirs)
        assert sum(weight[frozenset(e)] for e in mine) == sum(weight[frozenset(e)] for e in theirs)


# --- the other methods


def test_king_of_the_hill_pairs_one_two_three_four() -> None:
    t = event(["P1", "P2", "P3", "P4", "P5", "P6"], rounds=2)
    seat(t, 1, [(1, 2), (3, 4), (5, 6)])
    for table, (a, b) in enumerate([(500, 100), (400, 300), (350, 340)], start=1):
        results.enter_result(t, 1, table, a, b)
    order = [s.player for s in standings.standings(t)]
    assert order == [1, 3, 5, 6, 4, 2]
    rnd = pairing.pair_round(t, 2, "king_of_the_hill")
    assert [set(p.players()) for p in rnd.pairings] == [set(order[0:2]), set(order[2:4]), set(order[4:6])]


def test_random_is_fixed_by_the_seed() -> None:
    names = [f"P{i}" for i in range(10)]
    a = pairing.pair_round(event(names, seed=1), method="random")
    b = pairing.pair_round(event(names, seed=1), method="random")
    others = [pairing.pair_round(event(names, seed=s), method="random") for s in range(2, 6)]
    assert a == b
    assert any(o.pairings != a.pairings for o in others)


def test_round_robin_schedules_every_round_at_once_and_everyone_meets_once() -> None:
    t = event([f"P{i}" for i in range(1, 6)], rounds=5, default_method="round_robin")
    pairing.pair_round(t)
    assert [r.number for r in t.rounds] == [1, 2, 3, 4, 5]
    met = [frozenset(p.players()) for r in t.rounds for p in r.pairings if p.second is not None]
    assert len(met) == len(set(met)) == 10
    assert sorted(p.first for r in t.rounds for p in r.pairings if p.second is None) == [1, 2, 3, 4, 5]


def test_round_robin_refuses_more_than_sixteen() -> None:
    with pytest.raises(TournamentError) as info:
        pairing.round_robin_schedule(list(range(17)))
    assert info.value.code == "round_robin_size"


# --- manual edits and publishing


def test_swap_and_edit_before_publishing_then_no_more_changes() -> None:
    t = event(["P1", "P2", "P3", "P4"], seed=2)
    rnd = pairing.pair_round(t)
    a, b = rnd.pairings[0].first, rnd.pairings[1].first
    pairing.swap_players(t, 1, a, b)
    assert rnd.pairings[0].first == b and rnd.pairings[1].first == a
    pairing.set_table(t, 1, 1, 1, 2)
    assert {frozenset(p.players()) for p in rnd.pairings} == {frozenset((1, 2)), frozenset((3, 4))}
    pairing.publish(t, 1)
    with pytest.raises(TournamentError) as info:
        pairing.swap_players(t, 1, 1, 3)
    assert info.value.code == "round_published"
    assert [e.action for e in t.log][-4:] == ["pair", "swap", "edit", "publish"]


def test_publish_refuses_a_round_that_cannot_be_played() -> None:
    t = event(["P1", "P2", "P3", "P4"])
    rnd = pairing.pair_round(t)
    rnd.pairings.pop()
    with pytest.raises(TournamentError) as info:
        pairing.publish(t, 1)
    assert info.value.code == "players_missing"
    pairing.pair_round(t, 1)
    t.round(1).pairings[1].first = t.round(1).pairings[0].first
    with pytest.raises(TournamentError) as info:
        pairing.publish(t, 1)
    assert info.value.code in ("seated_twice", "players_missing")


def test_a_rematch_set_by_hand_is_a_warning_not_a_refusal() -> None:
    t = event(["P1", "P2", "P3", "P4"], rounds=2)
    play(t, 1)
    a, b = next(iter(t.round(1).pairings)).players()
    pairing.pair_round(t, 2)
    pairing.set_table(t, 2, 1, a, b)
    warnings = pairing.check_round(t, 2)
    assert [w.code for w in warnings] == ["rematch", "rematch"]  # four players: the other two meet again too
    pairing.publish(t, 2)


def test_withdrawn_players_are_not_paired_and_late_players_join_the_next_round() -> None:
    t = event(["P1", "P2", "P3", "P4"], rounds=3)
    play(t, 1)
    t.withdraw(4)
    late = t.add_player("Late", "X")
    assert late.first_round == 2
    play(t, 2)
    seated = {x for p in t.round(2).pairings for x in p.players()}
    assert seated == {1, 2, 3, late.id}


def test_checked_in_players_only_in_round_one_once_anyone_checks_in() -> None:
    t = event(["P1", "P2", "P3", "P4"])
    for pid in (1, 2, 3):
        t.check_in(pid)
    rnd = pairing.pair_round(t)
    assert {x for p in rnd.pairings for x in p.players()} == {1, 2, 3}


# --- results


@pytest.mark.parametrize(
    ("first", "second", "code"),
    [(-1, 300, "score_negative"), (300, 1001, "score_too_high"), (0, 0, "score_both_zero")],
)
def test_nonsense_scores_are_refused_with_a_reason(first: int, second: int, code: str) -> None:
    with pytest.raises(TournamentError) as info:
        results.check_scores(first, second, Settings("x"))
    assert info.value.code == code
    assert describe(info.value, "th") != str(info.value)


def test_spread_is_capped_and_a_correction_is_logged_with_before_and_after() -> None:
    t = event(["P1", "P2"], rounds=1)
    pairing.pair_round(t)
    pairing.publish(t, 1)
    p = results.enter_result(t, 1, 1, 700, 100, by="judge")
    assert standings.records(t)[p.first].spread == 350
    results.enter_result(t, 1, 1, 300, 400, by="chief", at="2026-12-07T10:00:00+00:00")
    last = t.log[-1]
    assert (last.action, last.by, last.at, last.round, last.table) == ("correct_result", "chief", "2026-12-07T10:00:00+00:00", 1, 1)
    assert last.detail["before"] == {"first_score": 700, "second_score": 100, "forfeit": None}
    assert p.second is not None and standings.records(t)[p.second].points == 2


def test_results_need_a_published_round_and_a_real_table() -> None:
    t = event(["P1", "P2", "P3"], rounds=1)
    rnd = pairing.pair_round(t)
    with pytest.raises(TournamentError) as info:
        results.enter_result(t, 1, 1, 300, 200)
    assert info.value.code == "round_not_published"
    pairing.publish(t, 1)
    bye_table = next(p.table for p in rnd.pairings if p.second is None)
    with pytest.raises(TournamentError) as info:
        results.enter_result(t, 1, bye_table, 300, 200)
    assert info.value.code == "bye_no_result"
    with pytest.raises(TournamentError) as info:
        results.enter_result(t, 1, 9, 300, 200)
    assert info.value.code == "no_table"


def test_forfeit_counts_a_win_and_a_loss_by_the_forfeit_spread() -> None:
    t = event(["P1", "P2"], rounds=1, forfeit_spread=75)
    rnd = pairing.pair_round(t)
    pairing.publish(t, 1)
    results.enter_forfeit(t, 1, 1, "first")
    recs = standings.records(t)
    assert (recs[rnd.pairings[0].first].points, recs[rnd.pairings[0].first].spread) == (0, -75)
    winner = rnd.pairings[0].second
    assert winner is not None and (recs[winner].points, recs[winner].spread) == (2, 75)


# --- standings


def test_players_tied_on_every_criterion_share_a_rank() -> None:
    t = event(["A", "B", "C", "D"], rounds=2)
    seat(t, 1, [(1, 2), (3, 4)])
    results.enter_result(t, 1, 1, 400, 300)
    results.enter_result(t, 1, 2, 300, 200)
    rows = standings.standings(t)
    assert [(r.name, r.rank, r.points, r.spread) for r in rows][:2] == [("A", 1, 2, 100), ("C", 1, 2, 100)] or rows[0].total_score != rows[
        1
    ].total_score
    assert [r.rank for r in rows] == [1, 2, 3, 4]  # A and C differ on total score (400 vs 300), B and D too
    results.enter_result(t, 1, 2, 400, 300)  # now A and C are alike in every number, B and D too
    assert [r.rank for r in standings.standings(t)] == [1, 1, 3, 3]


def test_the_order_of_the_tie_breaks() -> None:
    recs = {
        1: standings.Record(1, points=2, spread=50, opponents=[3]),
        2: standings.Record(2, points=2, spread=50, opponents=[4]),
        3: standings.Record(3, points=4, spread=0),
        4: standings.Record(4, points=0, spread=0),
        5: standings.Record(5, points=2, spread=60),
        6: standings.Record(6, points=4, spread=-300),
    }
    keys = standings.sort_key(list(recs.values()), recs)
    ordered = sorted(recs, key=lambda pid: tuple(-k for k in keys[pid]))
    assert ordered[:2] == [3, 6]  # points first, whatever the spread
    assert ordered[2:5] == [5, 1, 2]  # then spread; then opponents' points (4 against 0)
    # head-to-head comes before opponents' points: 2 beat 1
    recs[2].results.append((1, 2))
    recs[1].results.append((2, 0))
    keys = standings.sort_key(list(recs.values()), recs)
    assert keys[2] > keys[1]
    assert standings.TIE_BREAKS == ("points", "spread", "head_to_head", "opponents_points", "total_score", "high_score")


def test_gibsonization_marks_a_leader_no_one_can_catch() -> None:
    t = event(["P1", "P2", "P3", "P4"], rounds=3, spread_cap=100)
    seat(t, 1, [(1, 2), (3, 4)])
    results.enter_result(t, 1, 1, 500, 100)  # P1 +100 (capped)
    results.enter_result(t, 1, 2, 310, 300)  # P3 +10
    assert standings.gibsonized(t) == set()  # two rounds left: anyone can still catch P1
    seat(t, 2, [(1, 3), (4, 2)])
    results.enter_result(t, 2, 1, 500, 100)  # P1 4 points +200; P3 2 points -90
    results.enter_result(t, 2, 2, 305, 300)  # P4 2 points -5
    # one round left: P3 or P4 can reach 4 points, but at most +100 while P1 loses at most 100: -5 + 200 < 200
    assert standings.gibsonized(t) == {1}
    assert [r.gibsonized for r in standings.standings(t)] == [True, False, False, False]
    results.enter_result(t, 2, 2, 400, 300)  # P4 +90 instead: 90 + 200 >= 200, P1 can be caught on spread
    assert standings.gibsonized(t) == set()


# --- the file


def test_the_file_keeps_everything_and_refuses_what_it_cannot_read(tmp_path: Path) -> None:
    t = event(["Somchai,School A", "Suda,School B", "Mali"], rounds=2)
    play(t, 1)
    path = tmp_path / "t.json"
    files.save(t, path)
    assert files.load(path) == t
    data = json.loads(path.read_text(encoding="utf-8"))
    assert (data["format"], data["version"]) == ("amath-tournament", 1)
    data["version"] = 99
    with pytest.raises(TournamentError) as info:
        files.from_json(data)
    assert info.value.code == "file_version"
    data["version"] = 1
    data["players"][0]["id"] = "one"
    with pytest.raises(TournamentError) as info:
        files.from_json(data)
    assert info.value.code == "file_field" and "players[0].id" in str(info.value)
    with pytest.raises(TournamentError) as info:
        files.load(tmp_path / "missing.json")
    assert info.value.code == "file_missing"


def test_csv_exports() -> None:
    t = event(["P1", "P2", "P3"], rounds=1)
    play(t, 1)
    lines = files.standings_csv(standings.standings(t)).splitlines()
    assert lines[0].startswith("rank,player,name") and len(lines) == 4
    res = files.results_csv(t).splitlines()
    assert len(res) == 3 and any(",bye," in line for line in res)


def test_a_tournament_error_reads_in_thai() -> None:
    t = event(["P1"])
    with pytest.raises(TournamentError) as info:
        t.player(7)
    assert describe(info.value, "th") == "ไม่มีผู้เล่นหมายเลข 7"
