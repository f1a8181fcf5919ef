"""Smaller command-line defects of issue 12 (items 6 and 12): Smath bingo/drills, render's file
types, times in records, broken records, drill racks."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from amath.apps.cli import main
from amath.core.equation import judge, show
from amath.core.rules import AMATH
from amath.formats.load import load_any
from amath.formats.record import RecordError, format_record, record_of
from amath.formats.replay import read_record
from amath.game import Game
from amath.study.bingo import bingos, is_trivial, practice_rack

GAME = Path(__file__).resolve().parent / "data" / "greedy-seed3.amr"


@pytest.mark.parametrize(
    "args", [["bingo", "--variant", "smath", "1", "2", "3", "4", "5", "6", "7", "8", "9", "10"], ["bingo", "--drill", "--variant", "smath"]]
)
def test_smath_bingo_and_drills_say_they_wait_for_the_smath_search(args: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    assert main(args) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: bingo lists and drills are not available for smath") and "Traceback" not in err


@pytest.mark.parametrize("name", ["x.gif", "x.jpg", "x", "board.SVG.txt"])
def test_render_refuses_a_file_type_it_does_not_write(name: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / name
    assert main(["render", str(GAME), "-o", str(out)]) == 2
    assert not out.exists() and "must end in .svg or .png" in capsys.readouterr().err


def test_render_still_writes_svg_in_any_case_of_suffix(tmp_path: Path) -> None:
    out = tmp_path / "Board.SVG"
    assert main(["render", str(GAME), "-o", str(out)]) == 0
    assert out.read_text(encoding="utf-8").lstrip().startswith("<")


def test_times_are_kept_and_written_in_milliseconds() -> None:
    game = Game(seed=21)
    game.push_notation("8G 1 = 1", elapsed=1 / 3)
    game.push_notation("pass", elapsed=2.0000004)
    assert [t.elapsed for t in game.history] == [0.333, 2.0]
    text = format_record(record_of(game))
    assert "time=0.333" in text and re.search(r"time=\d+\.\d{4,}", text) is None
    assert [t.elapsed for t in read_record(text).history] == [0.333, 2.0]


@pytest.mark.parametrize("text", ["amath-record 1", ">1: 1 2 | pass | 0", "#amath-record 1 #side 1 A"])
def test_a_one_line_broken_record_is_reported_as_a_record(text: str) -> None:
    with pytest.raises(RecordError) as info:
        load_any(text)
    assert "position string" not in str(info.value)


def test_a_position_string_is_still_read_as_one() -> None:
    line = "_15|_15|_15|_15|_15|_15|_15|_15|_15|_15|_15|_15|_15|_15|_15 [1,=,1] 0,0 1"
    assert load_any(line).rack == ("1", "=", "1")  # type: ignore[union-attr]


@pytest.mark.parametrize("equation", ["2 0 * 0 = 1 0 * 0", "7 / 1 = 7", "1 2 * 1 = 1 2", "0 + 5 = 5", "9 - 0 = 9", "1 * 8 = 8"])
def test_trivial_equations_are_recognised(equation: str) -> None:
    assert judge(equation.split()).ok and is_trivial(equation.split())


@pytest.mark.parametrize("equation", ["1 2 + 3 = 1 5", "2 * 6 = 1 2", "1 0 - 5 = 5", "8 / 2 = 4", "1 + 1 = 2"])
def test_useful_equations_are_not_trivial(equation: str) -> None:
    assert not is_trivial(equation.split())


def test_drill_racks_with_blanks_all_hold_a_blank_and_make_a_bingo() -> None:
    rng = random.Random(5)
    racks = [practice_rack(rng, AMATH, blanks=True) for _ in range(3)]
    assert all(r.count("?") == 1 and len(r) == 8 for r in racks)
    found = bingos(racks[0], AMATH)
    assert found and any(not is_trivial(b.faces) for b in found), [show(b.faces) for b in found]


def test_a_drill_never_deals_the_rack_of_a_trivial_equation(monkeypatch: pytest.MonkeyPatch) -> None:
    import amath.study.bingo as study

    offers = iter(["2 0 * 0 = 1 0 * 0".split(), "1 2 + 3 4 = 4 6".split()])
    monkeypatch.setattr(study, "_random_equation", lambda rng: next(offers))
    rack = practice_rack(random.Random(1), AMATH)
    assert sorted(t if t not in ("+-",) else "+" for t in rack) == sorted("1 2 + 3 4 = 4 6".split())


@pytest.mark.parametrize("data", ['{"format": "amath-game", "version": 99}', '{"sides": [["A"], ["B"]], "turns": []}'])
def test_a_broken_saved_game_is_reported_as_a_saved_game(data: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "broken.json"
    path.write_text(data, encoding="utf-8")
    assert main(["render", str(path), "-o", str(tmp_path / "b.svg")]) == 2
    err = capsys.readouterr().err
    assert "saved game" in err and "position:" not in err


def test_a_smath_game_is_analysed_through_the_exact_search() -> None:
    from amath.core.rules import SMATH
    from amath.study.analyze import analyze_game

    game = Game(SMATH, seed=5)
    game.set_rack(game.to_move, ["4", "4", "1"])  # small racks keep it quick: tests/test_smath_wiring.py has ten-tile ones
    game.push_notation("8H 4 = 4")
    game.set_rack(game.to_move, ["4", "1", "2"])
    game.push_notation("H8 [4] = 4")
    analyses = analyze_game(game)
    assert [a.turn for a in analyses] == [1, 2]
    assert all(a.moves > 0 and a.rank is not None and a.complete for a in analyses)
    assert all(a.best and a.best[0].score >= a.score for a in analyses)


def test_a_turn_with_no_placement_is_not_ranked_among_none(capsys: pytest.CaptureFixture[str]) -> None:
    # turn 24 of the record: Ben holds one 5 on a board with no room for it, and passes
    assert main(["analyze", str(GAME), "--turn", "24", "--quiet"]) == 0
    out = capsys.readouterr().out
    assert "no placement / ไม่มีที่วาง" in out
    assert "of 0" not in out
