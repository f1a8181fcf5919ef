"""The engine kernel's position: everything a search needs, changed in place by push/pop.

A :class:`Position` holds the rules, the board (an :class:`~amath.core.board.Board`), every
side's rack as tile counts, the tiles nobody has drawn yet (the bag) as counts, the
scores, the side to move and the number of consecutive scoreless turns.  ``push(move,
draw)`` plays a turn with the tiles drawn after it given by the caller (a search chooses
or samples them); ``pop()`` undoes it from a small undo record.  The game ends exactly as
docs/rules.md "End of the game" says, from the Ruleset's fields: a play-out with the bag empty, or
``pass_rounds`` x sides scoreless turns.

Turned into the state of a whole game (:class:`amath.game.Game` holds one), a position is made
with ``ordered=True``: it then also keeps each rack's tiles in order (:attr:`Position.rack_lists`),
because people see a rack as a row of tiles that stays as they left it and a drawn tile goes to
its end, and records and tests name racks in that order.  The counts stay the rack itself (the
searches' hot loops read and change only them, and a search's copy drops the lists); the lists
follow the counts through push, pop and set_rack and cost a game nothing it did not pay before.

Every turn rule is here once: :meth:`Position.check` says why a turn is refused (with the
error codes of :mod:`amath.core.errors`), :meth:`Position.push` plays it, the game ends by a
play-out or by the passes.  A challenge (the game controller's business) may push a
placement unjudged (``judge=False``) and :meth:`Position.withdraw` it after a won challenge.

A side whose rack is unknown (the opponent, seen from one side) is *hidden*: its tiles
stay in the pool of unseen tiles, counted by ``hidden[side]``, until the caller supplies
them (:meth:`Position.set_rack`) or samples them (:meth:`Position.sample_hidden`).

The Zobrist hash covers the board (square x tile x face), the rack counts, the side to
move and the scoreless count -- not the scores, so a transposition table stores the
value of the rest of the game (the spread still to come), which equal positions share.
``board_hash`` is the board's part alone (a key for caching move lists).

>>> from amath.core.rules import AMATH
>>> pos = Position(AMATH, racks=[["1", "=", "1"], ["2", "=", "2"]], bag={})
>>> pos.bag_size, pos.rack(0)
(0, ('1', '1', '='))
>>> code = pos.encode(Pass())
>>> pos.push(pos.decode(code)); pos.scoreless
1
>>> pos.pop(); pos.scoreless
0
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import overload

from amath.core import show
from amath.core.board import Board, PlacedTile, Square
from amath.core.errors import GameStateError, IllegalMoveError, PositionError
from amath.core.exchanges import legal_exchanges
from amath.core.move import Exchange, Pass, Place, TilePlay, check_on_rack, tiles_taken
from amath.core.placement import Analysis, analyze, check_lines
from amath.core.rules.base import Ruleset
from amath.core.scoring import score as score_placement
from amath.core.tiles import ALL_FACES, BLANK, PLUS_MINUS, TIMES_DIVIDE

Action = Place | Exchange | Pass
"""The turns a position plays (a challenge is the game controller's business)."""

# ----- Zobrist keys ----------------------------------------------------------------------
_KEYS: dict[tuple[object, ...], int] = {}


def _key(*parts: object) -> int:
    """A fixed pseudo-random 64-bit key per feature, the same on every machine and run."""
    k = _KEYS.get(parts)
    if k is None:
        k = random.Random(repr(parts)).getrandbits(64)  # str seeds hash with SHA-512: stable
        _KEYS[parts] = k
    return k


# ----- compact move codes ------------------------------------------------------------------
#: Every tile and face name of every variant; a code stores indices into these.
_TILE_NAMES: tuple[str, ...] = ALL_FACES + (PLUS_MINUS, TIMES_DIVIDE, BLANK)
_TILE_ID = {t: k for k, t in enumerate(_TILE_NAMES)}
_FACE_ID = {f: k for k, f in enumerate(ALL_FACES)}
_NAME_BITS = 5  # 31 tile names, 28 faces
_COUNT_BITS = 5
_KIND_PASS, _KIND_EXCHANGE, _KIND_PLACE = 0, 1, 2


def end_adjustments(rules: Ruleset, rack_points: Sequence[int], out_player: int | None) -> list[int]:
    """The end-of-game rack adjustments per side (docs/rules.md "End of the game", "Smath: end of the game").

    ``out_player`` went out with the bag empty: they add ``playout_multiplier`` times the
    other racks' points.  Otherwise (the passes ended it), or when the ruleset deducts
    after a play-out too, each side loses its own rack's points.  A shared score shares
    the adjustments.
    """
    n = len(rack_points)
    adjust = [0] * n
    if out_player is not None:
        adjust[out_player] += rules.playout_multiplier * sum(p for k, p in enumerate(rack_points) if k != out_player)
    if out_player is None or rules.deduct_at_end:
        for k in range(n):
            adjust[k] -= rack_points[k]
    if rules.shared_score:
        adjust = [sum(adjust)] * n
    return adjust


@dataclass(frozen=True, slots=True)
class Outcome:
    """How the position's game ended: final scores and who went out (None: the passes)."""

    scores: tuple[int, ...]
    out_player: int | None

    @property
    def reason(self) -> str:
        """``playout`` or ``passes``, as :class:`amath.game.Result` names them."""
        return "passes" if self.out_player is None else "playout"


@dataclass(slots=True)
class _Undo:
    """What :meth:`Position.pop` needs to take one turn back (never changed once made)."""

    placed: tuple[Square, ...]  # squares covered by the turn
    taken: tuple[str, ...]  # tiles that left the mover's rack (placed or returned)
    drawn: tuple[str, ...]  # tiles drawn after the turn
    points: int  # what the turn scored
    scoreless: int
    to_move: int
    outcome: Outcome | None
    zobrist: int
    order: tuple[str, ...] | None  # the mover's rack in order, when the position keeps rack lists


def _counts(tiles: Iterable[str] | Mapping[str, int]) -> dict[str, int]:
    """Tile names or a count mapping as a dict of positive counts."""
    if isinstance(tiles, Mapping):
        return {t: n for t, n in tiles.items() if n > 0}
    return dict(Counter(tiles))


class Position:
    """A position of a game between 2 to 4 sides, for searching: push/pop in place.

    ``racks`` (one per side: tile names or counts, or None for a hidden rack), ``bag``
    (counts; with hidden racks it also holds their tiles), ``hidden`` (sizes of the hidden
    racks), ``ordered`` (also keep each rack's tiles in order, :attr:`rack_lists`: a game's
    position).  Invalid input raises :class:`~amath.core.errors.PositionError`.
    """

    __slots__ = (
        "_order",
        "_undo",
        "bag",
        "board",
        "board_hash",
        "hidden",
        "outcome",
        "rack_lists",
        "racks",
        "rules",
        "scoreless",
        "scores",
        "to_move",
        "zobrist",
    )

    #: Each rack's tiles in order (as they were set, a drawn tile at the end), or None.
    #: Kept by push, pop and set_rack when the position was made ``ordered``; the lists are
    #: changed in place, so a caller holding one sees the rack as it is.
    rack_lists: list[list[str]] | None

    def __init__(
        self,
        rules: Ruleset,
        board: Board | None = None,
        racks: Sequence[Iterable[str] | Mapping[str, int] | None] = ((), ()),
        bag: Mapping[str, int] | Iterable[str] | None = None,
        scores: Sequence[int] | None = None,
        to_move: int = 0,
        scoreless: int = 0,
        hidden: Sequence[int] | None = None,
        *,
        ordered: bool = False,
    ) -> None:
        n = len(racks)
        if not rules.min_players <= n <= rules.max_players:
            raise PositionError(
                f"position: {rules.name} needs {rules.min_players} to {rules.max_players} racks, not {n}",
                code="player_count", variant=rules.name, least=rules.min_players, most=rules.max_players, count=n,
            )  # fmt: skip
        given: list[Iterable[str] | Mapping[str, int] | None] = [
            list(r) if ordered and isinstance(r, Iterable) and not isinstance(r, Mapping) else r for r in racks
        ]
        self.rules = rules
        self.board = board if board is not None else Board(rules.layout)
        self.racks: list[dict[str, int]] = [_counts(r) if r is not None else {} for r in given]
        self.hidden: list[int] = list(hidden) if hidden is not None else [0] * n
        self.scores: list[int] = list(scores) if scores is not None else [0] * n
        self.to_move = to_move
        self.scoreless = scoreless
        self.outcome: Outcome | None = None
        self._undo: list[_Undo] = []
        self._order = {t: k for k, t in enumerate(rules.tiles.names())}
        self.rack_lists = None
        if bag is None:  # the full set less the board and the known racks
            pool = Counter(rules.tiles.counts)
            pool.subtract(rules.bag_tiles_on(self.board))
            for r in self.racks:
                pool.subtract(r)
            bag = pool
        self.bag = _counts(bag)
        self._validate(racks)
        if ordered:
            self.rack_lists = [list(r) if isinstance(r, list) else list(self.sorted_tiles(self.racks[k])) for k, r in enumerate(given)]
        self.zobrist = self.compute_zobrist()
        self.board_hash = self.compute_board_hash()

    def _validate(self, racks: Sequence[object]) -> None:
        rules, n = self.rules, len(self.racks)
        if len(self.scores) != n or len(self.hidden) != n:
            raise PositionError(
                f"position: {n} racks but {len(self.scores)} scores and {len(self.hidden)} hidden sizes",
                code="pos_lengths", racks=n, scores=len(self.scores), hidden=len(self.hidden),
            )  # fmt: skip
        if not 0 <= self.to_move < n:
            raise PositionError(
                f"position: the side to move must be 0..{n - 1}, not {self.to_move}", code="pos_to_move", most=n - 1, value=self.to_move
            )
        if self.scoreless < 0:
            raise PositionError(
                f"position: the scoreless turn count must be >= 0, not {self.scoreless}", code="pos_scoreless", value=self.scoreless
            )
        for side, r in enumerate(self.racks):
            bad = [t for t in r if t not in rules.tiles.counts]
            if bad:
                raise PositionError(
                    f"position: rack {side + 1} holds {' '.join(bad)}, not tiles of {rules.name}",
                    code="not_a_tile_of", tile=" ".join(bad), variant=rules.name,
                )  # fmt: skip
            size = sum(r.values()) + self.hidden[side]
            if size > rules.rack_size:
                raise PositionError(
                    f"position: rack {side + 1} must be known or hidden (None), with at most {rules.rack_size} tiles",
                    code="pos_rack_size", most=rules.rack_size, count=size,
                )  # fmt: skip
            if self.hidden[side] < 0 or (racks[side] is not None and self.hidden[side]):
                raise PositionError(
                    f"position: rack {side + 1} must be known or hidden (None), not both", code="pos_rack_hidden", side=side + 1
                )
        bad = [t for t in self.bag if t not in rules.tiles.counts]
        if bad:
            raise PositionError(
                f"position: the bag holds {' '.join(bad)}, not tiles of {rules.name}",
                code="not_a_tile_of",
                tile=" ".join(bad),
                variant=rules.name,
            )
        if sum(self.hidden) > sum(self.bag.values()):
            raise PositionError("position: hidden racks hold more tiles than are unseen", code="pos_hidden_too_many")
        used = Counter(self.bag)
        for r in self.racks:
            used.update(r)
        used.update(rules.bag_tiles_on(self.board))
        over = sorted(t for t, k in used.items() if k > rules.tiles.counts.get(t, 0))
        if over:
            raise PositionError(f"position: more {' '.join(over)} than {rules.name} has", code="pos_too_many_tiles", tiles=" ".join(over))
        self._resolve_hidden()

    def _resolve_hidden(self) -> None:
        """One hidden rack holding every unseen tile is known: the bag is empty (8 or fewer unseen)."""
        hidden = [s for s, h in enumerate(self.hidden) if h]
        if len(hidden) == 1 and self.hidden[hidden[0]] == sum(self.bag.values()):
            side = hidden[0]
            self.racks[side], self.bag, self.hidden[side] = self.bag, {}, 0

    # ----- constructors ------------------------------------------------------------------
    @classmethod
    def from_view(
        cls, rules: Ruleset, board: Board, rack: Sequence[str], scores: Sequence[int], to_move: int, *, scoreless: int = 0
    ) -> Position:
        """A position seen by the side to move (a position string or JSON): other racks hidden.

        Every other side holds a full rack while the unseen tiles allow (the last ones
        fewer); with one opponent and no more unseen tiles than a rack, its rack is known.
        """
        pool = Counter(rules.tiles.counts)
        pool.subtract(rules.bag_tiles_on(board))
        pool.subtract(rack)
        over = sorted(t for t, k in pool.items() if k < 0)
        if over:
            raise PositionError(
                "position: the board and the rack use more tiles than the set has", code="pos_too_many_tiles", tiles=" ".join(over)
            )
        left = sum(pool.values())
        n = len(scores)
        hidden = [0] * n
        racks: list[Sequence[str] | None] = [None] * n
        racks[to_move] = rack
        for k in range(1, n):
            side = (to_move + k) % n
            hidden[side] = min(rules.rack_size, left)
            left -= hidden[side]
            if not hidden[side]:
                racks[side] = ()
        return cls(rules, board, racks, pool, scores, to_move, scoreless, hidden)

    def seen_by(self, side: int) -> Position:
        """A copy in which only ``side``'s rack is known: every other rack goes back into the unseen pool, hidden.

        What a search of ``side``'s may know (the opponents' tiles are sampled or inferred).
        """
        other = self.copy()
        for k in range(other.sides):
            if k != side and other.racks[k]:
                tiles = other.rack(k)
                for t in set(tiles):
                    other._change_rack(k, t, -tiles.count(t))
                    other._change_bag(t, tiles.count(t))
                other.hidden[k] = len(tiles)
        other._resolve_hidden()
        other.zobrist = other.compute_zobrist()
        return other

    def copy(self, *, exact: bool = False) -> Position:
        """An independent copy (its own board), for a search: without the undo records or the rack lists.

        ``exact``: with them, a copy that :meth:`assign` can put back (undo included).
        """
        other = Position.__new__(Position)
        other.rules = self.rules
        other.board = self.board.copy()
        other.racks = [dict(r) for r in self.racks]
        other.hidden = list(self.hidden)
        other.bag = dict(self.bag)
        other.scores = list(self.scores)
        other.to_move = self.to_move
        other.scoreless = self.scoreless
        other.outcome = self.outcome
        other.zobrist = self.zobrist
        other.board_hash = self.board_hash
        other._undo = list(self._undo) if exact else []
        other._order = self._order
        other.rack_lists = [list(r) for r in self.rack_lists] if exact and self.rack_lists is not None else None
        return other

    def assign(self, other: Position) -> None:
        """Make this position exactly ``other`` (an exact :meth:`copy` put back), in place.

        The board, the score list and each rack list stay the same objects, so references
        a caller holds (a game's interface) stay valid.
        """
        self.rules = other.rules
        self.board.assign(other.board)
        self.racks = [dict(r) for r in other.racks]
        self.hidden = list(other.hidden)
        self.bag = dict(other.bag)
        self.scores[:] = other.scores
        self.to_move = other.to_move
        self.scoreless = other.scoreless
        self.outcome = other.outcome
        self.zobrist = other.zobrist
        self.board_hash = other.board_hash
        self._undo = list(other._undo)
        self._order = other._order
        if other.rack_lists is None:
            self.rack_lists = None
        elif self.rack_lists is None or len(self.rack_lists) != len(other.rack_lists):
            self.rack_lists = [list(r) for r in other.rack_lists]
        else:
            for mine, theirs in zip(self.rack_lists, other.rack_lists):
                mine[:] = theirs

    def forget_undo(self, keep: int = 0) -> None:
        """Drop the undo records but the last ``keep``: the turns before can no longer be popped."""
        del self._undo[: max(0, len(self._undo) - keep)]

    # ----- reading -------------------------------------------------------------------------
    @property
    def sides(self) -> int:
        """Number of sides (players or teams)."""
        return len(self.racks)

    @property
    def bag_size(self) -> int:
        """Tiles in the bag proper (unseen tiles not on a hidden rack)."""
        return sum(self.bag.values()) - sum(self.hidden)

    @property
    def is_over(self) -> bool:
        """True once the game has ended."""
        return self.outcome is not None

    @property
    def ply(self) -> int:
        """Turns pushed since the position was made (the undo stack's depth)."""
        return len(self._undo)

    def is_known(self, side: int) -> bool:
        """True when ``side``'s rack is known (not hidden)."""
        return self.hidden[side] == 0

    def sorted_tiles(self, counts: Mapping[str, int]) -> tuple[str, ...]:
        """Tile names of ``counts`` in the ruleset's canonical order."""
        return tuple(t for t in sorted(counts, key=self._order.__getitem__) for _ in range(counts[t]))

    def rack(self, side: int | None = None) -> tuple[str, ...]:
        """The known tiles of ``side``'s rack (default the side to move), canonical order."""
        return self.sorted_tiles(self.racks[self.to_move if side is None else side])

    def rack_points(self, side: int) -> int:
        """Points of the tiles on ``side``'s rack (blanks 0)."""
        return sum(self.rules.points(t) * k for t, k in self.racks[side].items())

    def unseen(self, side: int | None = None) -> Counter[str]:
        """Tiles ``side`` (default the side to move) cannot see: the bag and the other racks."""
        who = self.to_move if side is None else side
        out = Counter(self.bag)
        for k, r in enumerate(self.racks):
            if k != who:
                out.update(r)
        return out

    def spread(self, side: int | None = None) -> int:
        """Score of ``side`` (default the side to move) minus the best other score; final when over."""
        who = self.to_move if side is None else side
        scores = self.outcome.scores if self.outcome is not None else tuple(self.scores)
        return scores[who] - max(s for k, s in enumerate(scores) if k != who)

    def state(self) -> tuple[object, ...]:
        """Everything the position is, as a comparable value (tests compare it around push/pop)."""
        grid = tuple(self.board.items())
        racks = tuple(tuple(sorted(r.items())) for r in self.racks)
        return (
            grid,
            racks,
            tuple(sorted(self.bag.items())),
            tuple(self.hidden),
            tuple(self.scores),
            self.to_move,
            self.scoreless,
            self.outcome,
        )

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Position) and self.rules is other.rules and self.state() == other.state()

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"Position({show.text(self)!r})"  # the position string as the side to move sees it (amath.formats.fen)

    # ----- hashing -----------------------------------------------------------------------
    def _square_key(self, sq: Square, tile: PlacedTile) -> int:
        return _key("sq", sq.row, sq.col, tile.tile, tile.face)

    @staticmethod
    def _rack_key(side: int, tile: str, count: int) -> int:
        return _key("rack", side, tile, count) if count else 0

    def compute_board_hash(self) -> int:
        """The board's part of the hash, from scratch (:attr:`board_hash` is kept equal to it)."""
        h = 0
        for sq, tile in self.board.items():
            h ^= self._square_key(sq, tile)
        return h

    def compute_zobrist(self) -> int:
        """The hash computed from scratch (push/pop keep :attr:`zobrist` equal to it)."""
        h = _key("move", self.to_move) ^ _key("scoreless", self.scoreless) ^ self.compute_board_hash()
        for side, r in enumerate(self.racks):
            for t, k in r.items():
                h ^= self._rack_key(side, t, k)
        return h

    def _change_rack(self, side: int, tile: str, delta: int) -> None:
        rack = self.racks[side]
        old = rack.get(tile, 0)
        new = old + delta
        if new < 0:
            shown = " ".join(self.rack(side))
            raise IllegalMoveError(f"rack {side + 1} ({shown or 'empty'}) does not hold {tile}", code="not_on_rack", rack=shown, tiles=tile)
        self.zobrist ^= self._rack_key(side, tile, old) ^ self._rack_key(side, tile, new)
        if new:
            rack[tile] = new
        else:
            del rack[tile]

    def _change_bag(self, tile: str, delta: int) -> None:
        new = self.bag.get(tile, 0) + delta
        if new < 0:
            raise IllegalMoveError(f"the bag holds no {tile} to draw", code="not_in_bag", tiles=tile)
        if new:
            self.bag[tile] = new
        else:
            del self.bag[tile]

    # ----- racks the caller supplies ------------------------------------------------------
    def set_rack(self, side: int, tiles: Iterable[str]) -> None:
        """Give ``side`` exactly ``tiles`` from the unseen pool (its old known tiles go back first).

        A hidden rack must be given as many tiles as it hides.  The rack list (an ordered
        position) takes the order given.  Raises PositionError.
        """
        order = list(tiles)
        wanted = Counter(order)
        size = len(order)
        if self.hidden[side] and size != self.hidden[side]:
            raise PositionError(
                f"position: rack {side + 1} hides {self.hidden[side]} tiles, not {size}",
                code="pos_hidden_size", side=side + 1, hidden=self.hidden[side], count=size,
            )  # fmt: skip
        if size > self.rules.rack_size:
            raise PositionError(
                f"position: a rack holds at most {self.rules.rack_size} tiles, not {size}",
                code="pos_rack_size",
                most=self.rules.rack_size,
                count=size,
            )
        pool = Counter(self.bag)
        pool.update(self.racks[side])
        short = wanted - pool
        if short:
            missing = " ".join(sorted(short.elements()))
            raise PositionError(
                f"position: no {missing} unseen to put on rack {side + 1}", code="rack_unavailable", tiles=missing, rack=" ".join(order)
            )
        for t, k in list(self.racks[side].items()):
            self._change_rack(side, t, -k)
            self._change_bag(t, k)
        for t, k in wanted.items():
            self._change_bag(t, -k)
            self._change_rack(side, t, k)
        self.hidden[side] = 0
        if self.rack_lists is not None:
            self.rack_lists[side][:] = order

    def set_bag(self, tiles: Iterable[str] | Mapping[str, int]) -> None:
        """Make the bag exactly ``tiles`` (no rack hidden): tiles it loses leave the game, new ones enter it.

        For setting a position up by hand (an end game to study, a test); the set is then no
        longer whole, which the rules of play do not mind.
        """
        if any(self.hidden):
            raise PositionError("position: the bag cannot be set while a rack is hidden", code="pos_bag_hidden")
        counts = _counts(tiles)
        bad = sorted(t for t in counts if t not in self.rules.tiles.counts)
        if bad:
            raise PositionError(
                f"position: the bag holds {' '.join(bad)}, not tiles of {self.rules.name}",
                code="not_a_tile_of", tile=" ".join(bad), variant=self.rules.name,
            )  # fmt: skip
        self.bag = counts

    def sample_hidden(self, rng: random.Random) -> None:
        """Fill every hidden rack with tiles drawn at random from the unseen pool (reproducible by ``rng``)."""
        for side in range(self.sides):
            if self.hidden[side]:
                self.set_rack(side, rng.sample(self.sorted_tiles(self.bag), self.hidden[side]))

    def random_draw(self, count: int, rng: random.Random) -> tuple[str, ...]:
        """``count`` tiles (at most the bag's) drawn at random from the bag, reproducible by ``rng``."""
        return tuple(rng.sample(self.sorted_tiles(self.bag), min(count, self.bag_size)))

    def draw_count(self, move: Action) -> int:
        """How many tiles the mover draws after ``move``: as many as it played or gave back, the bag permitting.

        In every position a game reaches that is drawing back up to a full rack (a rack is
        short only once the bag is empty); a rack set short by hand, with tiles still in the
        bag, draws only what it played (a search of such a position plays it as given).
        """
        if isinstance(move, Place):
            used = sum(1 for p in move.tiles if p.tile not in self.rules.tiles.free)
            return min(used, self.bag_size)
        if isinstance(move, Exchange):
            return len(move.tiles)
        return 0

    # ----- the rules of a turn -------------------------------------------------------------
    @overload
    def check(self, move: Place, *, judge: bool = True) -> Analysis: ...
    @overload
    def check(self, move: Exchange | Pass, *, judge: bool = True) -> None: ...
    @overload
    def check(self, move: Action, *, judge: bool = True) -> Analysis | None: ...
    def check(self, move: Action, *, judge: bool = True) -> Analysis | None:
        """Raise an :class:`~amath.core.errors.AmathError` saying why the side to move may not
        play ``move`` now; return a placement's analysis (for its score and notation).

        ``judge=False`` leaves the equations of a placement unjudged (a challenge judges
        them later); its shape (one line, touching, on the board) is checked all the same.
        """
        if isinstance(move, Place):
            return self._check_place(move, judge)
        self._check_mover()
        rules = self.rules
        if isinstance(move, Exchange):
            n, bag = len(move.tiles), self.bag_size
            if not rules.can_exchange(n, bag):
                if rules.exchange_min_bag is not None and bag < rules.exchange_min_bag:
                    raise IllegalMoveError(
                        f"exchange needs at least {rules.exchange_min_bag} tiles in the bag; it holds {bag}",
                        code="exchange_bag_low", least=rules.exchange_min_bag, bag=bag,
                    )  # fmt: skip
                if not 1 <= n <= rules.rack_size:
                    raise IllegalMoveError(
                        f"exchange 1 to {rules.rack_size} tiles, not {n}", code="exchange_count", most=rules.rack_size, count=n
                    )
                raise IllegalMoveError(
                    f"exchange at most as many tiles as the bag holds ({bag}), not {n}", code="exchange_more_than_bag", bag=bag, count=n
                )
            check_on_rack(self._rack_seen(self.to_move), tiles_taken(move), self._order)
            return None
        if isinstance(move, Pass):
            return None
        raise IllegalMoveError(f"{move!r} is not a placement, exchange or pass", code="not_a_turn", move=repr(move))

    def _check_mover(self) -> None:
        """Raise unless the game goes on and the side to move has a known rack."""
        if self.outcome is not None:
            raise GameStateError("the game is over", code="game_over")
        side = self.to_move
        if not self.is_known(side):
            raise GameStateError(
                f"rack {side + 1} is hidden: set or sample it before side {side + 1} moves", code="rack_hidden", side=side + 1
            )

    def _check_place(self, move: Place, judge: bool) -> Analysis:
        """:meth:`check` of a placement: the rack, the shape, and the lines unless ``judge`` is False."""
        self._check_mover()
        rules = self.rules
        check_on_rack(self._rack_seen(self.to_move), tiles_taken(move, rules.tiles.free), self._order)
        analysis = analyze(self.board, move, rules)
        if judge:
            check_lines(analysis, rules)
        return analysis

    def _rack_seen(self, side: int) -> Sequence[str] | Mapping[str, int]:
        """``side``'s rack as a refusal shows it: in order when the lists are kept, else its counts."""
        return self.rack_lists[side] if self.rack_lists is not None else self.racks[side]

    # ----- playing -------------------------------------------------------------------------
    def push(self, move: Action, draw: Iterable[str] = (), *, score: int | None = None, judge: bool = True) -> None:
        """Play ``move`` for the side to move, then draw the tiles ``draw`` from the bag.

        ``draw`` must hold exactly the tiles the turn draws (:meth:`draw_count`).  ``score``
        is a placement's score when the caller knows it (from the generator, or from
        :meth:`check`'s analysis): trusted, the placement's shape and lines are not checked
        again (the rack is).  Without it the placement is checked (its lines too unless
        ``judge=False``, :meth:`check`) and scored here.  Raises IllegalMoveError or
        GameStateError and changes nothing when the turn is not allowed.
        """
        side = self.to_move
        rules = self.rules
        if not isinstance(move, Place):
            self.check(move)
            taken = tiles_taken(move)
        elif score is None:
            score = score_placement(self._check_place(move, judge), rules)
            taken = tiles_taken(move, rules.tiles.free)
        else:
            self._check_mover()
            taken = tiles_taken(move, rules.tiles.free)
            check_on_rack(self._rack_seen(side), taken, self._order)
        drawn = tuple(draw)
        need = self.draw_count(move)
        if len(drawn) != need:
            raise IllegalMoveError(f"the turn draws {need} tiles, not {len(drawn)}", code="draw_count", count=need, drawn=len(drawn))
        short = Counter(drawn) - Counter(self.bag)
        if short:
            raise IllegalMoveError(f"the bag does not hold {' '.join(drawn)}", code="not_in_bag", tiles=" ".join(sorted(short.elements())))
        placed = tuple(p.square for p in move.tiles) if isinstance(move, Place) else ()
        points = score or 0
        lists = self.rack_lists
        order = tuple(lists[side]) if lists is not None else None
        undo = _Undo(placed, taken, drawn, points, self.scoreless, side, self.outcome, self.zobrist, order)
        if isinstance(move, Place):
            for p in move.tiles:
                tile = p.placed
                self.board.put(p.square, tile)
                key = self._square_key(p.square, tile)
                self.zobrist ^= key
                self.board_hash ^= key
        for t in taken:
            self._change_rack(side, t, -1)
        for t in drawn:
            self._change_bag(t, -1)
            self._change_rack(side, t, 1)
        if isinstance(move, Exchange):
            for t in taken:
                self._change_bag(t, 1)
        if lists is not None:
            rack = lists[side]
            for t in taken:
                rack.remove(t)
            rack.extend(drawn)
        self._add_points(side, points)
        scoreless = isinstance(move, Pass) or (isinstance(move, Exchange) and rules.exchange_ends_like_pass)
        self._set_scoreless(self.scoreless + 1 if scoreless else 0)
        self._undo.append(undo)
        if isinstance(move, Place) and not self.racks[side] and self.bag_size == 0:
            self._finish(side)
        elif self.scoreless >= rules.pass_rounds * self.sides:
            self._finish(None)
        if self.outcome is None:  # as in the game, the side who ended it stays "to move"
            self._set_to_move((side + 1) % self.sides)

    def pop(self) -> None:
        """Take back the last turn pushed."""
        if not self._undo:
            raise GameStateError("nothing to undo", code="nothing_to_undo")
        undo = self._undo.pop()
        side = undo.to_move
        self.outcome = undo.outcome
        self._add_points(side, -undo.points)
        if undo.placed:
            for sq in undo.placed:
                self.board_hash ^= self._square_key(sq, self.board.remove(sq))
        elif undo.taken:  # an exchange: the returned tiles leave the bag again
            for t in undo.taken:
                self._change_bag(t, -1)
        for t in undo.drawn:
            self._change_rack(side, t, -1)
            self._change_bag(t, 1)
        for t in undo.taken:
            self._change_rack(side, t, 1)
        if undo.order is not None and self.rack_lists is not None:
            self.rack_lists[side][:] = undo.order
        self.scoreless = undo.scoreless
        self.to_move = side
        self.zobrist = undo.zobrist

    def withdraw(self) -> None:
        """Take back the last turn, a placement that a won challenge removes (challenge mode).

        Its tiles go back to the rack and the tiles drawn after it to the bag, its points
        are taken away; the turn itself stays taken: the side to move stays (the side
        after the placer, when the placement had ended the game) and the scoreless count
        stays 0, as the placement left it.
        """
        if not self._undo or not self._undo[-1].placed:
            raise GameStateError("there is no placement to take back", code="nothing_to_challenge")
        placer = self._undo[-1].to_move
        to_move = self.to_move if self.outcome is None else (placer + 1) % self.sides
        self.pop()
        self._set_scoreless(0)
        self._set_to_move(to_move)

    def set_to_move(self, side: int) -> None:
        """Make ``side`` the side to move (a game's controller: the starter, a turn lost to a failed challenge)."""
        if not 0 <= side < self.sides:
            raise PositionError(
                f"position: the side to move must be 0..{self.sides - 1}, not {side}", code="pos_to_move", most=self.sides - 1, value=side
            )
        self._set_to_move(side)

    def _add_points(self, side: int, points: int) -> None:
        for k in range(self.sides) if self.rules.shared_score else (side,):
            self.scores[k] += points

    def _set_scoreless(self, value: int) -> None:
        self.zobrist ^= _key("scoreless", self.scoreless) ^ _key("scoreless", value)
        self.scoreless = value

    def _set_to_move(self, side: int) -> None:
        self.zobrist ^= _key("move", self.to_move) ^ _key("move", side)
        self.to_move = side

    def _finish(self, out_player: int | None) -> None:
        adjust = end_adjustments(self.rules, [self.rack_points(k) for k in range(self.sides)], out_player)
        self.outcome = Outcome(tuple(s + a for s, a in zip(self.scores, adjust)), out_player)

    # ----- moves as small integers ------------------------------------------------------------
    def encode(self, move: Action) -> int:
        """A compact integer for ``move``, independent of the board (equal moves, equal codes)."""
        if isinstance(move, Pass):
            return _KIND_PASS
        if isinstance(move, Exchange):
            ids = sorted(_TILE_ID[t] for t in move.tiles)
            code = len(ids)
            for i in ids:
                code = (code << _NAME_BITS) | i
            return (code << 2) | _KIND_EXCHANGE
        size = self.board.size
        bits = max(1, (size * size - 1).bit_length())
        code = len(move.tiles)
        for p in move.tiles:
            code = (((code << bits | (p.square.row * size + p.square.col)) << _NAME_BITS | _TILE_ID[p.tile]) << _NAME_BITS) | _FACE_ID[
                p.face
            ]
        return (code << 2) | _KIND_PLACE

    def decode(self, code: int) -> Action:
        """The move of :meth:`encode`'s ``code``; raises IllegalMoveError for a code that is none."""
        kind, body = code & 3, code >> 2
        mask = (1 << _NAME_BITS) - 1
        try:
            if kind == _KIND_PASS and body == 0:
                return Pass()
            if kind == _KIND_EXCHANGE:
                tiles = []
                while body >> _NAME_BITS:
                    tiles.append(_TILE_NAMES[body & mask])
                    body >>= _NAME_BITS
                if body != len(tiles) or not tiles:
                    raise IndexError
                return Exchange(tuple(reversed(tiles)))
            if kind == _KIND_PLACE:
                size = self.board.size
                bits = max(1, (size * size - 1).bit_length())
                plays = []
                while body >> (bits + 2 * _NAME_BITS):
                    face = ALL_FACES[body & mask]
                    tile = _TILE_NAMES[(body >> _NAME_BITS) & mask]
                    index = (body >> (2 * _NAME_BITS)) & ((1 << bits) - 1)
                    if index >= size * size:
                        raise IndexError
                    plays.append(TilePlay(Square(index // size, index % size), tile, face))
                    body >>= bits + 2 * _NAME_BITS
                if body != len(plays) or not plays:
                    raise IndexError
                return Place(tuple(plays))
        except IndexError:
            pass
        raise IllegalMoveError(f"{code} is not a move code", code="bad_move_code", number=code)

    # ----- legal turns -------------------------------------------------------------------------
    def exchanges(self) -> list[Exchange]:
        """Every legal exchange of the side to move, one per distinct multiset of its tiles (core.exchanges.legal_exchanges)."""
        if self.outcome is not None:
            return []
        return legal_exchanges(self.racks[self.to_move], self.rules, self.bag_size)

    def points(self, move: Action) -> int:
        """What ``move`` scores now (checked by the rules; 0 for an exchange or pass)."""
        if not isinstance(move, Place):
            return 0
        analysis = analyze(self.board, move, self.rules)
        check_lines(analysis, self.rules)
        return score_placement(analysis, self.rules)
