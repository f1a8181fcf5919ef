"""Digests of the Smath brute force's lists on every stored position, for the tests.

:func:`amath.engine.movegen.reference.generate_reference_lines` (every tile on every square,
judged by the rules) takes seconds on a rack with a blank, too slow to run on all 116
positions of tests/data/smath_positions.json in CI.  This stores, per position, the
digest (count, score sum, SHA-256 of the ordered list) of its list of placements with
main lines up to 5 tiles; tests/test_movegen_smath.py holds every backend's search to
them and recomputes the brute force live on the positions without a blank::

    .venv/bin/python benchmarks/smath_brute_digests.py          # (re)write the file
    .venv/bin/python benchmarks/smath_brute_digests.py --check  # recompute, compare
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from amath.core.rules import SMATH
from amath.engine.movegen.reference import generate_reference_lines
from amath.engine.movegen.result import digest
from amath.formats.view import position_from_dict

DATA = Path(__file__).resolve().parent.parent / "tests" / "data"
POSITIONS = DATA / "smath_positions.json"
OUT = DATA / "smath_brute_digests.json"
MAX_LEN = 5


def brute_digests() -> list[dict[str, object]]:
    """The digest of the brute force's list (main lines up to MAX_LEN) for each position's small rack."""
    out = []
    for k, p in enumerate(json.loads(POSITIONS.read_text(encoding="utf-8"))["positions"]):
        board = position_from_dict(p["position"]).board()
        out.append(digest(generate_reference_lines(board, tuple(p["small_rack"]), SMATH, max_len=MAX_LEN)))
        print(k, out[-1]["moves"], file=sys.stderr, flush=True)
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--check", action="store_true", help="recompute and compare with the stored file")
    args = parser.parse_args()
    found = brute_digests()
    if args.check:
        stored = json.loads(OUT.read_text(encoding="utf-8"))["digests"]
        bad = [k for k, (a, b) in enumerate(zip(found, stored, strict=True)) if a != b]
        print("same" if not bad else f"differ at {bad}")
        return 1 if bad else 0
    about = "digests of reference.generate_reference_lines(max_len=5) per position; see benchmarks/smath_brute_digests.py"
    OUT.write_text(json.dumps({"about": about, "max_len": MAX_LEN, "digests": found}, indent=1) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
