"""Puzzles: every stored puzzle re-verified by the engine, kinds that are what they claim, resumable generation, judging attempts."""

from __future__ import annotations

import dataclasses
import json
import random
from pathlib import Path

import pytest

from amath.apps.cli import main
from amath.core.errors import PositionError
from amath.core.move import Place
from amath.core.notation import parse_move
from amath.core.rules import AMATH
from amath.engine.generator import get_generator
from amath.engine.static import default_equity
from amath.formats.save import dumps_game
from amath.players.selfplay import play
from amath.study.puzzles import MARGINS, Option, Puzzle, attempt, generate, read_puzzles, rebuild, verify

DATA = Path(__file__).resolve().parents[1] / "data" / "puzzles"


def _top_score(p: Puzzle) -> int:
    """The most any placement of the position scores (the generator's exact best)."""
    pos = rebuild(p)
    return get_generator().top(pos.board, pos.rack(), pos.rules, 1)[0].score


def _check_kind(p: Puzzle) -> None:
    """What the kind claims, seen from the position alone (A-Math: the complete list of placements)."""
    pos = rebuild(p)
    move = parse_move(p.answer.move, pos.board, pos.rules)
    assert pos.points(move) == p.answer.score  # type: ignore[arg-type]
    assert p.margin >= MARGINS[p.kind]
    if p.kind == "bingo":
        assert isinstance(move, Place)
        used = [t for t in move.tiles if t.tile not in pos.rules.tiles.free]
        assert len(used) == len(pos.rack()) == pos.rules.rack_size and p.answer.leave == ()
    elif p.kind == "score":
        best = _top_score(p)
        assert p.answer.score == best and p.next is not None and p.next.score <= best - MARGINS["score"]
    elif p.kind == "leave":
        assert isinstance(move, Place) and p.answer.score < _top_score(p)  # not the top-scoring play: the tiles kept decide
        assert p.next is not None and p.answer.value - p.next.value >= MARGINS["leave"] - 0.01
    else:
        assert p.kind == "endgame" and pos.bag_size == 0 and p.opponent and p.method == "exact"
        assert p.answer.value > 0 and p.next is not None and p.answer.value - p.next.value >= MARGINS["endgame"]


def test_every_stored_amath_puzzle_is_verified_again_and_is_what_its_kind_claims() -> None:
    puzzles = read_puzzles(DATA / "a-math.jsonl")
    assert len(puzzles) >= 2000 and len({p.id for p in puzzles}) == len(puzzles)
    assert {p.kind for p in puzzles} == {"bingo", "score", "leave", "endgame"}
    assert {p.difficulty for p in puzzles} == {"easy", "medium", "hard"}
    equity = default_equity()
    failed = [(p.id, v.reason) for p in puzzles if not (v := verify(p, equity)).ok]
    assert failed == []
    rng = random.Random(5)
    for p in puzzles:  # each kind's own rule, apart from verify's search (a quarter of the best-score and leave ones: a list each)
        if p.kind in ("bingo", "endgame") or rng.random() < 0.25:
            _check_kind(p)


def test_a_sample_of_the_stored_smath_puzzles_is_verified_again() -> None:
    puzzles = read_puzzles(DATA / "smath.jsonl")
    assert puzzles and all(p.variant == "smath" for p in puzzles)
    for p in random.Random(7).sample(puzzles, min(8, len(puzzles))):
        assert verify(p).ok, p.id
        pos = rebuild(p)
        move = parse_move(p.answer.move, pos.board, pos.rules)
        assert pos.points(move) == p.answer.score  # type: ignore[arg-type]
        if p.kind == "bingo":
            assert isinstance(move, Place) and sum(1 for t in move.tiles if t.tile not in pos.rules.tiles.free) == pos.rules.rack_size


def test_a_puzzle_whose_answer_is_not_the_engines_fails_its_check() -> None:
    p = next(p for p in read_puzzles(DATA / "a-math.jsonl") if p.next is not None and p.kind == "score")
    assert p.next is not None
    swapped = dataclasses.replace(p, answer=p.next, next=p.answer)
    verdict = verify(swapped)
    assert not verdict.ok and p.answer.move in verdict.reason
    assert verify(p).ok


def test_generation_writes_as_it_goes_and_resumes_without_repeating(tmp_path: Path) -> None:
    out = tmp_path / "p.jsonl"
    first = generate("a-math", 3, 11, out)
    lines = out.read_text(encoding="utf-8").splitlines()
    assert first.written == 3 and len(lines) == 3
    more = generate("a-math", 7, 11, out)
    again = out.read_text(encoding="utf-8").splitlines()
    assert again[:3] == lines and len(again) == 7 and more.written == 4
    assert len({json.loads(line)["id"] for line in again}) == 7
    assert generate("a-math", 7, 11, out).written == 0  # the file holds the count already


def test_generation_scans_given_game_files_first(tmp_path: Path) -> None:
    game = play(["equity", "greedy"], 12345, AMATH)
    path = tmp_path / "game.json"
    path.write_text(dumps_game(game), encoding="utf-8")
    out = tmp_path / "p.jsonl"
    progress = generate("a-math", 2, 1, out, files=[path])
    puzzles = read_puzzles(out)
    assert progress.written == 2 and all(p.source.startswith(str(path)) for p in puzzles)
    assert all(verify(p).ok for p in puzzles)


def test_attempts_are_judged_right_wrong_or_refused() -> None:
    puzzles = read_puzzles(DATA / "a-math.jsonl")
    p = next(p for p in puzzles if p.next is not None and p.kind == "leave")
    assert p.next is not None
    assert attempt(p, p.answer.move).right
    wrong = attempt(p, p.next.move)
    assert not wrong.right and wrong.error is None and wrong.score == p.next.score
    refused = attempt(p, "Z99 1")
    assert not refused.right and refused.error is not None and refused.error.code
    end = next(p for p in puzzles if p.kind == "endgame")
    assert attempt(end, end.answer.move).right
    assert end.next is not None and not attempt(end, end.next.move).right


def test_a_stored_line_round_trips_and_a_malformed_one_is_an_error_with_a_code() -> None:
    p = read_puzzles(DATA / "a-math.jsonl")[0]
    assert Puzzle.from_dict(json.loads(json.dumps(p.to_dict()))) == p
    assert isinstance(p.answer, Option)
    broken = p.to_dict()
    del broken["answer"]
    with pytest.raises(PositionError) as info:
        Puzzle.from_dict(broken)
    assert info.value.code == "puzzle_entry"


def test_the_command_generates_verifies_and_refuses_in_thai(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    out = tmp_path / "c.jsonl"
    assert main(["puzzles", "generate", "--count", "2", "--seed", "4", "-o", str(out), "--quiet"]) == 0
    assert "2 new puzzles" in capsys.readouterr().out and len(read_puzzles(out)) == 2
    assert main(["puzzles", "verify", str(out)]) == 0
    assert "2 of 2 puzzles checked" in capsys.readouterr().out
    monkeypatch.setenv("AMATH_LANG", "th")
    assert main(["puzzles", "generate", "--count", "2"]) == 2
    assert "ไฟล์ผลลัพธ์" in capsys.readouterr().err
