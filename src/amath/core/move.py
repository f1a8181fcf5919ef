"""The kinds of turn: :class:`Place`, :class:`Exchange`, :class:`Pass`, :class:`Challenge`.

Value objects only; how a placement is judged lives in :mod:`amath.core.placement`, how moves
are written in :mod:`amath.core.notation`.
"""

from __future__ import annotations

from dataclasses import dataclass

from amath.core.board import PlacedTile, Square


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
