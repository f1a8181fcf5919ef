"""Tile names, faces and tile sets: what sits in the bag and what a placed tile shows.

A *tile* is what is drawn from the bag (``"7"``, ``"+-"``, ``"?"``); a *face* is what a
tile shows once placed (``"7"``, ``"-"``).  Both are plain ASCII strings; see docs/rules.md "Tile names and faces".
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field

from amath.core.errors import TileError

BLANK = "?"
PLUS_MINUS = "+-"
TIMES_DIVIDE = "*/"
EQUALS = "="
OPERATORS: tuple[str, ...] = ("+", "-", "*", "/")
BRACKETS: tuple[str, ...] = ("(", ")")
NUMBER_FACES: tuple[str, ...] = tuple(str(n) for n in range(21))
DIGIT_FACES: frozenset[str] = frozenset(str(n) for n in range(10))

#: Every face a tile can show in any variant.
ALL_FACES: tuple[str, ...] = NUMBER_FACES + OPERATORS + (EQUALS,) + BRACKETS

#: Unicode and alternative spellings accepted on input, mapped to the ASCII name.
ALIASES: Mapping[str, str] = {
    "−": "-",
    "–": "-",
    "×": "*",
    "x": "*",
    "X": "*",
    "÷": "/",
    "±": "+-",
    "+/-": "+-",
    "+/−": "+-",
    "×/÷": "*/",
    "*/÷": "*/",
    "x/÷": "*/",
}

#: How faces and tiles are shown to people (Unicode operators).
DISPLAY: Mapping[str, str] = {
    "-": "−",
    "*": "×",
    "/": "÷",
    "+-": "±",
    "*/": "×/÷",
}


def normalize(text: str) -> str:
    """Return the ASCII name for ``text``, resolving Unicode spellings; no validation."""
    stripped = text.strip()
    return ALIASES.get(stripped, stripped)


def display(name: str) -> str:
    """Return the form of a tile or face shown to people, e.g. ``"*"`` -> ``"×"``."""
    return DISPLAY.get(name, name)


def ascii_digits(text: str) -> bool:
    """True for a non-empty run of ASCII digits ``0``-``9`` (``str.isdigit`` also takes ``²``, ``٣``)."""
    return text.isascii() and text.isdigit()


def is_number(face: str) -> bool:
    """True for a number face ``0``..``20`` (any variant's numbers are a subset)."""
    return ascii_digits(face) and (face == "0" or not face.startswith("0"))


def is_operator(face: str) -> bool:
    """True for ``+ - * /``."""
    return face in OPERATORS


def parse_face(text: str) -> str:
    """Read one face, accepting Unicode spellings; raise :class:`TileError` if it is none."""
    name = normalize(text)
    if name in ALL_FACES:
        return name
    raise TileError(f"{text!r} is not a face (expected 0..20, + - * / = or a bracket)", code="not_a_face", text=text)


def split_words(words: Iterable[str]) -> list[str]:
    """Split command-line words on whitespace: ``["1 2", "+"]`` -> ``["1", "2", "+"]``."""
    out: list[str] = []
    for word in words:
        out.extend(word.split())
    return out


@dataclass(frozen=True, slots=True)
class TileSet:
    """The tiles of a variant: how many of each are in the bag and what each is worth.

    ``free`` lists faces a player may use without drawing them (Smath's ``=`` and
    brackets); they have no count in the bag.
    """

    counts: Mapping[str, int]
    points: Mapping[str, int]
    free: frozenset[str] = field(default_factory=frozenset)

    def __post_init__(self) -> None:
        missing = [t for t in self.counts if t not in self.points]
        if missing:
            raise TileError(f"tile set has no points for {missing}", code="tile_set_points", tiles=" ".join(missing))

    @property
    def total(self) -> int:
        """Number of tiles in a full bag."""
        return sum(self.counts.values())

    def names(self) -> tuple[str, ...]:
        """Tile names of this set in their canonical order."""
        return tuple(self.counts)

    def parse_tile(self, text: str, allow_free: bool = False) -> str:
        """Read a tile name of this set, accepting Unicode spellings (free tiles if allowed)."""
        name = normalize(text)
        if name in self.counts or (allow_free and name in self.free):
            return name
        raise TileError(
            f"{text!r} is not a tile of this set (tiles: {' '.join(self.counts)})",
            code="not_a_tile",
            text=text,
            tiles=" ".join(self.counts),
        )

    def bag(self) -> list[str]:
        """A full bag in canonical order (shuffle it yourself with a seeded RNG)."""
        return [tile for tile, n in self.counts.items() for _ in range(n)]

    def value(self, tiles: Iterable[str]) -> int:
        """Sum of the points of ``tiles`` (free tiles score their listed points or 0)."""
        return sum(self.points.get(t, 0) for t in tiles)


def rack_counts(rack: Sequence[str]) -> Counter[str]:
    """A rack as tile counts, so permutations of equal tiles are never repeated."""
    return Counter(rack)
