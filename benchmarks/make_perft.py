"""Write tests/data/perft.json: positions with move counts found by the brute-force reference.

Like chess "perft": a regression anchor.  Each entry is a corpus board (or the empty
board), a rack, and what :func:`generate_reference` finds: the number of moves, the sum
of their scores and the best score.  Run once (it takes minutes); the file is committed::

    .venv/bin/python benchmarks/make_perft.py
"""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

from amath.core.board import Board
from amath.core.rules import AMATH
from amath.engine.movegen import generate_reference
from amath.formats.view import position_from_dict

HERE = Path(__file__).parent
OUT = HERE.parent / "tests" / "data" / "perft.json"

#: (corpus index or -1 for the empty board, rack)
CASES: list[tuple[int, list[str]]] = [
    (-1, ["1", "2", "3", "+", "="]),
    (-1, ["4", "+-", "*/", "2", "8", "="]),
    (-1, ["?", "1", "=", "2"]),
    (3, ["1", "2", "3", "+", "="]),
    (10, ["5", "+-", "0", "=", "7"]),
    (20, ["12", "*", "3", "=", "4", "+"]),
    (30, ["?", "6", "=", "-"]),
    (45, ["9", "*/", "1", "=", "1"]),
    (60, ["2", "4", "8", "/", "="]),
    (75, ["0", "+", "=", "3", "13"]),
    (90, ["+-", "+-", "5", "5", "="]),
    (110, ["?", "3", "*/", "="]),
    (15, ["1", "6", "+", "-", "=", "9"]),
    (55, ["2", "3", "*/", "=", "7", "+-"]),
    (85, ["1", "0", "=", "5", "+", "2", "="]),
]


def main() -> None:
    """Run the reference on every case and write the results."""
    corpus = json.loads((HERE / "corpus.json").read_text(encoding="utf-8"))["positions"]
    out: list[dict[str, Any]] = []
    for index, rack in CASES:
        board = Board(AMATH.layout) if index < 0 else position_from_dict(corpus[index]["position"]).board()
        started = time.perf_counter()
        moves = generate_reference(board, rack, AMATH)
        spent = time.perf_counter() - started
        entry = {
            "corpus_index": index,
            "rack": rack,
            "moves": len(moves),
            "score_sum": sum(m.score for m in moves),
            "best": moves[0].score if moves else None,
        }
        out.append(entry)
        print(entry, f"{spent:.1f} s", flush=True)
    OUT.write_text(
        json.dumps({"about": "move counts by the reference generator; see benchmarks/make_perft.py", "cases": out}, indent=1) + "\n"
    )


if __name__ == "__main__":
    main()
