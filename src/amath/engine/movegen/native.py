"""The compiled move generator (``amath.engine.movegen._native``, Rust) with the Python generator's shape.

:func:`generate` returns exactly what :func:`amath.engine.movegen.fast.generate` returns (same
moves, same scores, same order; tested on the benchmark corpus), many times faster.  The
ruleset crosses into Rust once as plain data (premiums per square, the tile table, the
faces' kinds and number values, the few numbers the generator needs) and is cached here;
the board crosses as a flat list of (tile id, face id) per square, the rack as counts.
The search runs without the GIL; Rust sorts the moves, so Python never sorts.

When the extension is missing (no Rust toolchain at install time) :func:`available` is
False and :func:`load_error` says why; callers then use the pure-Python generator.
"""

from __future__ import annotations

import gc
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from math import prod
from typing import Any

from amath.core.board import Board, Square
from amath.core.errors import PositionError, TileError
from amath.core.move import Exchange, Place, TilePlay
from amath.core.position import Action, Position
from amath.core.rules.base import FirstPlay, Ruleset
from amath.engine.movegen import smath
from amath.engine.movegen.lines import DIGIT, NUMBER, face_kind
from amath.engine.movegen.rack import RackInfo
from amath.engine.movegen.rack_leaves import RackLeaves, check_k
from amath.engine.movegen.request import EVERY, SearchRequest
from amath.engine.movegen.result import GeneratedMove
from amath.engine.movegen.smath import SearchStats, SearchStopped

try:
    from amath.engine.movegen import _native as _ext
except ImportError as _exc:  # pragma: no cover - depends on how the package was built
    _EXT: Any = None
    _LOAD_ERROR: str | None = f"amath.engine.movegen._native is not built ({_exc}); install with a Rust toolchain to get it"
else:
    _EXT = _ext
    _LOAD_ERROR = None

#: The ``first_play`` rules as the Rust side's enum values.
FIRST_PLAY_CODES = {FirstPlay.COVER_CENTRE: 0, FirstPlay.END_ON_CENTRE: 1, FirstPlay.ANYWHERE: 2}


class NativeUnavailableError(RuntimeError):
    """The compiled generator is not installed; see :func:`load_error`."""


def available() -> bool:
    """True when the compiled generator is importable."""
    return _EXT is not None


def load_error() -> str | None:
    """Why the compiled generator is missing (None when it is available)."""
    return _LOAD_ERROR


