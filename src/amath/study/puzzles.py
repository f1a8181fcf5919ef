"""Puzzles from real games: positions with one clearly best play, found, checked and rated by the engine.

A puzzle is a position of a played game (self-play, a saved or recorded game, a finished game
of the server) in which one turn is better than every other by a margin, for one of four
reasons (:data:`KINDS`):

* ``bingo``: find the bingo. The best placement using the whole rack, every other bingo
  scoring at least the margin less (or none);
* ``score``: the best-scoring placement, every other placement scoring the margin less;
* ``leave``: the best turn by static equity (score plus the value of the tiles kept) is a
  placement that does not score the most, and beats every other turn (placements, every
  exchange, the pass) by the margin: the tiles kept decide;
* ``endgame``: the bag is empty, both racks are known: the exact endgame solver's best turn
  wins the game and every other turn ends the game at least the margin worse (solved exactly,
  within a node budget; a search that did not finish makes no puzzle).

The values are the engine's: the static equity with the fitted leave tables
(:func:`amath.engine.static.default_equity`), or exact in endgames
(:func:`amath.engine.endgame.solve`). The simulation is not used: it samples, so a margin it
found is not a margin a later check sees again exactly, and a middle-game simulation costs
about a second a position here (docs/puzzles.md).

Every puzzle stored is a self-contained line of JSON (:meth:`Puzzle.to_dict`): the position
string, the scoreless-turn count, the answer, the next best turn and the margin. :func:`verify`
rebuilds the position from that line alone and finds the same answer by the same margin.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from amath.core.errors import AmathError, PositionError
from amath.core.move import Exchange, Pass, Place, kept_tiles
from amath.core.notation import format_move, parse_move
from amath.core.position import Action, Position
from amath.core.rules import get_ruleset
from amath.core.rules.base import Ruleset
from amath.engine.endgame import solve
from amath.engine.equity import EquityCalculator
from amath.engine.generator import get_generator, search_within, smath_top_equity_within
from amath.engine.movegen.dispatch import uses_smath_search
from amath.engine.movegen.rack_leaves import EQUITY_UNIT
from amath.engine.movegen.request import SearchRequest
from amath.engine.movegen.result import GeneratedMove
from amath.engine.static import Candidate, Turns, default_equity
from amath.formats.fen import position_from_string, position_to_string
from amath.formats.load import load_game_text
from amath.formats.view import position_of
from amath.game import Game
from amath.players.selfplay import game_seed, play, seating

#: The kinds of puzzle, in the order a position is tried (one puzzle a position at most).
KINDS = ("endgame", "bingo", "leave", "score")
#: How far ahead of the next best the answer must be, in points (equity points for ``leave``,
#: final spread for ``endgame``).
MARGINS: dict[str, float] = {"bingo": 5.0, "score": 5.0, "leave": 4.0, "endgame": 5.0}
#: Difficulty labels, easiest first, and each one's starting puzzle rating (Glicko scale).
DIFFICULTIES = ("easy", "medium", "hard")
START_RATINGS = {"easy": 1300.0, "medium": 1500.0, "hard": 1700.0}
#: Placements by score a Smath position's search lists (the complete list of a Smath rack is far too long).
SMATH_LIST = 40
#: Turns by equity each position lists (equivalent ones included, see :func:`sameness`).
EQUITY_LIST = 12
#: Search nodes of each Smath search of a position, and of an endgame solve.
SMATH_NODES = 300_000
ENDGAME_NODES = 400_000
#: The stored format's version (a line of a data file carries it).
VERSION = 1


@dataclass(frozen=True, slots=True)
class Option:
    """One turn as a puzzle explains it: notation, points, the tiles kept and the engine's value of it."""

    move: str
    score: int
    value: float
    leave: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Puzzle:
    """A checked puzzle: the position (``position``: the position string as the side to move sees it;
    ``scoreless``: scoreless turns just before; ``opponent``: the other rack, known in an endgame),
    the ``answer`` and the ``next`` best turn with the ``margin`` between them, the ``method`` of
    the values (``static`` equity, ``exact`` endgame), and how hard it is: ``moves`` (legal
    placements; None where not all were listed), ``score_rank`` (the answer's rank by points among
    the placements, 1 the top; None when below those listed), ``difficulty``."""

    id: str
    variant: str
    kind: str
    difficulty: str
    position: str
    scoreless: int
    bag: int
    opponent: tuple[str, ...]
    answer: Option
    next: Option | None
    margin: float
    method: str
    moves: int | None
    score_rank: int | None
    source: str = ""
    version: int = VERSION

    def to_dict(self) -> dict[str, Any]:
        """The JSON-ready form stored one a line."""
        data = asdict(self)
        data["opponent"] = list(self.opponent)
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Puzzle:
        """Read a stored line's dict (raises :class:`PositionError` on a malformed one)."""
        try:
            nxt = data.get("next")
            return cls(
                id=str(data["id"]),
                variant=str(data["variant"]),
                kind=str(data["kind"]),
                difficulty=str(data["difficulty"]),
                position=str(data["position"]),
                scoreless=int(data["scoreless"]),
                bag=int(data["bag"]),
                opponent=tuple(str(t) for t in data.get("opponent", ())),
                answer=_option(data["answer"]),
                next=_option(nxt) if nxt else None,
                margin=float(data["margin"]),
                method=str(data["method"]),
                moves=None if data.get("moves") is None else int(data["moves"]),
                score_rank=None if data.get("score_rank") is None else int(data["score_rank"]),
                source=str(data.get("source", "")),
                version=int(data.get("version", VERSION)),
            )
        except (KeyError, TypeError, ValueError) as exc:
            raise PositionError(f"puzzle: malformed entry: {exc}", code="puzzle_entry", detail=str(exc)) from None

    @property
    def rating(self) -> float:
        """The puzzle's starting rating, by its difficulty."""
        return START_RATINGS.get(self.difficulty, 1500.0)


