"""Fit leave values from self-play, per ruleset, and write ``src/amath/engine/leaves/fitted_data.py``.

Bots play seeded games; after every turn we note the tiles the player kept (the leave)
and what that player scored on their next turn.  A regression of that next score on the
leave's features (a count per tile plus the synergy terms of :mod:`amath.engine.leaves.table`),
shrunk towards the hand-set table, gives each feature's worth in points relative to an
average leave.  Floats are fine here: this is statistics, not judging an equation.

The games are played like ``amath selfplay``'s (the same tasks, seeds and runner, on
processes or Ray), and each game comes back as its sums for the normal equations, so a
run of any size needs little memory.  Every ``--every`` games the table is written with
the number of games reached so far, and the sums are saved to ``--state``: a run stopped
at any point leaves a table, and ``--resume`` carries it on::

    nice -n 10 .venv/bin/python benchmarks/fit_leaves.py --games 100000 --jobs 2 --state /tmp/fit.json
    nice -n 10 .venv/bin/python benchmarks/fit_leaves.py --games 100000 --jobs 2 --state /tmp/fit.json --resume
    .venv/bin/python benchmarks/fit_leaves.py --games 100000 --ray auto          # on a Ray cluster
    amath selfplay --games 1000 --players equity,equity-handset --jobs 2         # the match
"""

from __future__ import annotations

import argparse
import importlib
import json
import random
import shlex
import sys
import textwrap
import time
from collections import Counter
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import NamedTuple

from amath.core.move import Exchange, Place
from amath.core.rules import get_ruleset
from amath.core.rules.base import Ruleset
from amath.engine.generator import search_within
from amath.engine.leaves.table import HANDSET, SYNERGIES, LeaveTable, synergy_features
from amath.engine.movegen.request import SearchRequest
from amath.engine.static import default_equity
from amath.game import Game
from amath.players.parallel import Workers, run_ordered
from amath.players.selfplay import GameTask, play, run_tasks

OUT = Path(__file__).resolve().parent.parent / "src" / "amath" / "players" / "leaves_fitted.py"
#: Turns this close to a game's end are left out: their leaves draw nothing.
ENDGAME_TURNS = 6


def tile_names(rules: Ruleset) -> list[str]:
    """The tiles of a ruleset's bag, in order: one feature each."""
    return list(rules.tiles.counts)


def weights(table: LeaveTable, tiles: list[str]) -> list[float]:
    """A table's worth of each feature, in :func:`features`' order (0 where it has none)."""
    return [table.tiles.get(t, 0.0) for t in tiles] + [table.synergy.get(name, 0.0) for name in SYNERGIES]


def features(leave: Counter[str], tiles: list[str]) -> list[float]:
    """Tile counts then synergy terms (all zero for an empty leave)."""
    syn = synergy_features(leave) if leave else dict.fromkeys(SYNERGIES, 0.0)
    return [float(leave[t]) for t in tiles] + [syn[name] for name in SYNERGIES]


@dataclass(slots=True)
class Sums:
    """The sums a least-squares fit needs: count, sum of y, sum of x, x'y and x'x."""

    m: int
    n: int = 0
    y: float = 0.0
    x: list[float] = field(default_factory=list)
    xy: list[float] = field(default_factory=list)
    xx: list[list[float]] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.x = self.x or [0.0] * self.m
        self.xy = self.xy or [0.0] * self.m
        self.xx = self.xx or [[0.0] * self.m for _ in range(self.m)]

    def add(self, x: list[float], y: float) -> None:
        """Count one sample."""
        self.n += 1
        self.y += y
        nz = [i for i in range(self.m) if x[i]]
        for i in nz:
            self.x[i] += x[i]
            self.xy[i] += x[i] * y
            row = self.xx[i]
            for j in nz:
                row[j] += x[i] * x[j]

    def merge(self, other: Sums) -> None:
        """Add another game's sums."""
        self.n += other.n
        self.y += other.y
        for i in range(self.m):
            self.x[i] += other.x[i]
            self.xy[i] += other.xy[i]
            for j in range(self.m):
                self.xx[i][j] += other.xx[i][j]

    def to_json(self) -> dict[str, object]:
        """The sums as JSON (for ``--state``)."""
        return {"m": self.m, "n": self.n, "y": self.y, "x": self.x, "xy": self.xy, "xx": self.xx}

    @classmethod
    def from_json(cls, data: dict[str, object]) -> Sums:
        """Sums saved by :meth:`to_json`."""
        x, xy, xx = data["x"], data["xy"], data["xx"]
        m, n, y = data["m"], data["n"], data["y"]
        assert isinstance(x, list) and isinstance(xy, list) and isinstance(xx, list)
        assert isinstance(m, int) and isinstance(n, int) and isinstance(y, (int, float))
        return cls(m, n, float(y), [float(v) for v in x], [float(v) for v in xy], [[float(v) for v in r] for r in xx])


