"""Where a placement may go and which lines it makes (docs/rules.md "Placements").

:func:`analyze` checks the geometry (one row or column, unbroken, touching or on the
centre) and returns every line of two or more tiles the placement makes or changes;
:func:`check_lines` judges them.  Both raise :class:`IllegalMoveError` naming the fault.
"""

from __future__ import annotations

from dataclasses import dataclass

from amath.core.board import Board, PlacedTile, Square
from amath.core.equation import Verdict, judge, show
from amath.core.errors import IllegalMoveError
from amath.core.move import Place
from amath.core.rules.base import Ruleset


@dataclass(frozen=True, slots=True)
class Line:
    """A line of two or more tiles made or changed by a placement."""

    squares: tuple[Square, ...]
    tiles: tuple[PlacedTile, ...]
    new: tuple[bool, ...]
    across: bool

    @property
    def faces(self) -> list[str]:
        """The faces along the line, in reading order."""
        return [t.face for t in self.tiles]

    def __str__(self) -> str:
        return f"{self.squares[0]}{'-' if self.across else '|'}{show(self.faces)}"


@dataclass(frozen=True, slots=True)
class Analysis:
    """The result of :func:`analyze`: direction of play and the lines formed, main first."""

    across: bool
    lines: tuple[Line, ...]


def _line(board: Board, sq: Square, across: bool, new: dict[Square, PlacedTile]) -> Line | None:
    squares = board.run(sq, across, new)
    if len(squares) < 2:
        return None
    tiles: list[PlacedTile] = []
    for s in squares:
        t = new.get(s) or board.get(s)
        assert t is not None  # run() only returns covered squares
        tiles.append(t)
    return Line(tuple(squares), tuple(tiles), tuple(s in new for s in squares), across)


def analyze(board: Board, place: Place, rules: Ruleset) -> Analysis:
    """Check a placement's geometry and tiles; return its lines (main line first)."""
    plays = place.tiles
    if not plays:
        raise IllegalMoveError("a placement needs at least one tile", code="no_tiles")
    if rules.max_tiles_per_turn is not None and len(plays) > rules.max_tiles_per_turn:
        raise IllegalMoveError(f"at most {rules.max_tiles_per_turn} tiles a turn", code="too_many_tiles", most=rules.max_tiles_per_turn)
    if all(p.tile in rules.tiles.free for p in plays):
        raise IllegalMoveError(
            "a placement puts at least one tile from the rack on the board (free tiles alone are no play)", code="no_rack_tile"
        )
    new: dict[Square, PlacedTile] = {}
    for p in plays:
        if not board.on_board(p.square):
            raise IllegalMoveError(f"{p.square} is off the board", code="off_board", square=str(p.square))
        if board.get(p.square) is not None:
            raise IllegalMoveError(f"{p.square} is already covered", code="square_covered", square=str(p.square))
        if p.square in new:
            raise IllegalMoveError(f"two tiles on {p.square}", code="two_tiles_on_square", square=str(p.square))
        rules.faces_of(p.tile)  # raises TileError (a ValueError) for a foreign tile
        if p.face not in rules.faces_of(p.tile):
            raise IllegalMoveError(f"tile {p.tile!r} cannot be played as {p.face!r}", code="bad_face_for_tile", tile=p.tile, face=p.face)
        new[p.square] = p.placed
    rows = {p.square.row for p in plays}
    cols = {p.square.col for p in plays}
    if len(rows) > 1 and len(cols) > 1:
        raise IllegalMoveError("tiles must all be in one row or one column", code="not_in_line")
    if len(plays) == 1:
        sq = plays[0].square
        across = len(board.run(sq, True, new)) >= 2 or len(board.run(sq, False, new)) < 2
    else:
        across = len(rows) == 1
    first, last = plays[0].square, plays[-1].square
    main_squares = board.run(first, across, new)
    if last not in main_squares:
        gap = next(s for s in _between(first, last, across) if s not in new and board.get(s) is None)
        raise IllegalMoveError(f"the line is broken at {gap}", code="line_broken", square=str(gap))
    if board.is_empty():
        centre = rules.layout.centre
        if rules.first_play == "cover_centre" and centre not in new:
            raise IllegalMoveError(
                f"the first placement must cover the centre square {centre}", code="first_cover_centre", square=str(centre)
            )
        if rules.first_play == "end_on_centre" and centre not in (main_squares[0], main_squares[-1]):
            raise IllegalMoveError(
                f"the first equation must start or end on the centre square {centre}", code="first_end_on_centre", square=str(centre)
            )
    elif rules.must_touch and not any(board.get(n) is not None for p in plays for n in _neighbours(p.square)):
        raise IllegalMoveError("a placement must touch a tile already on the board", code="must_touch")
    lines: list[Line] = []
    main = _line(board, first, across, new)
    if main is not None:
        lines.append(main)
    for p in plays:
        cross = _line(board, p.square, not across, new)
        if cross is not None:
            lines.append(cross)
    if not lines:
        raise IllegalMoveError("a placement must make a line of at least two tiles", code="no_line")
    return Analysis(across, tuple(lines))


def _between(a: Square, b: Square, across: bool) -> list[Square]:
    if across:
        return [Square(a.row, c) for c in range(a.col, b.col + 1)]
    return [Square(r, a.col) for r in range(a.row, b.row + 1)]


def _neighbours(sq: Square) -> tuple[Square, ...]:
    return (Square(sq.row - 1, sq.col), Square(sq.row + 1, sq.col), Square(sq.row, sq.col - 1), Square(sq.row, sq.col + 1))


def first_false_line(analysis: Analysis, rules: Ruleset) -> tuple[Line, Verdict] | None:
    """The first line that is not a true equation, with the judge's verdict, or None."""
    for line in analysis.lines:
        verdict = judge(line.faces, rules.syntax)
        if not verdict.ok:
            return line, verdict
    return None


def check_lines(analysis: Analysis, rules: Ruleset) -> None:
    """Raise :class:`IllegalMoveError` unless every line is a true equation."""
    bad = first_false_line(analysis, rules)
    if bad is not None:
        line, verdict = bad
        raise IllegalMoveError(
            f"{show(line.faces, rules.syntax)} at {line.squares[0]} is not true: {verdict.reason}",
            code=verdict.code,  # the judge's code: a false line is translated like `amath check`'s verdict
            where={"equation": show(line.faces, rules.syntax), "square": str(line.squares[0])},
            **verdict.params,
        )
