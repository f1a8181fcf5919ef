"""Defects a new user met on the command line (issue 47): binary files, a move given as a position,
an output path that cannot be written, an unexplained table, a progress bar that fills a log."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from rich.console import Console

from amath.apps.cli import main
from amath.apps.cli.progress import ProgressLine

ROOT = Path(__file__).resolve().parent
GAME = ROOT / "data" / "greedy-seed3.amr"
AMATH = [sys.executable, "-m", "amath.apps.cli"]
POSITION = {"variant": "a-math", "board": [], "rack": ["1", "2", "+", "3", "=", "4", "5", "6"]}


def _env(lang: str) -> dict[str, str]:
    return {**os.environ, "AMATH_LANG": lang}


def _has_thai(text: str) -> bool:
    return any("\u0e00" <= ch <= "\u0e7f" for ch in text)


@pytest.fixture
def english(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("AMATH_LANG", "en")


@pytest.fixture
def binary(tmp_path: Path) -> Path:
    path = tmp_path / "picture.png"
    path.write_bytes(b"\x89PNG\r\n\x1a\n" + bytes(range(256)))
    return path


# Every command that reads a file: a binary file is named and refused, never a traceback.
READERS = [
    ["moves", "{f}"],
    ["best", "{f}"],
    ["position", "{f}"],
    ["render", "{f}"],
    ["replay", "{f}"],
    ["record", "{f}"],
    ["analyze", "{f}"],
]


@pytest.mark.parametrize("args", READERS, ids=[a[0] for a in READERS])
def test_every_reader_refuses_a_binary_file_naming_it(
    args: list[str], binary: Path, english: None, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main([a.format(f=binary) for a in args]) == 2
    err = capsys.readouterr().err
    assert "Traceback" not in err and "UnicodeDecodeError" not in err
    assert str(binary) in err and "not a UTF-8 text file" in err and "0x89" in err


def test_moves_on_a_binary_file_in_a_real_process_ends_with_one_line_in_thai(binary: Path) -> None:
    done = subprocess.run([*AMATH, "moves", str(binary)], capture_output=True, encoding="utf-8", env=_env("th"))
    assert done.returncode == 2 and "Traceback" not in done.stderr
    lines = done.stderr.splitlines()
    assert len(lines) == 1 and str(binary) in lines[0] and "UTF-8" in lines[0] and _has_thai(lines[0])


def test_a_non_utf8_standard_input_is_refused_too() -> None:
    done = subprocess.run([*AMATH, "moves", "-"], input=b"\xff\xfe1 2 3", capture_output=True, env=_env("en"))
    assert done.returncode == 2 and b"Traceback" not in done.stderr and b"0xFF" in done.stderr


def test_a_saved_game_to_resume_that_is_binary_is_refused(binary: Path, english: None, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "--resume", str(binary)]) == 2
    err = capsys.readouterr().err
    assert "Traceback" not in err and str(binary) in err and "UTF-8" in err


def test_a_utf8_file_with_a_byte_order_mark_still_reads(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "pos.json"
    path.write_bytes(b"\xef\xbb\xbf" + json.dumps(POSITION).encode())
    assert main(["moves", str(path), "--limit", "1", "--json"]) == 0
    assert len(capsys.readouterr().out.splitlines()) == 1


@pytest.mark.parametrize("lang", ["en", "th"])
def test_best_given_a_move_says_a_position_is_expected_and_names_it(
    lang: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("AMATH_LANG", lang)
    assert main(["best", "8G 1 = 1"]) == 2
    err = capsys.readouterr().err
    assert "'8G 1 = 1'" in err and "BOARD RACK SCORES TO_MOVE" in err
    if lang == "en":
        assert "position string" in err and "no file named" in err and not _has_thai(err)
    else:
        assert "สตริงตำแหน่ง" in err and "ไม่มีไฟล์" in err


def test_best_on_a_missing_file_names_it(tmp_path: Path, english: None, capsys: pytest.CaptureFixture[str]) -> None:
    missing = tmp_path / "nowhere.json"
    assert main(["best", str(missing)]) == 2
    assert repr(str(missing)) in capsys.readouterr().err


@pytest.mark.parametrize("lang", ["en", "th"])
def test_render_to_a_missing_folder_names_the_output_not_the_game(
    lang: str, monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("AMATH_LANG", lang)
    out = tmp_path / "no" / "such" / "x.svg"
    assert main(["render", str(GAME), "-o", str(out)]) == 2
    err = capsys.readouterr().err
    assert str(out) in err and str(GAME) not in err
    assert ("cannot write" in err and "No such file" in err) if lang == "en" else ("เขียน" in err and "ไม่มีไฟล์" in err)


def test_render_of_a_broken_game_still_names_the_game(tmp_path: Path, english: None, capsys: pytest.CaptureFixture[str]) -> None:
    broken = tmp_path / "broken.amr"
    broken.write_text("#amath 1\n>nonsense\n", encoding="utf-8")
    assert main(["render", str(broken), "-o", str(tmp_path / "x.svg")]) == 2
    assert capsys.readouterr().err.startswith(f"error: {broken}: ")
    assert not (tmp_path / "x.svg").exists()


def _endgame_string() -> str:
    from amath.formats.fen import position_to_string
    from amath.formats.load import load_game_text
    from amath.formats.view import position_of

    game = load_game_text(GAME.read_text(encoding="utf-8"))
    while len(game.history) > 17:
        game.pop()
    return position_to_string(position_of(game))


@pytest.mark.parametrize("lang", ["en", "th"])
def test_best_says_what_equity_win_and_spread_mean(lang: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("AMATH_LANG", lang)
    assert main(["best", _endgame_string(), "--top", "2", "--budget", "nodes=100000"]) == 0
    out = capsys.readouterr().out.splitlines()
    rows = [ln for ln in out if ln[:3].strip().isdigit()]
    blank, notes = out[1 + len(rows)], out[2 + len(rows) :]
    assert rows and blank == "" and len(notes) >= 3
    text = "\n".join(notes)
    if lang == "en":
        assert "equity:" in text and "win:" in text and "exact spread:" in text and "to the end of the game" in text
    else:
        assert "คะแนนรวมค่าเบี้ย:" in text and "โอกาสชนะ:" in text and "ผลต่างแน่นอน:" in text and "equity" not in text


def test_best_explains_a_static_answer_without_the_endgame_words(english: None, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "pos.json"
    path.write_text(json.dumps(POSITION), encoding="utf-8")
    assert main(["best", str(path), "--top", "1", "--budget", "0"]) == 0
    out = capsys.readouterr().out
    assert "the worth of the tiles kept" in out and "exact spread:" not in out and "to the end of the game" not in out


def test_selfplay_progress_in_a_log_is_one_line_without_carriage_returns(english: None, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["selfplay", "--games", "2", "--players", "greedy,greedy"]) == 0
    err = capsys.readouterr().err
    assert "\r" not in err and "\x1b" not in err
    lines = err.splitlines()
    assert len(lines) == 1 and "games" in lines[0] and "2/2" in lines[0]


def test_selfplay_quiet_writes_no_progress(english: None, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["selfplay", "--games", "1", "--players", "greedy,greedy", "--quiet"]) == 0
    assert capsys.readouterr().err == ""


def test_analyze_progress_in_a_log_is_one_line_too(english: None, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["analyze", str(GAME), "--turn", "1", "--turn", "2"]) == 0
    err = capsys.readouterr().err
    assert "\r" not in err and len(err.splitlines()) == 1 and "turns analysed" in err


def test_on_a_terminal_the_progress_line_is_redrawn_in_place_with_a_bar() -> None:
    screen = io.StringIO()
    console = Console(file=screen, force_terminal=True, width=80)
    with ProgressLine("เกม", 3, console=console) as bar:
        for done in range(1, 4):
            bar.update(done)
    drawn = screen.getvalue()
    assert "\r" in drawn and "━" in drawn and "3/3" in drawn and "เกม" in drawn
