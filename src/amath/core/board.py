"""Squares, the premium layout and the board of placed tiles.

Squares are named like Scrabble: column letter then row number, ``H8`` is the centre of
a 15 x 15 board.  Internally rows and columns count from 0.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass

from amath.core import show
from amath.core.errors import SquareError

_SQUARE_RE = re.compile(r"^([A-Za-z])([0-9]{1,2})$")
COLUMNS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"


@dataclass(frozen=True, slots=True, order=True)
class Square:
    """One square, ``row`` and ``col`` counted from 0 (``Square(7, 7)`` is ``H8``)."""

    row: int
    col: int

    @property
    def name(self) -> str:
        """Scrabble-style name, column letter then row number: ``H8``."""
        return f"{COLUMNS[self.col]}{self.row + 1}"

    def __str__(self) -> str:
        return self.name

    @classmethod
    def parse(cls, text: str, size: int = 15) -> Square:
        """Read ``"H8"`` (column letter, row number); raise :class:`SquareError` if off-board."""
        match = _SQUARE_RE.match(text.strip())
        if not match:
            raise SquareError(
                f"{text!r} is not a square (expected a column letter and a row number, like H8)", code="not_a_square", text=text
            )
        col = COLUMNS.index(match.group(1).upper())
        row = int(match.group(2)) - 1
        if not (0 <= row < size and 0 <= col < size):
            raise SquareError(f"{text!r} is off the {size}x{size} board", code="off_board", square=text, size=size)
        return cls(row, col)

    def step(self, across: bool, k: int = 1) -> Square:
        """The square ``k`` steps along a line (rightwards if ``across``, else downwards)."""
        return Square(self.row, self.col + k) if across else Square(self.row + k, self.col)


@dataclass(frozen=True, slots=True)
class PlacedTile:
    """A tile on the board: its bag name (``?``, ``+-``, ``7``) and the face it shows."""

    tile: str
    face: str


# Premium characters of a layout string.
TRIPLE_EQUATION = "T"
DOUBLE_EQUATION = "D"
TRIPLE_PIECE = "3"
DOUBLE_PIECE = "2"
CENTRE = "*"
PLAIN = "."
_PREMIUMS = {TRIPLE_EQUATION, DOUBLE_EQUATION, TRIPLE_PIECE, DOUBLE_PIECE, CENTRE, PLAIN}


@dataclass(frozen=True, slots=True)
class Layout:
    """A square board's premium squares, one string per row (see docs/rules.md "Board")."""

    rows: tuple[str, ...]
    centre_piece_multiplier: int = 3

    def __post_init__(self) -> None:
        size = len(self.rows)
        if any(len(r) != size for r in self.rows):
            raise SquareError("a layout must be square", code="layout_not_square")
        bad = {c for r in self.rows for c in r} - _PREMIUMS
        if bad:
            raise SquareError(f"unknown premium characters {sorted(bad)}", code="layout_premium", chars=" ".join(sorted(bad)))
        if sum(r.count(CENTRE) for r in self.rows) != 1:
            raise SquareError("a layout needs exactly one centre square '*'", code="layout_centre")

    @property
    def size(self) -> int:
        """Number of rows (and columns)."""
        return len(self.rows)

    @property
    def centre(self) -> Square:
        """The centre star square."""
        for r, row in enumerate(self.rows):
            if CENTRE in row:
                return Square(r, row.index(CENTRE))
        raise SquareError("no centre", code="layout_centre")  # pragma: no cover - excluded by __post_init__

    def transposable(self) -> bool:
        """Do the premiums and the centre mirror in the diagonal (square (r, c) as (c, r))?  Then
        on an empty board every column is a row transposed, with the same moves."""
        rows = self.rows
        return all(rows[r][c] == rows[c][r] for r in range(len(rows)) for c in range(r))

    def premium(self, sq: Square) -> str:
        """The premium character at ``sq``."""
        return self.rows[sq.row][sq.col]

    def piece_multiplier(self, sq: Square) -> int:
        """How many times a newly placed tile's points count on ``sq``."""
        p = self.rows[sq.row][sq.col]
        if p == TRIPLE_PIECE:
            return 3
        if p == DOUBLE_PIECE:
            return 2
        if p == CENTRE:
            return self.centre_piece_multiplier
        return 1

    def equation_multiplier(self, sq: Square) -> int:
        """How many times a line's sum counts when ``sq`` is newly covered."""
        p = self.rows[sq.row][sq.col]
        return 3 if p == TRIPLE_EQUATION else 2 if p == DOUBLE_EQUATION else 1

    def squares(self) -> Iterator[Square]:
        """Every square, row by row."""
        for r in range(self.size):
            for c in range(self.size):
                yield Square(r, c)


