"""The record commands: amath replay, record, position and render, with their exit codes."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from amath.apps.cli import main
from amath.formats.fen import position_from_string
from amath.formats.replay import read_record
from amath.formats.save import dumps_game
from amath.render import png

DATA = Path(__file__).parent / "data"
GAME = str(DATA / "greedy-seed3.amr")


def test_replay_agrees(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["replay", GAME]) == 0
    assert capsys.readouterr().out.strip().endswith("all 24 turns agree and so does the end of the game")


def test_replay_reports_the_first_wrong_turn(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "bad.amr"
    bad.write_text(Path(GAME).read_text().replace("| +17 | 17 |", "| +19 | 19 |"))
    assert main(["replay", "-v", str(bad)]) == 1
    out = capsys.readouterr().out
    assert "turn 3 (line 13): recorded score 19, the rules give 17" in out and "2 of 24 turns agree" in out
    assert out.count(" ok ") == 2


def test_replay_errors_exit_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["replay", str(tmp_path / "missing.amr")]) == 2
    assert "missing.amr: file not found" in capsys.readouterr().err
    broken = tmp_path / "broken.amr"
    broken.write_text("#side 1 A\n#side 2 B\n>1: 1 2 | pass\n")
    assert main(["replay", str(broken)]) == 2
    assert "line 3: a turn is" in capsys.readouterr().err


def test_record_from_saved_game(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    game = read_record(Path(GAME).read_text())  # a seeded record of a real game replays as a saved game too
    saved = tmp_path / "g.json"
    saved.write_text(dumps_game(game))
    out = tmp_path / "g.amr"
    assert main(["record", str(saved), "-o", str(out), "--date", "2026-02-03", "--event", "Club"]) == 0
    text = out.read_text()
    assert "#date 2026-02-03" in text and "#event Club" in text
    assert main(["replay", str(out)]) == 0
    assert main(["record", str(saved), "--viewer", "2"]) == 0
    hidden = capsys.readouterr().out
    assert "#seed" not in hidden and ">1: |" in hidden
    assert main(["record", str(saved), "--viewer", "3"]) == 2


def test_position_at_a_turn(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["position", GAME, "--turn", "3"]) == 0
    text = capsys.readouterr().out.strip()
    pos = position_from_string(text)
    assert len(pos.tiles) == 13 and pos.scores == (17, 85) and pos.to_move == 1
    assert pos.rack == ("4", "20", "9", "8", "3", "0", "15", "/")  # the record's rack for turn 4
    assert main(["position", GAME, "--turn", "3", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["rack"] == list(pos.rack) and data["to_move"] == 1 and len(data["board"]) == 13
    as_file = tmp_path / "pos.txt"
    as_file.write_text(text + "\n")
    assert main(["position", str(as_file), "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == data
    as_json = tmp_path / "pos.json"
    as_json.write_text(json.dumps(data))
    assert main(["position", str(as_json)]) == 0
    assert capsys.readouterr().out.strip() == text
    assert main(["position", GAME, "--turn", "0"]) == 0
    assert capsys.readouterr().out.startswith("_15|_15|")
    assert main(["position", GAME, "--turn", "99"]) == 2
    assert "turn 99 is out of range" in capsys.readouterr().err
    assert main(["position", str(as_json), "--turn", "1"]) == 2


def test_render_svg_and_png(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    svg = tmp_path / "b.svg"
    assert main(["render", GAME, "--turn", "5", "-o", str(svg)]) == 0
    root = ET.parse(svg).getroot()
    assert len([g for g in root.iter("{http://www.w3.org/2000/svg}g") if "last" in (g.get("class") or "")]) == 8
    assert main(["render", GAME]) == 0
    ET.fromstring(capsys.readouterr().out)
    pos = tmp_path / "pos.txt"
    assert main(["position", GAME, "--turn", "2"]) == 0
    pos.write_text(capsys.readouterr().out)
    assert main(["render", str(pos), "-o", str(tmp_path / "p.svg"), "--no-rack"]) == 0
    out = tmp_path / "b.png"
    if png.available() is None:
        assert main(["render", GAME, "-o", str(out)]) == 2
        assert "cairosvg" in capsys.readouterr().err
    else:
        assert main(["render", GAME, "-o", str(out)]) == 0
        assert out.read_bytes()[:4] == b"\x89PNG"
    assert main(["render", GAME, "--cell", "2"]) == 2
