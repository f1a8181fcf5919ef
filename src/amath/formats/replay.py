"""Re-play a text game record under the rules and check every recorded score and total.

The record lists each rack before its turn, so no seed is needed: before each turn the
player's rack is set from the record (:meth:`amath.game.Game.set_rack`).  Where a rack
is hidden (an opponent's record), the rack is made to hold at least the tiles played.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from amath.core.errors import AmathError
from amath.core.move import Challenge, Exchange, Move, Pass, Place
from amath.formats.record import Record, RecordError, RecordLine, parse_record
from amath.game import Game, Options

_Fail = Callable[..., RecordError]
"""Makes the error for the turn being played: ``fail(message, code=..., **params)``."""


@dataclass(frozen=True, slots=True)
class Replay:
    """What :func:`replay` found: the game as far as it got, the turns that agree, the first problem."""

    game: Game
    turns: int
    agreed: int
    problem: RecordError | None

    @property
    def ok(self) -> bool:
        """True when every turn (and the end of the game) agrees with the rules."""
        return self.problem is None


def new_game(rec: Record) -> Game:
    """A fresh game with the record's sides, rules and options (and seed, if it has one)."""
    try:
        return Game(rec.rules, teams=rec.sides, seed=rec.seed, options=Options(rec.challenge, rec.clock))
    except ValueError as exc:
        raise RecordError(f"the header does not make a game: {exc}", code="record_header_game", detail=exc) from None


def replay(rec: Record, upto: int | None = None) -> Replay:
    """Play the record's turns (the first ``upto`` of them, if given) and compare with the rules.

    Stops at the first disagreement; :attr:`Replay.problem` says which turn and why.
    """
    game = new_game(rec)
    turns = rec.turns if upto is None else rec.turns[:upto]
    if rec.starter is not None:
        game.set_starter(rec.starter)
    elif rec.turns and rec.turns[0].kind not in ("challenge-won", "challenge-lost", "skipped"):
        game.set_starter(rec.turns[0].side)
    done = 0
    # the racks the last turn leaves (a resignation's rack is set afterwards: the other racks are not known then)
    final_racks = {e.side: e.rack for e in rec.ends if e.rack is not None and e.kind != "resign"} if upto is None else {}
    for number, line in enumerate(turns, start=1):
        try:
            _play_line(game, line, number, final_racks if number == len(turns) else {})
        except RecordError as exc:
            return Replay(game, len(rec.turns), done, exc)
        done += 1
    if upto is None and (rec.ends or game.over):
        try:
            _check_end(game, rec)
        except RecordError as exc:
            return Replay(game, len(rec.turns), done, exc)
    return Replay(game, len(rec.turns), done, None)


def read_record(text: str) -> Game:
    """Read a record and re-play it; raise :class:`RecordError` at the first problem."""
    result = replay(parse_record(text))
    if result.problem is not None:
        raise result.problem
    return result.game


