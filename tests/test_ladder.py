"""benchmarks/ladder.py: a game record counts each bot's turns by kind, and the summary reads them back."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType


def _ladder() -> ModuleType:
    """The benchmark script as a module (it is not part of the package)."""
    path = Path(__file__).resolve().parent.parent / "benchmarks" / "ladder.py"
    if str(path.parent) not in sys.path:
        sys.path.append(str(path.parent))  # its sibling module ``timing``, as a script finds it
    spec = importlib.util.spec_from_file_location("ladder_under_test", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


ladder = _ladder()


def test_a_record_counts_each_seats_turns_by_kind() -> None:
    row = ladder.play_one(["greedy", "random"], 3, 1, "a-math")
    _, seats, _ = ladder.deal(["greedy", "random"], 3, 1, "a-math")
    assert row["seats"] == seats == ["random", "greedy"]  # odd games swap the seats
    kinds = row["kinds"]
    # every turn is a placement, an exchange or a pass, and each seat has as many as it has move times
    assert sum(k["place"] + k["exchange"] + k["pass"] for k in kinds) == row["turns"]
    for k, times in zip(kinds, row["times"], strict=True):
        assert k["place"] + k["exchange"] + k["pass"] == len(times)
        assert 0 <= k["bingo"] <= k["place"]
    line = ladder.kinds_line([row, {**row, "kinds": [dict.fromkeys(ladder.KINDS, 0)] * 2}], "greedy")
    assert line == "greedy a game: " + ", ".join(f"{kinds[1][k] / 2:.2f} {k}" for k in ladder.KINDS)
    assert ladder.kinds_line([{k: v for k, v in row.items() if k != "kinds"}], "greedy") == ""


def test_a_level_spec_changes_the_budget_key_by_key_the_sim_work_cap_too() -> None:
    from amath.core.rules import AMATH
    from amath.players.search import CHAMPION_BUDGET

    bot = ladder.make_bot("champion[sim_work=0,iterations=100]", 1, AMATH)
    assert bot.budget.sim_work == 0 != CHAMPION_BUDGET.sim_work and bot.budget.iterations == 100
    assert bot.budget.candidates == CHAMPION_BUDGET.candidates  # the keys not given are the level's


def test_a_scaled_equity_level_weighs_every_leave_by_the_factor() -> None:
    """``equity[scale=0.5]``: the table of the ruleset played, each leave worth half; the end-of-game worth unchanged."""
    from amath.core.rules import AMATH, SMATH
    from amath.engine.static import default_equity

    for rules in (AMATH, SMATH):
        own = default_equity()
        bot = ladder.make_bot("equity[scale=0.5]", 1, rules)
        for leave in (["7"], ["+", "?", "3"], ["4", "4", "="]):
            assert bot.calculator.leave_value(leave, rules, 20) == 0.5 * own.leave_value(leave, rules, 20)
            assert bot.calculator.leave_value(leave, rules, 0) == own.leave_value(leave, rules, 0)
        assert own.leave_value(["7"], rules, 20) != 0.0  # so the halving above is seen
