"""The searching bots: ``sim`` (simulation) and ``champion`` (everything the engine has).

Both ask :func:`amath.engine.best` about the position as their side sees it (the other
racks hidden, so they never peek).  ``sim`` simulates with static play-outs and solves the
endgame exactly once the bag is empty; ``champion`` simulates longer and adds the
pre-endgame and inference of the opponent's last turn.  A turn the game would refuse (it should never happen) falls back
to the static-equity bot's choice, so a bot always returns a legal turn.
"""

from __future__ import annotations

from amath.core.move import Exchange, Move, Place
from amath.core.rules.base import Ruleset
from amath.engine import Budget, best
from amath.engine.search import for_rules
from amath.engine.static import default_equity
from amath.game import Game
from amath.players.clock import TimeManager
from amath.players.equity import EquityPlayer

#: Budgets: ``sim`` simulates (12 play-outs of 4 candidates of different shapes plus the
#: best exchange and the pass) and solves the endgame once the bag is empty (1,000,000
#: units of work, turns pushed and lists made, on the compiled solver with its lines
#: cached: 56 of the first empty-bag positions of 60 equity games solved exactly, at most
#: 1.7 s, docs/search.md; at 50,000 pushes it gained +9.8 ± 5.4 points a side over
#: equity's endgame from the first empty-bag position of 20 equity games, simulating +4.9
#: ± 3.4, docs/journal/bots.md); ``champion`` simulates more (40 play-outs of 6 candidates) and
#: adds inference (+5.0 ± 4.6 points a game from 24 tiles in the bag) and the pre-endgame
#: with one tile in the bag.  Play-outs get a third ply when placements meet scoreless
#: turns (sim.py).  Every turn of two seeded equity games (benchmarks/bench_champion.py
#: --every-turn, 2026-12-02, docs/journal/bots.md): champion CPU a move median 0.18 s, mean 0.77
#: s, p95 2.7 s (it was 20 play-outs of 4: 0.14 / 0.37 / 1.6 s).  Over whole games
#: neither budget is shown stronger than sim (20 of 4: 48.3% of 119 games; 40 of 6: 51.4%
#: [48.4, 54.5] of 1,000); from 8 tiles in the bag champion gains +2.5 ± 1.7 points a
#: game.  A pre-endgame with two tiles gained +0.5 ± 0.6 (not established) for 20% more
#: CPU, so it stops at one.
#: The native simulation (``playouts``: play-outs in all over every placement within 20 points
#: of the best, one per shape, at most 16, the two best exchanges and the pass, by successive
#: halving; amath.engine.playouts, docs/search.md) is not a level's yet: at 200 play-outs
#: ``champion[playouts=200]`` won 46.7% [34.6, 59.1] of 60 games against this champion for
#: 4 times its CPU a move (docs/bots.md "The native simulation"), so the levels keep the
#: simulation that was measured until a ladder shows the native one stronger.
SIM_BUDGET = Budget(iterations=12, candidates=4, plies=2, nodes=1_000_000, preendgame_bag=0, inference_samples=0)
CHAMPION_BUDGET = Budget(iterations=40, candidates=6, plies=2, nodes=1_000_000, preendgame_bag=1, inference_samples=60, sim_work=5000)

#: Each level's budget, as :func:`level_budget` adapts it to the ruleset played (Smath's
#: levels do not simulate, ``amath.engine.search.STATIC_ONLY`` says why: they rank by static
#: equity and keep the exact endgame, both, and the pre-endgame, ``champion``).
LEVEL_BUDGETS: dict[str, Budget] = {"sim": SIM_BUDGET, "champion": CHAMPION_BUDGET}


def level_budget(level: str, rules: Ruleset) -> Budget:
    """The budget of ``level`` (``sim`` or ``champion``) for ``rules``; KeyError for another level."""
    return for_rules(LEVEL_BUDGETS[level], rules)


class SearchPlayer:
    """A bot that plays :func:`amath.engine.best`'s first turn within ``budget``."""

    def __init__(
        self,
        seed: int | None = None,
        *,
        budget: Budget | None = None,
        name: str = "champion",
        threads: int = 1,
        timer: TimeManager | None = None,
    ) -> None:
        self.name = name
        self.budget = budget  # None: the level's own for the ruleset played (LEVEL_BUDGETS)
        self.timer = timer  # on a game with a clock: spend the clock (amath.players.clock); None: always the budget
        self.seed = seed or 0
        self.threads = threads
        self.fallbacks = 0  # turns the engine got wrong and the equity bot chose (should stay 0)
        self.equity = default_equity()
        self.fallback = EquityPlayer(seed, name=f"{name}-fallback", calculator=self.equity)

    def choose(self, game: Game) -> Move:
        """The engine's best turn for ``game.to_move``."""
        budget = self.budget or level_budget(self.name if self.name in LEVEL_BUDGETS else "champion", game.rules)
        pos = game.position.seen_by(game.to_move)
        seed = (self.seed * 1_000_003 + len(game.history)) ^ (pos.zobrist & 0xFFFFFFFF)  # a function of the position
        last = None
        if budget.inference_samples and game.history and game.history[-1].player != game.to_move:
            move = game.history[-1].move
            last = move if isinstance(move, Place | Exchange) else None
        timer = self.timer
        plan = timer.plan(game) if timer is not None else None
        if timer is None or plan is None:  # no clock: the level's work, the same answer on any machine
            plays = best(pos, budget, seed=seed, threads=self.threads, last=last, equity=self.equity, top=1)
        else:
            started = timer.now()
            budget = timer.budget(budget, plan)
            stop = timer.deadline(started, plan)
            plays = best(pos, budget, seed=seed, threads=self.threads, last=last, equity=self.equity, top=1, stop=stop)
            done = plays[0].work if plays and plays[0].method == "sim" else 0
            timer.record(timer.now() - started, done, budget.candidates, plan)
        if plays and game.is_legal(plays[0].move):
            return plays[0].move
        self.fallbacks += 1
        return self.fallback.choose(game)


def sim_player(seed: int | None = None, budget: Budget | None = None) -> SearchPlayer:
    """The ``sim`` level."""
    return SearchPlayer(seed, budget=budget, name="sim")


def champion_player(seed: int | None = None, budget: Budget | None = None, timer: TimeManager | None = None) -> SearchPlayer:
    """The ``champion`` level; with a ``timer`` it spends the game's clock when the game has one (amath.players.clock)."""
    return SearchPlayer(seed, budget=budget, name="champion", timer=timer)