def _play_line(game: Game, line: RecordLine, number: int, final_racks: Mapping[int, Sequence[str]]) -> None:
    """Play one record line (unless the rules already made it) and compare the result.

    ``final_racks`` (for the last turn) are the other sides' racks at the end, from the
    end-of-game lines: the rules deduct them when this turn ends the game.
    """

    def fail(message: str, *, code: str, **params: object) -> RecordError:
        return RecordError(message, line.line, number, code=code, **params)

    if len(game.history) < number:  # the rules have not made this turn yet: play it
        if line.kind == "skipped":
            raise fail("the record says this turn is lost, but no challenge failed before it", code="replay_no_skip")
        if line.kind in ("challenge-won", "challenge-lost"):
            assert line.by is not None
            if line.kind == "challenge-lost" and line.rack is not None:  # the challenger's rack, as it is now
                _set_other_rack(game, line.side, line.rack, fail)
            _push(game, Challenge(line.by), 0.0, line, fail)
        else:
            if line.side != game.to_move and not game.over:
                raise fail(
                    f"the record has side {line.side + 1} to move, the rules have side {game.to_move + 1}",
                    code="replay_to_move",
                    side=line.side + 1,
                    rules=game.to_move + 1,
                )
            move = _move(game, line, fail)
            _set_rack(game, line, move, fail, final_racks.get(game.to_move))
            if line.count is not None:  # 'exchange (N)': which tiles is not known; any N of the rack
                move = Exchange(tuple(game.racks[game.to_move][: line.count]))
            others = {side: rack for side, rack in final_racks.items() if side != game.to_move}
            for side, rack in others.items():  # first back to the bag, so no rack takes another's tile
                if len(rack) != len(game.racks[side]):
                    raise fail(
                        f"the recorded end rack of side {side + 1} has {len(rack)} tiles, the rules give {len(game.racks[side])}",
                        code="replay_rack_size", side=side + 1, count=len(rack), rules=len(game.racks[side]),
                    )  # fmt: skip
                if Counter(rack) != Counter(game.racks[side]):
                    game.set_rack(side, [])
            for side, rack in others.items():
                _set_other_rack(game, side, rack, fail)
            if game.to_move in final_racks:
                _stack_draws(game, move, final_racks[game.to_move], fail)
            _push(game, move, line.time, line, fail)
    got = game.history[number - 1]
    if got.kind != line.kind:
        raise fail(f"recorded {line.kind}, the rules give {got.kind}", code="replay_kind", recorded=line.kind, rules=got.kind)
    if got.player != line.side:
        raise fail(
            f"recorded for side {line.side + 1}, the rules give side {got.player + 1}",
            code="replay_side",
            recorded=line.side + 1,
            rules=got.player + 1,
        )
    if got.score != line.score:
        raise fail(f"recorded score {line.score}, the rules give {got.score}", code="replay_score", recorded=line.score, rules=got.score)
    if got.total != line.total:
        raise fail(f"recorded total {line.total}, the rules give {got.total}", code="replay_total", recorded=line.total, rules=got.total)


def _move(game: Game, line: RecordLine, fail: _Fail) -> Move:
    if line.kind in ("pass", "timeout"):
        return Pass()
    if line.kind == "exchange":
        if line.count is not None:
            return Exchange(tuple(game.racks[game.to_move][: line.count]))
        return Exchange(line.tiles)
    try:
        return game.parse(line.move)
    except AmathError as exc:
        raise fail(f"{line.move!r} cannot be read: {exc}", code="replay_unreadable", text=line.move, detail=exc) from None


def _set_rack(game: Game, line: RecordLine, move: Move, fail: _Fail, final: Sequence[str] | None) -> None:
    """Set the mover's rack from the record; a hidden rack gets the tiles played (and ``final``,
    the rack recorded at the end, when this is the last turn)."""
    side = game.to_move
    current = game.racks[side]
    if line.rack is not None:
        if len(line.rack) != len(current):
            raise fail(
                f"recorded rack has {len(line.rack)} tiles, the rules give {len(current)}",
                code="replay_own_rack_size",
                count=len(line.rack),
                rules=len(current),
            )
        wanted: Sequence[str] = line.rack
    else:
        needed = move.rack_tiles if isinstance(move, Place) else list(move.tiles) if isinstance(move, Exchange) else []
        needed = [t for t in needed if t not in game.rules.tiles.free]
        if len(needed) > len(current):
            raise fail(
                f"the move uses {len(needed)} tiles, the rack holds {len(current)}",
                code="replay_move_too_big",
                count=len(needed),
                rules=len(current),
            )
        wanted = (needed + list(final or []))[: len(current)]
        spare = Counter(current)
        spare.subtract(wanted)
        wanted += list((+spare).elements())[: len(current) - len(wanted)]
    try:
        game.set_rack(side, wanted)
    except AmathError as exc:
        raise fail(f"the rack cannot be made: {exc}", code="replay_rack_impossible", detail=exc) from None


def _set_other_rack(game: Game, side: int, rack: Sequence[str], fail: _Fail) -> None:
    """Set the rack of a side that is not to move (a challenger, or a rack left at the end)."""
    if game.racks[side] and len(rack) != len(game.racks[side]):
        raise fail(
            f"the recorded rack of side {side + 1} has {len(rack)} tiles, the rules give {len(game.racks[side])}",
            code="replay_rack_size", side=side + 1, count=len(rack), rules=len(game.racks[side]),
        )  # fmt: skip
    try:
        game.set_rack(side, rack)
    except AmathError as exc:
        raise fail(
            f"the recorded rack of side {side + 1} cannot be made: {exc}", code="replay_other_rack_impossible", side=side + 1, detail=exc
        ) from None