class Board:
    """The tiles on the board.  Mutable; :meth:`copy` for a snapshot."""

    __slots__ = ("_count", "_grid", "_size", "layout")

    def __init__(self, layout: Layout) -> None:
        self.layout = layout
        size = layout.size
        self._size = size  # kept: the layout is frozen, and size is asked on every square looked at
        self._grid: list[list[PlacedTile | None]] = [[None] * size for _ in range(size)]
        self._count = 0

    @property
    def size(self) -> int:
        """Squares along one side."""
        return self._size

    def __len__(self) -> int:
        return self._count

    def is_empty(self) -> bool:
        """True before the first placement."""
        return self._count == 0

    def on_board(self, sq: Square) -> bool:
        """True when ``sq`` lies on this board."""
        return 0 <= sq.row < self._size and 0 <= sq.col < self._size

    def get(self, sq: Square) -> PlacedTile | None:
        """The tile on ``sq`` or None (also None off the board)."""
        row, col, size = sq.row, sq.col, self._size
        if 0 <= row < size and 0 <= col < size:
            return self._grid[row][col]
        return None

    def __getitem__(self, sq: Square) -> PlacedTile | None:
        return self.get(sq)

    def put(self, sq: Square, tile: PlacedTile) -> None:
        """Put a tile on an empty square."""
        if self._grid[sq.row][sq.col] is not None:
            raise SquareError(f"{sq} is already covered", code="square_covered", square=str(sq))
        self._grid[sq.row][sq.col] = tile
        self._count += 1

    def remove(self, sq: Square) -> PlacedTile:
        """Take the tile off ``sq`` and return it."""
        tile = self._grid[sq.row][sq.col]
        if tile is None:
            raise SquareError(f"{sq} is empty", code="square_empty", square=str(sq))
        self._grid[sq.row][sq.col] = None
        self._count -= 1
        return tile

    def items(self) -> Iterator[tuple[Square, PlacedTile]]:
        """Every covered square with its tile, row by row."""
        for r, row in enumerate(self._grid):
            for c, tile in enumerate(row):
                if tile is not None:
                    yield Square(r, c), tile

    def copy(self) -> Board:
        """An independent copy."""
        other = Board(self.layout)
        other._grid = [row[:] for row in self._grid]
        other._count = self._count
        return other

    def assign(self, other: Board) -> None:
        """Make this board hold exactly ``other``'s tiles, in place (references to it stay valid)."""
        if other.layout != self.layout:
            raise SquareError("cannot assign a board of another layout", code="layout_differs")
        for mine, theirs in zip(self._grid, other._grid):
            mine[:] = theirs
        self._count = other._count

    def __repr__(self) -> str:
        return f"<Board {show.text(self)!r}>"  # the position string's board part (amath.formats.fen)

    def _repr_svg_(self) -> str:
        """Drawn as SVG in a notebook (by amath.render.svg)."""
        return show.picture(self)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Board) and self.layout == other.layout and self._grid == other._grid

    __hash__ = None  # type: ignore[assignment]

    def run(self, sq: Square, across: bool, extra: dict[Square, PlacedTile] | None = None) -> list[Square]:
        """The maximal unbroken line of covered squares through ``sq`` in one direction.

        ``extra`` holds tiles being placed this turn, counted as covering their squares.
        """
        extra = extra or {}
        grid, size = self._grid, self._size

        def covered(s: Square) -> bool:
            return 0 <= s.row < size and 0 <= s.col < size and (s in extra or grid[s.row][s.col] is not None)

        start = sq
        while covered(start.step(across, -1)):
            start = start.step(across, -1)
        line = [start]
        nxt = start.step(across)
        while covered(nxt):
            line.append(nxt)
            nxt = nxt.step(across)
        return line
