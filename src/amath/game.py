"""A whole game: sides (players or teams), bag, racks, turns, challenge, clock, end, undo.

The game is deterministic given its seed: every draw and shuffle comes from its own
``random.Random``, so a list of moves and the seed reproduce a game exactly.  ``push``
applies a turn (raising an :class:`~amath.core.errors.AmathError` and changing nothing when it
is not allowed); ``pop`` undoes the last one.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any, Protocol

from amath.core import show
from amath.core.board import Board
from amath.core.errors import GameStateError, IllegalMoveError, RulesError
from amath.core.move import Challenge, Exchange, Move, Pass, Place
from amath.core.notation import format_move, format_place, parse_move
from amath.core.placement import Analysis, analyze, first_false_line
from amath.core.position import Position, end_adjustments
from amath.core.rules import AMATH
from amath.core.rules.base import ClockRules, Ruleset
from amath.core.scoring import is_bingo, score
from amath.engine.generator import get_generator

#: Team play (docs/rules.md "Players and teams"): exactly this many teams of this many players.
TEAM_COUNT = 2
TEAM_SIZE = 2


@dataclass(frozen=True, slots=True)
class Options:
    """Table options: ``challenge`` mode (default strict) and the clock."""

    challenge: bool = False
    clock: ClockRules = field(default_factory=ClockRules)


@dataclass(frozen=True, slots=True)
class Turn:
    """One entry of the history.

    ``kind``: ``place``, ``exchange``, ``pass``, ``timeout`` (a turn lost on a per-move
    clock), ``skipped`` (a turn lost to a failed challenge), ``challenge-won`` (the
    placement was false and is taken back) or ``challenge-lost``.  ``drawn`` and the tiles
    of an exchange are hidden information: never show them to the other sides.
    """

    player: int
    kind: str
    notation: str
    rack_before: tuple[str, ...]
    score: int
    total: int
    move: Move | None = None
    drawn: tuple[str, ...] = ()
    elapsed: float = 0.0
    bingo: bool = False


@dataclass(frozen=True, slots=True)
class Result:
    """How a game ended: ``reason`` is ``playout``, ``passes``, ``time`` or ``resign``.

    ``adjustments`` are the end-of-game rack points (+ for the player who went out, - for
    racks left), ``penalties`` the clock penalties; ``winners`` the sides with the top score
    (after a resignation: the top score among the other sides); ``resigned`` the side that resigned.
    """

    reason: str
    adjustments: tuple[int, ...]
    penalties: tuple[int, ...]
    scores: tuple[int, ...]
    winners: tuple[int, ...]
    out_player: int | None = None
    loser_on_time: int | None = None
    resigned: int | None = None

    @property
    def draw(self) -> bool:
        """True when two or more sides share the top score."""
        return len(self.winners) > 1


@dataclass(slots=True)
class _Pending:
    """A placement that may still be challenged (challenge mode)."""

    player: int
    place: Place
    score: int
    rack_before: list[str]
    drawn: list[str]


def start_rank(tile: str, rules: Ruleset) -> int:
    """Rank of a tile in the draw for who starts (kept for callers; see :meth:`Ruleset.start_rank`)."""
    rank = rules.start_rank(tile)
    return -1 if rank is None else rank


class Game:
    """A game of A-Math (or another ruleset) between 2 to 4 sides.

    The state of the play is one kernel :class:`~amath.core.position.Position` (``game.position``:
    the board, the racks, the bag's counts, the scores, the side to move and the scoreless
    count, and every rule of a turn); :attr:`board`, :attr:`racks`, :attr:`scores`,
    :attr:`to_move` and :attr:`passes` read it.  The game adds what a kernel must not know:
    the sides' names, the history, the clock, the challenge state, the order of the bag and
    the random generator that shuffles it, the result (a game also ends by time or
    resignation), the options, the seed and the draw for who starts.

    >>> g = Game(players=["Ann", "Ben"], seed=1)
    >>> len(g.racks[0]), len(g.bag)
    (8, 84)
    >>> g.board is g.position.board and g.racks is g.position.rack_lists
    True
    """

    def __init__(
        self,
        rules: Ruleset = AMATH,
        players: Sequence[str] = ("Player 1", "Player 2"),
        *,
        teams: Sequence[Sequence[str]] | None = None,
        seed: int | None = None,
        options: Options | None = None,
    ) -> None:
        sides = [tuple(t) for t in teams] if teams is not None else [(p,) for p in players]
        if any(not names or any(not n.strip() for n in names) for names in sides):
            raise RulesError("every player needs a non-empty name", code="empty_name")
        sizes = {len(names) for names in sides}
        if sizes != {1} and not (len(sides) == TEAM_COUNT and sizes == {TEAM_SIZE}):
            shape = " + ".join(str(len(names)) for names in sides)
            raise RulesError(f"teams are exactly {TEAM_COUNT} teams of {TEAM_SIZE} players, not {shape}", code="team_shape", shape=shape)
        if not rules.min_players <= len(sides) <= rules.max_players:
            raise RulesError(
                f"{rules.name} needs {rules.min_players} to {rules.max_players} sides, not {len(sides)}",
                code="player_count", variant=rules.name, least=rules.min_players, most=rules.max_players, count=len(sides),
            )  # fmt: skip
        self.rules = rules
        self.options = options or Options()
        self.sides: tuple[tuple[str, ...], ...] = tuple(sides)
        self.seed = seed if seed is not None else random.SystemRandom().randrange(2**63)
        self.rng = random.Random(self.seed)
        #: The bag in drawing order (the last tile is drawn first); the kernel holds its counts.
        self.bag: list[str] = rules.tiles.bag()
        self.rng.shuffle(self.bag)
        n = len(sides)
        self.time_used = [0.0] * n
        self.history: list[Turn] = []
        self.skip = [False] * n
        self.pending: _Pending | None = None
        self.result: Result | None = None
        self.start_draws: list[dict[int, str]] = []
        self.starter = self._draw_for_start()
        racks: list[list[str]] = [[] for _ in range(n)]
        for k in range(n):
            side = (self.starter + k) % n
            racks[side] = self._draw(rules.rack_size)
        self._position = Position(rules, Board(rules.layout), racks, Counter(self.bag), to_move=self.starter, ordered=True)
        self._undo: list[_TurnUndo | _RackUndo] = []

    # ----- set-up -------------------------------------------------------------------
    def _draw(self, k: int) -> list[str]:
        k = min(k, len(self.bag))
        drawn = self.bag[len(self.bag) - k :]
        del self.bag[len(self.bag) - k :]
        return drawn

    def _draw_for_start(self) -> int:
        """Each contender draws one tile; best rank starts; ties draw again; tiles go back."""
        contenders = list(range(len(self.sides)))
        rank = self.rules.start_rank
        while True:
            draws: dict[int, str] = {}
            for side in contenders:
                tile = self.bag.pop()
                while rank(tile) is None:  # Smath: draw until a number; the others go back at once
                    self.bag.insert(self.rng.randrange(len(self.bag) + 1), tile)
                    tile = self.bag.pop()
                draws[side] = tile
            self.start_draws.append(draws)
            self.bag.extend(draws.values())
            self.rng.shuffle(self.bag)
            ranks = {s: rank(t) or 0 for s, t in draws.items()}
            best = max(ranks.values())
            contenders = [s for s in contenders if ranks[s] == best]
            if len(contenders) == 1:
                return contenders[0]

    # ----- the state of play: read through to the kernel position ----------------------
    @property
    def position(self) -> Position:
        """The kernel position this game plays on (every rack known), the one state of the play.

        Not to be changed from outside: a search takes ``game.position.copy()`` or
        ``game.position.seen_by(side)`` (what one side may know), and pushes and pops that.
        Its outcome is the end of play (play-out or passes); a game lost on time or resigned
        is over for the game (:attr:`over`, :attr:`result`), which a caller asks first.
        """
        return self._position

    @property
    def board(self) -> Board:
        """The board (the kernel's, the same object for the whole game)."""
        return self._position.board

    @property
    def racks(self) -> list[list[str]]:
        """Each side's rack in order (the kernel's rack lists, each the same list for the whole game)."""
        lists = self._position.rack_lists
        assert lists is not None  # a game's position is made ordered
        return lists

    @property
    def scores(self) -> list[int]:
        """Each side's score so far (the kernel's list)."""
        return self._position.scores

    @property
    def to_move(self) -> int:
        """The side to move (the side who ended the game, once over)."""
        return self._position.to_move

    @property
    def passes(self) -> int:
        """Consecutive scoreless turns (passes, timeouts, and exchanges where they count)."""
        return self._position.scoreless

    # ----- setting racks (replaying a record that lists racks) ------------------------
    def set_starter(self, side: int) -> None:
        """Make ``side`` the starter (before the first turn only), e.g. when a record says so."""
        if self.history or self._undo:
            raise GameStateError("the starter can only be set before the first turn", code="starter_too_late")
        if not 0 <= side < len(self.sides):
            raise GameStateError(f"no side {side}", code="no_such_side", side=side)
        self.starter = side
        self._position.set_to_move(side)

    def set_rack(self, side: int, tiles: Sequence[str]) -> None:
        """Give ``side`` exactly ``tiles``, keeping every tile accounted for.

        The old rack goes back to the bag; each tile then comes from the bag or, when
        another rack holds it, from that rack, which gets a spare bag tile instead.  Raises
        :class:`IllegalMoveError` if the tiles off the board cannot supply ``tiles``.
        :meth:`pop` takes a rack set after a turn back with that turn.
        """
        wanted = list(tiles)
        racks = self.racks
        if Counter(wanted) == Counter(racks[side]):
            self._note_racks()
            self._position.set_rack(side, wanted)  # same tiles: only the order; the bag (and a seeded game) stays as it is
            return
        pool = Counter(self.bag)
        for rack in racks:
            pool.update(rack)
        short = Counter(wanted) - pool
        if short:
            missing = " ".join(sorted(short.elements()))
            raise IllegalMoveError(
                f"no {missing} left off the board to make the rack {' '.join(wanted)}",
                code="rack_unavailable",
                tiles=missing,
                rack=" ".join(wanted),
            )
        can = min(len(self.bag) + len(racks[side]), self.rules.rack_size)
        if len(wanted) > can:
            raise IllegalMoveError(
                f"a rack of {len(wanted)} tiles, but only {can} can be drawn", code="rack_too_big", count=len(wanted), most=can
            )
        self._note_racks()
        bag = self.bag
        new = [list(r) for r in racks]
        bag.extend(new[side])
        new[side] = []
        need = Counter(wanted)
        for t in wanted:
            need[t] -= 1
            if t not in bag:  # another rack holds it: swap it for a bag tile nobody needs
                other = next(r for k, r in enumerate(new) if k != side and t in r)
                spare = next(x for x in bag if bag.count(x) > need[x])
                other[other.index(t)] = spare
                bag.remove(spare)
                bag.append(t)
            bag.remove(t)
            new[side].append(t)
        self._put_racks(new)

    def set_bag(self, tiles: Sequence[str]) -> None:
        """Make the bag exactly ``tiles``, in drawing order (the last is drawn first).

        Tiles the bag loses leave the game and new ones enter it: for setting an end game up
        by hand (tests, studies), after which :meth:`tiles_in_play` is no longer the full set.
        :meth:`pop` takes a bag set after a turn back with that turn.
        """
        self._note_racks()
        self._position.set_bag(tiles)
        self.bag[:] = tiles

    def _put_racks(self, racks: Sequence[Sequence[str]]) -> None:
        """Make every rack as given (the bag's counts follow), changing only the racks that differ."""
        pos = self._position
        changed = [k for k, r in enumerate(racks) if list(r) != self.racks[k]]
        for k in changed:
            pos.set_rack(k, ())
        for k in changed:
            pos.set_rack(k, racks[k])

    def _note_racks(self) -> None:
        """Before a rack or the bag is set: remember the racks and the bag, so that :meth:`pop` takes the change back with the last turn."""
        if self._undo:
            self._undo.append(_RackUndo(tuple(tuple(r) for r in self.racks), list(self.bag)))

    # ----- reading the state --------------------------------------------------------
    @property
    def over(self) -> bool:
        """True once the game has ended (in challenge mode the last play may still be challenged)."""
        return self.result is not None

    @property
    def names(self) -> list[str]:
        """A display name per side (team members joined with ' & ')."""
        return [" & ".join(s) for s in self.sides]

    @property
    def legal_moves(self) -> LegalMoves:
        """A lazy view: ``move in game.legal_moves``, or iterate for placements, exchanges, pass."""
        return LegalMoves(self)

    def can_challenge(self) -> bool:
        """True while the last placement may be challenged."""
        return self.pending is not None

    def tiles_in_play(self) -> Counter[str]:
        """Every bag tile on the board, on racks and in the bag (should equal the full set)."""
        total: Counter[str] = Counter(self.bag)
        for rack in self.racks:
            total.update(rack)
        total.update(self.rules.bag_tiles_on(self.board))
        return total

    def last_placement(self) -> Place | None:
        """The most recent placement whose tiles are still on the board (one a challenge withdrew is skipped).

        The one answer to "which tiles were played last" for the board highlights of the web page, the
        terminal, the replay viewer and the SVG drawings.
        """
        for turn in reversed(self.history):
            if turn.kind == "place" and isinstance(turn.move, Place) and all(self.board.get(p.square) == p.placed for p in turn.move.tiles):
                return turn.move
        return None

    def unseen(self, side: int) -> Counter[str]:
        """Tiles ``side`` cannot see: the bag and the other racks, as counts."""
        return self.rules.unseen(self.board, self.racks[side])

    def position_string(self, side: int | None = None) -> str:
        """The one-line position string (see :mod:`amath.formats.fen`) as ``side`` sees it (default: to move)."""
        return show.text(self, side)

    def __repr__(self) -> str:
        return f"<Game {self.position_string()!r} turn={len(self.history) + 1}{' over' if self.over else ''}>"

    def _repr_svg_(self) -> str:
        """The board with names, scores and the rack of the side to move, for notebooks (by amath.render.svg)."""
        return show.picture(self)

    def notation(self, move: Move) -> str:
        """``move`` in notation against the current board (board tiles shown as ``[face]``)."""
        return format_move(move, self.board, self.rules)

    # ----- turns ---------------------------------------------------------------------
    def parse(self, text: str) -> Move:
        """Read a move in notation against the current board (see :mod:`amath.core.notation`)."""
        return parse_move(text, self.board, self.rules, self.to_move)

    def push_notation(self, text: str, elapsed: float = 0.0) -> Turn:
        """Parse and play a move given in notation."""
        return self.push(self.parse(text), elapsed)

    def check(self, move: Move) -> None:
        """Raise an AmathError explaining why ``move`` is not allowed now; return if it is."""
        self._checked(move)

    def _checked(self, move: Move) -> Analysis | None:
        """:meth:`check`, returning a placement's analysis (so :meth:`push` does not redo it).

        The rules of a turn are the kernel's (:meth:`Position.check`); a placement in
        challenge mode is not judged until challenged.  The game adds its own: the end by
        time or resignation, and who may challenge.
        """
        if isinstance(move, Challenge):
            self._check_challenge(move)
            return None
        if self.over:
            raise GameStateError("the game is over", code="game_over")
        return self._position.check(move, judge=not self.options.challenge)

    def is_legal(self, move: Move) -> bool:
        """True when :meth:`push` would accept ``move`` now."""
        try:
            self.check(move)
        except ValueError:
            return False
        return True

    def push(self, move: Move, elapsed: float = 0.0) -> Turn:
        """Play ``move`` for the side to move (or the challenger); return its history entry."""
        analysis = self._checked(move)
        if elapsed < 0 or not math.isfinite(elapsed):
            raise GameStateError(
                f"elapsed time must be a finite number of seconds >= 0, not {elapsed}", code="bad_elapsed", seconds=str(elapsed)
            )
        elapsed = round(elapsed, 3)  # the clock counts milliseconds, as records and saved games store them
        entry = self._state()
        self._undo.append(entry)
        if isinstance(move, Challenge):
            return self._challenge(move, entry)
        return self._turn(move, elapsed, analysis)

    def pop(self) -> Turn:
        """Undo the last turn (including any skipped turn it caused) and return it.

        Exact: the board, racks (in order), bag (in order), scores, clock, challenge state
        and the random generator are as they were before the turn.
        """
        if not self._undo:
            raise GameStateError("nothing to undo", code="nothing_to_undo")
        entry = self._undo.pop()
        while isinstance(entry, _RackUndo):  # racks or a bag set after the last turn go back first (a turn lies below every note)
            self._put_racks(entry.racks)
            self._position.set_bag(entry.bag)
            self.bag[:] = entry.bag
            entry = self._undo.pop()
        turn = self.history[entry.history_len]  # the turn pushed, not a skip it caused
        pos = self._position
        if entry.withdrawn is not None:  # a won challenge took the placement back: put it on again
            w = entry.withdrawn
            pos.set_to_move(w.player)
            pos.push(w.place, w.drawn, score=w.score)
        while pos.ply > entry.ply:
            pos.pop()
        self._restore(entry)
        return turn

    @contextmanager
    def preserved(self) -> Iterator[Game]:
        """A block inside which the game may be popped and pushed at will; on leaving it (an
        exception too) the game is exactly as it was: board, bag, racks, scores, history, undo.

        >>> g = Game(seed=1)
        >>> with g.preserved():
        ...     _ = g.push(g.parse("pass"))
        >>> len(g.history)
        0
        """
        kernel, state, history, undo = self._position.copy(exact=True), self._state(), list(self.history), list(self._undo)
        try:
            yield self
        finally:
            self._position.assign(kernel)
            self._restore(state)
            self.history[:] = history
            self._undo[:] = undo

    def forget_undo(self) -> None:
        """Drop what :meth:`pop` would restore: the turns so far can no longer be taken back.

        A turn's undo entry holds a copy of the bag and the generator's state; a
        long-running server that keeps every game's would hold them all in memory.  The
        kernel keeps the record of a placement that may still be challenged.
        """
        self._undo.clear()
        self._position.forget_undo(keep=1 if self.pending is not None else 0)

    def _turn(self, move: Move, elapsed: float, analysis: Analysis | None = None) -> Turn:
        player = self.to_move
        pos = self._position
        self.pending = None  # the next turn starts: the window to challenge closes
        self.time_used[player] += elapsed
        clock = self.options.clock
        rack_before = tuple(self.racks[player])
        if clock.kind == "move" and elapsed > clock.seconds:  # the turn is lost: it counts as a pass
            pos.push(Pass())
            turn = self._record(player, "timeout", "pass", rack_before, 0, move, elapsed)
        elif isinstance(move, Place):
            turn = self._place(player, move, rack_before, elapsed, analysis)
        elif isinstance(move, Exchange):
            drawn = self._draw(pos.draw_count(move))
            pos.push(move, drawn)
            self.bag.extend(move.tiles)
            self.rng.shuffle(self.bag)
            turn = self._record(player, "exchange", format_move(move, self.board, self.rules), rack_before, 0, move, elapsed, drawn)
        else:
            pos.push(Pass())
            turn = self._record(player, "pass", "pass", rack_before, 0, move, elapsed)
        if pos.outcome is not None:
            self._finish(pos.outcome.reason, out_player=pos.outcome.out_player)
        if not self.over and clock.kind == "total" and clock.loss_on_time and self.time_used[player] > clock.seconds:
            self._finish("time", loser=player)
        if self.over:
            pos.set_to_move(player)  # the side who ended it stays "to move"
        else:
            self._advance(player)
        return turn

    def _place(self, player: int, move: Place, rack_before: tuple[str, ...], elapsed: float, analysis: Analysis | None = None) -> Turn:
        pos = self._position
        analysis = analysis or pos.check(move, judge=not self.options.challenge)  # push passes the one check made
        points = score(analysis, self.rules)
        notation = format_place(move, self.board, self.rules, analysis)
        drawn = self._draw(pos.draw_count(move))
        pos.push(move, drawn, score=points)
        turn = self._record(player, "place", notation, rack_before, points, move, elapsed, drawn, is_bingo(analysis, self.rules))
        if self.options.challenge:
            self.pending = _Pending(player, move, points, list(rack_before), drawn)
        return turn

    def _check_challenge(self, move: Challenge) -> None:
        if not self.options.challenge:
            raise GameStateError("challenges are only allowed in challenge mode", code="not_challenge_mode")
        if self.pending is None:
            raise GameStateError("there is no placement to challenge now", code="nothing_to_challenge")
        if not 0 <= move.by < len(self.sides):
            raise IllegalMoveError(f"no side {move.by} to challenge", code="no_such_side", side=move.by)
        if move.by == self.pending.player:
            raise IllegalMoveError("a player cannot challenge their own placement", code="challenge_own")

    def _challenge(self, move: Challenge, entry: _TurnUndo) -> Turn:
        """Judge the pending placement's lines: a false one is taken back (``entry``, the challenge's undo, notes it)."""
        pending = self.pending
        assert pending is not None  # _check_challenge ensured it
        self.pending = None
        before = self.board.copy()  # judge the lines as they were made
        for p in pending.place.tiles:
            before.remove(p.square)
        bad = first_false_line(analyze(before, pending.place, self.rules), self.rules)
        if bad is None:  # the placement stands; in A-Math the challenger loses their next turn
            turn = self._record(move.by, "challenge-lost", "challenge", tuple(self.racks[move.by]), 0, move, 0.0)
            if self.rules.failed_challenge_costs_turn and not self.over:
                self.skip[move.by] = True
                if self.to_move == move.by:  # the turn about to start is the one lost
                    self._advance((move.by - 1) % len(self.sides))
            return turn
        # withdraw: tiles back to the rack, the drawn tiles back to the bag, score 0
        self._position.withdraw()
        entry.withdrawn = pending
        self.bag.extend(pending.drawn)
        self.rng.shuffle(self.bag)
        if self.result is not None:  # a play-out taken back: the game goes on with the next side
            self.result = None
            self._advance(pending.player)
        return self._record(pending.player, "challenge-won", "challenge", tuple(pending.rack_before), -pending.score, move, 0.0)

    def _advance(self, side: int) -> None:
        """Hand the turn to the side after ``side``, passing over (and recording) the turns lost to failed challenges."""
        n = len(self.sides)
        nxt = (side + 1) % n
        for _ in range(n):
            if not self.skip[nxt]:
                break
            self.skip[nxt] = False
            self._record(nxt, "skipped", "pass", tuple(self.racks[nxt]), 0, None, 0.0)
            nxt = (nxt + 1) % n
        self._position.set_to_move(nxt)

    def _record(
        self,
        player: int,
        kind: str,
        notation: str,
        rack_before: tuple[str, ...],
        points: int,
        move: Move | None,
        elapsed: float,
        drawn: Sequence[str] = (),
        bingo: bool = False,
    ) -> Turn:
        turn = Turn(player, kind, notation, rack_before, points, self.scores[player], move, tuple(drawn), elapsed, bingo)
        self.history.append(turn)
        return turn

    def _finish(self, reason: str, out_player: int | None = None, loser: int | None = None) -> None:
        """Set the result: the kernel's end of play (play-out or passes, with its rack adjustments), or a loss on time."""
        n = len(self.sides)
        rules = self.rules
        pos = self._position
        if pos.outcome is not None:
            adjust = [final - now for final, now in zip(pos.outcome.scores, self.scores)]
        else:
            adjust = end_adjustments(rules, [pos.rack_points(k) for k in range(n)], None)
        clock = self.options.clock
        penalties = [0] * n
        if clock.kind == "total" and not clock.loss_on_time:
            for k in range(n):
                over = self.time_used[k] - clock.seconds
                if over > 0:
                    penalties[k] = -clock.penalty_per_minute * math.ceil(over / 60)
        if rules.shared_score:  # Co-op: the table shares every penalty (and adjustment) and wins or loses together
            penalties = [sum(penalties)] * n
        final = [self.scores[k] + adjust[k] + penalties[k] for k in range(n)]
        contenders = [k for k in range(n) if k != loser]
        best = max(final[k] for k in contenders)
        winners = tuple(k for k in contenders if final[k] == best)
        if rules.tie_break_before_deduction and len(winners) > 1:
            top = max(self.scores[k] for k in winners)
            winners = tuple(k for k in winners if self.scores[k] == top)
        self.result = Result(reason, tuple(adjust), tuple(penalties), tuple(final), winners, out_player, loser)

    def resign(self, side: int) -> None:
        """End the game now by ``side``'s resignation: the scores stand, the best of the other sides win.

        Not a turn (nothing enters the history), and nothing is left to challenge (a
        play-out that could still be challenged is settled by the resignation instead).
        """
        if self.result is not None and self.pending is None:
            raise GameStateError("the game is over", code="game_over")
        if not 0 <= side < len(self.sides):
            raise GameStateError(f"no side {side}", code="no_such_side", side=side)
        others = [k for k in range(len(self.sides)) if k != side]
        top = max(self.scores[k] for k in others)
        zero = tuple(0 for _ in self.sides)
        self.pending = None
        self.result = Result("resign", zero, zero, tuple(self.scores), tuple(k for k in others if self.scores[k] == top), resigned=side)

    # ----- undo ----------------------------------------------------------------------
    def _state(self) -> _TurnUndo:
        """What the game itself keeps, for :meth:`pop` (the kernel undoes its own pushes)."""
        return _TurnUndo(
            self._position.ply, list(self.bag), self.rng.getstate(), list(self.time_used), len(self.history),
            list(self.skip), self.pending, self.result, self.to_move,
        )  # fmt: skip

    def _restore(self, entry: _TurnUndo) -> None:
        """Put the game's part back in place: the bag and lists a caller holds stay valid."""
        self.bag[:] = entry.bag
        self.time_used[:] = entry.time_used
        del self.history[entry.history_len :]
        self.skip[:] = entry.skip
        self.pending = entry.pending
        self.result = entry.result
        self._position.set_to_move(entry.to_move)
        self.rng.setstate(entry.rng)


@dataclass(slots=True)
class _TurnUndo:
    """The game's part of a turn, for :meth:`Game.pop` (the kernel position undoes its own pushes)."""

    ply: int  # the kernel's undo depth before the turn
    bag: list[str]
    rng: tuple[Any, ...]
    time_used: list[float]
    history_len: int
    skip: list[bool]
    pending: _Pending | None
    result: Result | None
    to_move: int
    withdrawn: _Pending | None = None  # a won challenge's placement, put back on by pop


@dataclass(frozen=True, slots=True)
class _RackUndo:
    """Racks or a bag set (:meth:`Game.set_rack`, :meth:`Game.set_bag`) after the last turn: every rack and the bag as they were."""

    racks: tuple[tuple[str, ...], ...]
    bag: list[str]


# ----- game.legal_moves: a lazy view of the legal turns (as python-chess has) -------------------
class GameView(Protocol):
    """What the view reads of a game: the state of the side to move and the rules' verdict."""

    @property
    def board(self) -> Board: ...
    @property
    def racks(self) -> list[list[str]]: ...
    @property
    def to_move(self) -> int: ...
    @property
    def rules(self) -> Ruleset: ...
    @property
    def position(self) -> Position: ...
    @property
    def over(self) -> bool: ...
    def is_legal(self, move: Move) -> bool: ...


class LegalMoves:
    """The legal turns of ``game`` for the side to move, computed only when asked."""

    def __init__(self, game: GameView) -> None:
        self.game = game

    def __contains__(self, move: object) -> bool:
        return isinstance(move, Move) and self.game.is_legal(move)

    def placements(self) -> list[Move]:
        """Every legal placement, best score first (for a big Smath rack a very long list, slow: docs/smath.md)."""
        g = self.game
        if g.over:
            return []
        return [m.place for m in get_generator().generate(g.board, g.racks[g.to_move], g.rules)]

    def exchanges(self) -> list[Move]:
        """Every legal exchange, one per distinct multiset of rack tiles (the kernel's list: fewest tiles first)."""
        g = self.game
        if g.over:
            return []
        return list(g.position.exchanges())

    def __iter__(self) -> Iterator[Move]:
        yield from self.placements()
        yield from self.exchanges()
        if not self.game.over:
            yield Pass()

    def __len__(self) -> int:
        return sum(1 for _ in self)

    def __bool__(self) -> bool:
        return not self.game.over