def _stack_draws(game: Game, move: Move, final: Sequence[str], fail: _Fail) -> None:
    """Put on top of the bag the tiles this last turn must draw to leave the recorded final rack."""
    kept = Counter(game.racks[game.to_move])
    kept.subtract(move.rack_tiles if isinstance(move, Place) else move.tiles if isinstance(move, Exchange) else [])
    need = Counter(final)
    need.subtract(+kept)
    draws = list((+need).elements())
    if not draws or Counter(game.bag[len(game.bag) - len(draws) :]) == Counter(draws):
        return
    if Counter(draws) - Counter(game.bag):
        raise fail(f"the end-of-game rack {' '.join(final)} cannot be drawn from the bag", code="replay_final_rack", rack=" ".join(final))
    for t in draws:
        game.bag.remove(t)
        game.bag.append(t)


def _push(game: Game, move: Move, elapsed: float, line: RecordLine, fail: _Fail) -> None:
    try:
        game.push(move, elapsed)
    except AmathError as exc:
        raise fail(f"{line.move!r} is not allowed: {exc}", code="replay_not_allowed", text=line.move, detail=exc) from None


def _check_end(game: Game, rec: Record) -> None:
    last = rec.ends[-1].line if rec.ends else (rec.turns[-1].line if rec.turns else None)
    _resign(game, rec)
    result = game.result
    if result is None:
        raise RecordError("the record ends the game, but under the rules it goes on", last, code="replay_not_over")
    if not rec.ends:
        return  # a record may stop at the last turn; nothing more to compare
    running = list(game.scores)
    seen: set[tuple[int, str]] = set()
    for line in rec.ends:
        k = line.side
        if (k, line.kind) in seen:
            raise RecordError(f"a second {line.kind} line for side {k + 1}", line.line, code="replay_end_twice", kind=line.kind, side=k + 1)
        seen.add((k, line.kind))
        expected = {"end-rack": result.adjustments[k], "time-penalty": result.penalties[k], "lost-on-time": 0, "resign": 0}[line.kind]
        if line.kind == "lost-on-time" and result.loser_on_time != k:
            raise RecordError(
                f"the record says side {k + 1} lost on time, the rules do not", line.line, code="replay_not_lost_on_time", side=k + 1
            )
        if line.score != expected:
            raise RecordError(
                f"recorded {line.kind} {line.score:+d} for side {k + 1}, the rules give {expected:+d}",
                line.line, code="replay_end_score", kind=line.kind, side=k + 1, recorded=f"{line.score:+d}", rules=f"{expected:+d}",
            )  # fmt: skip
        running[k] += line.score
        if line.total != running[k]:
            raise RecordError(
                f"recorded total {line.total}, the rules give {running[k]}",
                line.line,
                code="replay_total",
                recorded=line.total,
                rules=running[k],
            )
    for k in range(len(game.sides)):
        for kind, amount in (("end-rack", result.adjustments[k]), ("time-penalty", result.penalties[k])):
            if amount and (k, kind) not in seen:
                raise RecordError(
                    f"the record has no {kind} line for side {k + 1}; the rules give {amount:+d}",
                    last,
                    code="replay_end_missing",
                    kind=kind,
                    side=k + 1,
                    rules=f"{amount:+d}",
                )
        if result.loser_on_time == k and (k, "lost-on-time") not in seen:
            raise RecordError(
                f"the record has no lost-on-time line; the rules say side {k + 1} lost on time",
                last,
                code="replay_lost_on_time_missing",
                side=k + 1,
            )


def _resign(game: Game, rec: Record) -> None:
    """A ``resign`` line ends the game there: the side resigns once the last turn is played (the rules never resign)."""
    lines = [line for line in rec.ends if line.kind == "resign"]
    if not lines:
        return
    if len(lines) > 1:
        raise RecordError("a second resign line: one side resigns, once", lines[1].line, code="replay_resign_twice")
    line = lines[0]
    if game.result is not None and game.pending is None:
        side = line.side + 1
        message = f"side {side} resigns, but under the rules the game was over already"
        raise RecordError(message, line.line, code="replay_resign_over", side=side)
    try:
        if line.rack is not None and Counter(line.rack) != Counter(game.racks[line.side]):
            game.set_rack(line.side, line.rack)  # a hidden rack, known at the end
        game.resign(line.side)
    except AmathError as exc:
        raise RecordError(f"resign: {exc}", line.line, code="quoted", text="resign", detail=exc) from None
