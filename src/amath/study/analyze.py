"""Post-game analysis: for each turn, the best placements the generator finds, where the
played move ranks, and the points and equity it gave away.

Equity is score plus the value of the tiles kept (the fitted leave table the equity bot
plays by, :func:`amath.engine.static.default_equity`); with the bag empty, minus the
points kept instead.  Besides the placements, the best exchange the bag allows and the pass are options too, so an exchange can be the best
play and a pass is judged against it.  A bingo that was there and not played is flagged.
For a Smath rack whose complete list is too long to take whole, exact focused searches
(the best by score, the best by equity; the placements beating the move played, read off
those lists when they hold them all, else counted by a search) answer instead, each within
a node budget that, when reached, is said (``exact: false``, or a rank given as a floor).
"""

from __future__ import annotations

import multiprocessing
import statistics
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from amath.core.board import Board
from amath.core.move import Exchange, Place, tiles_taken
from amath.core.notation import format_move
from amath.core.rules.base import Ruleset
from amath.engine.equity import StaticEquity
from amath.engine.generator import FLOOR_MOVES, NODE_BUDGET, get_generator, search_within, smath_top_equity_within
from amath.engine.leaves.table import LeaveTable
from amath.engine.movegen import GeneratedMove
from amath.engine.movegen.rack_leaves import RackLeaves
from amath.engine.movegen.request import SearchRequest
from amath.engine.movegen.smath import SearchStopped
from amath.engine.static import Turns, default_equity
from amath.game import Game, Turn

#: Turn kinds that are a decision of the side to move (others: challenges, skipped turns).
DECISIONS = ("place", "exchange", "pass")


@dataclass(frozen=True, slots=True)
class Option:
    """One candidate play: notation, score, equity and ``kind`` (``place``, ``exchange``, ``pass``)."""

    move: str
    score: int
    equity: float
    kind: str = "place"


@dataclass(frozen=True, slots=True)
class TurnAnalysis:
    """What the engine thinks of one turn.  ``rank`` counts from 1 (ties share a rank) by
    score among the placements; None for an exchange or pass, or a placement the generator
    does not list.  ``equity_rank`` ranks the play by equity among every option (placements,
    the best exchange, the pass).  ``missed_bingo`` is the best bingo when one was there and
    the play was none.  ``board`` is the board before the turn.
    ``complete`` is False when a big Smath rack's list was too long to take whole: then
    ``best`` still holds the exact best placements by score and by equity, ``rank`` is
    exact (None if counting the better placements was itself too long, or if the best by
    score were not all found), ``moves`` counts only the placements scoring more than the
    move played (rank - 1; when the rank is None, those found before the count's budget:
    the rank is above it; 0 for an exchange or a pass), and a missed bingo is looked
    for among those best placements only; ``equity_rank`` is counted by a search too (None
    if that reached its budget).  ``exact`` is False when even a focused search
    reached its node budget: ``best`` then holds the best placements found by then."""

    turn: int
    side: int
    rack: tuple[str, ...]
    kind: str
    played: str
    score: int
    equity: float
    moves: int
    rank: int | None
    best: tuple[Option, ...]
    points_lost: int
    equity_lost: float
    equity_rank: int | None = 1
    missed_bingo: Option | None = None
    board: Board | None = field(default=None, compare=False, repr=False)
    complete: bool = True
    exact: bool = True


@dataclass(slots=True)
class SideSummary:
    """Totals for one side over the analysed turns."""

    side: int
    name: str
    turns: int = 0
    best_found: int = 0
    points_lost: int = 0
    equity_lost: float = 0.0
    ranks: list[int] = field(default_factory=list)
    missed_bingos: int = 0

    @property
    def mean_rank(self) -> float | None:
        """Average rank of the placements played (None if there were none)."""
        return sum(self.ranks) / len(self.ranks) if self.ranks else None

    @property
    def median_rank(self) -> float | None:
        """Median rank of the placements played: one wild turn does not move it (None if none)."""
        return float(statistics.median(self.ranks)) if self.ranks else None


#: Search nodes one Smath turn's analysis may spend on its complete list before it
#: switches to exact focused searches for what it reports (the best N, the rank).
SMATH_LIST_NODES = 100_000

#: Search nodes each focused search of a Smath turn's analysis may take: a bot's
#: :data:`~amath.engine.generator.NODE_BUDGET`.  A hint or a turn's analysis runs two or three
#: such searches, and a rack with two blanks spends some 5 s of CPU on each (docs/smath.md).
ANALYSIS_NODES = NODE_BUDGET


