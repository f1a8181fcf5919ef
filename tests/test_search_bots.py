"""The ``sim`` and ``champion`` bots play legal turns to the end; ``amath best`` on the command line."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from amath.apps.cli import main
from amath.core.rules import AMATH, SMATH
from amath.engine import Budget
from amath.engine.movegen.request import SearchRequest
from amath.formats.fen import position_to_string
from amath.formats.load import load_game_text
from amath.formats.view import position_of
from amath.game import Game
from amath.players import get_bot
from amath.players.registry import BOTS, LEVEL_NAMES, bot_names
from amath.players.search import SearchPlayer
from game_helpers import give, set_bag

TINY = Budget(iterations=1, candidates=1, nodes=40, inference_samples=8)
TINY_SIM = Budget(iterations=1, candidates=1, nodes=0, preendgame_bag=0, inference_samples=0)


def _play_out(game: Game, bots: list[SearchPlayer]) -> None:
    turns = 0
    while not game.over:
        move = bots[game.to_move].choose(game)
        assert game.is_legal(move)
        game.push(move)
        turns += 1
        assert turns < 200
    assert all(b.fallbacks == 0 for b in bots)  # every turn was the engine's own, and legal


def test_sim_and_champion_play_a_whole_amath_game() -> None:
    game = Game(AMATH, seed=4)
    set_bag(game, 6)  # a short game: the opening, a few draws, the endgame
    _play_out(game, [SearchPlayer(1, budget=TINY, name="champion"), SearchPlayer(2, budget=TINY_SIM, name="sim")])
    assert game.result is not None


def test_sim_and_champion_finish_a_smath_game() -> None:
    game = Game(SMATH, seed=4)
    give(game, 0, ["1", "2", "3", "+"])
    give(game, 1, ["4", "4", "-", "8"])
    set_bag(game, 0)
    _play_out(game, [SearchPlayer(1, budget=TINY_SIM, name="sim"), SearchPlayer(2, budget=TINY, name="champion")])
    assert game.result is not None


def test_the_levels_are_registered_with_english_and_thai_names() -> None:
    names = bot_names()
    assert names.index("equity") < names.index("sim") < names.index("champion")
    for level in ("random", "greedy", "equity", "sim", "champion"):
        english, thai = LEVEL_NAMES[level]
        assert english and any("\u0e00" <= ch <= "\u0e7f" for ch in thai) and level in BOTS
    assert get_bot("sim", 3).name == "sim" and get_bot("champion", 3).name == "champion"


def _endgame_string() -> str:
    """A recorded game with the bag empty: 7 tiles against 6, so the opponent's rack is known."""
    game = load_game_text((Path(__file__).parent / "data" / "greedy-seed3.amr").read_text())
    while len(game.history) > 17:
        game.pop()
    return position_to_string(position_of(game))


def test_amath_best_solves_an_endgame_exactly_as_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["best", _endgame_string(), "--json", "--top", "3", "--budget", "nodes=100000"]) == 0
    lines = [json.loads(ln) for ln in capsys.readouterr().out.splitlines()]
    assert lines and all(ln["exact"] is True and isinstance(ln["spread"], int) for ln in lines)
    first = lines[0]
    assert set(first) >= {"move", "equity", "win", "exact", "spread"} and first["win"] in (0.0, 0.5, 1.0)
    assert [ln["equity"] for ln in lines] == sorted((ln["equity"] for ln in lines), reverse=True)
    for ln in lines:
        assert ("tiles" in ln) == (ln["move"] not in ("pass",) and not ln["move"].startswith("exchange"))


def test_amath_best_prints_a_table_and_refuses_bad_input(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["best", _endgame_string(), "--top", "1"]) == 0
    out = capsys.readouterr().out
    assert "exact spread" in out and "(line)" in out
    assert main(["best", _endgame_string(), "--budget", "speed=3"]) == 2
    assert "speed" in capsys.readouterr().err
    assert main(["best", "not|a|position"]) == 2
    assert main(["best", _endgame_string(), "--top", "0"]) == 2


def test_amath_best_takes_the_sim_work_cap(capsys: pytest.CaptureFixture[str]) -> None:
    """``--budget ...,sim_work=N``: the simulation stops after the batch that reaches N work units
    (each play's ``work``: the play-outs it ran); a bad value is refused with the key named."""
    game = load_game_text((Path(__file__).parent / "data" / "greedy-seed3.amr").read_text())
    while len(game.history) > 6:
        game.pop()
    position = position_to_string(position_of(game))
    budget = "iterations=8,candidates=3,inference_samples=0"
    runs = []
    for extra in ("", ",sim_work=1"):
        assert main(["best", position, "--json", "--top", "3", "--budget", budget + extra]) == 0
        runs.append([json.loads(ln) for ln in capsys.readouterr().out.splitlines()])
    free, capped = runs
    assert all(ln["method"] == "sim" for ln in free + capped)
    assert max(ln["work"] for ln in free) == 8 and max(ln["work"] for ln in capped) == 4
    assert main(["best", position, "--budget", "sim_work=lots"]) == 2
    assert "sim_work" in capsys.readouterr().err


def test_the_champion_level_caps_its_simulation_work() -> None:
    from amath.players.search import CHAMPION_BUDGET

    assert CHAMPION_BUDGET.sim_work > 0 and Budget().sim_work == 0  # the library's default has no cap


def test_sim_and_champion_play_a_whole_amath_game_from_a_full_bag() -> None:
    """A whole game, opening to end: exchanges, passes, the pre-endgame and the endgame all come up."""
    game = Game(AMATH, seed=11)
    small = Budget(iterations=2, candidates=2, nodes=300, preendgame_bag=1, inference_samples=8)
    small_sim = Budget(iterations=2, candidates=2, nodes=0, preendgame_bag=0, inference_samples=0)
    _play_out(game, [SearchPlayer(1, budget=small, name="champion"), SearchPlayer(2, budget=small_sim, name="sim")])
    assert game.result is not None and len(game.history) > 10


def test_smath_levels_play_the_best_turn_by_static_equity_of_a_full_rack() -> None:
    """Smath's ``sim`` and ``champion`` rank by static equity: asked for their best turn they
    search for the few best by equity (which finishes), not for every placement of the ten
    tiles (which stops at its budget with a partial list whose best was 51 points where 277
    were there, on this stored position)."""
    from amath.core.move import kept_tiles
    from amath.core.position import Position
    from amath.engine import best
    from amath.engine.generator import get_generator
    from amath.engine.movegen.rack_leaves import EQUITY_UNIT
    from amath.engine.static import default_equity, to_units
    from amath.formats.view import position_from_dict
    from amath.players.search import level_budget

    stored = json.loads((Path(__file__).parent / "data" / "smath_positions.json").read_text(encoding="utf-8"))["positions"][0]
    view = position_from_dict(stored["position"])
    assert len(view.rack) == SMATH.rack_size
    pos = Position.from_view(view.rules, view.board(), view.rack, view.scores, view.to_move)
    calc = default_equity()

    def leave(kept: tuple[str, ...]) -> float:
        return to_units(calc.leave_value(kept, SMATH, pos.bag_size)) / EQUITY_UNIT

    exact = get_generator().search(view.board(), list(view.rack), SMATH, SearchRequest(limit=1, leave=leave))[0]  # no budget
    exact_equity = exact.score + leave(kept_tiles(view.rack, exact.place, SMATH.tiles.free))
    for name in ("sim", "champion"):
        budget = level_budget(name, SMATH)
        play = best(pos, budget, equity=calc, top=1)[0]
        assert play.equity == pytest.approx(exact_equity), (name, play.move, exact)
