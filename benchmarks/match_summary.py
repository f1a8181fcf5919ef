"""Summarise a directory of saved self-play games: wins and mean margin per bot, with a 95% CI.

Useful when a long ``amath selfplay --out DIR`` run is stopped early: every finished game
was written, so the games so far can still be counted.
Usage: ``.venv/bin/python benchmarks/match_summary.py DIR``.
"""

from __future__ import annotations

import json
import math
import re
import statistics
import sys
from collections import defaultdict
from pathlib import Path

from amath.formats.save import load_game


def main() -> None:
    """Replay every ``game-*.json`` in the directory under the rules and print the tally."""
    folder = Path(sys.argv[1])
    wins: defaultdict[str, float] = defaultdict(float)
    margins: list[float] = []
    names: list[str] = []
    games = 0
    for path in sorted(folder.glob("game-*.json")):
        game = load_game(json.loads(path.read_text(encoding="utf-8")))
        if game.result is None:
            continue
        bots = [re.sub(r" \(\d+\)$", "", " & ".join(side)) for side in game.sides]
        if not names:
            names = sorted(set(bots))
        games += 1
        scores = dict(zip(bots, game.result.scores))
        for w in game.result.winners:
            wins[bots[w]] += 1 / len(game.result.winners)
        if len(names) == 2:
            margins.append(scores[names[0]] - scores[names[1]])
    print(f"games: {games}")
    for name in names:
        rate = wins[name] / max(games, 1)
        half = 196 * math.sqrt(rate * (1 - rate) / max(games, 1))
        print(f"  {name:16} wins {wins[name]:6.1f} ({100 * rate:5.1f}% ± {half:.1f}, 95% CI)")
    if len(margins) > 1:
        half = 1.96 * statistics.stdev(margins) / math.sqrt(len(margins))
        print(f"  margin {names[0]} - {names[1]}: {statistics.mean(margins):+.1f} ± {half:.1f} (95% CI)")


if __name__ == "__main__":
    main()