def _option(data: dict[str, Any]) -> Option:
    return Option(str(data["move"]), int(data["score"]), float(data["value"]), tuple(str(t) for t in data.get("leave", ())))


@dataclass(slots=True)
class _Found:
    """What the engine found in one position: the answer and next best of a kind, with how hard."""

    kind: str
    answer: Action
    answer_score: int
    answer_value: float
    next: Action | None
    next_score: int
    next_value: float
    margin: float
    method: str
    moves: int | None
    score_rank: int | None


# ----- the engine's view of one position ------------------------------------------------------------
@dataclass(slots=True)
class _Lists:
    """A position's placements by score (``complete``: every one of them) and its turns by equity (``exact``).

    ``floor``: when the placements by equity were cut at :data:`EQUITY_LIST`, the value of the last one listed
    (an unlisted placement is worth no more); None when every placement is listed.
    """

    by_score: list[GeneratedMove]
    complete: bool
    exact_score: bool
    by_equity: list[Candidate]
    exact: bool
    turns: Turns = field(repr=False)
    floor: int | None = None


def _floor(placed: Sequence[Candidate]) -> int | None:
    """The value below which unlisted placements lie, when the list of ``placed`` was cut at :data:`EQUITY_LIST`."""
    return placed[-1].value if len(placed) >= EQUITY_LIST else None


def _lists(pos: Position, equity: EquityCalculator, with_equity: bool = True) -> _Lists:
    """The lists a position's puzzles are read from (``with_equity`` False: no ranking by equity, for the kinds without one)."""
    rules = pos.rules
    rack = pos.rack()
    turns = Turns.at(pos, equity)
    gen = get_generator()
    others = turns.exchanges() + [turns.pass_turn()] if with_equity else []
    if uses_smath_search(rules):
        found, complete = search_within(pos.board, rack, rules, SearchRequest(limit=SMATH_LIST, max_nodes=SMATH_NODES), generator=gen)
        placed: list[Candidate] = []
        exact = True
        if with_equity:
            ranked_eq, exact = smath_top_equity_within(gen, pos.board, rack, rules, EQUITY_LIST, turns.leaves, SMATH_NODES, by_score=found)
            placed = [Candidate(m.place, m.score, v) for m, v in ranked_eq]
        by_score = sorted(found, key=lambda m: (-m.score, m.key()))
        whole = complete and len(found) < SMATH_LIST  # all of them only when fewer than asked for
        ranked = sorted(placed + others, key=lambda c: -c.value)
        return _Lists(by_score, whole, complete, ranked, exact, turns, _floor(placed))
    # the generator's list is in its fixed order (score, then squares, tiles, faces): a stable sort by score keeps it
    by_score = sorted(gen.generate(pos.board, rack, rules), key=lambda m: -m.score)
    placed = turns.placements(EQUITY_LIST) if with_equity else []
    ranked = sorted(placed + others, key=lambda c: -c.value)  # as Turns.ranked: placements first on a tie
    return _Lists(by_score, True, True, ranked, True, turns, _floor(placed))


