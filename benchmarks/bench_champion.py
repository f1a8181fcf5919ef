"""CPU time per move of the searching levels on representative positions.

Plays seeded ``equity`` self-play games and, at chosen moments of each (the opening, the
middle, 1 to 7 tiles in the bag, the bag empty), asks a level for its turn, timing the
thread's CPU time (``time.thread_time``: load on a shared machine barely moves it).
``--profile FILE`` writes a cProfile of every timed move::

    .venv/bin/python benchmarks/bench_champion.py --level champion --games 3
    .venv/bin/python benchmarks/bench_champion.py --level champion --games 1 --profile champ.prof
    .venv/bin/python benchmarks/bench_champion.py --level champion --budget iterations=16,candidates=6

``--budget`` changes the level's own budget (``sim`` or ``champion``) key by key.
``--at-bag N`` times only the first turn with N tiles in the bag of each game (one tile:
the pre-endgame's hardest case; ``--games 40`` gives 9 positions).  ``--every-turn`` times
every turn of the games instead (the whole game's distribution of time per move, as a
player meets it).  The summary gives the 95th percentile and the moves over 3 s::

    .venv/bin/python benchmarks/bench_champion.py --level champion --games 2 --every-turn
    .venv/bin/python benchmarks/bench_champion.py --level champion --games 40 --at-bag 1
"""

from __future__ import annotations

import argparse
import copy
import cProfile
import dataclasses
import json
import statistics
import sys
import time

from timing import spread

from amath.core.rules import get_ruleset
from amath.core.rules.base import Ruleset
from amath.game import Game
from amath.players.base import Player
from amath.players.registry import get_bot
from amath.players.search import SearchPlayer, level_budget
from amath.players.selfplay import game_seed, play


def phase(game: Game, turn: int) -> str | None:
    """The phase this moment of the game stands for, or None when it is not one we time."""
    bag = len(game.bag)
    if turn == 0:
        return "opening"
    if 40 <= bag <= 50:
        return "middle"
    if 1 <= bag <= 7:
        return f"pre-endgame bag {bag}"
    if bag == 0:
        return "endgame"
    return None


def moments(game: Game, every: bool = False, at_bag: int | None = None) -> list[Game]:
    """Copies of ``game`` at the first turn of each phase, at every turn, or at the first with ``at_bag`` tiles in the bag.

    ``game`` is a finished game.
    """
    history = [t.move for t in game.history if t.move is not None]
    replay = Game(game.rules, players=list(game.names), seed=game.seed)
    seen: set[str] = set()
    out: list[Game] = []
    for turn, move in enumerate(history):
        name = phase(replay, turn)
        kind = name.split(" bag")[0] if name else None
        if at_bag is not None:
            if len(replay.bag) == at_bag and not replay.over:
                return [copy.deepcopy(replay)]
        elif every and not replay.over:
            out.append(copy.deepcopy(replay))
        elif name is not None and kind not in seen and not replay.over:
            seen.add(kind or "")
            out.append(copy.deepcopy(replay))
        replay.push(move)
    return out


def make_bot(level: str, budget: str | None, rules: Ruleset) -> Player:
    """The level's bot, its budget for ``rules`` changed by ``budget`` (``key=value,...``) when given."""
    if not budget:
        return get_bot(level, 7)
    base = level_budget(level, rules)
    changes = {k.strip(): int(v) for k, v in (part.split("=") for part in budget.split(","))}
    return SearchPlayer(7, budget=dataclasses.replace(base, **changes), name=level)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--level", default="champion")
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--variant", default="a-math")
    parser.add_argument("--budget", help="key=value,... over the level's budget (sim and champion)")
    parser.add_argument("--profile", help="write a cProfile of the timed moves here")
    parser.add_argument("--json", action="store_true", help="one object a line")
    parser.add_argument("--every-turn", action="store_true", help="time every turn, not one per phase")
    parser.add_argument("--at-bag", type=int, help="time only the first turn with this many tiles in the bag (games without one: none)")
    args = parser.parse_args()
    rules = get_ruleset(args.variant)
    prof = cProfile.Profile() if args.profile else None
    rows: list[dict[str, object]] = []
    for g in range(args.games):
        finished = play(["equity", "equity"], game_seed(args.seed, g), rules)
        for moment in moments(finished, args.every_turn, args.at_bag):
            bot = make_bot(args.level, args.budget, rules)
            name = phase(moment, len(moment.history)) or "other"
            started = time.thread_time()
            if prof is not None:
                prof.enable()
            move = bot.choose(moment)
            if prof is not None:
                prof.disable()
            cpu = time.thread_time() - started
            row = {"game": g, "turn": len(moment.history), "phase": name, "bag": len(moment.bag), "cpu": round(cpu, 3)}
            row["move"] = moment.notation(move)
            rows.append(row)
            print(json.dumps(row) if args.json else f"game {g} turn {row['turn']:>2} {name:<20} {cpu:7.2f} s  {row['move']}", flush=True)
    if prof is not None:
        prof.dump_stats(args.profile)
    by: dict[str, list[float]] = {}
    for r in rows:
        by.setdefault(str(r["phase"]).split(" bag")[0], []).append(float(r["cpu"]))  # type: ignore[arg-type]
    for k, v in by.items():
        print(f"{k:<12} n={len(v)} median {statistics.median(v):.2f} s  max {max(v):.2f} s", file=sys.stderr)
    allv = [float(r["cpu"]) for r in rows]  # type: ignore[arg-type]
    if allv:
        over = sum(v > 3.0 for v in allv)
        print(f"all          n={len(allv)} {spread(allv)}  mean {statistics.mean(allv):.2f} s  over 3 s: {over}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