class Sample(NamedTuple):
    """One turn's leave (sorted tiles, space-separated), what the same player scored on their
    next turn, what this turn scored and the tiles left in the bag after it (the last two
    describe the board the leave was kept on, for fits that control for it), and ``base``: what
    the regression subtracts from ``next_score`` (a drawn leave's: the best score on the same
    board of a rack with nothing kept, filled from the same draw; 0 for a bot's own leave)."""

    leave: str
    next_score: float
    score: int
    bag: int
    base: float = 0.0

    def line(self) -> str:
        """The sample as a line of ``--samples`` (its fields, TAB-separated; :func:`read_samples` reads it)."""
        return f"{self.leave}\t{self.next_score:g}\t{self.score}\t{self.bag}\t{self.base:g}\n"


def sums_of_game(task: GameTask, draws: int = 0) -> tuple[Sums, int, list[Sample]]:
    """Play one game (as ``amath selfplay`` does); return its sums, its number of turns and
    its samples (for ``--samples``): the bot's own leaves, or ``draws`` leaves drawn at random
    before each turn (:func:`drawn_samples_of_game`)."""
    samples, turns = drawn_samples_of_game(task, draws) if draws else samples_of_game(task)
    tiles = tile_names(task.rules)
    sums = Sums(len(tiles) + len(SYNERGIES))
    for sample in samples:
        sums.add(features(Counter(sample.leave.split()), tiles), sample.next_score - sample.base)
    return sums, turns, samples


def samples_of_game(task: GameTask) -> tuple[list[Sample], int]:
    """Play one game; the samples of its turns and its number of turns."""
    game = play(task.seats(), task.game_seed(), task.rules)
    samples: list[Sample] = []
    hist = game.history
    bag = sum(task.rules.tiles.counts.values()) - task.rules.rack_size * len(game.racks)
    free = task.rules.tiles.free
    for k, turn in enumerate(hist):
        if turn.kind == "place":
            bag -= len(turn.drawn)
        if turn.kind not in ("place", "exchange") or k >= len(hist) - ENDGAME_TURNS:
            continue
        used = (
            [t for t in turn.move.rack_tiles if t not in free]
            if isinstance(turn.move, Place)
            else list(turn.move.tiles)
            if isinstance(turn.move, Exchange)
            else []
        )
        leave = Counter(turn.rack_before)
        leave.subtract(used)
        nxt = next((t for t in hist[k + 1 :] if t.player == turn.player), None)
        if nxt is None:
            continue
        kept = " ".join(sorted((+leave).elements()))
        samples.append(Sample(kept, float(nxt.score if nxt.kind == "place" else 0), turn.score, bag))
    return samples, len(hist)


