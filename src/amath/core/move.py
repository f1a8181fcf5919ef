"""The kinds of turn: :class:`Place`, :class:`Exchange`, :class:`Pass`, :class:`Challenge`.

Value objects only; how a placement is judged lives in :mod:`amath.core.placement`, how moves
are written in :mod:`amath.core.notation`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from amath.core.board import PlacedTile, Square
from amath.core.errors import IllegalMoveError


@dataclass(frozen=True, slots=True, order=True)
class TilePlay:
    """One tile put on one square this turn, with the face it shows."""

    square: Square
    tile: str
    face: str

    @property
    def placed(self) -> PlacedTile:
        """The tile as it will sit on the board."""
        return PlacedTile(self.tile, self.face)


@dataclass(frozen=True, slots=True)
class Place:
    """Put tiles from the rack on the board; ``tiles`` are sorted by square."""

    tiles: tuple[TilePlay, ...]

    def __post_init__(self) -> None:
        object.__setattr__(self, "tiles", tuple(sorted(self.tiles)))

    @property
    def rack_tiles(self) -> list[str]:
        """The tile names this placement takes from the rack."""
        return [t.tile for t in self.tiles]


@dataclass(frozen=True, slots=True)
class Exchange:
    """Return tiles to the bag and draw as many."""

    tiles: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Pass:
    """Do nothing this turn."""


@dataclass(frozen=True, slots=True)
class Challenge:
    """Challenge the placement just made (challenge mode only); ``by`` is the challenger."""

    by: int


Move = Place | Exchange | Pass | Challenge


# ----- the tiles a turn takes from the rack, and the tiles it keeps: the one place this is computed -----
def tiles_taken(move: Move | Iterable[str], free: frozenset[str] = frozenset()) -> tuple[str, ...]:
    """The tiles ``move`` takes off the mover's rack: a placement's tiles less the ``free`` ones
    (Smath's ``=`` and brackets, which never come from the rack), an exchange's tiles, nothing
    for a pass or a challenge; or the tile names given, less the free ones.

    >>> tiles_taken(Exchange(("1", "?")))
    ('1', '?')
    """
    if isinstance(move, Place):
        names: Iterable[str] = move.rack_tiles
    elif isinstance(move, Exchange):
        names = move.tiles
    elif isinstance(move, Pass | Challenge):
        names = ()
    else:
        names = move
    return tuple(t for t in names if t not in free)


def check_on_rack(rack: Sequence[str] | Mapping[str, int], taken: Iterable[str], order: Mapping[str, int] | None = None) -> None:
    """Raise :class:`IllegalMoveError` (code ``not_on_rack``) naming the tiles of ``taken`` that ``rack`` does not hold.

    ``rack``: its tiles (shown in that order), or tile counts (a search position's rack),
    shown in the tile ``order`` given (rank by tile name; default: sorted by name).
    """
    need = Counter(taken)
    have = Counter(rack)
    short = [t for t, k in need.items() if have[t] < k]
    if short:
        missing = " ".join(sorted(short))
        shown = " ".join(sorted(have.elements(), key=None if order is None else order.__getitem__) if isinstance(rack, Mapping) else rack)
        raise IllegalMoveError(f"the rack {shown or '(empty)'} does not hold {missing}", code="not_on_rack", rack=shown, tiles=missing)


def kept_tiles(rack: Sequence[str], move: Move | Iterable[str], free: frozenset[str] = frozenset()) -> tuple[str, ...]:
    """The tiles ``rack`` keeps after ``move`` (or after the tile names given leave it), sorted.

    Free tiles are never taken.  Raises :class:`IllegalMoveError` if the rack lacks a tile.

    >>> kept_tiles(["1", "2", "=", "+"], Exchange(("2", "+")))
    ('1', '=')
    """
    taken = tiles_taken(move, free)
    check_on_rack(rack, taken)
    left = Counter(rack)
    left.subtract(taken)
    return tuple(sorted(left.elements()))
