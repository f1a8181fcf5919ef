"""The :class:`Ruleset` record: every number of a variant as a setting, not a literal."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from amath.board import Layout
from amath.equation import LineSyntax
from amath.errors import TileError
from amath.tiles import BLANK, TileSet


@dataclass(frozen=True, slots=True)
class ClockRules:
    """Time control.  ``kind`` is ``"none"``, ``"total"`` (per player for the game) or ``"move"``.

    ``total``: over time costs ``penalty_per_minute`` for each started minute at the end,
    or the game when ``loss_on_time``.  ``move``: a turn over ``seconds`` is lost (a pass).
    """

    kind: str = "none"
    seconds: int = 22 * 60
    penalty_per_minute: int = 10
    loss_on_time: bool = False

    def __post_init__(self) -> None:
        if self.kind not in ("none", "total", "move"):
            raise ValueError(f"clock kind {self.kind!r} is not one of none, total, move")
        if self.seconds <= 0:
            raise ValueError(f"clock seconds must be positive, not {self.seconds}")


TOURNAMENT_CLOCK = ClockRules("total", 22 * 60, 10, False)


@dataclass(frozen=True, slots=True)
class Ruleset:
    """A variant of the game as data.

    ``choice_faces`` maps a choice tile to the faces it may show; ``blank_faces`` lists a
    blank's faces.  ``first_play`` is ``"cover_centre"`` (A-Math) or ``"end_on_centre"``
    (Smath: first or last tile of the line on the centre) or ``"anywhere"``.  ``starter`` is ``"highest"``
    or ``"lowest"`` draw.  ``playout_multiplier``: what the player who goes out adds, times
    the others' rack points; ``deduct_at_end``: whether racks are deducted after a play-out.
    ``must_touch``: later placements must touch the board (Smath Primary lifts it);
    ``exchange_ends_like_pass``: an exchange counts toward the passes that end the game
    (Smath: a player exchanges when they cannot move); ``shared_score``: one score for the
    table (Smath Co-op); ``open_racks``: racks are public.
    """

    name: str
    tiles: TileSet
    layout: Layout
    syntax: LineSyntax
    blank_faces: tuple[str, ...]
    choice_faces: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    rack_size: int = 8
    bingo_bonus: int = 40
    exchange_min_bag: int | None = 5
    pass_rounds: int = 3
    exchange_ends_like_pass: bool = False
    playout_multiplier: int = 2
    deduct_at_end: bool = False
    first_play: str = "cover_centre"
    starter: str = "highest"
    max_tiles_per_turn: int | None = None
    must_touch: bool = True
    failed_challenge_costs_turn: bool = True
    tie_break_before_deduction: bool = False
    shared_score: bool = False
    open_racks: bool = False
    min_players: int = 2
    max_players: int = 4

    def faces_of(self, tile: str) -> tuple[str, ...]:
        """The faces ``tile`` may show when placed."""
        if tile == BLANK:
            return self.blank_faces
        if tile in self.choice_faces:
            return self.choice_faces[tile]
        if tile in self.tiles.counts or tile in self.tiles.free:
            return (tile,)
        raise TileError(f"{tile!r} is not a tile of {self.name}")

    def needs_face(self, tile: str) -> bool:
        """True for a blank or choice tile, whose face is chosen when placed."""
        return tile == BLANK or tile in self.choice_faces

    def check_face(self, tile: str, face: str) -> None:
        """Raise :class:`TileError` unless ``tile`` may show ``face``."""
        if face not in self.faces_of(tile):
            raise TileError(f"tile {tile!r} cannot be played as {face!r} (it can be {', '.join(self.faces_of(tile))})")

    def points(self, tile: str) -> int:
        """Points of a tile (its bag name, so a blank is 0 whatever its face)."""
        return self.tiles.points.get(tile, 0)
