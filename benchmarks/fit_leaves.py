"""Fit leave values from self-play and write ``src/amath/players/leaves_fitted.py``.

Bots play seeded games; after every turn we note the tiles the player kept (the leave)
and what that player scored on their next turn.  A regression of that next score on the
leave's features (a count per tile plus the synergy terms of :mod:`amath.players.leaves`),
shrunk towards the hand-set table, gives each feature's worth in points relative to an
average leave.  Floats are fine here: this is statistics, not judging an equation::

    .venv/bin/python benchmarks/fit_leaves.py --games 40 --jobs 2
    amath selfplay --games 500 --players equity,equity-handset --jobs 2   # the match
"""

from __future__ import annotations

import argparse
import multiprocessing
import random
from collections import Counter
from pathlib import Path

from amath.game import Game
from amath.move import Exchange, Place
from amath.players.leaves import HANDSET, SYNERGIES, synergy_features
from amath.players.registry import get_bot
from amath.rules import AMATH

OUT = Path(__file__).resolve().parent.parent / "src" / "amath" / "players" / "leaves_fitted.py"
TILES = list(AMATH.tiles.counts)

Sample = tuple[list[float], float]


def features(leave: Counter[str]) -> list[float]:
    """Tile counts then synergy terms (all zero for an empty leave)."""
    syn = synergy_features(leave) if leave else dict.fromkeys(SYNERGIES, 0.0)
    return [float(leave[t]) for t in TILES] + [syn[name] for name in SYNERGIES]


def samples_of_game(task: tuple[str, int]) -> list[Sample]:
    """Play one game; return (leave features, next-turn score of the same player) per turn."""
    bot, seed = task
    game = Game(AMATH, players=["a", "b"], seed=seed)
    bots = [get_bot(bot, seed), get_bot(bot, seed + 1)]
    while not game.over and len(game.history) < 300:
        game.push(bots[game.to_move].choose(game))
    out: list[Sample] = []
    hist = game.history
    for k, turn in enumerate(hist):
        if turn.kind not in ("place", "exchange") or k >= len(hist) - 6:  # endgame leaves draw nothing
            continue
        used = turn.move.rack_tiles if isinstance(turn.move, Place) else list(turn.move.tiles) if isinstance(turn.move, Exchange) else []
        leave = Counter(turn.rack_before)
        leave.subtract(used)
        nxt = next((t for t in hist[k + 1 :] if t.player == turn.player), None)
        if nxt is None:
            continue
        out.append((features(+leave), float(nxt.score if nxt.kind == "place" else 0)))
    return out


def ridge(samples: list[Sample], lam: float, prior: list[float]) -> list[float]:
    """Least squares shrunk towards ``prior`` (the hand-set values) with weight ``lam``.

    Solves (X'X + lam I) w = X'y + lam prior by Gaussian elimination, so features seen
    rarely stay near their hand-set worth instead of swinging on a few games.
    """
    m = len(samples[0][0])
    mean_y = sum(y for _, y in samples) / len(samples)
    a = [[0.0] * m for _ in range(m)]
    b = [0.0] * m
    for x, y in samples:
        for i in range(m):
            if x[i]:
                b[i] += x[i] * (y - mean_y)
                for j in range(m):
                    a[i][j] += x[i] * x[j]
    for i in range(m):
        a[i][i] += lam
        b[i] += lam * prior[i]
    for col in range(m):  # elimination with partial pivoting
        piv = max(range(col, m), key=lambda r: abs(a[r][col]))
        a[col], a[piv] = a[piv], a[col]
        b[col], b[piv] = b[piv], b[col]
        for r in range(col + 1, m):
            f = a[r][col] / a[col][col]
            if f:
                for c in range(col, m):
                    a[r][c] -= f * a[col][c]
                b[r] -= f * b[col]
    w = [0.0] * m
    for i in range(m - 1, -1, -1):
        w[i] = (b[i] - sum(a[i][j] * w[j] for j in range(i + 1, m))) / a[i][i]
    return w


def render(tiles: dict[str, float], synergy: dict[str, float], about: str) -> str:
    """The generated module's text, already in the project's format (ruff format)."""
    lines = [
        '"""Leave values fitted from self-play by benchmarks/fit_leaves.py (generated file; do not edit).',
        "",
        about,
        '"""',
        "",
        "from amath.players.leaves import LeaveTable",
        "",
        "FITTED = LeaveTable(",
        "    tiles={",
        *(f'        "{t}": {v},' for t, v in tiles.items()),
        "    },",
        "    synergy={",
        *(f'        "{k}": {v},' for k, v in synergy.items()),
        "    },",
        '    name="fitted",',
        ")",
    ]
    return "\n".join(lines) + "\n"


def main() -> None:
    """Play, fit, write the table module."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--seed", type=int, default=9)
    parser.add_argument("--bot", default="equity-handset", help="the bot whose games are learnt from")
    parser.add_argument("--ridge", type=float, default=200.0, help="weight of the hand-set prior (default 200)")
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    tasks = [(args.bot, rng.getrandbits(62)) for _ in range(args.games)]
    with multiprocessing.get_context("spawn").Pool(args.jobs) as pool:
        per_game = pool.map(samples_of_game, tasks)
    samples = [s for g in per_game for s in g]
    prior = [HANDSET.tiles.get(t, 0.0) for t in TILES] + [HANDSET.synergy.get(name, 0.0) for name in SYNERGIES]
    w = ridge(samples, args.ridge, prior)
    tiles = {t: round(w[i], 2) for i, t in enumerate(TILES)}
    synergy = {name: round(w[len(TILES) + k], 2) for k, name in enumerate(SYNERGIES)}
    about = f"{args.games} games of {args.bot} (seed {args.seed}), {len(samples)} turns, prior weight {args.ridge}."
    text = render(tiles, synergy, about)
    args.out.write_text(text, encoding="utf-8")
    print(f"{len(samples)} samples from {args.games} games -> {args.out}")
    for t in TILES:
        print(f"  {t:>3} {tiles[t]:+6.2f}")
    for name in SYNERGIES:
        print(f"  {name} {synergy[name]:+6.2f}")


if __name__ == "__main__":
    main()