def _uses_rack(pos: Position, place: Place) -> bool:
    free = pos.rules.tiles.free
    return sum(1 for t in place.tiles if t.tile not in free) == sum(pos.racks[pos.to_move].values()) == pos.rules.rack_size


def _score_rank(lists: _Lists, score: int) -> int | None:
    """1 + the placements scoring more than ``score`` (None when some are not in the list)."""
    above = sum(1 for m in lists.by_score if m.score > score)
    if not lists.complete and (not lists.by_score or lists.by_score[-1].score > score):
        return None
    return above + 1


def sameness(pos: Position, move: Action) -> tuple[object, ...]:
    """What makes two turns the same answer: a placement's points and the tiles it keeps (``3+4=7`` and
    ``4+3=7`` on the same squares are one answer), an exchange's tiles, the pass."""
    if isinstance(move, Place):
        return ("place", pos.points(move), kept_tiles(pos.rack(), move, pos.rules.tiles.free))
    if isinstance(move, Exchange):
        return ("exchange", tuple(sorted(move.tiles)))
    return ("pass",)


def _endgame(pos: Position, lists: _Lists | None) -> _Found | None:
    result = solve(pos, nodes=ENDGAME_NODES, top=4)
    if not result.exact or len(result.lines) < 2:
        return None
    first = result.lines[0]
    key = sameness(pos, first.move)
    runner = next((ln for ln in result.lines[1:] if ln.value < first.value), None)
    ties = [ln for ln in result.lines[1:] if ln.value == first.value]
    if runner is None or any(sameness(pos, ln.move) != key for ln in ties):
        return None  # another turn as good, or none known to be worse
    if first.spread <= 0 or first.value - runner.value < MARGINS["endgame"]:
        return None
    a_score = pos.points(first.move)
    rank = _score_rank(lists, a_score) if lists is not None and isinstance(first.move, Place) else None
    moves = len(lists.by_score) if lists is not None and lists.complete else None
    return _Found(
        "endgame", first.move, a_score, float(first.spread), runner.move, pos.points(runner.move), float(runner.spread),
        float(first.value - runner.value), "exact", moves, rank,
    )  # fmt: skip


def _moves_count(lists: _Lists) -> int | None:
    return len(lists.by_score) if lists.complete else None


def _bingo(pos: Position, lists: _Lists) -> _Found | None:
    if not lists.exact_score:
        return None
    bingos = [m for m in lists.by_score if _uses_rack(pos, m.place)]
    if not bingos:
        return None
    best = bingos[0]
    runner = next((m for m in bingos if m.score != best.score), None)  # a bingo keeps nothing: its points say which
    # with no other bingo listed, an unlisted one scores no more than the last placement listed
    bound = runner.score if runner is not None else 0 if lists.complete else lists.by_score[-1].score
    margin = best.score - bound
    if margin < MARGINS["bingo"]:
        return None
    return _Found(
        "bingo", best.place, best.score, float(best.score), runner.place if runner else None, runner.score if runner else 0,
        float(runner.score if runner else 0), float(margin), "static", _moves_count(lists), _score_rank(lists, best.score),
    )  # fmt: skip


def _score(pos: Position, lists: _Lists) -> _Found | None:
    if not lists.exact_score or not lists.by_score:
        return None
    top = lists.by_score[0]
    key = sameness(pos, top.place)
    runner = next((m for m in lists.by_score[1:] if sameness(pos, m.place) != key), None)
    if runner is None or top.score - runner.score < MARGINS["score"] or _uses_rack(pos, top.place):
        return None
    return _Found(
        "score", top.place, top.score, float(top.score), runner.place, runner.score, float(runner.score),
        float(top.score - runner.score), "static", _moves_count(lists), 1,
    )  # fmt: skip


