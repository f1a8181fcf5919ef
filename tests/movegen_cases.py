"""Shared test positions for the move generator: corpus boards and seeded small racks."""

from __future__ import annotations

import json
import random
from collections import Counter
from functools import lru_cache
from pathlib import Path

from amath.core.board import Board
from amath.core.rules import AMATH
from amath.core.tiles import BLANK
from amath.formats.view import position_from_dict

CORPUS = Path(__file__).resolve().parent.parent / "benchmarks" / "corpus.json"


@lru_cache(maxsize=1)
def corpus_boards() -> tuple[Board, ...]:
    """The boards of the benchmark corpus (mid-game positions from greedy self-play)."""
    data = json.loads(CORPUS.read_text(encoding="utf-8"))
    return tuple(position_from_dict(p["position"]).board() for p in data["positions"])


def unseen_pool(board: Board) -> list[str]:
    """Every tile of the set not on ``board``, in a fixed order."""
    pool = Counter(AMATH.tiles.counts)
    pool.subtract(t.tile for _, t in board.items())
    return sorted((+pool).elements())


def small_rack(board: Board, rng: random.Random, most: int = 4) -> list[str]:
    """A seeded rack of 1..most tiles from what is not on the board; a blank only in racks of 3 or fewer."""
    pool = unseen_pool(board)
    size = rng.randint(1, most)
    if size <= 3 and BLANK in pool and rng.random() < 0.2:  # blanks are rare in the bag: ask for some
        return [BLANK, *rng.sample([t for t in pool if t != BLANK], size - 1)]
    rack = rng.sample(pool, size)
    while size > 3 and BLANK in rack:
        rack = rng.sample(pool, size)
    return rack


def differential_cases(count: int, seed: int = 7) -> list[tuple[int, list[str]]]:
    """(board index, rack) pairs: every corpus board, then again, plus the empty board (-1)."""
    rng = random.Random(seed)
    boards = corpus_boards()
    cases: list[tuple[int, list[str]]] = []
    k = 0
    while len(cases) < count:
        index = -1 if k % 25 == 0 else (k % len(boards))
        board = Board(AMATH.layout) if index < 0 else boards[index]
        cases.append((index, small_rack(board, rng)))
        k += 1
    return cases


def board_of(index: int) -> Board:
    """Corpus board ``index`` (-1: the empty board)."""
    return Board(AMATH.layout) if index < 0 else corpus_boards()[index]
