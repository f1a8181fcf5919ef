"""The bots' published ratings: where each bot level's rating starts, from the bot-against-bot matches of docs/bots.md.

A bot level is a member of the "vs bot" rating pool, as an account of its own
(``bot-equity``...) that nobody can log in to.  Its rating there starts at
:func:`seed_ratings` and is then updated by Glicko-2 after every rated game an account
plays against it, exactly as a person's is: the games against people decide where it
ends.  The start comes from the ladder matches of docs/bots.md: a win rate ``p`` of one
level against the one below is a rating difference of ``400 log10(p / (1 - p))`` (the
Elo/Glicko logistic curve), and the ``Club player`` (``equity``) is anchored at a new
person's 1500.  The deviation starts at :data:`SEED_RD`: bot-against-bot results say how
far apart the levels are, not where people are on the same scale.
"""

from __future__ import annotations

import math

from amath.apps.server.glicko import START_RATING, START_VOLATILITY, Rating

SEED_RD = 150.0
"""The seeds' deviation: wide enough that the first games against people move a bot's rating well."""
ANCHOR = "equity"
"""The level that starts at :data:`amath.apps.server.glicko.START_RATING`."""
LADDER: dict[str, list[tuple[str, str, float]]] = {
    # (stronger, weaker, the stronger's win rate): docs/bots.md, "Strength: each level against the one below"
    "a-math": [
        ("greedy", "random", 0.967),  # 30 games, 3701be8
        ("equity", "greedy", 0.5985),  # 2,000 games (seeds 1 and 1000001), d87b652
        ("equity", "equity-handset", 0.5),  # not played: taken as equal
        ("sim", "equity", 0.558),  # 500 games, 3197806
        ("champion", "sim", 0.514),  # 1,700 games, fabf62c and 6331845
    ],
    "smath": [
        ("greedy", "random", 0.967),  # not played in Smath: A-Math's gap
        ("equity", "greedy", 0.492),  # 400 games (seeds 901, 902), 5a6734c
        ("equity", "equity-handset", 0.5),
        ("sim", "equity", 0.5),  # Smath's sim and champion do not simulate: equity's strength
        ("champion", "sim", 0.5),
    ],
}


def gap(win_rate: float) -> float:
    """The rating difference a win rate stands for."""
    return 400.0 * math.log10(win_rate / (1.0 - win_rate))


def seed_ratings(ruleset: str) -> dict[str, Rating]:
    """Each level's starting rating in a ruleset (levels the ladder does not reach are absent)."""
    found = {ANCHOR: START_RATING}
    edges = LADDER.get(ruleset, [])
    for _ in edges:  # relax the ladder's edges until every level reachable from the anchor is placed
        for strong, weak, p in edges:
            if strong in found and weak not in found:
                found[weak] = found[strong] - gap(p)
            elif weak in found and strong not in found:
                found[strong] = found[weak] + gap(p)
    return {level: Rating(rating, SEED_RD, START_VOLATILITY) for level, rating in found.items()}


def bot_login(level: str) -> str:
    """The login name of a level's rating account (reserved: nobody signs up as ``bot-...``)."""
    return f"bot-{level}"[:20]
