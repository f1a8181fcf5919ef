"""amath analyze and amath bingo on small, blank-free positions (the generator is fast there)."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from amath.apps.cli import main
from amath.core.move import Exchange, Pass
from amath.core.rules import AMATH
from amath.formats.record import write_record
from amath.game import Game
from amath.study.analyze import analyze_game, summarize
from amath.study.bingo import bingos, practice_rack
from game_helpers import give


def small_game() -> Game:
    """Ann opens with a weak 1=1; Ben exchanges; Ann passes."""
    game = Game(players=["Ann", "Ben"], seed=2)
    game.set_starter(0)
    give(game, game.to_move, ["1", "=", "1", "2", "+", "3", "4", "5"])
    game.push_notation("8H 1 = 1")
    give(game, game.to_move, ["6", "7", "8", "9", "10", "11", "12", "13"])
    game.push(Exchange(("10", "11")))
    give(game, game.to_move, ["2", "+", "3", "4", "5", "6", "7", "8"])
    game.push(Pass())
    return game


def test_analysis_ranks_the_played_move() -> None:
    game = small_game()
    analyses = analyze_game(game, top=2)
    assert [a.turn for a in analyses] == [1, 2, 3]
    first = analyses[0]
    assert first.played == "8H 1 = 1" and first.score == 5
    assert first.rank is not None and first.rank > 1 and first.moves > 10
    assert first.best[0].score > 5 and first.points_lost == first.best[0].score - 5
    assert first.equity_lost > 0
    assert analyses[1].kind == "exchange" and analyses[1].rank is None
    assert analyses[2].kind == "pass" and analyses[2].points_lost > 0
    summary = summarize(analyses, ["Ann", "Ben"])
    assert summary[0].turns == 2 and summary[0].points_lost == first.points_lost + analyses[2].points_lost
    assert summary[0].mean_rank == first.rank and summary[1].mean_rank is None


def test_the_analysis_puts_the_game_back_as_it_was() -> None:
    game = small_game()
    before = (list(game.history), game.board.copy(), [list(r) for r in game.racks], list(game.scores), list(game.bag))
    history = before[0]
    analyze_game(game, top=1)
    assert (game.history, game.board, game.racks, game.scores, game.bag) == before
    assert game.pop() == history[-1] and len(game.history) == 2  # the undo stack is intact too


def test_analyze_command(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    record = tmp_path / "g.amr"
    record.write_text(write_record(small_game()))
    assert main(["analyze", str(record), "--top", "2"]) == 0
    out = capsys.readouterr()
    assert "turn 1   Ann" in out.out and "played  8H 1 = 1" in out.out and "rank " in out.out
    assert "player" in out.out and "mean rank" in out.out and "turns analysed 3/3" in out.err
    assert main(["analyze", str(record), "--json", "--quiet", "--side", "2"]) == 0
    out = capsys.readouterr()
    data = json.loads(out.out)
    assert out.err == "" and [t["turn"] for t in data["turns"]] == [2]
    assert data["summary"][1]["turns"] == 1 and data["summary"][0]["turns"] == 0
    assert main(["analyze", str(tmp_path / "none.amr")]) == 2
    assert main(["analyze", str(record), "--side", "3"]) == 2


def test_bingos_of_a_rack() -> None:
    found = bingos(["2", "3", "4", "2", "*", "8", "7", "="], AMATH)
    assert {b.text for b in found} == {"272=34×8", "272=8×34", "8×34=272", "34×8=272"}
    assert all(b.best_score >= 88 for b in found)
    assert bingos(["1"] * 8, AMATH) == []


def test_practice_racks_have_a_bingo() -> None:
    rng = random.Random(4)
    for _ in range(2):
        rack = practice_rack(rng, AMATH)
        assert len(rack) == 8 and "?" not in rack
        assert bingos(rack, AMATH)


def test_bingo_command(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bingo", "2 3 4 2 * 8 7 ="]) == 0
    assert "272=34×8" in capsys.readouterr().out
    assert main(["bingo", "1", "1", "1", "1", "1", "1", "1", "1"]) == 1
    assert main(["bingo", "1", "2"]) == 2
    assert main(["bingo", "1", "2", "x9", "1", "1", "1", "1", "1"]) == 2
    capsys.readouterr()
    assert main(["bingo", "--drill", "--count", "1", "--seed", "4", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["count"] >= 1 and len(data["rack"]) == 8


def test_workers_give_the_same_analysis() -> None:
    assert analyze_game(small_game(), top=2, jobs=2) == analyze_game(small_game(), top=2)


def test_the_analysis_values_a_pass_as_the_bot_does_once_it_may_end_the_game() -> None:
    """The fifth scoreless turn of an A-Math game may end it (one more pass): the analysis then
    values the pass at the rack's end-of-game worth, as the equity bot does; before, at its leave."""
    from amath.engine.static import Turns, default_equity

    game = Game(AMATH, seed=4)
    for _ in range(5):
        game.push(Pass())
    reports = analyze_game(game)
    assert [r.kind for r in reports] == ["pass"] * 5
    for k, report in enumerate(reports):
        at = {
            s: Turns.of(game.board, report.rack, AMATH, len(game.bag), default_equity(), scoreless=s, sides=2).pass_turn().equity
            for s in (0, k)
        }
        assert report.equity == pytest.approx(at[k])
        assert (report.equity == pytest.approx(at[0])) == (k < 4)
