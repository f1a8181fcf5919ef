"""``amath moves``: the position JSON in, every legal placement out, as text or JSON lines."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from amath.apps.cli import main
from amath.core.notation import parse_place
from amath.core.rules import AMATH
from amath.engine.movegen import generate
from amath.formats.view import position_from_dict
from ranking import assert_n_best

POSITION = {
    "variant": "a-math",
    "board": [
        {"square": "G8", "tile": "1"},
        {"square": "H8", "tile": "+-", "face": "+"},
        {"square": "I8", "tile": "2"},
        {"square": "J8", "tile": "="},
        {"square": "K8", "tile": "?", "face": "3"},
    ],
    "rack": ["1", "2", "=", "+", "?", "*/"],
    "scores": [12, 0],
    "to_move": 1,
}


def _write(tmp_path: Path, data: object) -> str:
    path = tmp_path / "pos.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return str(path)


def test_moves_json_lines(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """One object per line with move, score and the new tiles; best first; notation parses back."""
    assert main(["moves", _write(tmp_path, POSITION), "--json"]) == 0
    out, err = capsys.readouterr()
    rows = [json.loads(line) for line in out.splitlines()]
    board = position_from_dict(POSITION).board()
    expected = generate(board, POSITION["rack"], AMATH)  # type: ignore[arg-type]
    assert len(rows) == len(expected) > 0
    assert [r["score"] for r in rows] == [m.score for m in expected]
    assert set(rows[0]) == {"move", "score", "tiles"}
    assert all(set(t) == {"square", "tile", "face"} for r in rows for t in r["tiles"])
    for row, m in zip(rows, expected):
        assert parse_place(row["move"], board, AMATH) == m.place
    faced = [t for r in rows for t in r["tiles"] if t["tile"] in ("?", "*/")]
    assert faced and all(t["face"] != t["tile"] for t in faced)
    assert err == ""


def test_moves_text_limit_and_summary(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Text mode: score and notation per line, --limit, a count-and-time summary on stderr."""
    assert main(["moves", _write(tmp_path, POSITION), "--limit", "3"]) == 0
    out, err = capsys.readouterr()
    lines = out.splitlines()
    assert len(lines) == 3
    assert all(line.split()[0].isdigit() for line in lines)
    assert "moves in" in err and "showing 3" in err


def test_moves_bad_input(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Missing files and bad positions exit 2 with a message naming the problem."""
    assert main(["moves", str(tmp_path / "nope.json")]) == 2
    bad = dict(POSITION, rack=["1", "banana"])
    assert main(["moves", _write(tmp_path, bad)]) == 2
    assert "banana" in capsys.readouterr().err


def test_moves_reads_a_position_string_as_its_json(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The one-line string ``amath position`` prints gives the same list as the position's JSON."""
    from amath.formats.fen import position_to_string

    string = tmp_path / "pos.txt"
    string.write_text(position_to_string(position_from_dict(POSITION)) + "\n", encoding="utf-8")
    assert main(["moves", _write(tmp_path, POSITION), "--json"]) == 0
    from_json = capsys.readouterr().out
    assert main(["moves", str(string), "--json"]) == 0
    assert capsys.readouterr().out == from_json and from_json.count("\n") > 1


@pytest.mark.parametrize(("text", "named"), [("", "0 line(s)"), ("a b\nc d\n", "2 line(s)"), ("banana", "got 1 fields")])
def test_moves_says_what_a_text_that_is_no_position_is(tmp_path: Path, capsys: pytest.CaptureFixture[str], text: str, named: str) -> None:
    """Neither JSON nor one position line: exit 2 and an error that says which it was expected to be."""
    path = tmp_path / "pos.txt"
    path.write_text(text, encoding="utf-8")
    assert main(["moves", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: ") and named in err and "Traceback" not in err


SMATH_POSITION = {"variant": "smath", "board": [], "rack": ["1", "2", "3", "+", "5"], "scores": [0, 0], "to_move": 0}


@pytest.mark.parametrize("lang", ["en", "th"])
def test_a_complete_list_too_big_for_memory_stops_and_says_so(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, lang: str
) -> None:
    """Past the search's memory budget (a big Smath rack, no --limit) the command lists nothing,
    says why and what to ask instead, in the language chosen, and exits 1; with --limit it answers."""
    from amath.engine.movegen import smath

    path = _write(tmp_path, SMATH_POSITION)
    assert main(["moves", path]) == 0
    everything = capsys.readouterr().out.splitlines()
    assert len(everything) > 10
    monkeypatch.setenv("AMATH_LANG", lang)
    monkeypatch.setattr(smath, "TABLE_ENTRIES", 50)
    assert main(["moves", path]) == 1
    out, err = capsys.readouterr()
    assert out == "" and "Traceback" not in err
    if lang == "en":
        assert "tables reached" in err and "the list is not complete" in err and "--limit 20" in err
    else:
        assert "ตารางของการค้นหาถึง" in err and "--limit 20" in err and "tables reached" not in err
    assert main(["moves", path, "--limit", "15"]) == 1  # a top N may outgrow it too: then fewer
    err = capsys.readouterr().err
    assert ("a smaller --limit" in err) == (lang == "en") and ("--limit ที่เล็กกว่านี้" in err) == (lang == "th")
    monkeypatch.setattr(smath, "TABLE_ENTRIES", 10**9)
    assert main(["moves", path, "--limit", "3"]) == 0
    # three best of the complete list (ties at the boundary may be others of it), by the score printed first
    assert_n_best(capsys.readouterr().out.splitlines(), everything, 3, lambda line: int(line.split()[0]))
