"""The compiled generator against the Python one on the whole corpus, and the digests CI uses.

For every corpus position and rack kind (0, 1, 2 blanks) it lists the moves with
:func:`amath.engine.movegen.fast.generate` and with :func:`amath.engine.movegen.native.generate` and
checks that the lists are identical (moves, scores, order).  ``--write`` stores a digest
of each Python list (count, score sum, SHA-256 of the ordered list) in
``benchmarks/corpus_digests.json``; the test suite holds the compiled generator to those
digests for the racks whose Python lists take too long to build in CI::

    .venv/bin/python benchmarks/check_native.py --blanks 0,1,2            # compare everything
    .venv/bin/python benchmarks/check_native.py --blanks 1,2 --write      # (re)make the digests
    .venv/bin/python benchmarks/check_native.py --blanks 2 --native-only  # native vs the digests
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Iterable
from pathlib import Path

from amath.engine.movegen import fast, native
from amath.engine.movegen.result import digest
from amath.formats.view import position_from_dict

HERE = Path(__file__).parent
CORPUS = HERE / "corpus.json"
DIGESTS = HERE / "corpus_digests.json"
ABOUT = "digests of amath.engine.movegen.fast.generate's move lists on benchmarks/corpus.json; see benchmarks/check_native.py"


def cases(blanks: int, limit: int | None = None) -> Iterable[tuple[int, object, list[str], object]]:
    """(corpus index, board, rack, rules) for every corpus position that has a rack with ``blanks`` blanks."""
    positions = json.loads(CORPUS.read_text(encoding="utf-8"))["positions"]
    for index, entry in enumerate(positions[:limit]):
        rack = entry["racks"].get(str(blanks))
        if rack is None:
            continue
        pos = position_from_dict(entry["position"])
        yield index, pos.board(), list(rack), pos.rules


def main() -> int:
    """Compare (and optionally store digests); exit 1 on the first difference."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--blanks", default="0,1,2")
    parser.add_argument("--limit", type=int, default=None, help="only the first N corpus positions")
    parser.add_argument("--start", type=int, default=0, help="skip the corpus positions before this index")
    parser.add_argument("--write", action="store_true", help="only store the Python lists' digests (in --out)")
    parser.add_argument("--out", type=Path, default=DIGESTS, help="digest file to write (default benchmarks/corpus_digests.json)")
    parser.add_argument("--native-only", action="store_true", help="compare the compiled generator with the stored digests only")
    args = parser.parse_args()
    if not native.available() and not args.write:
        print(f"the compiled generator is not built: {native.load_error()}", file=sys.stderr)
        return 2
    source = args.out if args.write else DIGESTS
    stored: dict[str, dict[str, object]] = json.loads(source.read_text(encoding="utf-8"))["digests"] if source.exists() else {}
    checked = 0
    for blanks in [int(b) for b in args.blanks.split(",") if b.strip()]:
        spent_py = spent_native = 0.0
        for index, board, rack, rules in cases(blanks, args.limit):
            key = f"{index}:{blanks}"
            if index < args.start:
                continue
            if args.write:
                started = time.perf_counter()
                stored[key] = digest(fast.generate(board, rack, rules))  # type: ignore[arg-type]
                spent_py += time.perf_counter() - started
                args.out.write_text(json.dumps({"about": ABOUT, "digests": stored}, indent=0, sort_keys=True) + "\n", encoding="utf-8")
                checked += 1
                print(f"stored: corpus {index}, {blanks} blank(s), {stored[key]['moves']} moves", flush=True)
                continue
            if args.native_only and key not in stored:
                continue
            started = time.perf_counter()
            mine = native.generate(board, rack, rules)  # type: ignore[arg-type]
            spent_native += time.perf_counter() - started
            got = digest(mine)
            if args.native_only:
                want = stored[key]
            else:
                started = time.perf_counter()
                twin = fast.generate(board, rack, rules)  # type: ignore[arg-type]
                spent_py += time.perf_counter() - started
                if mine != twin:
                    print(f"DIFFERENT: corpus {index}, {blanks} blank(s), rack {rack}: {len(mine)} vs {len(twin)} moves", flush=True)
                    return 1
                want = digest(twin)
            if got != want:
                print(f"DIFFERENT from the stored digest: corpus {index}, {blanks} blank(s), rack {rack}", flush=True)
                return 1
            checked += 1
            print(f"same: corpus {index}, {blanks} blank(s), {got['moves']} moves", flush=True)
        print(f"{blanks} blank(s): native {spent_native:.1f} s, python {spent_py:.1f} s", flush=True)
    print(f"{checked} lists {'stored' if args.write else 'identical'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
