"""Build benchmarks/corpus.json: mid-game positions from greedy self-play, with test racks.

Each position is a board reached in a seeded greedy-vs-greedy game, the rack the player
to move really held, and three racks drawn (seeded) from the tiles that player cannot
see, with 0, 1 and 2 blanks, for the benchmark.  Run once; the file is committed::

    .venv/bin/python benchmarks/make_corpus.py --games 16 --jobs 2
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import random
from collections import Counter
from pathlib import Path
from typing import Any

from amath.core.rules import AMATH
from amath.core.tiles import BLANK
from amath.formats.view import position_of, position_to_dict
from amath.game import Game
from amath.players.simple import GreedyPlayer

HERE = Path(__file__).parent


def draw_rack(pool: Counter[str], blanks: int, size: int, rng: random.Random) -> list[str] | None:
    """``size`` tiles from ``pool`` with exactly ``blanks`` blanks, or None if the pool lacks them."""
    others = [t for t in pool.elements() if t != BLANK]
    if pool[BLANK] < blanks or len(others) < size - blanks:
        return None
    return sorted(rng.sample(others, size - blanks)) + [BLANK] * blanks


def positions_of_game(seed: int) -> list[dict[str, Any]]:
    """Play one greedy game; keep every second position from turn 4 while the bag still holds tiles."""
    game = Game(players=["greedy 1", "greedy 2"], seed=seed)
    bots = [GreedyPlayer(seed), GreedyPlayer(seed + 1)]
    rng = random.Random(seed)
    out: list[dict[str, Any]] = []
    while not game.over:
        turn = len(game.history)
        if turn >= 4 and turn % 2 == 0 and len(game.bag) >= 8:
            pos = position_to_dict(position_of(game))
            pool = Counter(AMATH.tiles.counts)
            pool.subtract(t.tile for _, t in game.board.items())
            racks = {str(b): draw_rack(+pool, b, AMATH.rack_size, rng) for b in (0, 1, 2)}
            out.append({"game_seed": seed, "turn": turn, "position": pos, "racks": racks})
        game.push(bots[game.to_move].choose(game))
    return out


def main() -> None:
    """Play the games in parallel and write the corpus."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=16)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--out", type=Path, default=HERE / "corpus.json")
    args = parser.parse_args()
    seeds = [args.seed * 100 + k for k in range(args.games)]
    with multiprocessing.get_context("spawn").Pool(args.jobs) as pool:
        games = pool.map(positions_of_game, seeds)
    positions = [p for g in games for p in g]
    doc = {"about": "mid-game positions from seeded greedy self-play; see benchmarks/make_corpus.py", "positions": positions}
    args.out.write_text(json.dumps(doc, ensure_ascii=False, indent=None) + "\n", encoding="utf-8")
    print(f"{len(positions)} positions from {args.games} games -> {args.out}")


if __name__ == "__main__":
    main()