def _leave(table: RackLeaves) -> Callable[[tuple[str, ...]], float]:
    """The turn's leave table as the Smath search's leave function (kept tiles to points)."""
    value, unit = table.by_kept(), table.unit
    return lambda kept: value(kept) / unit


def _focused(
    board: Board, rack: Sequence[str], rules: Ruleset, top: int, table: RackLeaves
) -> tuple[list[GeneratedMove], bool, list[GeneratedMove], bool]:
    """For a Smath rack whose complete list is too long: the best ``top`` by score and by
    equity, each with whether its search finished within :data:`ANALYSIS_NODES`.

    The best by equity come from the bots' own search (:func:`smath_top_equity_within`),
    its floor set by the best by score found first: without a floor the search by equity
    often spent its whole budget and the turn was reported inexact (docs/smath.md)."""
    gen = get_generator()
    found, exact_score = search_within(
        board, rack, rules, SearchRequest(limit=max(top, FLOOR_MOVES), max_nodes=ANALYSIS_NODES), generator=gen
    )
    by_equity, exact_equity = smath_top_equity_within(gen, board, rack, rules, top, table, ANALYSIS_NODES, by_score=found)
    return found[:top], exact_score, [m for m, _ in by_equity], exact_equity


def _better_by_score(
    board: Board, rack: Sequence[str], rules: Ruleset, score: int, listed: list[GeneratedMove], whole: bool
) -> tuple[int, bool]:
    """(the placements scoring more than ``score``, whether that count is exact).

    Read off ``listed`` when it holds every such placement (``whole``: the exact best ``top``,
    or all there are, and ``score`` reaches its last); else counted by a search for them,
    which, stopped at its budget, gives the ones found by then: a floor."""
    if whole:
        return sum(1 for m in listed if m.score > score), True
    try:  # scores are whole points: "more than score" is "at least score + 1"
        return len(get_generator().search(board, rack, rules, SearchRequest(min_score=score + 1, max_nodes=ANALYSIS_NODES))), True
    except SearchStopped as stopped:
        return len(stopped.found), False


def _better_by_equity(
    board: Board, rack: Sequence[str], rules: Ruleset, value: int, table: RackLeaves, listed: list[GeneratedMove], whole: bool
) -> int | None:
    """The placements worth more than ``value`` (score x unit + leave): read off ``listed`` when
    it holds them all (as :func:`_better_by_score`), else counted by a search (None past its budget)."""
    if whole:
        return sum(1 for m in listed if table.value_of(m) > value)
    floor = (value - 0.5) / table.unit  # the search compares floats: half a unit below, then exact integers
    try:
        better = get_generator().search(board, rack, rules, SearchRequest(leave=_leave(table), min_score=floor, max_nodes=ANALYSIS_NODES))
    except SearchStopped:
        return None
    return sum(1 for m in better if table.value_of(m) > value)


def _holds_all_above(exact: bool, top: int, listed: list[int], value: int) -> bool:
    """Whether an exact best-``top`` list (``listed``: its values) holds every placement worth
    more than ``value``: it does when it holds all there are, or ``value`` reaches its last,
    since nothing outside such a list is worth more than its last."""
    return exact and (len(listed) < top or value >= min(listed))


