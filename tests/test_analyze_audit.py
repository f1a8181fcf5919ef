"""Analysis weighs exchanges and passes, flags missed bingos, reports the median rank, draws boards (issue 12)."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from amath.apps.cli import main
from amath.engine.leaves.table import HANDSET
from amath.game import Game
from amath.study.analyze import SideSummary, analyze_game, analyze_turn, summarize

GAME = Path(__file__).resolve().parent / "data" / "greedy-seed3.amr"


def test_a_pass_with_a_hopeless_rack_is_judged_against_the_best_exchange() -> None:
    game = Game(seed=3)
    game.set_rack(game.to_move, 8 * ["="])
    board, bag = game.board.copy(), len(game.bag)
    turn = game.push_notation("pass")
    a = analyze_turn(1, turn, board, bag, game.rules)
    assert a.moves == 0
    kinds = [o.kind for o in a.best]
    assert kinds[0] == "exchange" and "pass" in kinds
    # The fitted table keeps one '=' (a kept '=' is worth a lot, a second one costs): 7 go back.
    assert a.best[0].move == "exchange " + " ".join(7 * ["="])
    handset = analyze_turn(1, turn, board, bag, game.rules, leaves=HANDSET)
    assert handset.best[0].move == "exchange " + " ".join(8 * ["="])  # the hand-set table throws all back
    assert a.equity_lost > 0 and a.equity_rank == 2


def test_a_bingo_left_on_the_rack_is_flagged() -> None:
    game = Game(seed=3)
    game.set_rack(game.to_move, ["1", "2", "+", "3", "4", "=", "4", "6"])
    board, bag = game.board.copy(), len(game.bag)
    turn = game.push_notation("8H 4 = 4")
    a = analyze_turn(1, turn, board, bag, game.rules)
    assert a.missed_bingo is not None and a.missed_bingo.score >= 40
    assert sorted(a.missed_bingo.move.split()[1:]) == sorted(["1", "2", "+", "3", "4", "=", "4", "6"])
    assert summarize([a], game.names)[turn.player].missed_bingos == 1


def test_a_bingo_played_is_not_flagged() -> None:
    game = Game(seed=3)
    game.set_rack(game.to_move, ["1", "2", "+", "3", "4", "=", "4", "6"])
    board, bag = game.board.copy(), len(game.bag)
    turn = game.push_notation("8E 1 2 + 3 4 = 4 6")
    assert turn.bingo
    assert analyze_turn(1, turn, board, bag, game.rules).missed_bingo is None


def test_the_median_rank_is_not_moved_by_one_wild_turn() -> None:
    side = SideSummary(0, "Ann", ranks=[1, 1, 2, 40])
    assert side.median_rank == 1.5 and side.mean_rank == pytest.approx(11.0)
    assert SideSummary(1, "Ben").median_rank is None


def test_only_the_turns_asked_for_are_analysed() -> None:
    from amath.formats.replay import read_record

    game = read_record(GAME.read_text(encoding="utf-8"))
    analyses = analyze_game(game, turns=[2, 3])
    assert [a.turn for a in analyses] == [2, 3]
    assert all(a.board is not None for a in analyses)


def test_the_command_writes_a_board_picture_per_turn(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    boards = tmp_path / "boards"
    assert main(["analyze", str(GAME), "--turn", "3", "--quiet", "--boards", str(boards)]) == 0
    out = capsys.readouterr().out
    assert "median rank" in out and "missed bingos" in out and "equity rank" in out
    pictures = sorted(p.name for p in boards.iterdir())
    assert pictures == ["turn-003.svg"]
    root = ET.parse(boards / "turn-003.svg").getroot()
    assert root.tag.endswith("svg")


def test_a_turn_outside_the_game_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["analyze", str(GAME), "--turn", "999", "--quiet"]) == 2
    assert "--turn must be 1.." in capsys.readouterr().err
