"""The slow, obviously-correct move generator: try every placement, let the rules judge.

For every row and column, every run of consecutive empty squares (tiles already on the
board may lie between them), every ordered choice of rack tiles and every face, build a
:class:`Place` and keep it when :func:`amath.core.placement.analyze` and
:func:`amath.core.placement.check_lines` accept it; score it with :func:`amath.core.scoring.score`.
Only for tests and small racks: the work grows like the permutations of the rack.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Iterator, Sequence

from amath.core.board import Board, Square
from amath.core.equation import judge, side_values
from amath.core.errors import IllegalMoveError
from amath.core.move import Place, TilePlay
from amath.core.placement import analyze, check_lines
from amath.core.rules.base import Ruleset
from amath.core.scoring import score
from amath.engine.movegen.result import GeneratedMove, sort_moves


def generate_reference(board: Board, rack: Sequence[str], rules: Ruleset) -> list[GeneratedMove]:
    """Every legal placement of tiles from ``rack`` on ``board``, best score first."""
    counts = Counter(rack)
    free = sorted(rules.tiles.free)
    most = len(rack) + (board.size if free else 0)
    if rules.max_tiles_per_turn is not None:
        most = min(most, rules.max_tiles_per_turn)
    found: dict[Place, int] = {}
    for squares in _square_runs(board, most, rules):
        template = _main_line(board, squares)
        for tiles in _ordered_choices(counts, free, len(squares)):
            for faces in itertools.product(*(rules.faces_of(t) for t in tiles)):
                if template is not None and not judge([f if f is not None else faces[k] for f, k in template], rules.syntax):
                    continue  # the main line is false: analyze + check_lines would refuse it too
                place = Place(tuple(TilePlay(s, t, f) for s, t, f in zip(squares, tiles, faces)))
                try:
                    analysis = analyze(board, place, rules)
                    check_lines(analysis, rules)
                except IllegalMoveError:
                    continue
                found[place] = score(analysis, rules)
    return sort_moves(GeneratedMove(p, s) for p, s in found.items())


def _square_runs(board: Board, most: int, rules: Ruleset) -> Iterator[list[Square]]:
    """Each set of 1..most empty squares in one line with no empty square left between them.

    A cheap geometric filter drops sets that cannot touch the board (or the centre on an
    empty board); :func:`analyze` would refuse them anyway, it only saves time.
    """
    size = board.size
    for across in (True, False):
        for k in range(size):
            line = [Square(k, j) if across else Square(j, k) for j in range(size)]
            empties = [s for s in line if board.get(s) is None]
            for i in range(len(empties)):
                for n in range(1, most + 1):
                    if i + n > len(empties):
                        break
                    chosen = empties[i : i + n]
                    if _may_touch(board, chosen, rules):
                        yield chosen


def _main_line(board: Board, squares: list[Square]) -> list[tuple[str | None, int]] | None:
    """The main line through two or more new squares: each square's fixed face, or which new tile.

    None for a single square, whose main direction depends on its neighbours.
    """
    if len(squares) < 2:
        return None
    across = squares[0].row == squares[1].row
    index = {s: k for k, s in enumerate(squares)}
    start = squares[0]
    while board.get(start.step(across, -1)) is not None:
        start = start.step(across, -1)
    out: list[tuple[str | None, int]] = []
    sq = start
    while sq in index or board.get(sq) is not None:
        tile = board.get(sq)
        out.append((tile.face, -1) if tile is not None else (None, index[sq]))
        sq = sq.step(across)
    return out


def _may_touch(board: Board, squares: list[Square], rules: Ruleset) -> bool:
    if board.is_empty():
        if rules.first_play == "cover_centre":
            return rules.layout.centre in squares
        return True
    return any(board.get(Square(s.row + dr, s.col + dc)) is not None for s in squares for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1)))


def _ordered_choices(counts: Counter[str], free: list[str], n: int) -> Iterator[tuple[str, ...]]:
    """Every sequence of ``n`` tiles the rack can supply (free tiles without limit), no repeats."""
    if n == 0:
        yield ()
        return
    for tile in sorted(set(counts) | set(free)):
        if tile in counts and counts[tile] > 0:
            counts[tile] -= 1
            for rest in _ordered_choices(counts, free, n - 1):
                yield (tile, *rest)
            counts[tile] += 1
        elif tile in free:
            for rest in _ordered_choices(counts, free, n - 1):
                yield (tile, *rest)


def generate_reference_lines(board: Board, rack: Sequence[str], rules: Ruleset, max_len: int | None = None) -> list[GeneratedMove]:
    """Every legal placement whose main line has at most ``max_len`` tiles; free tiles unlimited.

    For Smath-like rulesets (free ``=`` and brackets, single-tile numbers), independent of
    the Smath search: along each row and column, from every square a line may start on,
    it tries every rack tile, face and free tile on each empty square in turn and keeps
    a line when :func:`analyze`, :func:`check_lines` and :func:`score` (the rules) accept
    it.  A prefix is dropped only by facts that no later tile can change (:func:`_dead`):
    a crossing line already false, two completed sides of different value, a local
    pattern no true line contains.  Slow; for tests with small racks.
    """
    found: dict[Place, int] = {}
    size = board.size
    longest = size if max_len is None else max_len
    counts = Counter(rack)
    first = rules.first_play != "anywhere"
    choices = [(t, f) for t in sorted(counts) for f in rules.faces_of(t)] + [(f, f) for f in sorted(rules.tiles.free)]
    for across in (True, False):
        for k in range(size):
            line = [Square(k, j) if across else Square(j, k) for j in range(size)]
            for start in range(size):
                if start > 0 and board.get(line[start - 1]) is not None:
                    continue
                reach = line[start : start + longest]
                touch = not rules.must_touch or _may_touch(board, reach, rules)
                if not touch or (board.is_empty() and first and rules.layout.centre not in reach):
                    continue  # analyze would refuse every placement on these squares
                _extend(board, rules, line, start, start, [], [], counts, choices, longest, found)
    return sort_moves(GeneratedMove(p, s) for p, s in found.items())


def _extend(
    board: Board,
    rules: Ruleset,
    line: list[Square],
    start: int,
    j: int,
    faces: list[str],
    new: list[TilePlay],
    counts: Counter[str],
    choices: list[tuple[str, str]],
    longest: int,
    found: dict[Place, int],
) -> None:
    """Cover square j of ``line`` (read it, or try every tile on it), then record or go on."""
    if j >= len(line) or j - start >= longest:
        return
    fixed = board.get(line[j])
    options = [(None, fixed.face)] if fixed is not None else [(t, f) for t, f in choices if t not in counts or counts[t] > 0]
    for tile, face in options:
        faces.append(face)
        if tile is not None:
            new.append(TilePlay(line[j], tile, face))
            if tile in counts:
                counts[tile] -= 1
        room = min(len(line), start + longest) - j - 1  # squares the line may still cover
        if not _dead(board, rules, line[j], faces, new, tile is not None, room):
            nxt = line[j + 1] if j + 1 < len(line) else None
            if new and (nxt is None or board.get(nxt) is None):
                _try(board, rules, new, longest, found)
            _extend(board, rules, line, start, j + 1, faces, new, counts, choices, longest, found)
        if tile is not None:
            new.pop()
            if tile in counts:
                counts[tile] += 1
        faces.pop()


_OPERATOR = ("+", "-", "*", "/")


def _dead(board: Board, rules: Ruleset, sq: Square, faces: list[str], new: list[TilePlay], placed: bool, room: int) -> bool:
    """True when no true line can begin with ``faces`` (the last face just added on ``sq``).

    ``room``: how many more squares the line may cover (each open bracket needs one to close).
    """
    if placed and len(new) >= 2:  # the lines crossing the new tiles are complete: they must be true
        across = new[0].square.row == new[1].square.row
        for t in new[:2] if len(new) == 2 else new[-1:]:
            if not _cross_true(board, rules, t.square, t.face, not across):
                return True
    if len(faces) >= 2:
        a, b = faces[-2], faces[-1]
        if a.isdigit() and b.isdigit():
            return True  # numbers are single tiles (Smath): two never touch
        if a in _OPERATOR and (b in _OPERATOR or b in ("=", ")")):
            return True  # an operator is followed by a number or '('
        if a in ("=", "(") and b in ("+", "*", "/", "=", ")"):
            return True  # a side or bracket opens with a number, '(' or a unary minus
    if faces[0] in ("+", "*", "/", "=", ")"):
        return True
    depth = 0
    for f in faces:
        depth += (f == "(") - (f == ")")
        if depth < 0 or (f == "=" and depth > 0):
            return True
    if depth > room:
        return True
    if faces[-1] == "=":  # the sides before it are final: they must all be well formed and equal
        values = side_values(faces[:-1], rules.syntax)
        if values is None or any(v != values[0] for v in values):
            return True
    return False


def _cross_true(board: Board, rules: Ruleset, sq: Square, face: str, across: bool) -> bool:
    """Is the line crossing ``sq`` (in direction ``across``) true with ``face`` on it, or absent?"""
    before: list[str] = []
    s = sq.step(across, -1)
    while (t := board.get(s)) is not None:
        before.insert(0, t.face)
        s = s.step(across, -1)
    after: list[str] = []
    s = sq.step(across)
    while (t := board.get(s)) is not None:
        after.append(t.face)
        s = s.step(across)
    return not (before or after) or judge([*before, face, *after], rules.syntax).ok


def _try(board: Board, rules: Ruleset, new: list[TilePlay], longest: int, found: dict[Place, int]) -> None:
    """Keep the placement if the rules accept it, it takes a tile from the rack and its main line fits."""
    if all(t.tile in rules.tiles.free for t in new):
        return
    place = Place(tuple(new))
    if place in found:
        return
    try:
        analysis = analyze(board, place, rules)
        check_lines(analysis, rules)
    except IllegalMoveError:
        return
    if len(analysis.lines[0].squares) <= longest:
        found[place] = score(analysis, rules)
