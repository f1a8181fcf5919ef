"""Bots on a clock (amath.players.clock): the time plan's properties, the deadline hook of the
engine, and a whole game on a 22-minute clock driven by a fake clock (no sleeping, no timing)."""

from __future__ import annotations

import json
import threading
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from amath.apps.cli import main
from amath.apps.protocol.search import EngineSearch, Go, Progress, SearchOptions
from amath.core.rules import AMATH
from amath.core.rules.base import ClockRules
from amath.engine import Budget, Play, best
from amath.formats.fen import position_to_string
from amath.formats.load import load_game_text
from amath.formats.view import position_of
from amath.game import Game, Options
from amath.players import get_bot
from amath.players.clock import (
    ENDGAME_TURNS,
    FIRST_BATCH,
    TimeManager,
    TimePlan,
    for_seconds,
    plan_move_clock,
    plan_turn,
    reserve,
)
from amath.players.search import CHAMPION_BUDGET, SearchPlayer

GAME = Path(__file__).parent / "data" / "greedy-seed3.amr"
CLOCK = 22 * 60


class FakeClock:
    """A clock that moves only when read: each read after the first costs ``tick`` seconds of work
    done before it (the bot's reads are at the start of its turn, between batches of the
    simulation, and at the end).  ``last`` is the time the latest read returned."""

    def __init__(self, tick: float) -> None:
        self.t = 0.0
        self.tick = tick
        self.last = 0.0
        self.reads = 0

    def now(self) -> float:
        self.last = self.t
        self.t += self.tick
        self.reads += 1
        return self.last


# ----- the plan --------------------------------------------------------------------------


@given(
    left=st.floats(0, 5000),
    clock=st.floats(60, 5000),
    bag=st.integers(0, 100),
    sides=st.integers(2, 4),
    overhead=st.floats(0, 30),
)
def test_a_plan_never_reaches_into_the_reserve(left: float, clock: float, bag: int, sides: int, overhead: float) -> None:
    plan = plan_turn(left, bag, clock_seconds=clock, sides=sides, overhead=overhead)
    assert 0 <= plan.target <= plan.limit <= max(0.0, left - reserve(clock)) + 1e-9


@settings(max_examples=200)
@given(
    draws=st.lists(st.integers(0, 14), min_size=1, max_size=60),
    spend=st.lists(st.floats(0, 1), min_size=60, max_size=60),
    overhead=st.floats(0, 5),
)
def test_a_game_spending_up_to_each_limit_ends_within_the_clock(draws: list[int], spend: list[float], overhead: float) -> None:
    """Any game (any number of turns, the bag emptying at any pace, as long as the model expects or
    longer): spending any part of each turn's limit, the side's total stays within the clock less the reserve."""
    left, bag = float(CLOCK), 84
    for k, drawn in enumerate(draws):
        plan = plan_turn(left, bag, clock_seconds=CLOCK, overhead=overhead)
        left -= spend[k] * plan.limit
        bag = max(0, bag - drawn)
        assert left >= reserve(CLOCK) - 1e-9
    assert CLOCK - left <= CLOCK - reserve(CLOCK) + 1e-9


def _planned_game(overhead: float = 0.0) -> list[tuple[int, float]]:
    """(bag, target) of each turn of a 2-side game drawing 7 tiles a round, each turn spending its target."""
    left, bag, out = float(CLOCK), 84, []
    while True:
        plan = plan_turn(left, bag, clock_seconds=CLOCK, overhead=overhead)
        out.append((bag, plan.target))
        left -= plan.target
        if bag == 0 and sum(1 for b, _ in out if b == 0) == ENDGAME_TURNS:
            return out
        bag = max(0, bag - 7)


def test_the_middle_game_and_pre_endgame_get_more_time_than_the_opening_and_the_endgame() -> None:
    turns = _planned_game()
    opening, endgame = turns[0][1], turns[-1][1]
    middle = [t for b, t in turns if 16 < b <= 60]
    pre = [t for b, t in turns if 0 < b <= 16]
    assert middle and pre
    assert min(middle) > opening and min(middle) > endgame
    assert min(pre) > max(middle)
    used = sum(t for _, t in turns)
    assert used <= CLOCK - reserve(CLOCK) and used > 0.9 * (CLOCK - reserve(CLOCK))  # the clock is spent, not hoarded


