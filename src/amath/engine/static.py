"""Static equity: a turn's score plus the value of the tiles it keeps -- the one definition.

Every static ranking of turns in the library is made here: the ``equity`` bot, the
simulation's candidates and its play-outs' replies, the pre-endgame, inference,
``amath best`` / ``amath engine`` at budget 0, and the analysis of a game.

- A placement is worth its score plus the leave value of what stays on the rack
  (an :class:`~amath.engine.equity.EquityCalculator`); an exchange scores 0 and is worth
  the leave of the tiles kept; a pass is worth the whole rack kept.
- Leaves are valued for the bag as it is *before* the turn: with the bag empty nothing
  more can be drawn, so a kept tile is worth minus its points (``StaticEquity``).
- Equity is counted in hundredths of a point (integers), so sums and ties are exact:
  the leave of every part of the rack is computed once per turn
  (:class:`~amath.engine.movegen.rack_leaves.RackLeaves`) and the generator adds it to every
  placement's score -- in Rust on the native backend, in Python on the others.
- A scoreless turn (a pass; an exchange where the rules count it as one, Smath) that could
  end the game before this side moves again -- every other side taking one too -- keeps
  its tiles as they are worth at the end: minus their points (:func:`scoreless_may_end`).
  In Smath one round of scoreless turns ends the game, and an exchange valued by the
  leave it keeps for a next turn that may never come (a kept ``7 9 12 9 7 +`` is worth
  +60) made the ``equity`` bot exchange twice as often as ``greedy`` and lose to it.
- Ties keep a fixed order: placements in the generator's order (score, then squares,
  tiles, faces), then exchanges (fewer tiles returned first, then by name), then the pass.
- The static player's own turn (:meth:`Turns.best`) passes only when it must.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from amath.core.board import Board
from amath.core.exchanges import legal_exchanges
from amath.core.move import Exchange, Move, Pass, Place
from amath.core.position import Action, Position
from amath.core.rules.base import Ruleset
from amath.engine.equity import EquityCalculator, StaticEquity
from amath.engine.generator import MoveGenerator, get_generator
from amath.engine.movegen.rack_leaves import EQUITY_UNIT, RackLeaves

#: Asking a generator for "all of them".
_ALL = 1 << 62


@dataclass(frozen=True, slots=True)
class Candidate:
    """A turn with its score (0 for an exchange or pass) and its static equity in 1/100 points."""

    move: Action
    score: int
    value: int

    @property
    def equity(self) -> float:
        """The static equity in points."""
        return self.value / EQUITY_UNIT


def default_equity() -> StaticEquity:
    """The best static equity there is: the ``equity`` bot plays by it, the analysis and hints judge by it.

    Score + leave with the fitted table of the ruleset played, at that ruleset's weight
    (``amath.engine.leaves.fitted.LEAVE_WEIGHT``; the A-Math table for a ruleset without its own;
    ``HANDSET`` when nothing is fitted).
    """
    from amath.engine.leaves.fitted import fitted_table, played_tables

    return StaticEquity(fitted_table(), played_tables())


def to_units(points: float) -> int:
    """A value in points as a whole number of 1/100 points (rounded)."""
    return round(points * EQUITY_UNIT)


def rack_leaves(rack: Sequence[str], rules: Ruleset, bag: int, equity: EquityCalculator) -> RackLeaves:
    """The value of keeping each part of ``rack`` on a turn taken with ``bag`` tiles in the bag."""
    return RackLeaves.build(rack, lambda kept: to_units(equity.leave_value(kept, rules, bag)), free=rules.tiles.free)


def scoreless_may_end(rules: Ruleset, scoreless: int, sides: int) -> bool:
    """True when a scoreless turn now ends the game if every other side then takes one too.

    ``scoreless`` is the count of scoreless turns just before this one.  A-Math needs six in
    a row between two players; Smath one round (``pass_rounds`` 1), so there it is always true.

    >>> from amath.core.rules import AMATH, SMATH
    >>> scoreless_may_end(AMATH, 0, 2), scoreless_may_end(AMATH, 4, 2), scoreless_may_end(SMATH, 0, 2)
    (False, True, True)
    """
    return scoreless + sides >= rules.pass_rounds * sides


def is_scoreless(rules: Ruleset, move: Move | None) -> bool:
    """True for a turn that counts toward the scoreless turns ending a game: a pass, and an exchange where the rules say so."""
    return isinstance(move, Pass) or (isinstance(move, Exchange) and rules.exchange_ends_like_pass)


#: Stands for every exchange where only the kind of turn matters (:meth:`Turns.leaves_after`).
_AN_EXCHANGE = Exchange(())


@dataclass(frozen=True, slots=True)
class Turns:
    """The turns of one rack on one board with the bag at ``bag`` tiles, ranked by static equity.

    ``closing`` values the parts of the rack as at the end of the game; when given, the
    scoreless turns (the pass, and the exchanges where the rules count them as scoreless)
    keep their tiles at those values (:func:`scoreless_may_end`).
    """

    board: Board
    rack: tuple[str, ...]
    rules: Ruleset
    bag: int
    leaves: RackLeaves
    generator: MoveGenerator
    closing: RackLeaves | None = None

    @classmethod
    def of(
        cls,
        board: Board,
        rack: Sequence[str],
        rules: Ruleset,
        bag: int,
        equity: EquityCalculator,
        generator: MoveGenerator | None = None,
        *,
        scoreless: int = 0,
        sides: int = 2,
    ) -> Turns:
        """The turns of ``rack`` (leave values computed once, here) after ``scoreless`` scoreless turns among ``sides``."""
        closing = rack_leaves(rack, rules, 0, equity) if rack and scoreless_may_end(rules, scoreless, sides) else None
        return cls(board, tuple(rack), rules, bag, rack_leaves(rack, rules, bag, equity), generator or get_generator(), closing)

    @classmethod
    def at(cls, pos: Position, equity: EquityCalculator, generator: MoveGenerator | None = None) -> Turns:
        """The turns of the side to move in ``pos`` (none once the game is over)."""
        rack = pos.rack() if pos.outcome is None else ()
        return cls.of(pos.board, rack, pos.rules, pos.bag_size, equity, generator, scoreless=pos.scoreless, sides=pos.sides)

    def leaves_after(self, move: Move | None) -> RackLeaves:
        """The values of the tiles ``move`` keeps (a placement, exchange or pass of this rack), as this
        ranking uses them: ``closing`` for a scoreless turn (:func:`is_scoreless`) when it is given."""
        return self.closing if self.closing is not None and is_scoreless(self.rules, move) else self.leaves

    def placements(self, limit: int | None = None) -> list[Candidate]:
        """The ``limit`` best placements by equity (all of them if None), best first."""
        if not self.rack:
            return []
        found = self.generator.top_equity(self.board, self.rack, self.rules, _ALL if limit is None else limit, self.leaves)
        return [Candidate(m.place, m.score, value) for m, value in found]

    def exchanges(self) -> list[Candidate]:
        """Every legal exchange (:func:`amath.core.exchanges.legal_exchanges`), best first; none when the bag forbids it.

        Ties: fewer tiles first, then by the tiles' names; an exchange's tiles are written sorted by name.
        """
        if not self.rack:
            return []
        leaves = self.leaves_after(_AN_EXCHANGE)
        stride = dict(zip(leaves.tiles, leaves.strides))  # a legal exchange is part of the rack: its index, unchecked
        options = []
        for exchange in legal_exchanges(self.rack, self.rules, self.bag):
            returned = tuple(sorted(exchange.tiles))
            options.append((-leaves.values[sum(stride[t] for t in returned)], len(returned), returned))
        options.sort()
        return [Candidate(Exchange(returned), 0, -neg) for neg, _, returned in options]

    def best_exchange(self) -> Candidate | None:
        """``exchanges()[0]`` (None when there is none) without building and sorting them all.

        The play-outs' static turn needs only the best; ranking every exchange in Python cost
        about a fifth of a simulation's CPU.  It is read off the leave table: the part of
        highest value among those the rules let go back, fewest tiles and then by name first,
        as :meth:`exchanges` sorts.
        """
        leaves = self.leaves_after(_AN_EXCHANGE)
        if not self.rack or len(leaves.values) < 2 or not self.rules.can_exchange(1, self.bag):
            return None
        values = leaves.values
        parts: Sequence[int] = range(1, len(values))
        if not self.rules.can_exchange(sum(leaves.counts), self.bag):  # only the sizes the bag allows
            parts = [i for i in parts if self.rules.can_exchange(len(leaves.used(i)), self.bag)]
        top = max(values[i] for i in parts)
        returned = min((leaves.used(i) for i in parts if values[i] == top), key=lambda used: (len(used), used))
        return Candidate(Exchange(returned), 0, top)

    def pass_turn(self) -> Candidate:
        """Passing: the whole rack kept (at its end-of-game value when the pass may end the game)."""
        return Candidate(Pass(), 0, self.leaves_after(Pass()).values[0])

    def ranked(self, *, exchanges: int | None = 2, limit: int | None = None) -> list[Candidate]:
        """The ``limit`` best placements, the ``exchanges`` best exchanges (None: all) and the pass, best first."""
        swaps = self.exchanges()
        cands = self.placements(limit) + (swaps if exchanges is None else swaps[:exchanges]) + [self.pass_turn()]
        return sorted(cands, key=lambda c: -c.value)

    def best(self) -> Candidate:
        """The static-equity player's turn: the best placement or exchange (a placement on a tie).

        The pass only when neither is legal: a static value cannot see that passing keeps
        the same rack for the same board (the searches weigh the pass by playing it out).
        """
        top = self.placements(1)
        swap = self.best_exchange()
        if swap is not None and (not top or swap.value > top[0].value):
            return swap
        return top[0] if top else self.pass_turn()


# ----- the same over a kernel Position (the searches) ------------------------------------------
def leave_value(pos: Position, kept: Sequence[str], bag: int, equity: EquityCalculator) -> float:
    """Worth of keeping ``kept`` on a turn taken with ``bag`` tiles in the bag (0: minus their points)."""
    return to_units(equity.leave_value(kept, pos.rules, bag)) / EQUITY_UNIT


def placement_candidates(pos: Position, equity: EquityCalculator, limit: int | None = None) -> list[Candidate]:
    """The ``limit`` best placements of the side to move by equity (all if None), best first."""
    return Turns.at(pos, equity).placements(limit)


def exchange_candidates(pos: Position, equity: EquityCalculator) -> list[Candidate]:
    """Every legal exchange of the side to move, best first."""
    return Turns.at(pos, equity).exchanges()


def pass_candidate(pos: Position, equity: EquityCalculator) -> Candidate:
    """Passing: the whole rack kept."""
    return Turns.at(pos, equity).pass_turn()


def ranked(pos: Position, equity: EquityCalculator, *, exchanges: int | None = 2, limit: int | None = None) -> list[Candidate]:
    """The ``limit`` best placements, the best ``exchanges`` exchanges and the pass, by static equity."""
    return Turns.at(pos, equity).ranked(exchanges=exchanges, limit=limit)


def best_turn(pos: Position, equity: EquityCalculator) -> Candidate:
    """The static-equity player's turn in ``pos``: the best placement, exchange or pass."""
    return Turns.at(pos, equity).best()


def same_turn(a: Action, b: Action) -> bool:
    """True when two turns are the same (an exchange's tiles in any order)."""
    if isinstance(a, Exchange) and isinstance(b, Exchange):
        return sorted(a.tiles) == sorted(b.tiles)
    return a == b


def including(chosen: Sequence[Candidate], pool: Sequence[Candidate], include: Sequence[Action]) -> list[Candidate]:
    """``chosen`` plus the candidates of ``pool`` for the turns of ``include`` not among them yet."""
    out = list(chosen)
    for move in include:
        if any(same_turn(c.move, move) for c in out):
            continue
        found = next((c for c in pool if same_turn(c.move, move)), None)
        if found is not None:
            out.append(found)
    return out


def is_place(c: Candidate) -> bool:
    """True for a placement."""
    return isinstance(c.move, Place)