def _leave(pos: Position, lists: _Lists) -> _Found | None:
    if not (lists.exact and lists.exact_score) or not lists.by_equity or not lists.by_score:
        return None
    top = lists.by_equity[0]
    if not isinstance(top.move, Place) or top.score >= lists.by_score[0].score or _uses_rack(pos, top.move):
        return None
    key = sameness(pos, top.move)
    runner = next((c for c in lists.by_equity[1:] if sameness(pos, c.move) != key), None)
    if runner is None or (lists.floor is not None and not isinstance(runner.move, Place) and lists.floor >= runner.value):
        return None  # the next best may be a placement past the list: no margin is proven
    margin = (top.value - runner.value) / EQUITY_UNIT
    if margin < MARGINS["leave"]:
        return None
    return _Found(
        "leave", top.move, top.score, top.equity, runner.move, runner.score, runner.equity, margin, "static",
        _moves_count(lists), _score_rank(lists, top.score),
    )  # fmt: skip


def examine(pos: Position, equity: EquityCalculator | None = None, kinds: Sequence[str] = KINDS) -> _Found | None:
    """The first puzzle of ``kinds`` that ``pos`` (the side to move's rack known) holds, or None."""
    if pos.is_over or not pos.is_known(pos.to_move) or not pos.racks[pos.to_move] or pos.sides != 2:
        return None
    eq = equity or default_equity()
    endgame = pos.bag_size == 0 and all(pos.is_known(s) for s in range(2))
    lists = _lists(pos, eq, with_equity="leave" in kinds)
    for kind in kinds:
        if kind == "endgame":
            if not endgame:
                continue
            found = _endgame(pos, lists)
        elif endgame:  # with the bag empty the exact endgame is the value; static answers could be wrong
            continue
        elif kind == "bingo":
            found = _bingo(pos, lists)
        elif kind == "leave":
            found = _leave(pos, lists)
        else:
            found = _score(pos, lists)
        if found is not None:
            return found
    return None


def difficulty(kind: str, margin: float, moves: int | None, score_rank: int | None) -> str:
    """How hard a puzzle is, from what makes the answer hard to see:

    one point when the answer does not score the most (``score_rank`` above 1), one more when
    ten or more placements score more (or the rank is past the list); one when there are many
    placements to choose from (over 300, or too many to list); one when the margin is under
    twice the kind's minimum (the next best is close). 0-1 points: easy, 2: medium, 3 or more: hard.

    >>> difficulty("score", 20.0, 40, 1), difficulty("leave", 5.0, 900, 4), difficulty("leave", 5.0, None, None)
    ('easy', 'hard', 'hard')
    """
    points = 0
    if score_rank is None or score_rank > 1:
        points += 1
    if score_rank is None or score_rank > 10:
        points += 1
    if moves is None or moves > 300:
        points += 1
    if margin < 2 * MARGINS[kind]:
        points += 1
    return DIFFICULTIES[min(2, max(0, points - 1))]


# ----- positions as stored -------------------------------------------------------------------------
def rebuild(puzzle: Puzzle) -> Position:
    """The kernel position of a stored puzzle, as the side to move sees it (in an endgame, the other rack known)."""
    view = position_from_string(puzzle.position)
    rules = view.rules
    pos = Position.from_view(rules, view.board(), view.rack, view.scores, view.to_move, scoreless=puzzle.scoreless)
    if puzzle.opponent:
        pos.set_rack(1 - view.to_move, puzzle.opponent)
    if pos.bag_size != puzzle.bag:
        raise PositionError(
            f"puzzle {puzzle.id}: the position has {pos.bag_size} tiles in the bag, the entry says {puzzle.bag}",
            code="puzzle_entry",
            detail="bag",
        )
    return pos


def _describe(pos: Position, move: Action, score: int, value: float) -> Option:
    rack = pos.rack()
    if isinstance(move, Place):
        kept = kept_tiles(rack, move, pos.rules.tiles.free)
    elif isinstance(move, Exchange):
        kept = kept_tiles(rack, move.tiles)
    else:
        kept = tuple(rack)
    return Option(format_move(move, pos.board, pos.rules), score, round(value, 2), tuple(kept))


