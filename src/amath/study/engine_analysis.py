"""Analysis with the searching engine (``amath analyze --engine champion``).

Each decision is put to :func:`amath.engine.best` as the player saw it (the other racks
hidden), with the turn played included, so exchanges and passes are judged like
placements and the endgame exactly.  The answer has the shape of the static analysis
(:class:`amath.study.analyze.TurnAnalysis`): the engine's best plays, the rank of the
turn played among them, and the points and equity it gave away by the engine's values.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from amath.core.move import Exchange, Pass, Place
from amath.core.notation import format_move
from amath.core.position import Action, Position
from amath.core.rules.base import Ruleset
from amath.engine import Budget, Play, best
from amath.engine.generator import placements
from amath.engine.static import same_turn
from amath.game import Game, Turn
from amath.study.analyze import DECISIONS, Option, TurnAnalysis

#: The engines ``amath analyze --engine`` offers (``static`` is the analysis of :mod:`amath.study.analyze`).
ENGINES = ("static", "sim", "champion")


def engine_budget(name: str, rules: Ruleset) -> Budget:
    """The budget of the ``sim`` or ``champion`` level for ``rules``; ValueError names the choices."""
    from amath.players.search import LEVEL_BUDGETS, level_budget

    if name not in LEVEL_BUDGETS:
        raise ValueError(f"unknown engine {name!r} (choose from static, {', '.join(LEVEL_BUDGETS)})")
    return level_budget(name, rules)


def analyze_turn_with_engine(number: int, turn: Turn, pos: Position, budget: Budget, *, top: int = 3, seed: int = 0) -> TurnAnalysis:
    """One decision: ``pos`` is the position before ``turn``, seen by its player."""
    played: Action = turn.move if isinstance(turn.move, Place | Exchange) else Pass()
    plays = best(pos, budget, seed=seed + number, top=top, include=[played])
    notation = [format_move(p.move, pos.board, pos.rules) for p in plays]
    mine = next((k for k, p in enumerate(plays) if same_turn(p.move, played)), None)
    equity = plays[mine].equity if mine is not None else min(p.equity for p in plays)
    rank = None if mine is None else 1 + sum(1 for p in plays if p.equity > plays[mine].equity)
    top_plays = [Option(n, p.score, p.equity) for n, p in zip(notation, plays)][:top]
    best_play: Play = plays[0]
    return TurnAnalysis(
        turn=number,
        side=turn.player,
        rack=turn.rack_before,
        kind=turn.kind,
        played=turn.notation,
        score=turn.score,
        equity=equity,
        moves=len(placements(pos)),
        rank=rank,
        best=tuple(top_plays),
        points_lost=max(0, best_play.score - turn.score),
        equity_lost=max(0.0, best_play.equity - equity),
    )


def analyze_game_with_engine(
    game: Game,
    engine: str,
    *,
    known: Callable[[int], bool] = lambda k: True,
    sides: Sequence[int] | None = None,
    top: int = 3,
    progress: Callable[[int, int], None] | None = None,
    budget: Budget | None = None,
    seed: int = 0,
) -> list[TurnAnalysis]:
    """Every decision of ``game`` whose rack is ``known``, judged by ``engine`` (``sim`` or ``champion``).

    The game is unwound with ``pop``, then put back as it was (:meth:`Game.preserved`).
    """
    chosen = budget or engine_budget(engine, game.rules)
    history = list(game.history)
    positions: dict[int, Position] = {}
    with game.preserved():
        while game.history:
            game.pop()
            k = len(game.history)
            turn = history[k]
            if turn.kind in DECISIONS and known(k) and (sides is None or turn.player in sides):
                positions[k] = game.position.seen_by(turn.player)
    wanted = sorted(positions)
    out: list[TurnAnalysis] = []
    if progress is not None:
        progress(0, len(wanted))
    for k in wanted:
        out.append(analyze_turn_with_engine(k + 1, history[k], positions[k], chosen, top=top, seed=seed))
        if progress is not None:
            progress(len(out), len(wanted))
    return out