def test_every_turn_to_come_keeps_its_overhead() -> None:
    cheap = _planned_game(0.0)
    costly = _planned_game(5.0)
    assert costly[0][1] < cheap[0][1] + 5.0  # the first turn's thinking gives way to the overhead of the turns to come


def test_a_move_clock_plans_each_turn_within_its_seconds() -> None:
    for bag in (84, 40, 10, 0):
        plan = plan_move_clock(60, bag)
        assert 0 < plan.target <= plan.limit < 60
    assert plan_move_clock(60, 10).target > plan_move_clock(60, 84).target


# ----- time into work --------------------------------------------------------------------


def test_more_time_buys_more_iterations_up_to_the_scale() -> None:
    timer = TimeManager(scale=4)
    level = Budget(iterations=10, candidates=5, sim_work=100)
    budgets = [timer.budget(level, TimePlan(s, 2 * s)) for s in (0.1, 0.3, 1.0, 3.0, 100.0)]
    work = [b.iterations * b.candidates for b in budgets]
    assert work == sorted(work) and work[0] == 0 and budgets[-1].iterations == 40
    assert [b.candidates for b in budgets] == sorted(b.candidates for b in budgets)
    assert budgets[0].candidates == 5 and budgets[-1].candidates == 12  # more time looks at more turns too, up to 12
    assert budgets[-1].sim_work == 100 * 4 * 12 // 5  # the work cap grows with the iterations and the candidates
    static = timer.budget(level, TimePlan(0.0, 0.0))
    assert static.iterations == 0 and static.nodes <= 20_000


def test_the_speed_is_learnt_from_the_turns_recorded() -> None:
    timer = TimeManager()
    before = timer.iterations_for(10.0, 4)
    for _ in range(20):
        timer.record(8.0, 20, 4)  # 0.1 s an iteration of a candidate: far slower than the prior
    assert timer.iterations_for(10.0, 4) < before / 10
    assert timer.per_iteration == pytest.approx((8.0 - timer.overhead) / 80, rel=0.05)


# ----- the deadline hook -----------------------------------------------------------------


def _middle_position() -> str:
    game = load_game_text(GAME.read_text(encoding="utf-8"))
    while len(game.history) > 6:
        game.pop()
    return position_to_string(position_of(game))


def test_the_simulation_stops_at_the_first_batch_once_the_deadline_has_passed() -> None:
    from amath.apps.cli.best import load_position

    pos, _ = load_position(_middle_position())
    budget = Budget(iterations=10, candidates=3, inference_samples=0)
    asked: list[int] = []

    def stop() -> bool:
        asked.append(1)
        return True

    free = best(pos, budget, seed=3, top=3)
    stopped = best(pos, budget, seed=3, top=3, stop=stop)
    assert max(p.work for p in free) > FIRST_BATCH  # without the hook it goes on
    assert max(p.work for p in stopped) == FIRST_BATCH and asked == [1]
    assert all(p.method == "sim" for p in stopped)


def test_a_timed_search_on_a_fake_clock_stops_at_its_deadline() -> None:
    fake = FakeClock(tick=0.5)
    timed = for_seconds(3.0, Budget(iterations=1000, candidates=3, inference_samples=0), now=fake.now)
    from amath.apps.cli.best import load_position

    pos, _ = load_position(_middle_position())
    plays = best(pos, timed.budget, seed=1, top=1, stop=timed.stop)
    # 3 s less the reserve kept for the answer is 2.4 s: the 5th look at the clock (2.5 s) stops it
    assert plays[0].method == "sim" and plays[0].work < 1000 and fake.last <= 3.0


# ----- a whole game on the clock ---------------------------------------------------------


