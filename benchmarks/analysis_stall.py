"""How much a running post-game analysis slows another game's requests.

An in-process server (Starlette's test client, loopback, SQLite in a temporary folder):
the view of a hot-seat game is fetched N times while nothing else runs, then while the
coach's worker process analyses a 2-greedy-bot game, then while the same analysis runs in
a thread of the server process (how it was first done).  Prints the round-trip median,
p95 and max of each.

    .venv/bin/python benchmarks/analysis_stall.py [--samples 200]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from pathlib import Path

from starlette.testclient import TestClient

from amath.apps.server import Settings, create_app
from amath.apps.server.coach import analyse_record
from amath.core.rules import AMATH
from amath.formats.record import parse_record, write_record
from amath.game import Game
from amath.players import get_bot


def bot_game(seed: int = 3) -> Game:
    """A whole game between two greedy bots."""
    game = Game(AMATH, teams=[["A"], ["B"]], seed=seed)
    bots = [get_bot("greedy", 1), get_bot("greedy", 2)]
    while not game.over:
        game.push(bots[game.to_move].choose(game))
    return game


def timer(client: TestClient, path: str, token: str) -> Callable[[int], list[float]]:
    def sample(n: int) -> list[float]:
        out = []
        for _ in range(n):
            start = time.perf_counter()
            client.get(path, headers={"X-Seat-Token": token})
            out.append((time.perf_counter() - start) * 1000)
        return sorted(out)

    return sample


def report(name: str, xs: list[float]) -> None:
    print(f"{name:40s} median {statistics.median(xs):6.1f} ms   p95 {xs[int(0.95 * len(xs)) - 1]:6.1f} ms   max {xs[-1]:6.1f} ms")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--samples", type=int, default=200)
    args = parser.parse_args()
    game = bot_game()
    record = write_record(game)
    unlimited = {"rate": 1e6, "burst": 10**6, "seat_rate": 1e6, "seat_burst": 10**6}
    with tempfile.TemporaryDirectory() as tmp:
        settings = Settings(db_url=f"sqlite:///{Path(tmp) / 'stall.db'}", bot_delay=0.0, **unlimited)  # type: ignore[arg-type]
        with TestClient(create_app(settings)) as client:
            made = client.post("/api/games", json={"mode": "hotseat", "names": ["A", "B"]}).json()
            sample = timer(client, f"/api/games/{made['id']}", made["token"])
            sample(20)  # warm up
            report("idle", sample(args.samples))
            client.post("/api/replay/analysis", json={"record": record})
            while client.post("/api/replay/analysis", json={"record": record}).json()["done"] < 1:
                time.sleep(0.2)
            report("during an analysis (worker process)", sample(args.samples))
            while client.post("/api/replay/analysis", json={"record": record}).json()["status"] not in ("done", "failed"):
                time.sleep(0.5)
            worker = threading.Thread(target=analyse_record, args=(parse_record(record), lambda a, b: None), daemon=True)
            worker.start()
            time.sleep(1.0)
            report("during an analysis (thread, for contrast)", sample(args.samples))
    print(f"game of {len(game.history)} turns; python {sys.version.split()[0]}")


if __name__ == "__main__":  # a guard: the analysis worker is a spawned process that imports this module
    main()
