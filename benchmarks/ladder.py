"""The bot ladder: each level against the one below, one JSON line per game, resumable.

Play (appends to OUT, skipping games already there; stops early once the 95% interval
of the first bot's win rate excludes 50%, after at least --min-games)::

    nice -n 10 .venv/bin/python benchmarks/ladder.py play equity,sim --games 500 --out ladder/equity-sim.jsonl

Summarise one or more files (win rate with a Wilson 95% interval, mean margin with a
normal 95% interval, time per move of each bot: wall clock median and mean, the
thread's CPU time median, mean and 95th percentile; ``--together``: the files are one
match, the same two bots run with other ``--seed`` values, say one a core)::

    .venv/bin/python benchmarks/ladder.py summary ladder/*.jsonl
    .venv/bin/python benchmarks/ladder.py summary --together ladder/champion-sim.jsonl ladder/champion-sim-b.jsonl

One slow move of a file, replayed and timed (the game's ``index`` and the bot's own turn,
its place in the file's ``cpu`` list)::

    .venv/bin/python benchmarks/ladder.py move champion,sim champion --index 149 --turn 7

Games 2k and 2k+1 of a file share one seed, from (--seed, k) alone, with the seats swapped
(the same bag and starting racks for each bot in turn: less luck in the difference), so
the same command replays the same games on any machine.  The summary also gives the
mean margin of each pair of seat-swapped games (paired by seed, with its 95% interval).

``--from-bag N`` judges one phase of the game: the ``equity`` bot plays both sides until
the bag holds N tiles or fewer, then the two bots take over from that position, once in
each seat.  Against ``equity`` a pair's mean margin is then the first bot's gain over
``equity`` in that phase (equity against itself sums to zero over the pair): far less
noise than whole games, whose openings the levels mostly play alike::

    nice -n 10 .venv/bin/python benchmarks/ladder.py play sim,equity --from-bag 8 --games 200 --out ladder/end-sim-equity.jsonl
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import math
import random
import re
import runpy
import statistics
import sys
import time
from pathlib import Path

from timing import percentile

from amath.apps.cli import drop_stdout
from amath.core.move import Pass
from amath.core.rules import get_ruleset
from amath.core.rules.base import Ruleset
from amath.engine.equity import StaticEquity
from amath.engine.static import default_equity
from amath.game import Game
from amath.players.base import Player
from amath.players.equity import EquityPlayer
from amath.players.registry import get_bot
from amath.players.search import SearchPlayer, level_budget
from amath.players.selfplay import MAX_TURNS, game_seed


def make_bot(name: str, seed: int, rules: Ruleset) -> Player:
    """The level ``name``; ``sim[iterations=0,...]`` or ``champion[...]`` changes that level's budget for ``rules`` key by key;
    ``equity[leaves=PATH]`` plays the leave table of a module written by ``fit_leaves.py --out PATH``;
    ``equity[scale=X]`` the level's own tables (every ruleset's, as played) with each value times X."""
    if "[" not in name:
        return get_bot(name, seed)
    level, spec = name.rstrip("]").split("[", 1)
    if level == "equity" and spec.startswith("leaves="):
        table = runpy.run_path(spec.removeprefix("leaves="))["FITTED"]
        return EquityPlayer(seed, table, name=name, calculator=StaticEquity(table))
    if level == "equity" and spec.startswith("scale="):
        calculator = default_equity().scaled(float(spec.removeprefix("scale=")), name=name)
        return EquityPlayer(seed, calculator.table(rules), name=name, calculator=calculator)
    base = level_budget(level, rules)
    changes = {k.strip(): int(v) for k, v in (part.split("=") for part in spec.split(","))}
    return SearchPlayer(seed, budget=dataclasses.replace(base, **changes), name=name)


def split_bots(text: str) -> list[str]:
    """The two levels of ``champion,sim[iterations=0,nodes=0]``: commas inside a budget's brackets do not split."""
    return re.split(r",(?![^\[]*\])", text)