def drawn_samples_of_game(task: GameTask, draws: int) -> tuple[list[Sample], int]:
    """Play one game; before each turn that could refill a rack, keep ``draws`` random parts of
    the rack to move (the size uniform, 0 to all but one tile), fill each up from one random
    order of the tiles that player cannot see, and note the best score of that rack on the
    board as it stands, less the best score of a rack with nothing kept from the same order.

    The bot's own leaves say what its kept tiles were worth *given that it chose to keep
    them*: a greedy player keeps a blank or a big number because it could not use it there,
    so those leaves look worse than they are (Smath's fit from them had a kept blank cost
    about 26 points and keeping any tile beat a bingo's empty leave by up to 27).  A leave drawn at
    random is chosen by nobody, so its regression measures the tiles themselves.  The paired
    difference takes out what the board itself offers (in Smath a best score varies by some
    110 points from board to board, far more than any leave is worth), with the same tiles
    drawn behind both racks.
    """
    game = play(task.seats(), task.game_seed(), task.rules)
    rules = task.rules
    replay = Game(rules, players=[f"{name} ({k + 1})" for k, name in enumerate(task.seats())], seed=task.game_seed())
    rng = random.Random(task.game_seed() ^ 0x1EAF)
    samples: list[Sample] = []

    def best(rack: list[str]) -> float:
        found = search_within(replay.board, rack, rules, SearchRequest(limit=1))[0]
        return float(found[0].score if found else 0)

    for turn in game.history:
        rack = replay.racks[replay.to_move]
        if len(replay.bag) >= rules.rack_size and len(rack) == rules.rack_size:
            unseen = list(replay.unseen(replay.to_move).elements())
            fill = rng.sample(unseen, rules.rack_size)
            base = best(fill)
            for _ in range(draws):
                kept = rng.sample(rack, rng.randrange(len(rack)))
                score = best(kept + fill[: rules.rack_size - len(kept)]) if kept else base
                samples.append(Sample(" ".join(sorted(kept)), score, 0, len(replay.bag), base))
        assert turn.move is not None
        replay.push(turn.move)
    return samples, len(game.history)


def ridge(s: Sums, lam: float, prior: list[float]) -> list[float]:
    """Least squares on centred y, shrunk towards ``prior`` (the hand-set values) with weight ``lam``.

    Solves (X'X + lam I) w = X'(y - mean y) + lam prior by Gaussian elimination, so
    features seen rarely stay near their hand-set worth instead of swinging on a few games.
    """
    m = s.m
    mean_y = s.y / s.n if s.n else 0.0
    a = [[s.xx[i][j] for j in range(m)] for i in range(m)]
    b = [s.xy[i] - mean_y * s.x[i] for i in range(m)]
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


def _existing_tables(out: Path) -> dict[str, tuple[LeaveTable, str]]:
    """The tables already in the generated module (so fitting one ruleset keeps the others)."""
    if out != OUT or not out.exists():
        return {}
    module = importlib.import_module("amath.engine.leaves.fitted_data")
    tables = getattr(module, "TABLES", None)
    about = getattr(module, "ABOUT", {})
    if isinstance(tables, dict):
        return {k: (v, str(about.get(k, ""))) for k, v in tables.items() if isinstance(v, LeaveTable)}
    fitted = getattr(module, "FITTED", None)
    return {"a-math": (fitted, "")} if isinstance(fitted, LeaveTable) else {}


def _about_lines(key: str, about: str) -> list[str]:
    """``"key": ("...", "..."),`` with the text cut at spaces into lines that fit the line length."""
    pieces = textwrap.wrap(about, 100, drop_whitespace=False, break_long_words=False) or [""]
    return [f"    {json.dumps(key)}: (", *(f"        {json.dumps(p, ensure_ascii=False)}" for p in pieces), "    ),"]


def _table_lines(table: LeaveTable) -> list[str]:
    return [
        "LeaveTable(",
        "        tiles={",
        *(f'            "{t}": {v},' for t, v in table.tiles.items()),
        "        },",
        "        synergy={",
        *(f'            "{k}": {v},' for k, v in table.synergy.items()),
        "        },",
        f'        name="{table.name}",',
        "    ),",
    ]


