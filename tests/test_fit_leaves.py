"""benchmarks/fit_leaves.py: the samples the leave tables learn from, and a fit from stored samples."""

from __future__ import annotations

import argparse
import importlib.util
import random
import runpy
import sys
from collections import Counter
from pathlib import Path
from types import ModuleType

from amath.core.move import Exchange, Place
from amath.core.rules import get_ruleset
from amath.engine.leaves.table import LeaveTable
from amath.game import Game
from amath.players.selfplay import play, run_tasks


def _fit_leaves() -> ModuleType:
    """The benchmark script as a module (it is not part of the package)."""
    path = Path(__file__).resolve().parent.parent / "benchmarks" / "fit_leaves.py"
    spec = importlib.util.spec_from_file_location("fit_leaves_under_test", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look their module up
    spec.loader.exec_module(module)
    return module


fit = _fit_leaves()


def test_samples_follow_the_game_they_come_from() -> None:
    task = run_tasks(["greedy", "greedy#2"], 3, 1)[0]
    samples, turns = fit.samples_of_game(task)
    game = play(task.seats(), task.game_seed(), task.rules)
    assert turns == len(game.history)
    # replay the moves on a fresh game: the bag after each turn is the real one
    replay = Game(task.rules, players=[f"{name} ({k + 1})" for k, name in enumerate(task.seats())], seed=task.game_seed())
    expected = []
    for k, turn in enumerate(game.history):
        assert turn.move is not None
        replay.push(turn.move)
        later = [t for t in game.history[k + 1 :] if t.player == turn.player]
        if turn.kind in ("place", "exchange") and k < len(game.history) - fit.ENDGAME_TURNS and later:
            expected.append((turn, len(replay.bag), later[0]))
    assert len(samples) == len(expected) > 10
    for sample, (turn, bag, nxt) in zip(samples, expected, strict=True):
        assert sample.bag == bag
        assert sample.score == turn.score
        assert sample.next_score == (nxt.score if nxt.kind == "place" else 0)
        kept = Counter(sample.leave.split())
        assert not kept - Counter(turn.rack_before), "a leave holds only tiles of the rack"
        move = turn.move
        gone = move.rack_tiles if isinstance(move, Place) else move.tiles if isinstance(move, Exchange) else ()
        assert sum(kept.values()) == len(turn.rack_before) - len(gone)


def test_a_fit_from_stored_samples_finds_the_weights_that_made_them(tmp_path: Path) -> None:
    # next scores made by a known model on 400 random leaves: a worth per tile, -4 a duplicate
    rng = random.Random(7)
    rules = get_ruleset("a-math")
    names = list(rules.tiles.counts)
    worth = {t: rng.randint(-8, 8) for t in names}

    def made(leave: list[str]) -> float:
        duplicates = sum(n - 1 for t, n in Counter(leave).items() if n > 1 and t not in ("=", "?"))
        return 30 + sum(worth[t] for t in leave) - 4 * duplicates

    # leaves of one size, so the fit's missing intercept is an equal shift of every tile's worth
    leaves = [sorted(rng.choices(names, k=5)) for _ in range(400)]
    path = tmp_path / "samples.tsv"
    path.write_text("".join(fit.Sample(" ".join(leave), made(leave), 10, 50).line() for leave in leaves))
    out = tmp_path / "table.py"
    args = argparse.Namespace(from_samples=[path], out=out, ridge=0.01, games=0, bot="greedy", seed=1)
    fit.fit_from_samples(args, rules)
    table = runpy.run_path(str(out))["TABLES"]["a-math"]
    assert isinstance(table, LeaveTable)
    assert abs(table.synergy["duplicates"] - -4) < 0.1
    # values are relative to an average leave (the fit has no intercept): compare differences
    for t in names:
        assert abs((table.tiles[t] - table.tiles["0"]) - (worth[t] - worth["0"])) < 0.1, t


def test_drawn_leaves_are_random_parts_of_the_racks_scored_on_the_board() -> None:
    task = run_tasks(["greedy", "greedy#2"], 3, 1)[0]
    samples, turns = fit.drawn_samples_of_game(task, 2)
    assert (samples, turns) == fit.drawn_samples_of_game(task, 2), "the same game draws the same leaves"
    game = play(task.seats(), task.game_seed(), task.rules)
    replay = Game(task.rules, players=[f"{name} ({k + 1})" for k, name in enumerate(task.seats())], seed=task.game_seed())
    racks: list[tuple[list[str], int]] = []  # the racks the leaves came from: full, with a bag that refills them
    for turn in game.history:
        rack = replay.racks[replay.to_move]
        if len(replay.bag) >= task.rules.rack_size and len(rack) == task.rules.rack_size:
            racks += [(list(rack), len(replay.bag))] * 2
        assert turn.move is not None
        replay.push(turn.move)
    assert turns == len(game.history) and len(samples) == len(racks) > 10
    sizes = set()
    for sample, (rack, bag) in zip(samples, racks, strict=True):
        kept = Counter(sample.leave.split())
        assert not kept - Counter(rack) and sum(kept.values()) < len(rack), "a part of the rack, never all of it"
        assert sample.bag == bag and sample.next_score >= 0 and sample.base >= 0
        if not kept:
            assert sample.next_score == sample.base, "nothing kept: the very rack the base was scored on"
        sizes.add(sum(kept.values()))
    assert len(sizes) > 3, "the leave's size is drawn too"
    assert all(a.base == b.base for a, b in zip(samples[::2], samples[1::2], strict=True)), "one base a turn, for each of its draws"
    assert sum(s.base > 0 for s in samples) > len(samples) // 2, "a fresh rack mostly has a placement"


def test_a_sample_is_read_back_less_its_base(tmp_path: Path) -> None:
    path = tmp_path / "samples.tsv"
    path.write_text(fit.Sample("1 2", 50, 0, 40, 20).line() + "3 +\t17\t12\t30\n")  # the second: a file from before bases
    assert fit.read_samples([path]) == [(Counter(["1", "2"]), 30.0), (Counter(["3", "+"]), 17.0)]
