"""Does a searching level choose better turns than the static ``equity`` bot?  Judged turn by turn.

Plays seeded ``equity`` self-play games, and at every ``--every``-th turn asks both the
``equity`` bot and a searching level (``sim`` or ``champion``, its budget changed with
``--budget``) for the side to move's turn, seeing only that side's rack.  Where the two
differ, both turns are judged by full play-outs to the end of the game: the same sampled
racks and bag for both (common random numbers), every later turn the static-equity
policy's, ``--rollouts`` of them.  A row per position (one JSON object a line), then the
mean difference (level - equity) of the final spread and of the wins, with 95% intervals::

    .venv/bin/python benchmarks/sim_decisions.py --games 4 --every 3 --rollouts 24 --out sim-decisions.jsonl
    .venv/bin/python benchmarks/sim_decisions.py --summary sim-decisions.jsonl

A turn the play-outs judge worse on average is a decision the level got wrong against
the policy it plays with; a level whose mean difference is below zero plays worse than
the static ranking it starts from.  The file is resumable (positions already in it are
skipped).  Budgets count iterations: the same command gives the same rows on any machine.
"""

from __future__ import annotations

import argparse
import copy
import dataclasses
import importlib
import json
import math
import statistics
import sys
import time
from pathlib import Path

from amath.core.move import Exchange, Pass, Place
from amath.core.position import Action, Position
from amath.core.rules import get_ruleset
from amath.core.rules.base import Ruleset
from amath.engine.sim import SimStats, Simulator, _scenario
from amath.engine.static import Candidate, Turns, default_equity, same_turn
from amath.game import Game
from amath.players.search import SearchPlayer, level_budget
from amath.players.selfplay import game_seed, play

#: Plies of a judging play-out: enough that every game ends inside it.
TO_THE_END = 200


def kind(move: Action) -> str:
    """``place``, ``exchange`` or ``pass``."""
    return "place" if isinstance(move, Place) else "exchange" if isinstance(move, Exchange) else "pass"


def judge(pos: Position, moves: list[Candidate], rollouts: int, seed: int) -> list[tuple[list[float], list[float]]]:
    """Final spread and win (1, 0.5, 0) of each turn over the same ``rollouts`` scenarios, played to the end."""
    equity = default_equity()
    sim = Simulator(pos, equity=equity, candidates=1, plies=TO_THE_END, seed=seed)
    sim.plies = TO_THE_END
    stats = [SimStats(c) for c in moves]
    for it in range(rollouts):
        sc = _scenario(pos, seed, it, {})
        for st in stats:
            value, win, _, _ = sim.playout(sc, st.candidate)
            st.values.append(value)
            st.wins.append(win)
    return [(st.values, st.wins) for st in stats]


def candidate_of(pos: Position, move: Action) -> Candidate:
    """The static candidate of ``move`` (its score and equity as the static ranking has them)."""
    turns = Turns.at(pos, default_equity())
    for c in turns.placements() + turns.exchanges() + [turns.pass_turn()]:
        if same_turn(c.move, move):
            return c
    raise ValueError(f"{move!r} is not a turn of the position")


def level_bot(level: str, budget: str | None, seed: int, rules: Ruleset) -> SearchPlayer:
    """The level's bot, its budget for ``rules`` changed by ``budget`` (``key=value,...``) when given."""
    base = level_budget(level, rules)
    changes = {k.strip(): int(v) for k, v in (part.split("=") for part in budget.split(","))} if budget else {}
    return SearchPlayer(seed, budget=dataclasses.replace(base, **changes), name=level)


def positions(games: int, seed: int, every: int, variant: str) -> list[tuple[int, int, Game]]:
    """(game, turn, the game at that turn) of seeded equity self-play games."""
    rules = get_ruleset(variant)
    out = []
    for g in range(games):
        finished = play(["equity", "equity"], game_seed(seed, g), rules)
        replay = Game(rules, players=list(finished.names), seed=finished.seed)
        for turn, t in enumerate(finished.history):
            if turn % every == 0 and not replay.over:
                out.append((g, turn, copy.deepcopy(replay)))
            replay.push(t.move)  # type: ignore[arg-type]  # a finished game's turns are all moves
    return out


