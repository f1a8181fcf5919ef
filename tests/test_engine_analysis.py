"""``amath analyze --engine champion``: the searching engine judges every turn, passes included."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from amath.apps.cli import main
from amath.core.move import Pass
from amath.core.rules import AMATH
from amath.formats.save import save_game
from amath.game import Game
from amath.players import get_bot
from amath.study.engine_analysis import analyze_game_with_engine
from game_helpers import give, set_bag


def _short_game() -> Game:
    """Side 1 passes with a playable rack and an empty bag; the greedy bot finishes the game."""
    game = Game(AMATH, seed=8)
    game.set_starter(0)
    give(game, 0, ["1", "=", "1", "2"])
    give(game, 1, ["3", "=", "3"])
    set_bag(game, 0)
    game.push(Pass())
    bots = [get_bot("greedy", 1), get_bot("greedy", 2)]
    while not game.over:
        game.push(bots[game.to_move].choose(game))
    return game


def test_the_champion_engine_judges_a_pass() -> None:
    game = _short_game()
    history, board, over = list(game.history), game.board.copy(), game.result
    analyses = analyze_game_with_engine(game, "champion")
    assert len(analyses) == len(history)  # every decision
    assert game.history == history and game.board == board and game.result == over  # the game put back as it was
    first = analyses[0]
    assert first.kind == "pass" and first.side == 0
    assert first.best[0].move != "pass" and first.equity_lost > 0 and first.rank is not None and first.rank > 1
    assert all(a.equity_lost >= 0 for a in analyses)


def test_analyze_with_the_champion_engine_on_the_command_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    game = Game(AMATH, seed=3)
    game.push(Pass())
    path = tmp_path / "game.json"
    path.write_text(json.dumps(save_game(game)))
    budget = "iterations=1,candidates=1,nodes=10"
    assert main(["analyze", str(path), "--engine", "champion", "--budget", budget, "--json", "--quiet"]) == 0
    report = json.loads(capsys.readouterr().out)
    (turn,) = report["turns"]
    assert turn["kind"] == "pass" and turn["best"] and turn["rank"] is not None


def test_analyze_refuses_an_unknown_engine_or_budget(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "game.json"
    path.write_text(json.dumps(save_game(Game(AMATH, seed=3))))
    with pytest.raises(SystemExit):
        main(["analyze", str(path), "--engine", "oracle"])
    assert main(["analyze", str(path), "--engine", "champion", "--budget", "depth=3", "--quiet"]) == 2
    assert "depth" in capsys.readouterr().err