class _Plays(dict[int, TilePlay]):
    """Tile entries ``square << 16 | tile << 8 | face`` to interned TilePlays, made on first use."""

    def __init__(self, size: int, tile_names: tuple[str, ...], face_names: tuple[str, ...]) -> None:
        super().__init__()
        self.size = size
        self.tile_names = tile_names
        self.face_names = face_names

    def __missing__(self, entry: int) -> TilePlay:
        sq = entry >> 16
        play = TilePlay(Square(sq // self.size, sq % self.size), self.tile_names[(entry >> 8) & 0xFF], self.face_names[entry & 0xFF])
        self[entry] = play
        return play


@dataclass(slots=True)
class _Prepared:
    """A ruleset translated once: the Rust object and the name <-> id tables."""

    rules: Ruleset  # held so that id(rules) stays unique while cached
    native: Any
    tile_ids: dict[str, int]
    face_ids: dict[str, int]
    tile_names: tuple[str, ...]
    face_names: tuple[str, ...]
    size: int
    plays: _Plays  # decoded tile entries, interned


_PREPARED: dict[int, _Prepared | None] = {}
_KEEP: dict[int, Ruleset] = {}
_CACHE_LIMIT = 64


#: Face kinds of the Rust side beyond those of :func:`amath.engine.movegen.lines.face_kind` (Smath's brackets).
BRACKET_KINDS = {"(": 7, ")": 8}


def uses_smath_search(rules: Ruleset) -> bool:
    """True for rulesets with brackets or free tiles, which only the Smath search reads."""
    return bool(rules.syntax.brackets or rules.tiles.free)


def _names(rules: Ruleset) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """Tile names (the bag's, then the free tiles in name order) and every face they show, as ids."""
    tiles = tuple(rules.tiles.counts) + tuple(sorted(t for t in rules.tiles.free if t not in rules.tiles.counts))
    faces: dict[str, None] = {}
    for t in tiles:
        for f in rules.faces_of(t):
            faces[f] = None
    return tiles, tuple(faces)


def rules_data(rules: Ruleset) -> dict[str, Any] | None:
    """The keyword arguments of ``amath.engine.movegen._native.Rules`` for ``rules`` (None: a ruleset it cannot take).

    Faces cross as kinds and number values (:func:`amath.engine.movegen.lines.face_kind`, and
    :data:`BRACKET_KINDS`), tiles and faces as ids with their rank in Python's string order
    (the tie order of moves); Smath's free tiles as ``free_tiles``.
    """
    smath = uses_smath_search(rules)
    if smath and rules.syntax.max_digits != 1:
        return None  # the Smath search reads single-tile numbers
    if not smath and (rules.first_play is FirstPlay.ANYWHERE or not rules.must_touch):
        return None
    tiles, face_names = _names(rules)
    face_ids = {f: i for i, f in enumerate(face_names)}
    try:
        kinds = [(BRACKET_KINDS[f], 0) if f in BRACKET_KINDS and rules.syntax.brackets else face_kind(f) for f in face_names]
    except NotImplementedError:
        return None
    if any(k in (DIGIT, NUMBER) and str(v) != f for f, (k, v) in zip(face_names, kinds)):
        return None  # a number face written unlike its value ("07"): the solver matches numbers by value
    layout = rules.layout
    squares = list(layout.squares())
    tile_order = sorted(range(len(tiles)), key=lambda i: tiles[i])
    face_order = sorted(range(len(face_names)), key=lambda i: face_names[i])
    centre = layout.centre
    return {
        "size": layout.size,
        "piece_mult": [layout.piece_multiplier(sq) for sq in squares],
        "eq_mult": [layout.equation_multiplier(sq) for sq in squares],
        "centre": centre.row * layout.size + centre.col,
        "tile_points": [rules.points(t) for t in tiles],
        "tile_faces": [[face_ids[f] for f in rules.faces_of(t)] for t in tiles],
        "tile_rank": [tile_order.index(i) for i in range(len(tiles))],
        "face_kind": [k for k, _ in kinds],
        "face_value": [v for _, v in kinds],
        "face_rank": [face_order.index(i) for i in range(len(face_names))],
        "max_digits": rules.syntax.max_digits,
        "rack_size": rules.rack_size,
        "bingo_bonus": rules.bingo_bonus,
        "first_play": FIRST_PLAY_CODES[rules.first_play],
        "max_tiles": rules.max_tiles_per_turn,
        "must_touch": rules.must_touch,
        "free_tiles": [i for i, t in enumerate(tiles) if t in rules.tiles.free],
    }


def _translate(rules: Ruleset) -> _Prepared | None:
    """The ruleset built on the Rust side, or None when the compiled generator cannot take it."""
    data = rules_data(rules)
    if data is None:
        return None
    try:
        native = _EXT.Rules(**data)
    except ValueError:
        return None  # e.g. a board larger than the Rust side packs, or premiums that overflow a score
    tiles, face_names = _names(rules)
    tile_ids = {t: i for i, t in enumerate(tiles)}
    face_ids = {f: i for i, f in enumerate(face_names)}
    return _Prepared(rules, native, tile_ids, face_ids, tiles, face_names, rules.layout.size, _Plays(rules.layout.size, tiles, face_names))


def _prepared(rules: Ruleset) -> _Prepared | None:
    """The cached translation of ``rules`` (keyed by identity; the ruleset is kept alive)."""
    key = id(rules)
    if key in _PREPARED:
        return _PREPARED[key]
    if _EXT is None:
        raise NativeUnavailableError(_LOAD_ERROR)
    prep = _translate(rules)
    if len(_PREPARED) >= _CACHE_LIMIT:  # rulesets made on the fly (tests, variants) must not pile up
        _PREPARED.clear()
        _KEEP.clear()
    _PREPARED[key] = prep
    _KEEP[key] = rules
    return prep


def supports(rules: Ruleset) -> bool:
    """True when the compiled A-Math generator (:func:`generate`) handles ``rules`` completely
    (not Smath: see :func:`supports_smath`)."""
    return _EXT is not None and not uses_smath_search(rules) and _prepared(rules) is not None


def supports_smath(rules: Ruleset) -> bool:
    """True when the compiled Smath search (:func:`generate_smath`) handles ``rules``."""
    return _EXT is not None and uses_smath_search(rules) and _prepared(rules) is not None


def _inputs(board: Board, rack: Sequence[str], rules: Ruleset, smath: bool = False) -> tuple[_Prepared, list[int], list[int]]:
    """Translate a position for Rust; bad tiles or faces raise the library's errors."""
    prep = _prepared(rules)
    if prep is None or uses_smath_search(rules) != smath:
        raise NotImplementedError(f"the compiled generator does not support {rules.name} (brackets, free tiles or its first-play rule)")
    if board.size != prep.size:
        shape = f"the board is {board.size}x{board.size} but {rules.name} plays on {prep.size}x{prep.size}"
        raise PositionError(shape, code="layout_differs")
    size = prep.size
    flat = [-1] * (2 * size * size)
    for sq, placed in board.items():
        tile = prep.tile_ids.get(placed.tile)
        if tile is None:
            raise PositionError(
                f"{sq} holds {placed.tile!r}, which is not a tile of {rules.name}",
                code="not_a_tile_of",
                text=placed.tile,
                tile=placed.tile,
                variant=rules.name,
            )
        face = prep.face_ids.get(placed.face)
        if face is None or placed.face not in rules.faces_of(placed.tile):
            raise PositionError(
                f"{sq} holds the tile {placed.tile!r} showing {placed.face!r}, which it cannot show",
                code="bad_face_for_tile",
                tile=placed.tile,
                face=placed.face,
            )
        k = 2 * (sq.row * size + sq.col)
        flat[k] = tile
        flat[k + 1] = face
    counts = [0] * len(prep.tile_names)
    for t in rack:
        tile = prep.tile_ids.get(t) if isinstance(t, str) else None
        if tile is None:
            raise TileError(f"{t!r} is not a tile of {rules.name}", code="not_a_tile_of", text=str(t), tile=str(t), variant=rules.name)
        counts[tile] += 1
    if len(rack) > rules.rack_size:
        most = rules.rack_size
        raise PositionError(f"a rack holds at most {most} tiles, not {len(rack)}", code="rack_too_big", count=len(rack), most=most)
    return prep, flat, counts


def _call(prep: _Prepared, flat: list[int], counts: list[int], limit: int | None) -> tuple[memoryview, memoryview, memoryview]:
    try:
        scores, offsets, tiles = _EXT.generate(prep.native, flat, counts, limit)
    except ValueError as exc:  # the wrapper checks first; this names anything it missed
        raise PositionError(f"the compiled generator refused the position: {exc}", code="native_refused", detail=str(exc)) from None
    return memoryview(scores).cast("q"), memoryview(offsets).cast("I"), memoryview(tiles).cast("I")


def _place(tiles: tuple[TilePlay, ...]) -> Place:
    """A Place from tiles already in square order (one per square), skipping the re-sort."""
    place = object.__new__(Place)
    object.__setattr__(place, "tiles", tiles)
    return place


def _decode(prep: _Prepared, scores: memoryview, offsets: memoryview, tiles: memoryview) -> Iterator[GeneratedMove]:
    play = prep.plays.__getitem__
    entries = tiles.tolist()
    bounds = offsets.tolist()
    for k, score in enumerate(scores.tolist()):
        yield GeneratedMove(_place(tuple(map(play, entries[bounds[k] : bounds[k + 1]]))), score)


def _decode_all(prep: _Prepared, scores: memoryview, offsets: memoryview, tiles: memoryview) -> list[GeneratedMove]:
    """The whole list; the cyclic collector is paused meanwhile (the objects hold no cycles, and
    its passes over 10^5 new objects would otherwise cost more than building them)."""
    paused = gc.isenabled()
    gc.disable()
    try:
        return list(_decode(prep, scores, offsets, tiles))
    finally:
        if paused:
            gc.enable()


def generate(board: Board, rack: Sequence[str], rules: Ruleset) -> list[GeneratedMove]:
    """Every legal placement, best score first: the same list as :func:`amath.engine.movegen.fast.generate`."""
    prep, flat, counts = _inputs(board, rack, rules)
    if not rack:
        return []
    return _decode_all(prep, *_call(prep, flat, counts, None))


def top(board: Board, rack: Sequence[str], rules: Ruleset, k: int) -> list[GeneratedMove]:
    """The first ``k`` moves of :func:`generate`'s order; the others are never built in Python.

    It is the top by equity with every leave worth 0: Rust's bounded search skips the
    lines that cannot reach the k-th best score found so far.
    """
    if k < 0:
        raise ValueError(f"k must be 0 or more, not {k}")
    prep, flat, counts = _inputs(board, rack, rules)
    if not rack or k == 0:
        return []
    return [m for m, _ in _top_equity(prep, flat, counts, [0] * len(prep.tile_names), [0], 1, k)]


def top_equity(board: Board, rack: Sequence[str], rules: Ruleset, k: int, leaves: RackLeaves) -> list[tuple[GeneratedMove, int]]:
    """The ``k`` best placements by score x unit + leave (see :mod:`amath.engine.movegen.rack_leaves`), with that value.

    The leave table crosses into Rust once; Rust values every move and keeps the best,
    ties in :func:`generate`'s order, so only ``k`` moves are ever built in Python.
    """
    check_k(k)
    prep, flat, counts = _inputs(board, rack, rules)
    if not rack or k == 0:
        return []
    leaves.check_fits(rack)
    strides = [0] * len(prep.tile_names)
    for t, step in zip(leaves.tiles, leaves.strides):
        strides[prep.tile_ids[t]] = step
    return _top_equity(prep, flat, counts, strides, list(leaves.values), leaves.unit, k)


def _top_equity(
    prep: _Prepared, flat: list[int], counts: list[int], strides: list[int], values: list[int], unit: int, k: int
) -> list[tuple[GeneratedMove, int]]:
    try:
        scores, worth, offsets, tiles = _EXT.top_equity(prep.native, flat, counts, strides, values, unit, k)
    except ValueError as exc:
        raise PositionError(f"the compiled generator refused the position: {exc}", code="native_refused", detail=str(exc)) from None
    moves = _decode_all(prep, memoryview(scores).cast("q"), memoryview(offsets).cast("I"), memoryview(tiles).cast("I"))
    return list(zip(moves, memoryview(worth).cast("q").tolist()))


def count(board: Board, rack: Sequence[str], rules: Ruleset) -> int:
    """How many legal placements there are."""
    prep, flat, counts = _inputs(board, rack, rules)
    if not rack:
        return 0
    try:
        return int(_EXT.count(prep.native, flat, counts))
    except ValueError as exc:
        raise PositionError(f"the compiled generator refused the position: {exc}", code="native_refused", detail=str(exc)) from None


def each(board: Board, rack: Sequence[str], rules: Ruleset, fn: Callable[[GeneratedMove], None]) -> None:
    """Call ``fn`` on every move in :func:`generate`'s order, building one move at a time."""
    prep, flat, counts = _inputs(board, rack, rules)
    if not rack:
        return
    for move in _decode(prep, *_call(prep, flat, counts, None)):
        fn(move)


@dataclass(frozen=True, slots=True)
class RawMoves:
    """Every move in compact form, best first, for scanning without building objects.

    Move ``k`` scores ``scores[k]`` and places the tiles ``tiles[offsets[k]:offsets[k + 1]]``
    (in square order).  Each tile entry is one int ``square << 16 | tile << 8 | face``:
    ``square`` is ``row * size + col``, ``tile`` indexes ``tile_names`` and ``face``
    indexes ``face_names``.  ``scores`` is an int64 memoryview, the others uint32.
    """

    scores: memoryview
    offsets: memoryview
    tiles: memoryview
    size: int
    tile_names: tuple[str, ...]
    face_names: tuple[str, ...]

    def __len__(self) -> int:
        return len(self.scores)

    def move(self, k: int) -> GeneratedMove:
        """Move ``k`` as a GeneratedMove."""
        plays = []
        for e in self.tiles[self.offsets[k] : self.offsets[k + 1]]:
            sq = e >> 16
            plays.append(TilePlay(Square(sq // self.size, sq % self.size), self.tile_names[(e >> 8) & 0xFF], self.face_names[e & 0xFF]))
        return GeneratedMove(_place(tuple(plays)), self.scores[k])


def raw(board: Board, rack: Sequence[str], rules: Ruleset) -> RawMoves:
    """Every move, best first, in the compact form described by :class:`RawMoves`."""
    prep, flat, counts = _inputs(board, rack, rules)
    if not rack:
        empty = memoryview(b"")
        return RawMoves(empty.cast("q"), memoryview(bytes(4)).cast("I"), empty.cast("I"), prep.size, prep.tile_names, prep.face_names)
    scores, offsets, tiles = _call(prep, flat, counts, None)
    return RawMoves(scores, offsets, tiles, prep.size, prep.tile_names, prep.face_names)


def _leave_table(rack: Sequence[str], rules: Ruleset, leave: Callable[[tuple[str, ...]], float]) -> list[float]:
    """``leave(tiles kept)`` for every way to use part of the rack, in the order the Rust side
    indexes it: mixed radix over the distinct tiles in name order (the twin's rack order)."""
    info = RackInfo.of(rack, rules)
    table = [0.0] * prod(c + 1 for c in info.counts)

    def fill(j: int, index: int, radix: int, kept: list[str]) -> None:
        if j == len(info.tiles):
            table[index] = float(leave(tuple(kept)))
            return
        for n in range(info.counts[j] + 1):
            fill(j + 1, index + n * radix, radix * (info.counts[j] + 1), kept + [info.tiles[j]] * (info.counts[j] - n))

    fill(0, 0, 1, [])
    return table


def generate_smath(
    board: Board,
    rack: Sequence[str],
    rules: Ruleset,
    request: SearchRequest = EVERY,
    *,
    stats: SearchStats | None = None,
    max_len: int | None = None,
) -> list[GeneratedMove]:
    """:func:`amath.engine.movegen.smath.generate_smath` in Rust: the same placements, scores and order.

    Every argument means what it means there; :class:`SearchStopped` (with what was found)
    when ``max_nodes`` or the table budget (:data:`amath.engine.movegen.smath.TABLE_ENTRIES`) stops
    the search.  Where the Rust side cannot answer exactly (the extension missing, a ruleset
    or rack it does not take, an exact value beyond 64 bits) the Python twin answers instead.
    """
    limit, min_score, leave, max_nodes, progress = request.limit, request.min_score, request.leave, request.max_nodes, request.progress
    if _EXT is None or not supports_smath(rules) or any(t in rules.tiles.free for t in rack):
        return smath.generate_smath(board, rack, rules, request, stats=stats, max_len=max_len)
    if not smath.supports(rules):
        raise NotImplementedError(f"the Smath search needs single-tile numbers, not {rules.name}")
    if limit is not None and limit <= 0:
        return []
    if not rack:
        return []
    prep, flat, counts = _inputs(board, rack, rules, smath=True)
    table = None if leave is None else _leave_table(rack, rules, leave)
    try:
        scores, offsets, tiles, stopped, (nodes, found, pruned, entries, capped) = _EXT.smath(
            prep.native, flat, counts, limit, min_score, table, max_nodes, max_len, progress, smath.TABLE_ENTRIES
        )
    except ValueError as exc:
        if "left 64 bits" in str(exc):
            return smath.generate_smath(board, rack, rules, request, stats=stats, max_len=max_len)
        raise PositionError(f"the compiled Smath search refused the position: {exc}", code="native_refused", detail=str(exc)) from None
    if stats is not None:
        stats.nodes += nodes
        stats.found += found
        stats.pruned += pruned
        stats.entries += entries
        stats.capped += capped
    moves = _decode_all(prep, memoryview(scores).cast("q"), memoryview(offsets).cast("I"), memoryview(tiles).cast("I"))
    if stopped == 2:  # the table budget
        raise SearchStopped(nodes, moves, code="search_tables", nodes=nodes, count=len(moves), entries=entries)
    if stopped:  # the node budget
        raise SearchStopped(nodes, moves, code="search_stopped", nodes=nodes, count=len(moves))
    return moves


def playouts(
    pos: Position,
    *,
    tile_weights: Mapping[str, int],
    synergy: Sequence[int],
    classes: Mapping[str, int],
    unit: int,
    inference: Sequence[tuple[Sequence[str], int]],
    moves: Sequence[tuple[Action, int]],
    jobs: Sequence[tuple[int, int]],
    plies: int,
    finish: bool,
    seed: int,
    threads: int = 1,
) -> list[tuple[int, int]]:
    """The simulation's play-outs in Rust (``native/src/sim.rs``; :mod:`amath.engine.playouts` is the twin
    and says what they are): ``(value, unseen)`` per (candidate index, iteration) of ``jobs``.

    ``pos`` is the side to move's view (two sides); ``moves`` the candidates with their
    scores; the leave model crosses as integer weights by tile name and the tiles' classes.
    """
    rules = pos.rules
    me = pos.to_move
    other = 1 - me
    prep, flat, counts = _inputs(pos.board, pos.rack(me), rules)
    ids = prep.tile_ids

    def count(tiles: Iterable[str]) -> list[int]:
        out = [0] * len(prep.tile_names)
        for t in tiles:
            out[ids[t]] += 1
        return out

    cands: list[tuple[int, int, list[int]]] = []
    for move, score in moves:
        if isinstance(move, Place):
            entries = [(p.square.row * prep.size + p.square.col) << 16 | ids[p.tile] << 8 | prep.face_ids[p.face] for p in move.tiles]
            cands.append((0, score, entries))
        elif isinstance(move, Exchange):
            cands.append((1, 0, [ids[t] for t in move.tiles]))
        else:
            cands.append((2, 0, []))
    unseen = count(t for t, n in pos.bag.items() for _ in range(n))
    try:
        return list(
            _EXT.playouts(
                prep.native,
                flat,
                counts,
                count(pos.rack(other)) if pos.is_known(other) else [0] * len(counts),
                pos.hidden[other],
                unseen,
                scoreless=pos.scoreless,
                tile_weights=[tile_weights.get(t, 0) for t in prep.tile_names],
                synergy=list(synergy),
                classes=[classes[t] for t in prep.tile_names],
                unit=unit,
                playout_multiplier=rules.playout_multiplier,
                deduct_at_end=rules.deduct_at_end,
                pass_limit=rules.pass_rounds * pos.sides,
                exchange_min_bag=rules.exchange_min_bag,
                exchange_scoreless=rules.exchange_ends_like_pass,
                inference=[(count(kept), w) for kept, w in inference],
                candidates=cands,
                jobs=list(jobs),
                plies=plies,
                finish=finish,
                seed=seed & ((1 << 64) - 1),
                threads=threads,
            )
        )
    except (ValueError, OverflowError) as exc:
        raise PositionError(f"the compiled play-outs refused the position: {exc}", code="native_refused", detail=str(exc)) from None