def deal(bots: list[str], seed: int, index: int, variant: str) -> tuple[Game, list[str], list[Player]]:
    """Game ``index`` of a file before its first turn: the game, its seats, the seated bots (each seeded)."""
    seats = bots if index % 2 == 0 else bots[::-1]
    gseed = game_seed(seed, index // 2)  # games 2k and 2k+1: the same bag, the seats swapped
    game = Game(get_ruleset(variant), players=[f"{b} ({k + 1})" for k, b in enumerate(seats)], seed=gseed)
    seat_rng = random.Random(gseed ^ 0x5EED)
    return game, seats, [make_bot(b, seat_rng.getrandbits(63), game.rules) for b in seats]


def play_one(bots: list[str], seed: int, index: int, variant: str, from_bag: int | None = None) -> dict[str, object]:
    """One game; seats alternate with the index; per-bot move times in seconds (wall clock and the thread's CPU).

    With ``from_bag``, ``equity`` plays both sides until the bag holds that many tiles or
    fewer (the same turns in both games of a pair: ``equity`` is deterministic), then ``bots``.
    """
    game, seats, players = deal(bots, seed, index, variant)
    gseed = game.seed
    start = 0
    if from_bag is not None:
        opening = get_bot("equity", gseed)
        while not game.over and len(game.bag) > from_bag and len(game.history) < MAX_TURNS:
            game.push(opening.choose(game))
        start = len(game.history)
    times: list[list[float]] = [[] for _ in seats]
    cpu: list[list[float]] = [[] for _ in seats]
    while not game.over:
        side = game.to_move
        started, cpu_started = time.perf_counter(), time.thread_time()
        move = players[side].choose(game) if len(game.history) < MAX_TURNS else Pass()
        times[side].append(round(time.perf_counter() - started, 4))
        cpu[side].append(round(time.thread_time() - cpu_started, 4))
        game.push(move)
    assert game.result is not None
    kinds: list[dict[str, int]] = [dict.fromkeys(KINDS, 0) for _ in seats]
    for turn in game.history[start:]:
        kinds[turn.player][turn.kind] = kinds[turn.player].get(turn.kind, 0) + 1
        kinds[turn.player]["bingo"] += int(turn.bingo)
    return {
        "index": index,
        "bots": bots,
        "seed": gseed,
        "seats": seats,
        "scores": list(game.result.scores),
        "winners": list(game.result.winners),
        "reason": game.result.reason,
        "turns": len(game.history),
        "start": start,
        "times": times,
        "cpu": cpu,
        "kinds": kinds,
    }


#: The bots' turns a game record counts per seat (from ``start``): placements, the bingos
#: among them (every rack tile), exchanges and passes.
KINDS = ("place", "bingo", "exchange", "pass")


def kinds_line(rows: list[dict[str, object]], name: str) -> str:
    """``name``'s turns by kind, a game on average, over the rows that record them."""
    counted = [row["kinds"][list(row["seats"]).index(name)] for row in rows if "kinds" in row]  # type: ignore[index, call-overload]
    if not counted:
        return ""
    per = {k: sum(c.get(k, 0) for c in counted) / len(counted) for k in KINDS}
    return f"{name} a game: " + ", ".join(f"{per[k]:.2f} {k}" for k in KINDS)


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """Wilson score interval of a proportion."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


def sign_test(a: int, b: int) -> float:
    """Two-sided exact sign test of ``a`` successes against ``b`` (the chance of a split this uneven or more)."""
    n, k = a + b, max(a, b)
    if n == 0:
        return 1.0
    tail = sum(math.comb(n, i) for i in range(k, n + 1))
    return min(1.0, 2.0 * tail / (1 << n))


def tally(rows: list[dict[str, object]], first: str, second: str) -> dict[str, float]:
    """Wins, margin and move times (wall clock, and CPU where recorded) of ``first`` against ``second``."""
    wins = 0.0
    won_each: list[float] = []
    margins: list[float] = []
    times: dict[str, list[float]] = {first: [], second: []}
    cpu: dict[str, list[float]] = {first: [], second: []}
    for row in rows:
        seats = list(row["seats"])  # type: ignore[call-overload]
        scores = list(row["scores"])  # type: ignore[call-overload]
        winners = list(row["winners"])  # type: ignore[call-overload]
        a, b = seats.index(first), seats.index(second)
        won_each.append(1.0 / len(winners) if a in winners else 0.0)
        wins += won_each[-1]
        margins.append(scores[a] - scores[b])
        for k, name in enumerate(seats):
            times[name].extend(row["times"][k])  # type: ignore[index]
            if "cpu" in row:
                cpu[name].extend(row["cpu"][k])  # type: ignore[index]
    n = len(rows)
    lo, hi = wilson(wins, n)
    mean = statistics.mean(margins) if margins else 0.0
    half = 1.96 * statistics.stdev(margins) / math.sqrt(n) if n > 1 else math.inf
    pairs: dict[int, list[float]] = {}
    swept: dict[int, list[float]] = {}
    for row, margin, won in zip(rows, margins, won_each):  # a pair: the two games of one seed (any file)
        pairs.setdefault(int(row["seed"]), []).append(margin)  # type: ignore[call-overload]
        swept.setdefault(int(row["seed"]), []).append(won)  # type: ignore[call-overload]
    paired = [sum(ms) / 2 for ms in pairs.values() if len(ms) == 2]  # a pair's mean margin
    out = {"games": n, "wins": wins, "rate": wins / n if n else 0.0, "lo": lo, "hi": hi, "margin": mean, "margin_half": half}
    out["pairs"] = len(paired)
    # Pairs one bot won in both seats: the games its play decided (the other pairs each seat won once).
    out["swept_first"] = sum(1 for ws in swept.values() if len(ws) == 2 and sum(ws) == 2)
    out["swept_second"] = sum(1 for ws in swept.values() if len(ws) == 2 and sum(ws) == 0)
    out["pair_margin"] = statistics.mean(paired) if paired else math.nan
    out["pair_half"] = 1.96 * statistics.stdev(paired) / math.sqrt(len(paired)) if len(paired) > 1 else math.inf
    for name, ts in times.items():
        key = "first" if name == first else "second"
        out[f"{key}_median"] = statistics.median(ts) if ts else 0.0
        out[f"{key}_mean"] = statistics.mean(ts) if ts else 0.0
        out[f"{key}_moves"] = len(ts)
        cs = cpu[name]
        out[f"{key}_cpu_median"] = statistics.median(cs) if cs else math.nan
        out[f"{key}_cpu_mean"] = statistics.mean(cs) if cs else math.nan
        out[f"{key}_cpu_p95"] = percentile(cs, 0.95) if cs else math.nan
    return out


def _read(path: Path) -> list[dict[str, object]]:
    if not path.exists():
        return []
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


def play(args: argparse.Namespace) -> int:
    bots = split_bots(args.bots)
    out = Path(args.out)
    out.parent.mkdir(parents=True, exist_ok=True)
    done = {int(r["index"]) for r in _read(out)}  # type: ignore[call-overload]
    for index in range(args.games):
        if index in done:
            continue
        row = play_one(bots, args.seed, index, args.variant, args.from_bag)
        with out.open("a") as f:
            f.write(json.dumps(row) + "\n")
        t = tally(_read(out), bots[0], bots[1])
        print(f"{int(t['games'])} games: {bots[0]} {100 * t['rate']:.1f}% [{100 * t['lo']:.1f}, {100 * t['hi']:.1f}]", flush=True)
        if t["games"] >= args.min_games and (t["lo"] > 0.5 or t["hi"] < 0.5):
            print("the 95% interval excludes 50%: stopping", flush=True)
            break
    return 0


def move(args: argparse.Namespace) -> int:
    """Replay game ``--index`` of a ``play`` run up to ``bot``'s turn ``--turn`` (0: its first) and time that turn."""
    bots = split_bots(args.bots)
    game, seats, players = deal(bots, args.seed, args.index, args.variant)
    side, mine = seats.index(args.bot), 0
    while not game.over:
        if game.to_move == side and mine == args.turn:
            started = time.thread_time()
            chosen = players[side].choose(game)
            print(f"turn {len(game.history)}, bag {len(game.bag)}, racks {game.racks}: {args.bot} plays {chosen}")
            print(f"CPU {time.thread_time() - started:.3f} s")
            return 0
        if game.to_move == side:
            mine += 1
        game.push(players[game.to_move].choose(game))
    print(f"game {args.index} ended before {args.bot}'s turn {args.turn}", file=sys.stderr)
    return 1


def summary(args: argparse.Namespace) -> int:
    groups = [[row for name in args.files for row in _read(Path(name))]] if args.together else [_read(Path(n)) for n in args.files]
    for rows in groups:
        if not rows:
            continue
        first, second = (str(b) for b in rows[0]["bots"])  # type: ignore[attr-defined]
        t = tally(rows, first, second)
        print(
            f"{first} vs {second}: {int(t['games'])} games, {first} wins {t['wins']:.1f} = {100 * t['rate']:.1f}% "
            f"[{100 * t['lo']:.1f}, {100 * t['hi']:.1f}], margin {t['margin']:+.1f} ± {t['margin_half']:.1f}, "
            f"paired by seed {t['pair_margin']:+.1f} ± {t['pair_half']:.1f} ({int(t['pairs'])} pairs, "
            f"won in both seats: {first} {int(t['swept_first'])}, {second} {int(t['swept_second'])}, "
            f"sign test p = {sign_test(int(t['swept_first']), int(t['swept_second'])):.3g}); "
            f"s/move median (mean): {first} {t['first_median']:.3f} ({t['first_mean']:.3f}), "
            f"{second} {t['second_median']:.3f} ({t['second_mean']:.3f}); "
            f"CPU s/move median (mean, p95): {first} {t['first_cpu_median']:.3f} ({t['first_cpu_mean']:.3f}, {t['first_cpu_p95']:.3f}), "
            f"{second} {t['second_cpu_median']:.3f} ({t['second_cpu_mean']:.3f}, {t['second_cpu_p95']:.3f})"
        )
        for name in (first, second):
            if line := kinds_line(rows, name):
                print(f"  {line}")
    return 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="cmd", required=True)
    p = sub.add_parser("play")
    p.add_argument("bots", help="two levels, the stronger first: equity,sim")
    p.add_argument("--games", type=int, default=500)
    p.add_argument("--min-games", type=int, default=30)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--variant", default="a-math")
    p.add_argument("--from-bag", type=int, help="equity plays both sides until the bag holds this many tiles, then the bots")
    p.add_argument("--out", required=True)
    p.set_defaults(run=play)
    s = sub.add_parser("summary")
    s.add_argument("files", nargs="+")
    s.add_argument("--together", action="store_true", help="the files are one match (the same two bots, other --seed): one summary")
    s.set_defaults(run=summary)
    m = sub.add_parser("move", help="replay one game of a play run to a bot's turn and time that turn")
    m.add_argument("bots", help="as the play run gave them: champion,sim")
    m.add_argument("bot", help="whose turn: champion")
    m.add_argument("--index", type=int, required=True, help="the game's index in the file")
    m.add_argument("--turn", type=int, required=True, help="the bot's own turn, 0 for its first (the file's times list)")
    m.add_argument("--seed", type=int, default=1)
    m.add_argument("--variant", default="a-math")
    m.set_defaults(run=move)
    args = parser.parse_args()
    try:
        code: int = args.run(args)
    except BrokenPipeError:  # `ladder.py summary F | head`: the reader has all it wanted
        drop_stdout()
        return 141
    return code


if __name__ == "__main__":
    sys.exit(main())
