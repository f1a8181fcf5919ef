"""Digests of seeded self-play games: proof that a change plays the same games.

Each level plays itself (``amath selfplay --players L,L --seed 1``) for a number of games
per ruleset; every game's turns (who moved, and the move in notation) are hashed, and the
hashes are kept in ``benchmarks/selfplay_digests.json``.  A refactoring that must not
change play is checked by running the same command again with ``--check``: it names the
first game that differs.  Driven through the command line, so the same script measures
the code before and after a move of its modules::

    .venv/bin/python benchmarks/selfplay_digests.py --write                      # record (long: about an hour on 2 cores)
    .venv/bin/python benchmarks/selfplay_digests.py --check                      # compare with the record
    .venv/bin/python benchmarks/selfplay_digests.py --check --only a-math:greedy # one ruleset and level
"""

from __future__ import annotations

import argparse
import hashlib
import json
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
RECORD = HERE / "selfplay_digests.json"

#: (ruleset, level, games): 200 games a level where a game costs well under a second; the
#: simulation levels and Smath cost seconds a game, so fewer (said in the record).
PLAN: list[tuple[str, str, int]] = [
    ("a-math", "random", 200),
    ("a-math", "greedy", 200),
    ("a-math", "equity", 200),
    ("a-math", "equity-handset", 200),
    ("a-math", "sim", 40),
    ("a-math", "champion", 40),
    ("smath", "greedy", 40),
    ("smath", "equity", 40),
]


def game_digest(saved: dict[str, object]) -> str:
    """A short hash of one saved game's seed, seats and turns (no timings)."""
    keep = {k: saved[k] for k in ("variant", "sides", "seed", "turns")}
    return hashlib.sha256(json.dumps(keep, sort_keys=True).encode()).hexdigest()[:16]


def play(variant: str, level: str, games: int, jobs: int) -> list[str]:
    """Play the games through ``amath selfplay`` and return each one's digest, in order."""
    with tempfile.TemporaryDirectory() as tmp:
        cmd = [sys.executable, "-m", "amath.apps.cli", "selfplay", "--games", str(games), "--players", f"{level},{level}"]
        cmd += ["--variant", variant, "--seed", "1", "--jobs", str(jobs), "--out", tmp, "--quiet"]
        subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL)
        files = sorted(Path(tmp).glob("game-*.json"))
        return [game_digest(json.loads(f.read_text(encoding="utf-8"))) for f in files]


def main() -> int:
    """Record or check the digests; exit 1 on the first game that differs."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    mode = parser.add_mutually_exclusive_group(required=True)
    mode.add_argument("--write", action="store_true", help="record the digests (merged into the record file)")
    mode.add_argument("--check", action="store_true", help="compare with the record")
    parser.add_argument("--only", default=None, help="comma-separated RULESET:LEVEL pairs of the plan")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes per run (the games do not depend on it)")
    parser.add_argument("--record", type=Path, default=RECORD)
    args = parser.parse_args()
    only = set(args.only.split(",")) if args.only else None
    record: dict[str, list[str]] = json.loads(args.record.read_text(encoding="utf-8")) if args.record.exists() else {}
    failed = False
    for variant, level, games in PLAN:
        if only is not None and f"{variant}:{level}" not in only:
            continue
        digests = play(variant, level, games, args.jobs)
        key = f"{variant}:{level}"
        if args.write:
            record[key] = digests
            args.record.write_text(json.dumps(record, indent=1, sort_keys=True) + "\n", encoding="utf-8")
            print(f"{key}: {len(digests)} games recorded", flush=True)
            continue
        want = record.get(key)
        if want is None:
            print(f"{key}: no record", flush=True)
            failed = True
            continue
        bad = [k for k, (a, b) in enumerate(zip(digests, want)) if a != b]
        if bad or len(digests) != len(want):
            print(f"{key}: DIFFERS, first at game {bad[0] + 1 if bad else min(len(digests), len(want)) + 1}", flush=True)
            failed = True
        else:
            print(f"{key}: {len(digests)} games match", flush=True)
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
