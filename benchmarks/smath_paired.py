"""Two builds of the native Smath search, timed rack by rack in fresh processes, alternating.

This VM's noise (about 15% from one run to the next) hides a change of a few percent in
``smath_bench.py``'s medians.  Here each build times the same racks in its own fresh process,
``--reps`` best moves per rack. The builds take turns, ``--rounds`` times, the order swapped
every round.  Per rack it prints each build's minimum and median and the ratio of the minima.
The build before is a package copy on ``PYTHONPATH``: ``git worktree add`` the old commit, build
it (``cargo build --release --features python`` in ``native/``), and copy its ``src/amath`` with
``native/target/release/lib_native.so`` as ``amath/_native.cpython-311-x86_64-linux-gnu.so``.
Usage::

    .venv/bin/python benchmarks/smath_paired.py --base /tmp/before --racks 0-9,13 --reps 3 --rounds 2
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
from pathlib import Path

SRC = Path(__file__).resolve().parent.parent / "src"

# The timing a child process runs: best move per rack, CPU time, one line per search.
CHILD = """
import json, sys, time
from pathlib import Path
from amath.formats.view import position_from_dict
from amath.engine.movegen import native
from amath.core.rules import SMATH
data = json.loads(Path(sys.argv[1]).read_text(encoding="utf-8"))["positions"]
for k in map(int, sys.argv[2].split(",")):
    pos = position_from_dict(data[k]["position"])
    for _ in range(int(sys.argv[3])):
        t0 = time.process_time()
        native.generate_smath(pos.board(), list(pos.rack), SMATH, limit=1)
        print(k, time.process_time() - t0, flush=True)
"""


def parse_racks(text: str) -> list[int]:
    """``0-3,7`` -> [0, 1, 2, 3, 7]."""
    out: list[int] = []
    for part in text.split(","):
        lo, _, hi = part.partition("-")
        out.extend(range(int(lo), int(hi or lo) + 1))
    return out


def time_build(path: Path, racks: list[int], reps: int) -> dict[int, list[float]]:
    """CPU seconds per rack of the build whose package is under ``path``, in a fresh process."""
    data = SRC.parent / "tests" / "data" / "smath_positions.json"
    env = {**os.environ, "PYTHONPATH": str(path)}
    args = [sys.executable, "-c", CHILD, str(data), ",".join(map(str, racks)), str(reps)]
    out = subprocess.run(args, env=env, check=True, capture_output=True, text=True).stdout
    times: dict[int, list[float]] = {}
    for line in out.splitlines():
        k, t = line.split()
        times.setdefault(int(k), []).append(float(t))
    return times


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--base", type=Path, required=True, help="the package copy of the build before (a PYTHONPATH)")
    ap.add_argument("--new", type=Path, default=SRC, help="the build after (default: this checkout's src)")
    ap.add_argument("--racks", default="0-9", help="stored positions, as 0-3,7")
    ap.add_argument("--reps", type=int, default=2)
    ap.add_argument("--rounds", type=int, default=2)
    a = ap.parse_args()
    racks = parse_racks(a.racks)
    builds = {"before": a.base, "after": a.new}
    times: dict[str, dict[int, list[float]]] = {"before": {}, "after": {}}
    for r in range(a.rounds):
        for name in ("before", "after") if r % 2 == 0 else ("after", "before"):
            for k, ts in time_build(builds[name], racks, a.reps).items():
                times[name].setdefault(k, []).extend(ts)
    total = {"before": 0.0, "after": 0.0}
    ratios: list[float] = []
    for k in racks:
        b, n = times["before"][k], times["after"][k]
        total["before"] += min(b)
        total["after"] += min(n)
        ratios.append(min(b) / min(n))
        print(
            f"#{k}: before min {min(b) * 1000:.0f} ms, median {statistics.median(b) * 1000:.0f} ms; "
            f"after min {min(n) * 1000:.0f} ms, median {statistics.median(n) * 1000:.0f} ms; {ratios[-1]:.2f}x"
        )
    print(
        f"sum of minima {total['before']:.2f} s -> {total['after']:.2f} s ({total['before'] / total['after']:.3f}x); "
        f"per rack median {statistics.median(ratios):.3f}x, {min(ratios):.2f}x-{max(ratios):.2f}x"
    )


if __name__ == "__main__":
    main()
