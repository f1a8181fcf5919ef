"""``amath tournament``: a small on-site event run end to end through the file, in English and Thai, and bad input
answered with one clear line (exit 2), never a traceback (docs/tournaments.md)."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pytest

from amath.apps.cli import main
from amath.tournament import files


@pytest.fixture
def english(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("AMATH_LANG", "en")


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(["tournament", *args])
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.usefixtures("english")
def test_an_on_site_swiss_from_registration_to_standings(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = str(tmp_path / "open.json")
    roster = tmp_path / "players.txt"
    roster.write_text("Niran, School B\nMali, School B\n# a comment\n\nPreeda\n", encoding="utf-8")
    assert run(capsys, "new", path, "--name", "Laptop Open", "--rounds", "3", "--seed", "4")[0] == 0
    code, out, _ = run(capsys, "add", path, "Somchai, School A", "Suda, School A", "--by", "judge")
    assert code == 0 and "added 1: Somchai (School A)" in out
    assert run(capsys, "add", path, "--from", str(roster))[0] == 0
    assert run(capsys, "add", path, "Late Comer, School C")[0] == 0
    assert run(capsys, "withdraw", path, "Late")[0] == 0  # a part of a name that only one player has
    t = files.load(path)
    assert [p.name for p in t.players] == ["Somchai", "Suda", "Niran", "Mali", "Preeda", "Late Comer"]
    assert not t.player(6).active
    for number in (1, 2, 3):
        code, out, _ = run(capsys, "pair", path)
        assert code == 0 and f"Round {number} (swiss), draft: not published" in out
        assert run(capsys, "publish", path)[0] == 0
        rnd = files.load(path).round(number)
        assert sum(p.second is None for p in rnd.pairings) == 1  # five active players: one bye
        for p in rnd.pairings:
            if p.second is not None:
                code, out, _ = run(capsys, "result", path, str(number), str(p.table), str(300 + 10 * p.first), "320")
                assert code == 0 and f"round {number} table {p.table}:" in out
    t = files.load(path)
    byes = [p.first for r in t.rounds for p in r.pairings if p.second is None]
    assert len(set(byes)) == 3  # never twice to one player while others have none
    code, out, _ = run(capsys, "standings", path)
    assert code == 0 and out.splitlines()[0] == "Laptop Open" and "Spread" in out
    code, out, _ = run(capsys, "standings", path, "--csv")
    rows = list(csv.DictReader(io.StringIO(out)))
    assert len(rows) == 6 and rows[0]["rank"] == "1"
    points = sum(int(r["points"]) for r in rows)
    assert points == 2 * 6 + 2 * 3  # six games and three byes
    code, out, _ = run(capsys, "results", path, "--csv")
    assert len(out.splitlines()) == 1 + 9
    code, out, _ = run(capsys, "pairings", path, "--round", "1", "--by-name")
    assert code == 0 and out.splitlines()[1].startswith("Mali (4): ")
    # a correction of a published result, logged with who and when
    p = files.load(path).round(1).pairings[0]
    code, out, _ = run(capsys, "result", path, "1", str(p.table), "100", "200", "--by", "chief")
    assert "(corrected)" in out
    entry = files.load(path).log[-1]
    assert (entry.action, entry.by, entry.round) == ("correct_result", "chief", 1) and entry.at
    code, out, _ = run(capsys, "log", path)
    assert "correct_result" in out and "chief" in out


@pytest.mark.usefixtures("english")
def test_edits_before_publishing(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = str(tmp_path / "t.json")
    run(capsys, "new", path, "--name", "Edits", "--rounds", "2", "--method", "king_of_the_hill")
    run(capsys, "add", path, "A", "B", "C", "D", "E")
    assert run(capsys, "pair", path)[0] == 0
    assert run(capsys, "edit", path, "1", "1", "A", "B")[0] == 0
    assert run(capsys, "edit", path, "1", "3", "E", "bye")[0] == 0
    assert run(capsys, "swap", path, "1", "C", "D")[0] == 0
    rnd = files.load(path).round(1)
    assert {frozenset(p.players()) for p in rnd.pairings} == {frozenset((1, 2)), frozenset((3, 4)), frozenset((5,))}
    assert run(capsys, "publish", path, "1")[0] == 0
    code, _, err = run(capsys, "swap", path, "1", "A", "C")
    assert code == 2 and err == "error: round 1 is published: its pairings can no longer change\n"


@pytest.mark.usefixtures("english")
@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["result", "{f}", "1", "1", "-5", "300"], "error: the first player's score -5 is negative"),
        (["result", "{f}", "1", "1", "300", "abc"], "error: the second score must be a whole number, not 'abc'"),
        (["result", "{f}", "1", "1", "5000", "300"], "error: the first player's score 5000 is above 1000"),
        (["result", "{f}", "1", "1", "0", "0"], "error: 0-0 is not a game"),
        (["result", "{f}", "4", "1", "300", "200"], "error: round 4 is not paired yet"),
        (["result", "{f}", "1", "9", "300", "200"], "error: round 1 has no table 9"),
        (["withdraw", "{f}", "Nobody"], "error: no player is called 'Nobody'"),
        (["withdraw", "{f}", "P"], "error: 'P' could be any of"),
        (["pair", "{f}", "--round", "3"], "error: round 1 still has games without a result"),
        (["pair", "{f}", "--round", "3", "--method", "random"], "error: round 2 must be paired and published before round 3"),
        (["standings", "{dir}/missing.json"], "error: {dir}/missing.json: no such file"),
        (["standings", "{dir}/bad.json"], "error: {dir}/bad.json: not JSON"),
        (["new", "{f}", "--name", "Again"], "error: {f} exists already"),
        (["new", "{dir}/x.json", "--name", "X", "--rounds", "0"], "error: rounds must be at least 1, not 0"),
    ],
)
def test_bad_input_is_one_clear_line(tmp_path: Path, capsys: pytest.CaptureFixture[str], args: list[str], message: str) -> None:
    path = str(tmp_path / "t.json")
    (tmp_path / "bad.json").write_text("{not json", encoding="utf-8")
    run(capsys, "new", path, "--name", "Errors", "--rounds", "3")
    run(capsys, "add", path, "P1", "P2")
    run(capsys, "pair", path)
    run(capsys, "publish", path)
    filled = [a.format(f=path, dir=tmp_path) for a in args]
    code, _, err = run(capsys, *filled)
    assert code == 2
    assert err.startswith(message.format(f=path, dir=tmp_path)), err
    assert "Traceback" not in err and err.count("\n") == 1


def test_messages_and_errors_in_thai(tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("AMATH_LANG", "th")
    path = str(tmp_path / "t.json")
    run(capsys, "new", path, "--name", "ทดสอบ", "--rounds", "2")
    code, out, _ = run(capsys, "add", path, "สมชาย, โรงเรียนเอ", "สุดา")
    assert code == 0 and "เพิ่มผู้เล่น 1: สมชาย (โรงเรียนเอ)" in out
    code, out, _ = run(capsys, "pair", path)
    assert "รอบที่ 1 (swiss) ร่าง: ยังไม่ได้ประกาศ" in out
    run(capsys, "publish", path)
    code, _, err = run(capsys, "result", path, "1", "1", "-1", "300")
    assert code == 2 and err.strip() == "ข้อผิดพลาด: คะแนนของผู้เล่นที่เริ่มก่อน (-1) ติดลบไม่ได้"
    run(capsys, "result", path, "1", "1", "350", "300")
    code, out, _ = run(capsys, "standings", path)
    assert "อันดับ" in out and "แต้มต่าง" in out
    data = json.loads(Path(path).read_text(encoding="utf-8"))
    assert data["players"][0]["name"] == "สมชาย"  # the file keeps Thai as it is