@pytest.mark.parametrize("seed", [21, 28])
def test_champion_on_a_22_minute_clock_spends_it_and_never_flags(seed: int) -> None:
    """The clocked bot against an untimed equity bot, the game's clock charged with what the fake clock
    says each turn took; running out of time loses the game (``loss_on_time``).  Every look at the
    clock costs 30 s of work (a batch of 2 iterations of 3 candidates), so the bot's whole budget
    scaled 8 times would take over 7 minutes a turn: the clock binds, and the endgame of seed 28 runs
    to passes, more turns than the plan expects."""
    fake = FakeClock(tick=30.0)
    level = Budget(iterations=4, candidates=3, plies=2, nodes=20_000, preendgame_bag=0, inference_samples=0)
    timer = TimeManager(fake.now, scale=8)
    bot = SearchPlayer(5, budget=level, name="champion", timer=timer)
    other = get_bot("equity", 6)
    game = Game(AMATH, seed=seed, options=Options(clock=ClockRules("total", CLOCK, loss_on_time=True)))
    spent: list[tuple[int, float]] = []
    while not game.over:
        if game.to_move == 0:
            before = fake.t
            move = bot.choose(game)
            elapsed = fake.last - before
            spent.append((len(game.bag), elapsed))
            game.push(move, elapsed)
        else:
            game.push(other.choose(game), 0.0)
    assert game.result is not None and game.result.reason != "time"
    assert game.time_used[0] <= CLOCK - reserve(CLOCK)
    assert game.time_used[0] > CLOCK / 2  # the clock was spent, not left
    assert max(s for _, s in spent) > 4 * fake.tick  # some turns thought well past the level's own 4 iterations
    assert bot.fallbacks == 0


def test_a_bot_without_a_clock_keeps_its_work_budget() -> None:
    fake = FakeClock(tick=1.0)
    level = Budget(iterations=4, candidates=2, nodes=2_000, preendgame_bag=0, inference_samples=0)
    game = Game(AMATH, seed=3)
    timed = SearchPlayer(1, budget=level, timer=TimeManager(fake.now)).choose(game)
    plain = SearchPlayer(1, budget=level).choose(game)
    assert timed == plain and fake.reads == 0  # no clock on the table: the clock is never read


# ----- the command line ------------------------------------------------------------------


def test_best_seconds_uses_the_max_level_and_refuses_a_bad_time(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["best", _middle_position(), "--seconds", "1", "--json", "--top", "2"]) == 0
    lines = [json.loads(ln) for ln in capsys.readouterr().out.splitlines()]
    assert len(lines) == 2 and lines[0]["method"] in ("sim", "static")
    assert main(["best", _middle_position(), "--seconds", "0"]) == 2
    assert "--seconds" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main(["best", _middle_position(), "--seconds", "1", "--budget", "4"])
    assert "not allowed with" in capsys.readouterr().err


# ----- the engine protocol: go time ------------------------------------------------------


def _searched(go: Go, stopped: bool) -> tuple[list[Play], list[Progress]]:
    from amath.formats.load import position_from_text

    flag = threading.Event()
    if stopped:
        flag.set()
    reports: list[Progress] = []
    plays = EngineSearch().search(position_from_text(_middle_position()), go, SearchOptions(top=50, seed=2), flag, reports.append)
    return plays, reports


def test_go_time_searches_at_the_max_level_and_stop_ends_it_after_a_batch() -> None:
    """``go time`` of ten minutes with ``stop`` already sent: one search of the max level (twice
    champion's candidates) that stops after its first batch instead of using the ten minutes."""
    plays, reports = _searched(Go(time_ms=600_000), stopped=True)
    simulated = [p for p in plays if p.method == "sim"]
    assert len(simulated) > CHAMPION_BUDGET.candidates
    assert max(p.work for p in simulated) == FIRST_BATCH and len(reports) == 1 and reports[0].iterations == FIRST_BATCH


def test_go_time_keeps_a_count_given_with_it() -> None:
    plays, _ = _searched(Go(counts=(("iterations", 0),), time_ms=600_000), stopped=False)
    assert plays and all(p.method == "static" for p in plays)
