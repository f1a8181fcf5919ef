"""Capture the native core's ``top_equity`` calls of seeded self-play, replay and time them, and fingerprint games.

Three jobs, for changing the search without changing a single answer:

* ``capture OUT --bots greedy --games 20``: plays seeded games (as ``bench_selfplay.py``)
  and writes every ``top_equity`` call (board, rack, leave table, k) with its answer, one
  JSON object a line.
* ``replay FILE``: calls the current build on every captured input, checks that each
  answer is byte-identical to the captured one, and prints the thread CPU time (total,
  by number of blanks on the rack, and the median).
* ``games OUT --bots greedy --games 200``: the games themselves, one line per game (the
  notation of every turn and the final scores), to diff before and after a change.

    .venv/bin/python benchmarks/bench_movegen_calls.py capture calls.jsonl --bots greedy --games 20
    .venv/bin/python benchmarks/bench_movegen_calls.py replay calls.jsonl --repeat 3
"""

from __future__ import annotations

import argparse
import hashlib
import json
import statistics
import time
from pathlib import Path
from typing import Any

from amath.core.rules import get_ruleset
from amath.engine.movegen import native
from amath.players.selfplay import game_seed, play


def _digest(answer: tuple[bytes, ...]) -> str:
    h = hashlib.sha256()
    for part in answer:
        h.update(len(part).to_bytes(8, "little"))
        h.update(bytes(part))
    return h.hexdigest()


class _Recorder:
    """Stands in for ``amath.engine.movegen._native`` and records every ``top_equity`` call with its answer."""

    def __init__(self, inner: Any, out: list[dict[str, Any]]) -> None:
        self.inner = inner
        self.out = out

    def __getattr__(self, attr: str) -> Any:
        fn = getattr(self.inner, attr)
        if attr != "top_equity":
            return fn

        def recorded(rules: Any, board: list[int], rack: list[int], strides: list[int], values: list[int], unit: int, k: int) -> Any:
            answer = fn(rules, board, rack, strides, values, unit, k)
            self.out.append(
                {"board": board, "rack": rack, "strides": strides, "values": values, "unit": unit, "k": k, "answer": _digest(answer)}
            )
            return answer

        return recorded


def capture(out: Path, bots: list[str], games: int, seed: int, variant: str) -> None:
    """Play the games and write their calls."""
    rules = get_ruleset(variant)
    calls: list[dict[str, Any]] = []
    native._EXT = _Recorder(native._EXT, calls)
    try:
        for bot in bots:
            for i in range(games):
                play([bot, f"{bot}#2"], game_seed(seed, i), rules)
    finally:
        native._EXT = native._EXT.inner
    with out.open("w", encoding="utf-8") as f:
        for c in calls:
            f.write(json.dumps(c) + "\n")
    print(f"{len(calls)} calls written to {out}")


def _load(ext: Path) -> Any:
    """The extension module built into ``ext`` (another build of ``amath.engine.movegen._native``, to compare)."""
    import importlib.util

    spec = importlib.util.spec_from_file_location("amath.engine.movegen._native", ext)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def replay(path: Path, variant: str, repeat: int) -> None:
    """Replay every call, check its answer, print the CPU time."""
    rules = get_ruleset(variant)
    prep = native._prepared(rules)
    assert prep is not None
    calls = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
    blank = prep.tile_ids.get("?")
    best: list[float] = [float("inf")] * len(calls)
    wrong = 0
    for _ in range(repeat):
        for n, c in enumerate(calls):
            started = time.thread_time()
            answer = native._EXT.top_equity(prep.native, c["board"], c["rack"], c["strides"], c["values"], c["unit"], c["k"])
            best[n] = min(best[n], time.thread_time() - started)
            if _digest(answer) != c["answer"]:
                wrong += 1
    by_blanks: dict[int, list[float]] = {}
    for c, t in zip(calls, best):
        by_blanks.setdefault(c["rack"][blank] if blank is not None else 0, []).append(t)
    median = statistics.median(best) * 1e3
    print(f"{len(calls)} calls, {wrong} answers differ; best of {repeat}: {sum(best):.3f} s CPU, median {median:.2f} ms")
    for b, ts in sorted(by_blanks.items()):
        print(f"  {b} blank(s): {len(ts)} calls, {sum(ts):.3f} s, median {statistics.median(ts) * 1e3:.2f} ms")
    if wrong:
        raise SystemExit(f"{wrong} answers differ from the captured ones")


def games(out: Path, bots: list[str], count: int, seed: int, variant: str) -> None:
    """Write one line per game: its bots, index, final scores and every turn's notation."""
    rules = get_ruleset(variant)
    with out.open("w", encoding="utf-8") as f:
        for bot in bots:
            for i in range(count):
                game = play([bot, f"{bot}#2"], game_seed(seed, i), rules)
                turns = [t.notation for t in game.history]
                f.write(json.dumps({"bot": bot, "index": i, "scores": list(game.scores), "turns": turns}) + "\n")
                f.flush()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("job", choices=["capture", "replay", "games"])
    parser.add_argument("file", type=Path)
    parser.add_argument("--bots", default="greedy")
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--variant", default="a-math")
    parser.add_argument("--repeat", type=int, default=1)
    parser.add_argument(
        "--ext", type=Path, help="run on this build of amath.engine.movegen._native (a copied .so) instead of the installed one"
    )
    args = parser.parse_args()
    if args.ext is not None:
        native._EXT = _load(args.ext)
        native._PREPARED.clear()
    bots = args.bots.split(",")
    if args.job == "capture":
        capture(args.file, bots, args.games, args.seed, args.variant)
    elif args.job == "replay":
        replay(args.file, args.variant, args.repeat)
    else:
        games(args.file, bots, args.games, args.seed, args.variant)


if __name__ == "__main__":
    main()