def summary(rows: list[dict[str, object]]) -> str:
    """Mean differences (level - equity) over the positions where they chose differently."""
    diff = [r for r in rows if r.get("differs")]
    lines = [f"positions {len(rows)}, the level chose differently in {len(diff)}"]

    def interval(xs: list[float]) -> str:
        if len(xs) < 2:
            return f"{xs[0] if xs else float('nan'):+.2f}"
        m, s = statistics.mean(xs), statistics.stdev(xs) / math.sqrt(len(xs))
        return f"{m:+.2f} ± {1.96 * s:.2f}"

    groups: dict[str, list[dict[str, object]]] = {"all": diff}
    for r in diff:
        groups.setdefault(f"level plays {r['level_kind']}", []).append(r)
        bag = int(r["bag"])  # type: ignore[call-overload]
        groups.setdefault("bag 0" if bag == 0 else "bag 1-16" if bag <= 16 else "bag > 16", []).append(r)
    for name, rs in groups.items():
        spread = [float(r["spread_diff"]) for r in rs]  # type: ignore[arg-type]
        wins = [float(r["win_diff"]) for r in rs]  # type: ignore[arg-type]
        lines.append(f"{name:<22} n={len(rs):>3}  spread {interval(spread)}  wins {interval(wins)}")
    cpu = [float(r["cpu"]) for r in rows]  # type: ignore[arg-type]
    if cpu:
        lines.append(f"level CPU per turn: median {statistics.median(cpu):.2f} s, max {max(cpu):.2f} s")
    return "\n".join(lines)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--level", default="sim")
    parser.add_argument("--budget", help="key=value,... over the level's budget")
    parser.add_argument("--games", type=int, default=4)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--every", type=int, default=3)
    parser.add_argument("--rollouts", type=int, default=24)
    parser.add_argument("--variant", default="a-math")
    parser.add_argument("--out", help="append rows here (resumable)")
    parser.add_argument("--summary", nargs="*", help="sum up these files and stop")
    parser.add_argument("--patch", action="append", default=[], help="MODULE.NAME=NUMBER: an experiment's constant (repeatable)")
    args = parser.parse_args()
    for patch in args.patch:  # e.g. amath.engine.sim.WIN_RACKS=0: the level's searches see it, the judge too
        target, value = patch.split("=")
        module, name = target.rsplit(".", 1)
        setattr(importlib.import_module(module), name, float(value) if "." in value else int(value))
    if args.summary:
        rows = [json.loads(line) for f in args.summary for line in Path(f).read_text().splitlines() if line.strip()]
        print(summary(rows))
        return 0
    done: set[tuple[int, int]] = set()
    rows = []
    if args.out and Path(args.out).exists():
        rows = [json.loads(line) for line in Path(args.out).read_text().splitlines() if line.strip()]
        done = {(int(r["game"]), int(r["turn"])) for r in rows}
    out = open(args.out, "a") if args.out else None  # noqa: SIM115 - appended to as the run goes
    from amath.players.registry import get_bot

    for g, turn, game in positions(args.games, args.seed, args.every, args.variant):
        if (g, turn) in done:
            continue
        static = get_bot("equity", 7).choose(game)
        bot = level_bot(args.level, args.budget, 7, game.rules)
        started = time.thread_time()
        chosen = bot.choose(game)
        cpu = time.thread_time() - started
        if not isinstance(static, Place | Exchange | Pass) or not isinstance(chosen, Place | Exchange | Pass):
            raise TypeError(f"a bot chose {static!r} / {chosen!r}: not a turn")
        pos = game.position.seen_by(game.to_move)
        row: dict[str, object] = {
            "game": g,
            "turn": turn,
            "bag": len(game.bag),
            "cpu": round(cpu, 3),
            "equity": game.notation(static),
            "level": game.notation(chosen),
            "level_kind": kind(chosen),
            "differs": not same_turn(static, chosen),
        }
        if row["differs"]:
            cands = [candidate_of(pos, static), candidate_of(pos, chosen)]
            (sv, sw), (lv, lw) = judge(pos, cands, args.rollouts, seed=1000 * g + turn)
            row["spread_diff"] = round(statistics.mean(lv) - statistics.mean(sv), 2)
            row["win_diff"] = round(statistics.mean(lw) - statistics.mean(sw), 3)
            row["static_diff"] = round(cands[1].equity - cands[0].equity, 2)
        rows.append(row)
        line = json.dumps(row)
        print(line, flush=True)
        if out is not None:
            out.write(line + "\n")
            out.flush()
    print(summary(rows), file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