def analyze_turn(
    turn_number: int,
    turn: Turn,
    board: Board,
    bag: int,
    rules: Ruleset,
    top: int = 3,
    leaves: LeaveTable | None = None,
    *,
    judge: bool = True,
    scoreless: int = 0,
    sides: int = 2,
) -> TurnAnalysis:
    """Analyse one decision: ``board``, ``bag`` (tiles in it) and ``scoreless`` (the scoreless
    turns in a row among ``sides``) as they were before ``turn``.

    With ``judge`` False (a hint: nothing was played yet) the placements beating the turn
    by equity are not counted when the list is incomplete (``equity_rank`` None): for a
    pass that count is nearly every placement, a search of up to ``ANALYSIS_NODES`` nodes.

    Plays are valued with ``leaves`` when given, else with the equity level's fitted tables.
    """
    rack = turn.rack_before
    calculator = StaticEquity(leaves) if leaves is not None else default_equity()
    turns = Turns.of(board, rack, rules, bag, calculator, scoreless=scoreless, sides=sides)
    table = turns.leaves
    complete = exact = True
    by_score: list[GeneratedMove] = []
    by_value: list[GeneratedMove] = []
    exact_score = exact_value = True
    try:  # the complete list (A-Math's generator needs no budget; Smath's search may stop)
        moves = get_generator().search(board, rack, rules, SearchRequest(max_nodes=SMATH_LIST_NODES))
    except SearchStopped:
        complete = False
        by_score, exact_score, by_value, exact_value = _focused(board, rack, rules, top, table)
        exact = exact_score and exact_value
        union = {m.place: m for m in by_score}
        for m in by_value:
            union.setdefault(m.place, m)
        moves = sorted(union.values(), key=lambda m: (-m.score, m.key()))
    options = [Option(format_move(m.place, board, rules), m.score, table.value_of(m) / table.unit) for m in moves]
    others = _exchange_and_pass(turns)
    full = rules.rack_size  # a bingo puts down a full rack (free tiles do not count)
    bingos = [o for o, m in zip(options, moves) if len(tiles_taken(m.place, rules.tiles.free)) == full]
    rank: int | None = None
    count = len(moves) if complete else 0
    if turn.kind == "place" and isinstance(turn.move, Place):
        if complete:
            played_key = {(p.square, p.tile, p.face) for p in turn.move.tiles}
            for m in moves:
                if {(p.square, p.tile, p.face) for p in m.place.tiles} == played_key:
                    rank = 1 + sum(1 for o in moves if o.score > m.score)
                    break
        elif exact_score:  # ``moves`` counts the placements scoring more: exact with the rank, else a floor
            whole = _holds_all_above(exact_score, top, [m.score for m in by_score], turn.score)
            count, counted = _better_by_score(board, rack, rules, turn.score, by_score, whole)
            rank = 1 + count if counted else None
        # else: the best by score were not all found within the budget, and counting what
        # beats the play would take longer still: the rank is not known (None, 0)
    kept = turns.leaves_after(turn.move)  # a scoreless turn that may end the game: at its end value
    taken = () if turn.move is None else tiles_taken(turn.move, rules.tiles.free)
    played_value = turn.score * table.unit + kept.values[kept.index(taken)]
    equity = played_value / table.unit
    best_score = options[0].score if options else turn.score
    every = options + others
    equity_rank: int | None = 1 + sum(1 for o in every if o.equity > equity)
    if not complete:  # the placements beating the play by equity may not all be listed: count them (a hint: none)
        above = None
        if judge and exact_value:
            whole = _holds_all_above(exact_value, top, [table.value_of(m) for m in by_value], played_value)
            above = _better_by_equity(board, rack, rules, played_value, table, by_value, whole)
        equity_rank = None if above is None else 1 + above + sum(1 for o in others if o.equity > equity)
    best_equity = max([o.equity for o in every] + [equity])
    by_equity = sorted(every, key=lambda o: -o.equity)[:top]
    missed = bingos[0] if bingos and not turn.bingo else None
    return TurnAnalysis(
        turn=turn_number,
        side=turn.player,
        rack=rack,
        kind=turn.kind,
        played=turn.notation,
        score=turn.score,
        equity=equity,
        moves=count,
        rank=rank,
        best=tuple(_merge(options[:top], by_equity, top)),
        points_lost=max(0, best_score - turn.score),
        equity_lost=max(0.0, best_equity - equity),
        equity_rank=equity_rank,
        missed_bingo=missed,
        board=board,
        complete=complete,
        exact=exact,
    )


def rack_hint(game: Game, side: int, top: int = 3) -> TurnAnalysis:
    """The best plays for ``side``'s rack on the board as it is (a hint), best first.

    It is :func:`analyze_turn` of that rack with nothing played, so a hint and an analysis
    rank alike; ``exact`` is False when a search stopped at its node budget (a big Smath
    rack): a better play than those listed may then exist, and whoever shows it must say so.
    """
    rack = tuple(game.racks[side])
    probe = Turn(side, "pass", "pass", rack, 0, game.scores[side])
    return analyze_turn(
        len(game.history) + 1,
        probe,
        game.board,
        len(game.bag),
        game.rules,
        top=top,
        judge=False,
        scoreless=game.passes,
        sides=len(game.sides),
    )


def _exchange_and_pass(turns: Turns) -> list[Option]:
    """The pass and the exchange keeping the best leave, when the bag allows one (equity: the leave)."""
    out = [Option("pass", 0, turns.pass_turn().equity, "pass")]
    c = turns.best_exchange()
    if c is not None:
        tiles = c.move.tiles if isinstance(c.move, Exchange) else ()
        out.append(Option("exchange " + " ".join(tiles), 0, c.equity, "exchange"))
    return out