def make_puzzle(game: Game, found: _Found, source: str) -> Puzzle:
    """The stored puzzle of ``found`` in the position ``game`` is at now."""
    pos = game.position
    me = pos.to_move
    view = position_of(game)
    text = position_to_string(view)
    opponent = tuple(game.racks[1 - me]) if found.kind == "endgame" else ()
    answer = _describe(pos, found.answer, found.answer_score, found.answer_value)
    nxt = None if found.next is None else _describe(pos, found.next, found.next_score, found.next_value)
    key = json.dumps([text, pos.scoreless, list(opponent), found.kind], ensure_ascii=False)
    pid = hashlib.sha256(key.encode()).hexdigest()[:16]
    margin = round(found.margin, 2)
    return Puzzle(
        pid, game.rules.name, found.kind, difficulty(found.kind, margin, found.moves, found.score_rank), text, pos.scoreless,
        pos.bag_size, opponent, answer, nxt, margin, found.method, found.moves, found.score_rank, source,
    )  # fmt: skip


# ----- checking ---------------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Verdict:
    """A stored puzzle checked again: ``ok`` when the engine finds the same answer by at least the kind's margin."""

    ok: bool
    reason: str


def verify(puzzle: Puzzle, equity: EquityCalculator | None = None) -> Verdict:
    """Solve the stored position again from the entry alone and compare (kind, answer, margin, the kind's own rule)."""
    pos = rebuild(puzzle)
    found = examine(pos, equity, kinds=(puzzle.kind,))
    if found is None:
        return Verdict(False, f"no {puzzle.kind} puzzle in the position any more")
    expected = parse_move(puzzle.answer.move, pos.board, pos.rules)
    if sameness(pos, found.answer) != sameness(pos, expected):  # type: ignore[arg-type]
        return Verdict(False, f"the engine's answer is {format_move(found.answer, pos.board, pos.rules)}, not {puzzle.answer.move}")
    if found.margin + 1e-9 < MARGINS[puzzle.kind]:
        return Verdict(False, f"the margin {found.margin} is under {MARGINS[puzzle.kind]}")
    if puzzle.kind == "bingo" and not (isinstance(found.answer, Place) and _uses_rack(pos, found.answer)):
        return Verdict(False, "the answer does not use the whole rack")
    if puzzle.kind == "endgame" and not (pos.bag_size == 0 and found.answer_value > 0):
        return Verdict(False, "not a won endgame")
    return Verdict(True, "ok")


@dataclass(frozen=True, slots=True)
class Attempt:
    """A player's try: ``right``; ``error`` (a code and its params) when the text is not a legal turn here;
    ``played``: the turn as the engine writes it, with its points."""

    right: bool
    played: str = ""
    score: int | None = None
    error: AmathError | None = None


def attempt(puzzle: Puzzle, turn: str | Action) -> Attempt:
    """Judge ``turn`` (a turn, or move notation: a placement, ``pass``, ``exchange ...``) as the answer to ``puzzle``.

    Right: the same answer (:func:`sameness`); in an endgame, any turn whose exact value is the
    answer's. An illegal or unreadable turn is reported (``error``), not judged.
    """
    pos = rebuild(puzzle)
    try:
        move = parse_move(turn, pos.board, pos.rules, pos.to_move) if isinstance(turn, str) else turn
        if not isinstance(move, Place | Exchange | Pass):
            raise PositionError("a puzzle's answer is a placement, an exchange or a pass", code="puzzle_turn")
        pos.check(move)
    except AmathError as exc:
        return Attempt(False, error=exc)
    expected = parse_move(puzzle.answer.move, pos.board, pos.rules)
    right = sameness(pos, move) == sameness(pos, expected)  # type: ignore[arg-type]
    if not right and puzzle.kind == "endgame":
        right = _final_spread(pos, move) == round(puzzle.answer.value)
    return Attempt(right, format_move(move, pos.board, pos.rules), pos.points(move))


def _final_spread(pos: Position, move: Action) -> int | None:
    """The final spread for the side to move after ``move`` with perfect play (None when the solver does not finish)."""
    me = pos.to_move
    pos.push(move)
    try:
        if pos.outcome is not None:
            final = pos.outcome.scores
            return final[me] - final[1 - me]
        child = solve(pos, nodes=ENDGAME_NODES)
        return -child.best.spread if child.exact else None
    finally:
        pos.pop()