def render(tables: dict[str, tuple[LeaveTable, str]]) -> str:
    """The generated module's text, already in the project's format (ruff format)."""
    lines = [
        '"""Leave values fitted from self-play by benchmarks/fit_leaves.py, per ruleset (generated file; do not edit).',
        "",
        "``ABOUT`` says for each ruleset how many games the table was fitted from and the command that made it.",
        '"""',
        "",
        "from amath.engine.leaves.table import LeaveTable",
        "",
        "ABOUT: dict[str, str] = {",
        *(line for k, (_, about) in sorted(tables.items()) for line in _about_lines(k, about)),
        "}",
        "",
        "TABLES: dict[str, LeaveTable] = {",
    ]
    for k, (table, _) in sorted(tables.items()):
        body = _table_lines(table)
        lines.append(f"    {json.dumps(k)}: " + body[0])
        lines.extend(body[1:])
    lines += [
        "}",
        "",
        "#: The A-Math table (what the ``equity`` level plays with).",
        'FITTED = TABLES.get("a-math") or next(iter(TABLES.values()))',
    ]
    return "\n".join(lines) + "\n"


def this_command() -> str:
    """The command line of this run, as the table's ``ABOUT`` records it."""
    return "benchmarks/fit_leaves.py " + " ".join(shlex.quote(a) for a in sys.argv[1:])


def write_table(args: argparse.Namespace, rules: Ruleset, sums: Sums, origin: str, commands: list[str]) -> LeaveTable:
    """Fit from ``sums`` and write the module, saying where the samples come from (``origin``:
    how many games of which bot, or which sample files) and the commands that made them (the
    first run, then each ``--resume``)."""
    tiles = tile_names(rules)
    prior = weights(HANDSET, tiles)
    w = ridge(sums, args.ridge, prior)
    table = LeaveTable(
        {t: round(w[i], 2) for i, t in enumerate(tiles)}, {name: round(w[len(tiles) + k], 2) for k, name in enumerate(SYNERGIES)}, "fitted"
    )
    made = "; resumed by: ".join(commands)
    about = f"{origin}, {sums.n} samples, prior weight {args.ridge}; made by: {made}"
    tables = _existing_tables(args.out)
    tables[rules.name] = (table, about)
    args.out.write_text(render(tables), encoding="utf-8")
    return table


def read_samples(paths: list[Path]) -> list[tuple[Counter[str], float]]:
    """The leaves and next scores (less their ``base``) of ``--samples`` files (lines of :class:`Sample`'s fields, TAB-separated)."""
    out: list[tuple[Counter[str], float]] = []
    for path in paths:
        for line in path.read_text(encoding="utf-8").splitlines():
            leave, y, *rest = line.split("\t")
            base = float(rest[2]) if len(rest) > 2 else 0.0  # files written before the paired draws have no base
            out.append((Counter(leave.split()), float(y) - base))
    return out


def fit_from_samples(args: argparse.Namespace, rules: Ruleset) -> None:
    """Fit from stored samples with the features of :mod:`amath.engine.leaves.table` as they are now;
    print the held-out error of every fifth sample (fitted from the others) beside the hand-set
    table's and the one in use, then write the table fitted from all of them."""
    samples = read_samples(args.from_samples)
    tiles = tile_names(rules)
    m = len(tiles) + len(SYNERGIES)
    train, test, whole = Sums(m), [], Sums(m)
    for i, (leave, y) in enumerate(samples):
        x = features(leave, tiles)
        whole.add(x, y)
        if i % 5 == 4:
            test.append((x, y))
        else:
            train.add(x, y)
    # the table the bots play this ruleset with now (another ruleset's where it has none of its own)
    prior, in_use = weights(HANDSET, tiles), weights(default_equity().table(rules), tiles)
    mean_y = train.y / train.n
    for name, w in (("hand-set", prior), ("in use", in_use), ("fitted", ridge(train, args.ridge, prior))):
        err = sum((y - mean_y - sum(a * b for a, b in zip(x, w, strict=True))) ** 2 for x, y in test) / len(test)
        print(f"{name:9} held-out mean squared error {err:.2f} over {len(test)} samples ({m} features)")
    files = ", ".join(p.name for p in args.from_samples)
    write_table(args, rules, whole, f"the samples of {files} (self-play turns written by --samples)", [this_command()])


