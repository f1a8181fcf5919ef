"""The compiled generator (amath.engine.movegen.native) against its Python twin, and its wrapper API."""

from __future__ import annotations

import json
import shutil
from functools import lru_cache

import pytest

from amath.core.board import Board
from amath.core.rules import AMATH, SMATH
from amath.core.rules.base import Ruleset
from amath.engine.movegen import fast, native
from amath.engine.movegen.result import digest
from amath.formats.view import position_from_dict
from movegen_cases import CORPUS

# Only where the extension cannot be built at all (no Rust toolchain); with cargo present a
# missing extension fails test_native_is_built_wherever_rust_is instead.
pytestmark = pytest.mark.skipif(not native.available() and shutil.which("cargo") is None, reason="no Rust toolchain")

CHUNKS = 8


@lru_cache(maxsize=1)
def corpus() -> list[dict[str, object]]:
    """The benchmark corpus entries (position + racks of 0, 1 and 2 blanks)."""
    positions: list[dict[str, object]] = json.loads(CORPUS.read_text(encoding="utf-8"))["positions"]
    return positions


def position(index: int, blanks: int) -> tuple[Board, list[str], Ruleset] | None:
    """Board, the rack with ``blanks`` blanks, rules of corpus entry ``index`` (None: no such rack)."""
    entry = corpus()[index]
    racks = entry["racks"]
    assert isinstance(racks, dict)
    rack = racks.get(str(blanks))
    if rack is None:
        return None
    pos = position_from_dict(entry["position"])
    return pos.board(), list(rack), pos.rules


def test_native_is_built_wherever_rust_is() -> None:
    """With a Rust toolchain on the machine the install must have built the extension."""
    if shutil.which("cargo"):
        assert native.available(), native.load_error()


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_native_equals_python_blank_free_corpus(chunk: int) -> None:
    """All 115 corpus positions, full blank-free racks: the same moves, scores and order."""
    for index in range(chunk, len(corpus()), CHUNKS):
        case = position(index, 0)
        assert case is not None
        board, rack, rules = case
        assert native.generate(board, rack, rules) == fast.generate(board, rack, rules), f"corpus {index}, rack {rack}"


def test_top_count_each_raw_agree_with_generate() -> None:
    """The other modes are views of the same ordered list."""
    case = position(3, 0)
    assert case is not None
    board, rack, rules = case
    moves = native.generate(board, rack, rules)
    assert len(moves) > 50
    assert native.top(board, rack, rules, 10) == moves[:10]
    assert native.top(board, rack, rules, len(moves) + 5) == moves
    assert native.top(board, rack, rules, 0) == []
    assert native.count(board, rack, rules) == len(moves)
    seen: list[object] = []
    native.each(board, rack, rules, seen.append)
    assert seen == moves
    raw = native.raw(board, rack, rules)
    assert len(raw) == len(moves)
    assert [raw.move(k) for k in range(len(raw))] == moves
    assert list(raw.scores) == [m.score for m in moves]
    first = moves[0].place.tiles[0]
    entry = raw.tiles[raw.offsets[0]]
    assert divmod(entry >> 16, raw.size) == (first.square.row, first.square.col)
    assert (raw.tile_names[(entry >> 8) & 0xFF], raw.face_names[entry & 0xFF]) == (first.tile, first.face)


def test_supports_a_math_not_smath() -> None:
    """Smath (brackets, free '=') is left to the Python generators for now."""
    assert native.supports(AMATH)
    assert not native.supports(SMATH)
    with pytest.raises(NotImplementedError):
        native.generate(Board(SMATH.layout), ["1"], SMATH)


@pytest.mark.parametrize("index", [2, 10, 32, 45, 48])
def test_solving_for_the_last_number_finds_what_searching_finds(index: int) -> None:
    """The search may solve for a side's last number or enumerate it (``force_max``): the same moves either way."""
    from amath.engine.movegen import _native

    case = position(index, 1)
    assert case is not None
    board, rack, rules = case
    prep, flat, counts = native._inputs(board, rack, rules)
    lists = [_native.generate(prep.native, flat, counts, None, force_max) for force_max in (0, 2, 16, 10**6)]
    assert len(lists[0][0]) > 8 * 100
    assert all(x == lists[0] for x in lists[1:])


DIGESTS = json.loads((CORPUS.parent / "corpus_digests.json").read_text(encoding="utf-8"))["digests"]
DIGEST_CHUNKS = 4


def test_the_stored_digests_cover_blank_racks() -> None:
    """The digests hold one- and two-blank racks (made by benchmarks/check_native.py --write from the Python generator)."""
    kinds = {key.split(":")[1] for key in DIGESTS}
    assert {"1", "2"} <= kinds and len(DIGESTS) >= 20


@pytest.mark.parametrize("chunk", range(DIGEST_CHUNKS))
def test_native_equals_the_python_lists_digests(chunk: int) -> None:
    """Racks with blanks, whose Python lists take minutes: the compiled lists match their stored digests."""
    for key in sorted(DIGESTS)[chunk::DIGEST_CHUNKS]:
        index, blanks = (int(x) for x in key.split(":"))
        case = position(index, blanks)
        assert case is not None
        board, rack, rules = case
        assert digest(native.generate(board, rack, rules)) == DIGESTS[key], f"corpus {index}, {blanks} blank(s), rack {rack}"