def _merge(by_score: list[Option], by_equity: list[Option], top: int) -> list[Option]:
    """The top plays by score, then any top play by equity not already among them."""
    out = list(by_score)
    for o in by_equity:
        if o not in out:
            out.append(o)
    return out[: 2 * top]


def analyze_game(
    game: Game,
    *,
    known: Callable[[int], bool] = lambda k: True,
    sides: Sequence[int] | None = None,
    top: int = 3,
    progress: Callable[[int, int], None] | None = None,
    jobs: int = 1,
    turns: Sequence[int] | None = None,
) -> list[TurnAnalysis]:
    """Analyse every decision of ``game`` (turn numbers from 1) whose rack is ``known``
    (only the ``turns`` listed, if given).

    The game is unwound with ``pop`` to see each board as it was, then put back as it was
    (:meth:`Game.preserved`).  ``jobs`` > 1 analyses turns in that many worker processes
    (same results, in order).
    """
    boards: dict[int, tuple[Board, int, int]] = {}
    history = list(game.history)
    with game.preserved():
        while game.history:
            game.pop()
            boards[len(game.history)] = (game.board.copy(), len(game.bag), game.passes)
    wanted = [
        k
        for k, t in enumerate(history)
        if t.kind in DECISIONS and k in boards and known(k) and (sides is None or t.player in sides) and (turns is None or k + 1 in turns)
    ]
    tasks = [(k + 1, history[k], *boards[k], len(game.sides), game.rules, top) for k in wanted]
    out: list[TurnAnalysis] = []
    if progress is not None:
        progress(0, len(tasks))
    pool = multiprocessing.get_context("spawn").Pool(jobs) if jobs > 1 and len(tasks) > 1 else None
    try:
        results = pool.imap(_task, tasks) if pool is not None else map(_task, tasks)
        for result in results:
            out.append(result)
            if progress is not None:
                progress(len(out), len(tasks))
    finally:
        if pool is not None:
            pool.close()
            pool.join()
    return out


def _task(task: tuple[int, Turn, Board, int, int, int, Ruleset, int]) -> TurnAnalysis:
    """One turn's analysis (a top-level function, so worker processes can run it)."""
    number, turn, board, bag, scoreless, sides, rules, top = task
    return analyze_turn(number, turn, board, bag, rules, top, scoreless=scoreless, sides=sides)


def summarize(analyses: Sequence[TurnAnalysis], names: Sequence[str]) -> list[SideSummary]:
    """Per-side totals: turns analysed, best moves found, points and equity lost, mean rank."""
    sums = [SideSummary(k, name) for k, name in enumerate(names)]
    for a in analyses:
        s = sums[a.side]
        s.turns += 1
        s.points_lost += a.points_lost
        s.equity_lost += a.equity_lost
        if a.points_lost == 0:
            s.best_found += 1
        if a.rank is not None:
            s.ranks.append(a.rank)
        if a.missed_bingo is not None:
            s.missed_bingos += 1
    return sums


def to_json(analyses: Sequence[TurnAnalysis], summary: Sequence[SideSummary], names: Sequence[str]) -> dict[str, object]:
    """The analysis as a JSON-ready dict (sides counted from 1)."""
    return {
        "turns": [
            {
                "turn": a.turn,
                "side": a.side + 1,
                "name": names[a.side],
                "rack": list(a.rack),
                "kind": a.kind,
                "played": a.played,
                "score": a.score,
                "equity": round(a.equity, 2),
                "moves": a.moves,
                "complete": a.complete,
                "exact": a.exact,
                "rank": a.rank,
                "equity_rank": a.equity_rank,
                "best": [{"move": o.move, "kind": o.kind, "score": o.score, "equity": round(o.equity, 2)} for o in a.best],
                "points_lost": a.points_lost,
                "equity_lost": round(a.equity_lost, 2),
                "missed_bingo": None if a.missed_bingo is None else {"move": a.missed_bingo.move, "score": a.missed_bingo.score},
            }
            for a in analyses
        ],
        "summary": [
            {
                "side": s.side + 1,
                "name": s.name,
                "turns": s.turns,
                "best_found": s.best_found,
                "points_lost": s.points_lost,
                "equity_lost": round(s.equity_lost, 2),
                "mean_rank": None if s.mean_rank is None else round(s.mean_rank, 2),
                "median_rank": s.median_rank,
                "missed_bingos": s.missed_bingos,
            }
            for s in summary
        ],
    }