def main() -> None:
    """Play, fit, write the table module (every ``--every`` games and at the end)."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--jobs", type=int, default=2, help="worker processes (with --ray local: Ray's CPUs)")
    parser.add_argument("--ray", default=None, metavar="WHERE", help="play on Ray: auto, an address, or local")
    parser.add_argument("--seed", type=int, default=9)
    parser.add_argument("--variant", default="a-math", help="the ruleset whose table is fitted (a-math, smath, ...)")
    parser.add_argument("--bot", default="equity-handset", help="the bot whose games are learnt from (it plays itself)")
    parser.add_argument("--ridge", type=float, default=200.0, help="weight of the hand-set prior (default 200)")
    parser.add_argument("--every", type=int, default=200, metavar="N", help="write the table and the state every N games")
    parser.add_argument("--state", type=Path, default=None, help="save the sums here as the run goes (for --resume)")
    parser.add_argument("--resume", action="store_true", help="carry on from --state")
    parser.add_argument("--out", type=Path, default=OUT)
    parser.add_argument(
        "--draws",
        type=int,
        default=0,
        metavar="N",
        help="learn from N random leaves a turn, not the bot's own",
    )
    parser.add_argument("--samples", type=Path, default=None, help="append each turn's sample to this file (a Sample a line)")
    parser.add_argument("--from-samples", type=Path, nargs="+", default=None, metavar="FILE", help="fit from --samples files, no games")
    args = parser.parse_args()
    rules = get_ruleset(args.variant)
    if args.from_samples:
        fit_from_samples(args, rules)
        return
    m = len(tile_names(rules)) + len(SYNERGIES)
    sums, done, turns = Sums(m), 0, 0
    commands = [this_command()]
    if args.resume:
        state = json.loads(args.state.read_text(encoding="utf-8"))
        if (state["seed"], state["bot"], state["variant"], state.get("draws", 0)) != (args.seed, args.bot, rules.name, args.draws):
            raise SystemExit(
                f"--state holds seed {state['seed']}, bot {state['bot']}, variant {state['variant']}, "
                f"draws {state.get('draws', 0)}: not this run"
            )
        sums, done, turns = Sums.from_json(state["sums"]), int(state["games"]), int(state["turns"])
        if sums.m != m:
            raise SystemExit(f"--state holds sums of {sums.m} features, the leave model now has {m}: start a new state")
        commands = [str(c) for c in state.get("commands", ["(an earlier run, not recorded)"])] + commands
    tasks = run_tasks([args.bot, f"{args.bot}#2"], args.seed, args.games, rules)[done:]
    started = time.perf_counter()
    sink = args.samples.open("a", encoding="utf-8") if args.samples else None
    for k, (game_sums, game_turns, samples) in enumerate(
        run_ordered(partial(sums_of_game, draws=args.draws), tasks, Workers(args.jobs, args.ray)), 1
    ):
        sums.merge(game_sums)
        if sink is not None:
            sink.writelines(x.line() for x in samples)
            sink.flush()
        done, turns = done + 1, turns + game_turns
        if k % args.every == 0 or done == args.games:
            leaves = f", {args.draws} leaves drawn at random a turn" if args.draws else ""
            origin = f"{done} games of {args.bot} (seed {args.seed}) of the {args.games} asked, {turns} turns{leaves}"
            write_table(args, rules, sums, origin, commands)
            if args.state is not None:
                state = {
                    "seed": args.seed,
                    "bot": args.bot,
                    "variant": rules.name,
                    "draws": args.draws,
                    "games": done,
                    "turns": turns,
                    "commands": commands,
                    "sums": sums.to_json(),
                }
                args.state.write_text(json.dumps(state), encoding="utf-8")
            rate = k / (time.perf_counter() - started)
            print(f"{done}/{args.games} games, {sums.n} samples, {rate:.2f} games/s -> {args.out}", flush=True)


if __name__ == "__main__":
    main()