# ----- data files ------------------------------------------------------------------------------------
def read_puzzles(path: Path) -> list[Puzzle]:
    """Every puzzle of a JSON-lines file (none if it does not exist)."""
    if not path.exists():
        return []
    out = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.strip():
            out.append(Puzzle.from_dict(json.loads(line)))
    return out


def scan_game(game: Game, source: str, equity: EquityCalculator | None = None) -> Iterator[Puzzle]:
    """The puzzles of every position of ``game`` before a decision, from the last turn back (the game is left at its start)."""
    eq = equity or default_equity()
    while game.history:
        turn = game.pop()
        if turn.kind not in ("place", "exchange", "pass") or len(game.racks[game.to_move]) == 0:
            continue
        found = examine(game.position, eq)
        if found is not None:
            yield make_puzzle(game, found, f"{source} turn {len(game.history) + 1}")


def selfplay_games(rules: Ruleset, seed: int, start: int, players: Sequence[str]) -> Iterator[tuple[int, Game]]:
    """Self-play games ``start``, ``start + 1``, ... of a run seeded ``seed`` (as ``amath selfplay`` plays them)."""
    index = start
    while True:
        yield index, play(seating(players, index), game_seed(seed, index), rules)
        index += 1


def file_games(paths: Iterable[Path]) -> Iterator[tuple[str, Game]]:
    """The games of saved-game or record files (one game a file)."""
    for path in paths:
        yield str(path), load_game_text(path.read_text(encoding="utf-8"))


@dataclass(slots=True)
class Progress:
    """What a run did: puzzles written and by kind, games scanned, the next self-play game."""

    written: int = 0
    games: int = 0
    next_game: int = 0
    kinds: dict[str, int] = field(default_factory=dict)


def resume_point(existing: Sequence[Puzzle], seed: int) -> int:
    """The self-play game to start from: the last game of ``seed`` that gave a puzzle to ``existing`` (it may have been
    stopped part-way; its puzzles already there are not written again), 0 when none did."""
    last = -1
    prefix = f"selfplay seed {seed} game "
    for p in existing:
        if p.source.startswith(prefix):
            last = max(last, int(p.source[len(prefix) :].split()[0]))
    return max(last, 0)


def generate(
    variant: str,
    count: int,
    seed: int,
    out: Path,
    *,
    players: Sequence[str] = ("equity", "equity"),
    files: Sequence[Path] = (),
    games: Iterable[tuple[str, Game]] = (),
    on_puzzle: Callable[[Puzzle, Progress], None] | None = None,
) -> Progress:
    """Write puzzles of ``variant`` to ``out`` (JSON lines, appended one by one) until it holds ``count``.

    First the given games (``files``, then ``games``: (source, game) pairs, e.g. the server's
    finished games), then self-play games of ``players`` seeded ``seed``. Resumable: puzzles
    already in ``out`` are kept and not written twice, and self-play starts after the last game
    that gave one. ``on_puzzle`` is told of each new puzzle (a progress bar).
    """
    rules = get_ruleset(variant)
    existing = read_puzzles(out)
    seen = {p.id for p in existing}
    have = sum(1 for p in existing if p.variant == rules.name)
    progress = Progress(next_game=resume_point(existing, seed))
    equity = default_equity()
    out.parent.mkdir(parents=True, exist_ok=True)

    def sources() -> Iterator[tuple[str, Game]]:
        yield from file_games(files)
        yield from games
        for index, game in selfplay_games(rules, seed, progress.next_game, players):
            progress.next_game = index + 1
            yield f"selfplay seed {seed} game {index}", game

    with out.open("a", encoding="utf-8") as sink:
        for source, game in sources():
            if have >= count:
                break
            if game.rules.name != rules.name:
                continue
            progress.games += 1
            for puzzle in scan_game(game, source, equity):
                if puzzle.id in seen:
                    continue
                seen.add(puzzle.id)
                sink.write(json.dumps(puzzle.to_dict(), ensure_ascii=False) + "\n")
                sink.flush()
                have += 1
                progress.written += 1
                progress.kinds[puzzle.kind] = progress.kinds.get(puzzle.kind, 0) + 1
                if on_puzzle is not None:
                    on_puzzle(puzzle, progress)
                if have >= count:
                    break
    return progress
