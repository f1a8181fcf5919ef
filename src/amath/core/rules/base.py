"""The :class:`Ruleset` record: every number of a variant as a setting, not a literal."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from enum import StrEnum

from amath.core.board import Board, Layout
from amath.core.equation import LineSyntax
from amath.core.errors import RulesError, TileError
from amath.core.tiles import BLANK, TileSet, is_number


class FirstPlay(StrEnum):
    """Where the first placement of a game must lie."""

    COVER_CENTRE = "cover_centre"  # A-Math: a tile on the centre square
    END_ON_CENTRE = "end_on_centre"  # Smath: the line's first or last tile on the centre
    ANYWHERE = "anywhere"  # Smath Primary: equations anywhere on the board


class Starter(StrEnum):
    """Who starts after each player draws one tile."""

    HIGHEST = "highest"  # A-Math: the highest number (20 > blank > 19 > ... > 0 > signs)
    LOWEST = "lowest"  # Smath: draw until a number; the lowest starts


class ExchangeRule(StrEnum):
    """When an exchange is allowed (never more tiles than the bag holds: a rack never shrinks)."""

    MIN_BAG = "min_bag"  # A-Math: only while the bag holds at least ``exchange_min_bag`` tiles
    BAG_HOLDS = "bag_holds"  # Smath: any number of tiles the bag can replace


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
            raise RulesError(f"clock kind {self.kind!r} is not one of none, total, move", code="clock_kind", kind=self.kind)
        if self.seconds <= 0:
            raise RulesError(f"clock seconds must be positive, not {self.seconds}", code="clock_seconds", seconds=str(self.seconds))


TOURNAMENT_CLOCK = ClockRules("total", 22 * 60, 10, False)


@dataclass(frozen=True, slots=True, eq=False, repr=False)
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

    The rules the engine needs are asked through hooks (:meth:`is_free`,
    :meth:`can_exchange`, :meth:`start_rank`), so no module decodes the fields itself.
    Rulesets hash and compare by identity: :func:`amath.core.rules.get_ruleset` returns one
    object per name, so a ruleset can key a cache.
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
    first_play: FirstPlay = FirstPlay.COVER_CENTRE
    starter: Starter = Starter.HIGHEST
    max_tiles_per_turn: int | None = None
    must_touch: bool = True
    failed_challenge_costs_turn: bool = True
    tie_break_before_deduction: bool = False
    shared_score: bool = False
    open_racks: bool = False
    min_players: int = 2
    max_players: int = 4

    def __post_init__(self) -> None:
        # plain strings are accepted (``dataclasses.replace(r, first_play="anywhere")``) and made enums
        object.__setattr__(self, "first_play", FirstPlay(self.first_play))
        object.__setattr__(self, "starter", Starter(self.starter))

    def __repr__(self) -> str:
        """Short and pasteable for a registered ruleset: ``get_ruleset('a-math')``."""
        return f"get_ruleset({self.name!r})"

    @property
    def base(self) -> str:
        """The variant without its options: ``smath`` for ``smath+coop`` (tables kept per variant look it up)."""
        return self.name.split("+")[0]

    @property
    def exchange_rule(self) -> ExchangeRule:
        """How exchanges are limited: a minimum bag, or only what the bag can replace."""
        return ExchangeRule.BAG_HOLDS if self.exchange_min_bag is None else ExchangeRule.MIN_BAG

    def is_free(self, tile: str) -> bool:
        """True for a tile taken from an unlimited supply, not the rack (Smath's ``=`` and brackets)."""
        return tile in self.tiles.free

    def can_exchange(self, n: int, bag: int) -> bool:
        """True when returning ``n`` tiles with ``bag`` tiles in the bag is allowed.

        >>> from amath.core.rules import AMATH, SMATH
        >>> AMATH.can_exchange(3, 5), AMATH.can_exchange(3, 4), AMATH.can_exchange(6, 5), SMATH.can_exchange(2, 2)
        (True, False, False, True)
        """
        if not 1 <= n <= self.rack_size or n > bag:
            return False
        return self.exchange_min_bag is None or bag >= self.exchange_min_bag

    def start_rank(self, tile: str) -> int | None:
        """How good a draw for the start is (higher starts), or None for a tile that must be drawn again.

        >>> from amath.core.rules import AMATH, SMATH
        >>> AMATH.start_rank("20") > AMATH.start_rank("?") > AMATH.start_rank("19") > AMATH.start_rank("0") > AMATH.start_rank("+")
        True
        >>> SMATH.start_rank("0") > SMATH.start_rank("1"), SMATH.start_rank("+")
        (True, None)
        """
        if self.starter is Starter.LOWEST:
            return -int(tile) if is_number(tile) else None
        if is_number(tile):
            n = int(tile)
            return 2 * n + 1  # leaves room for the blank just below the highest number
        if tile == BLANK:
            top = max((int(t) for t in self.tiles.counts if is_number(t)), default=0)
            return 2 * top  # between the highest number and the one below it
        return -1

    def bag_tiles_on(self, board: Board) -> Counter[str]:
        """The bag tiles lying on ``board``, by name (free tiles are no bag tiles)."""
        return Counter(t.tile for _, t in board.items() if t.tile not in self.tiles.free)

    def unseen(self, board: Board, *racks: Iterable[str]) -> Counter[str]:
        """The tile set less ``board`` and ``racks``: what a player holding those racks cannot see.

        Counts are never negative (an inconsistent position is the reader's to refuse).
        """
        left = Counter(self.tiles.counts)
        left.subtract(self.bag_tiles_on(board))
        for rack in racks:
            left.subtract(rack)
        return +left

    def faces_of(self, tile: str) -> tuple[str, ...]:
        """The faces ``tile`` may show when placed."""
        if tile == BLANK:
            return self.blank_faces
        if tile in self.choice_faces:
            return self.choice_faces[tile]
        if tile in self.tiles.counts or tile in self.tiles.free:
            return (tile,)
        raise TileError(f"{tile!r} is not a tile of {self.name}", code="not_a_tile_of", text=tile, tile=tile, variant=self.name)

    def needs_face(self, tile: str) -> bool:
        """True for a blank or choice tile, whose face is chosen when placed."""
        return tile == BLANK or tile in self.choice_faces

    def check_face(self, tile: str, face: str) -> None:
        """Raise :class:`TileError` unless ``tile`` may show ``face``."""
        if face not in self.faces_of(tile):
            faces = ", ".join(self.faces_of(tile))
            raise TileError(
                f"tile {tile!r} cannot be played as {face!r} (it can be {faces})",
                code="face_not_allowed",
                text=face,
                tile=tile,
                face=face,
                faces=faces,
            )

    def points(self, tile: str) -> int:
        """Points of a tile (its bag name, so a blank is 0 whatever its face)."""
        return self.tiles.points.get(tile, 0)
