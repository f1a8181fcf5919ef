"""Pairing rules as properties (hypothesis): no rematch when one is avoidable, byes spread fairly, points conserved,
starts balanced, the same state and seed giving the same pairing, a round robin meeting everyone once."""

from __future__ import annotations

import random
from collections import Counter

import networkx as nx
from hypothesis import given, settings
from hypothesis import strategies as st

from amath.tournament import files, pairing, results, standings
from amath.tournament.model import Settings, Tournament


def build(n: int, schools: int, seed: int) -> Tournament:
    t = Tournament(Settings("prop", rounds=20, seed=seed))
    for i in range(n):
        t.add_player(f"P{i}", f"S{i % schools}" if schools else "")
    return t


def play(t: Tournament, number: int, rng: random.Random, method: str = "swiss") -> None:
    rnd = pairing.pair_round(t, number, method)
    pairing.publish(t, number)
    for p in rnd.pairings:
        if p.second is not None:
            results.enter_result(t, number, p.table, rng.randint(1, 600), rng.randint(1, 600))


def rematch_free_exists(ids: list[int], met: dict[int, Counter[int]], byes: dict[int, int]) -> bool:
    """Whether some pairing of ``ids`` meets nobody again and gives the bye (odd count) to a player with the fewest."""
    graph: nx.Graph[int] = nx.Graph()
    graph.add_nodes_from(ids)
    graph.add_edges_from((a, b) for i, a in enumerate(ids) for b in ids[i + 1 :] if not met[a][b])
    if len(ids) % 2:
        fewest = min(byes[x] for x in ids)
        graph.add_edges_from((a, -1) for a in ids if byes[a] == fewest)
    size = len(ids) // 2 + len(ids) % 2
    return len(nx.max_weight_matching(graph, maxcardinality=True)) == size


@settings(max_examples=40, deadline=None)
@given(n=st.integers(2, 11), schools=st.integers(0, 3), rounds=st.integers(1, 6), seed=st.integers(0, 1000))
def test_swiss_properties(n: int, schools: int, rounds: int, seed: int) -> None:
    t = build(n, schools, seed)
    rng = random.Random(seed)
    for number in range(1, rounds + 1):
        recs = standings.records(t, number - 1)
        before = {pid: (r.starts - r.seconds) for pid, r in recs.items()}
        met = {pid: Counter(r.opponents) for pid, r in recs.items()}
        byes = {pid: r.byes for pid, r in recs.items()}
        play(t, number, rng)
        rnd = t.round(number)
        # no rematch when one is avoidable
        if any(p.second is not None and met[p.first][p.second] for p in rnd.pairings):
            assert not rematch_free_exists([p.id for p in t.players], met, byes)
        # one bye at most, to a player with the fewest byes
        given_byes = [p.first for p in rnd.pairings if p.second is None]
        assert len(given_byes) == n % 2
        for bye in given_byes:
            assert byes[bye] == min(byes.values())
        # who starts: never the one who has started more
        for p in rnd.pairings:
            if p.second is not None:
                assert before[p.first] <= before[p.second]
    recs = standings.records(t)
    # byes spread fairly: nobody has two more than anyone else
    assert max(r.byes for r in recs.values()) - min(r.byes for r in recs.values()) <= 1
    # points conserved: 2 a game, plus the byes' points
    games = sum(1 for r in t.rounds for p in r.pairings if p.second is not None)
    assert sum(r.points for r in recs.values()) == 2 * games + t.settings.bye_points * sum(r.byes for r in recs.values())


@settings(max_examples=25, deadline=None)
@given(
    n=st.integers(2, 12),
    rounds=st.integers(1, 4),
    seed=st.integers(0, 1000),
    method=st.sampled_from(["swiss", "king_of_the_hill", "random"]),
)
def test_the_same_state_and_seed_give_the_same_pairing(n: int, rounds: int, seed: int, method: str) -> None:
    t = build(n, 2, seed)
    rng = random.Random(seed)
    for number in range(1, rounds):
        play(t, number, rng, method)
    copy = files.from_json(files.to_json(t))
    assert pairing.pair_round(t, rounds, method) == pairing.pair_round(copy, rounds, method)


@settings(max_examples=30, deadline=None)
@given(n=st.integers(2, 16), seed=st.integers(0, 1000))
def test_round_robin_meets_everyone_once_with_starts_balanced_within_one(n: int, seed: int) -> None:
    ids = list(range(1, n + 1))
    random.Random(seed).shuffle(ids)
    schedule = pairing.round_robin_schedule(ids)
    met = Counter(frozenset(g) for games in schedule for g in games if g[1] is not None)
    assert set(met.values()) == {1} and len(met) == n * (n - 1) // 2
    assert all(sum(1 for g in games if g[1] is None) == n % 2 for games in schedule)
    lead = Counter[int]()
    for games in schedule:
        for a, b in games:
            if b is not None:
                assert lead[a] <= lead[b]  # the one who started more goes second
                lead[a] += 1
                lead[b] -= 1
    assert all(abs(lead[x]) <= 1 for x in ids)
