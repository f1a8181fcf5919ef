"""Text game records: game -> record -> game, and records the rules disagree with."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from amath.core.errors import AmathError
from amath.formats.record import RecordError, format_record, parse_record, record_of, write_record
from amath.formats.replay import read_record, replay
from amath.game import Game, Turn
from record_games import pass_out, random_game

DATA = Path(__file__).parent / "data"
FIXTURES = sorted(DATA.glob("*.amr"))


def _key(turn: Turn) -> tuple[object, ...]:
    # the rack shown on a 'skipped' line is informational: replay does not set it
    return (turn.player, turn.kind, turn.notation, turn.rack_before if turn.kind != "skipped" else (), turn.score, turn.total, turn.elapsed)


def assert_same_game(a: Game, b: Game) -> None:
    assert [_key(t) for t in a.history] == [_key(t) for t in b.history]
    assert a.board == b.board
    assert a.scores == b.scores and a.result == b.result and a.to_move == b.to_move
    assert a.sides == b.sides and a.options == b.options and a.rules == b.rules
    assert a.tiles_in_play() == b.tiles_in_play()


@settings(max_examples=40, deadline=None)
@given(
    seed=st.integers(0, 10**6),
    turns=st.integers(0, 30),
    challenge=st.booleans(),
    clock=st.sampled_from(["none", "total", "loss", "move"]),
    players=st.integers(2, 4),
    finish=st.sampled_from(["no", "passes", "resign"]),
    with_seed=st.booleans(),
)
def test_game_to_record_to_game(seed: int, turns: int, challenge: bool, clock: str, players: int, finish: str, with_seed: bool) -> None:
    game = random_game(seed, turns, challenge=challenge, clock=clock, players=players)
    if finish == "passes":
        pass_out(game)
    elif finish == "resign" and (not game.over or game.can_challenge()):
        game.resign(seed % players)
    text = format_record(record_of(game, seed=with_seed, date="2026-01-02", event="Club | night"))
    again = read_record(text)
    assert_same_game(game, again)
    assert format_record(parse_record(text)) == text  # the text itself round-trips


@pytest.mark.parametrize("path", FIXTURES, ids=lambda p: p.name)
def test_stored_records_agree(path: Path) -> None:
    result = replay(parse_record(path.read_text()))
    assert result.ok, result.problem
    assert result.agreed == result.turns > 20
    assert result.game.over


def test_record_header_and_lines() -> None:
    game = random_game(3, 12, clock="total", players=3)
    pass_out(game)
    text = write_record(game, date="2026-05-01", event="Bangkok Open")
    lines = text.splitlines()
    assert lines[:6] == ["#amath-record 1", "#variant a-math", "#side 1 Ann", "#side 2 Ben", "#side 3 Cat", "#date 2026-05-01"]
    assert "#clock total 60 10" in lines and "#challenge off" in lines and f"#seed {game.seed}" in lines
    turn_lines = [ln for ln in lines if ln.startswith(">")]
    assert len(turn_lines) == len(game.history) + len(record_of(game).ends)
    assert any("end-rack" in ln for ln in turn_lines)


def test_teams_and_names() -> None:
    game = Game(teams=[["Ann", "Cat"], ["Ben", "Dan"]], seed=4)
    rec = parse_record(write_record(game))
    assert rec.sides == [("Ann", "Cat"), ("Ben", "Dan")]
    with pytest.raises(RecordError, match=r"contains '\|'"):
        write_record(Game(players=["A|B", "C"], seed=1))


def test_hidden_record_for_one_side_replays() -> None:
    for seed in range(6):
        game = random_game(seed, 25)
        pass_out(game)
        rec = record_of(game, viewer=0)
        text = format_record(rec)
        assert "#seed" not in text
        assert all(line.rack is None for line in rec.turns if line.side == 1)
        assert not any(line.kind == "exchange" and line.tiles for line in rec.turns if line.side == 1)
        result = replay(parse_record(text))
        assert result.ok, (seed, result.problem)
        assert result.game.scores == game.scores and result.game.result == game.result


def _with_line(text: str, number: int, field: int, value: str) -> str:
    """``text`` with field ``field`` of turn line ``number`` (from 1) replaced."""
    lines = text.splitlines()
    turn_lines = [k for k, ln in enumerate(lines) if ln.startswith(">")]
    k = turn_lines[number - 1]
    head, _, rest = lines[k].partition(":")
    fields = rest.split("|")
    fields[field] = f" {value} "
    lines[k] = head + ":" + "|".join(fields)
    return "\n".join(lines) + "\n"


def _fixture() -> str:
    return (DATA / "greedy-seed3.amr").read_text()


def test_wrong_score_names_the_turn() -> None:
    text = _with_line(_fixture(), 7, 2, "+23")
    result = replay(parse_record(text))
    assert not result.ok and result.agreed == 6
    assert str(result.problem) == "turn 7 (line 17): recorded score 23, the rules give 14"
    with pytest.raises(RecordError, match=r"^turn 7 \(line 17\): recorded score 23"):
        read_record(text)


def test_wrong_total_and_wrong_side() -> None:
    result = replay(parse_record(_with_line(_fixture(), 3, 3, "18")))
    assert "turn 3" in str(result.problem) and "recorded total 18, the rules give 17" in str(result.problem)
    lines = _fixture().splitlines()
    lines[13] = ">1" + lines[13][2:]
    result = replay(parse_record("\n".join(lines)))
    assert str(result.problem).startswith("turn 4 (line 14): the record has side 1 to move, the rules have side 2")


def test_illegal_move_names_the_turn() -> None:
    text = _with_line(_fixture(), 2, 1, "8H 7 +-:- 3 2 / ?:9 = 3")
    result = replay(parse_record(text))
    assert result.problem is not None and result.problem.turn == 2 and result.problem.line == 12
    assert "is not allowed" in str(result.problem) and "not true" in str(result.problem)
    text = _with_line(_fixture(), 3, 1, "8A 1 = 1")
    assert "turn 3" in str(replay(parse_record(text)).problem)


def test_rack_that_cannot_be_is_reported() -> None:
    text = _with_line(_fixture(), 2, 0, "20 20 7 +- ? / 3 3")  # there is one 20 in the set
    problem = replay(parse_record(text)).problem
    assert problem is not None and problem.turn == 2 and "20" in str(problem)
    text = _with_line(_fixture(), 2, 0, "2 7 = +- ? / 3")
    assert "recorded rack has 7 tiles, the rules give 8" in str(replay(parse_record(text)).problem)


def test_wrong_end_of_game_is_reported() -> None:
    text = _fixture().replace("| end-rack 5 | -2 | 411", "| end-rack 5 | -3 | 410")
    problem = replay(parse_record(text)).problem
    assert problem is not None and "end-rack -3 for side 2, the rules give -2" in str(problem) and problem.line == 36
    cut = "\n".join(ln for ln in _fixture().splitlines() if "end-rack 5 " not in ln)
    assert "no end-rack line for side 2" in str(replay(parse_record(cut)).problem)
    early = "\n".join(ln for ln in _fixture().splitlines() if "| pass |" not in ln)
    assert "under the rules it goes on" in str(replay(parse_record(early)).problem)


def test_unfinished_record_and_skipped_without_challenge() -> None:
    lines = _fixture().splitlines()[:14]
    assert replay(parse_record("\n".join(lines))).ok
    bad = [*lines, ">1: 1 2 | skipped | +0 | 149"]
    assert "no challenge failed" in str(replay(parse_record("\n".join(bad))).problem)


@pytest.mark.parametrize(
    ("line", "message"),
    [
        (">1: 1 2 3 | pass | +0", "line 5: a turn is '>SIDE: RACK"),
        (">1 1 2 3 | pass | +0 | 0", "line 5: a turn is"),
        (">3: 1 2 | pass | +0 | 0", "line 5: '3' is not a side"),
        (">1: 1 2 | pass | ten | 0", "line 5: the score must be a whole number"),
        (">1: 1 99 | pass | +0 | 0", "line 5: rack: '99' is not a tile"),
        (">1: 1 2 | exchange | +0 | 0", "line 5: an exchange names its tiles"),
        (">1: 1 2 | challenge-won 2 | +0 | 0", "line 5: expected 'challenge-won by SIDE'"),
        (">1: 1 2 | pass now | +0 | 0", "line 5: 'pass' takes nothing"),
        (">1: 1 2 | pass | +0 | 0 | speed=3", "line 5: unknown field"),
        (">1: 1 2 | pass | +0 | 0 | time=-1", "line 5: time must be seconds >= 0"),
        ("hello", "line 5: expected a header"),
        ("#clock total x", "line 5: expected '#clock none'"),
        ("#challenge maybe", "line 5: '#challenge' must be 'on' or 'off'"),
        ("#seed -4", "line 5: '#seed' must be a whole number"),
        ("#side 2 Bob", "line 5: side 2 is named twice"),
        ("#amath-record 9", "line 5: record version '9'"),
    ],
)
def test_malformed_lines_name_the_line(line: str, message: str) -> None:
    text = f"#amath-record 1\n#variant a-math\n#side 1 Ann\n#side 2 Ben\n{line}\n"
    with pytest.raises(RecordError) as info:
        parse_record(text)
    assert str(info.value).startswith(message), str(info.value)


def test_malformed_records_overall() -> None:
    with pytest.raises(RecordError, match="needs 2 to 4"):
        parse_record("#side 1 Ann\n")
    with pytest.raises(RecordError, match="unknown variant"):
        parse_record("#variant chess\n#side 1 A\n#side 2 B\n")
    with pytest.raises(RecordError, match="number the sides"):
        parse_record("#side 1 A\n#side 3 B\n")
    with pytest.raises(RecordError, match="line 4: a turn after the end-of-game lines"):
        parse_record("#side 1 A\n#side 2 B\n>1: | end-rack 1 | +2 | 2\n>2: 1 | pass | +0 | 0\n")


def test_names_and_hidden_exchange_are_read() -> None:
    rec = parse_record("#side 1 Ann\n#side 2 Ben | Cat\n>Ann: 1 2 | exchange (2) | +0 | 0\n>Cat: | pass | +0 | 0\n")
    assert [t.side for t in rec.turns] == [0, 1]
    assert rec.turns[0].count == 2 and rec.turns[0].tiles == () and rec.turns[1].rack is None


def test_the_documented_example_replays() -> None:
    doc = (Path(__file__).parent.parent / "docs" / "record-format.md").read_text()
    example = doc.split("```\n", 2)[1]
    result = replay(parse_record(example))
    assert result.ok and result.agreed == 21 and result.game.result is not None
    assert result.game.result.scores == (-13, -3)


def test_exchange_of_unknown_tiles_with_a_known_rack() -> None:
    text = _fixture().replace("| exchange */ = / |", "| exchange (3) |")
    result = replay(parse_record(text))
    assert result.ok, result.problem


def test_a_resignation_is_a_line_of_the_record_and_replays() -> None:
    game = random_game(5, 12, players=3)
    game.resign(1)
    text = write_record(game)
    last = text.splitlines()[-1]
    assert last.startswith(">2: ") and last.endswith(f"| resign | +0 | {game.scores[1]}")
    again = read_record(text)
    assert again.result is not None and again.result.reason == "resign" and again.result.resigned == 1
    assert again.result.winners == tuple(k for k in (0, 2) if game.scores[k] == max(game.scores[0], game.scores[2]))
    assert_same_game(game, again)
    twice = text + f">1: {' '.join(game.racks[0])} | resign | +0 | {game.scores[0]}\n"
    problem = replay(parse_record(twice)).problem
    assert problem is not None and problem.code == "replay_resign_twice"
    with pytest.raises(RecordError, match="'resign' takes nothing"):
        parse_record(text.replace("| resign |", "| resign now |"))


def test_a_resignation_after_the_end_is_refused() -> None:
    game = random_game(5, 12)
    pass_out(game)
    text = write_record(game)
    side = len(game.sides) - 1
    late = text + f">{side + 1}: | resign | +0 | {game.result.scores[side] if game.result else 0}\n"
    problem = replay(parse_record(late)).problem
    assert problem is not None and problem.code == "replay_resign_over" and "over already" in str(problem)


def test_a_game_refuses_a_second_ending() -> None:
    game = random_game(5, 4)
    game.resign(0)
    with pytest.raises(AmathError) as info:
        game.resign(1)
    assert info.value.code == "game_over"
    with pytest.raises(AmathError) as bad:
        random_game(5, 4).resign(7)
    assert bad.value.code == "no_such_side"
