"""Time to pair a Swiss round of a large tournament (issue 45: aim under 2 s for 300 players).

Builds a seeded event of N players from 30 schools, plays rounds 1..R-1 with random scores,
then times pairing round R (CPU time of this thread, ``time.thread_time``, best and median
of ``--repeat`` runs)::

    .venv/bin/python benchmarks/bench_tournament.py --players 300 --round 5 --repeat 3
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from amath.tournament import pairing, results
from amath.tournament.model import Settings, Tournament


def build(players: int, rounds_played: int, seed: int) -> Tournament:
    """A tournament of ``players`` with ``rounds_played`` published rounds of random results."""
    t = Tournament(Settings("bench", rounds=rounds_played + 1, seed=seed))
    rng = random.Random(seed)
    for i in range(players):
        t.add_player(f"Player {i}", f"School {i % 30}")
    for number in range(1, rounds_played + 1):
        rnd = pairing.pair_round(t, number)
        pairing.publish(t, number)
        for p in rnd.pairings:
            if p.second is not None:
                results.enter_result(t, number, p.table, rng.randint(250, 550), rng.randint(250, 550))
    return t


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=300)
    parser.add_argument("--round", type=int, default=5, help="the round to time (the ones before are played first)")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    start = time.perf_counter()
    t = build(args.players, args.round - 1, args.seed)
    print(f"built {args.players} players, {args.round - 1} rounds in {time.perf_counter() - start:.1f} s")
    times = []
    for _ in range(args.repeat):
        begin = time.thread_time()
        rnd = pairing.pair_round(t, args.round)
        times.append(time.thread_time() - begin)
    warnings = pairing.check_round(t, args.round)
    print(f"pair round {args.round} of {args.players}: best {min(times):.3f} s, median {statistics.median(times):.3f} s CPU")
    rematches = sum(w.code == "rematch" for w in warnings)
    same_school = sum(w.code == "same_school" for w in warnings)
    print(f"tables {len(rnd.pairings)}, rematches {rematches}, same school {same_school}")


if __name__ == "__main__":
    main()
