"""How often a bot's exact Smath search finishes within its node budget, replayed on self-play games.

For every placement of the games in DIR (``amath selfplay --variant smath --out DIR``), the
board before it and the mover's rack are searched again for the best placement
(``generate_smath(limit=1, max_nodes=BUDGET)``, native where built) and counted as finished or
stopped; the placements' rack tiles and bingos are read from the records.  Usage::

    .venv/bin/python benchmarks/smath_replay.py DIR [--budget 400000] [--backend native|python]
"""

from __future__ import annotations

import argparse
import os
import time
from collections import Counter
from pathlib import Path

from amath.core.move import Place
from amath.engine.generator import NODE_BUDGET
from amath.engine.movegen import native, smath
from amath.engine.movegen.request import SearchRequest
from amath.engine.movegen.smath import SearchStopped
from amath.formats.load import game_at, load_game_text


def main() -> None:
    """Print the finished count and the placements' rack tiles."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("dir", type=Path)
    parser.add_argument("--budget", type=int, default=NODE_BUDGET)
    parser.add_argument("--backend", default="native", choices=["native", "python"])
    args = parser.parse_args()
    search = native.generate_smath if args.backend == "native" and native.available() else smath.generate_smath
    finished = placements = bingos = 0
    tiles: Counter[int] = Counter()
    cpu = 0.0
    for path in sorted(args.dir.glob("game-*.json")):
        text = path.read_text(encoding="utf-8")
        whole = load_game_text(text)
        rules = whole.rules
        for k, turn in enumerate(whole.history):
            if turn.kind != "place" or not isinstance(turn.move, Place):
                continue
            placements += 1
            used = sum(1 for t in turn.move.tiles if t.tile not in rules.tiles.free)
            tiles[used] += 1
            bingos += used == rules.rack_size
            board = game_at(load_game_text(text), k).board
            t0 = time.process_time()
            try:
                search(board, list(turn.rack_before), rules, SearchRequest(limit=1, max_nodes=args.budget))
                finished += 1
            except SearchStopped:
                pass
            cpu += time.process_time() - t0
    print(f"load {os.getloadavg()[0]:.1f}; {placements} placements, bingos {bingos}, rack tiles {dict(sorted(tiles.items()))}")
    print(f"best move within {args.budget} nodes: finished on {finished} of {placements}; {cpu:.0f} s CPU in all")


if __name__ == "__main__":
    main()
