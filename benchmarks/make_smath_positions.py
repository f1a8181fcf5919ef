"""Build tests/data/smath_positions.json: Smath positions from self-play, with test racks.

Seeded games in which both sides play one of the five best placements of a quick
bounded search (so boards grow fast and vary); from each game every position after a
few turns, the full rack the side to move held, and a small rack of 3 or 4 of its tiles
(every third one with a blank).  Run once; the file is committed::

    .venv/bin/python benchmarks/make_smath_positions.py --games 40
"""

from __future__ import annotations

import argparse
import json
import random
from pathlib import Path
from typing import Any

from amath.core.move import Exchange
from amath.core.rules import SMATH
from amath.core.tiles import BLANK
from amath.engine.movegen.bounded import generate_bounded
from amath.formats.view import position_of, position_to_dict
from amath.game import Game

OUT = Path(__file__).resolve().parent.parent / "tests" / "data" / "smath_positions.json"


def positions_of_game(seed: int, turns: int) -> list[dict[str, Any]]:
    """Play ``turns`` turns of one seeded game; keep each position from the second turn on."""
    rng = random.Random(seed)
    game = Game(SMATH, seed=seed)
    out: list[dict[str, Any]] = []
    for turn in range(turns):
        rack = list(game.racks[game.to_move])
        if turn >= 1:
            small = rng.sample(rack, rng.choice([3, 4]))
            if len(out) % 3 == 0:
                small[-1] = BLANK
            out.append({"game": seed, "turn": turn, "position": position_to_dict(position_of(game)), "small_rack": small})
        moves = generate_bounded(game.board, rack, SMATH, max_rack_tiles=5, node_budget=20_000)
        if moves:
            game.push(rng.choice(moves[:5]).place)
        else:
            game.push(Exchange(tuple(rack)))
        if game.over:
            break
    return out


def main() -> None:
    """Write the positions file."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--turns", type=int, default=5)
    args = parser.parse_args()
    positions = [p for seed in range(args.games) for p in positions_of_game(seed, args.turns)]
    OUT.write_text(json.dumps({"positions": positions}, indent=0) + "\n", encoding="utf-8")
    print(f"{len(positions)} positions -> {OUT}")


if __name__ == "__main__":
    main()
