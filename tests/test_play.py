"""``amath play`` driven through ``amath.apps.cli.main`` with scripted input on a seeded game."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from amath.apps.cli import main
from amath.apps.terminal import savefile
from amath.formats.save import load_game
from amath.game import Game

# Seed 9: Ann starts with 8 +- = 1 5 8 2 4.
SEED = 9
FIRST = "8H 1 +-:+ 4 = 5"  # H8 is the centre (x3 piece), L8 a double piece: 1*3 + 1 + 2 + 1 + 2*2
FIRST_SCORE = 11


def play(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], script: str, *args: str) -> tuple[int, str]:
    """Run ``amath play ARGS`` with ``script`` as stdin; return the exit code and the output."""
    monkeypatch.setattr("sys.stdin", io.StringIO(script))
    code = main(["play", "--no-color", *args])
    return code, capsys.readouterr().out


def saved(path: Path) -> Game:
    """The game in a save file."""
    return load_game(json.loads(path.read_text(encoding="utf-8")))


def base_args(path: Path) -> list[str]:
    return ["--players", "Ann,Ben", "--seed", str(SEED), "--save", str(path)]


def test_seed_gives_the_rack_the_tests_expect() -> None:
    game = Game(players=["Ann", "Ben"], seed=SEED)
    assert game.to_move == 0
    assert sorted(game.racks[0]) == sorted(["8", "+-", "=", "1", "5", "8", "2", "4"])
    assert game.push_notation(FIRST).score == FIRST_SCORE


def test_legal_placement_scores(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "g.json"
    code, out = play(monkeypatch, capsys, f"\n{FIRST}\n", *base_args(path))
    assert code == 0
    assert f"Ann played {FIRST} for {FIRST_SCORE} points." in out
    game = saved(path)
    assert game.scores == [FIRST_SCORE, 0]
    assert game.to_move == 1
    assert len(game.board) == 5


def test_illegal_input_is_explained_and_asked_again(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "g.json"
    script = "\n8H 1 + 1 = 3\n8H 8 = 5\nA1 1 = 1\nfoo bar\nexchange 20\n" + FIRST + "\n"
    code, out = play(monkeypatch, capsys, script, *base_args(path))
    assert code == 0
    assert out.count("Not accepted:") == 5
    assert "does not hold" in out  # a tile not on the rack
    assert "is not true" in out  # 8 = 5
    assert "centre" in out  # the first play must cover H8
    assert saved(path).scores == [FIRST_SCORE, 0]


def test_exchange_and_pass(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "g.json"
    code, out = play(monkeypatch, capsys, "\nexchange 8 8\n\npass\n", *base_args(path))
    assert code == 0
    assert "Ann exchanged 2 tiles." in out
    assert "Ben passed." in out
    game = saved(path)
    assert [t.kind for t in game.history] == ["exchange", "pass"]
    assert game.racks[0].count("8") <= 2 and len(game.racks[0]) == 8


def test_undo_takes_the_turn_back(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "g.json"
    code, out = play(monkeypatch, capsys, f"\n{FIRST}\n\nundo\nn\nundo\ny\n\n", *base_args(path))
    assert code == 0
    assert f"Taken back: Ann {FIRST}" in out
    game = saved(path)
    assert game.history == [] and game.scores == [0, 0] and game.board.is_empty()
    assert game.to_move == 0


def test_save_then_resume_gives_the_same_game(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "g.json"
    play(monkeypatch, capsys, f"\n{FIRST}\n", *base_args(path))
    first = saved(path)
    code, out = play(monkeypatch, capsys, "\nhistory\npass\n", "--resume", str(path))
    assert code == 0
    assert f"Ann: {FIRST}" in out.replace("−", "-")
    resumed = saved(path)  # --resume keeps saving to the same file
    assert [t.notation for t in resumed.history] == [t.notation for t in first.history] + ["pass"]
    assert resumed.scores == first.scores and resumed.board == first.board
    assert resumed.racks[0] == first.racks[0] and resumed.bag == first.bag


def test_save_command_and_quit(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "mine.json"
    script = f"\n{FIRST}\n\nsave {path}\nquit\n\n"
    code, out = play(monkeypatch, capsys, script, "--players", "Ann,Ben", "--seed", str(SEED))
    assert code == 0
    assert f"Saved to {path}." in out
    assert saved(path).scores == [FIRST_SCORE, 0]


def test_quit_offers_to_save(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "q.json"
    code, out = play(monkeypatch, capsys, f"\nquit\ny\n{path}\n", "--players", "Ann,Ben", "--seed", str(SEED))
    assert code == 0 and "Save before quitting? [y/N]" in out
    assert saved(path).history == []


@pytest.mark.parametrize("script", ["", "\n", "\n8H 1", "\nundo", "\nquit\n"])
def test_end_of_input_exits_cleanly(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path, script: str
) -> None:
    path = tmp_path / "g.json"
    code, out = play(monkeypatch, capsys, script, *base_args(path))
    assert code == 0
    assert "Goodbye." in out
    assert path.exists() or script == ""


def test_commands_help_unseen_history_shuffle(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    code, out = play(monkeypatch, capsys, "\nhelp\nunseen\nhistory\nshuffle\nboard\n", "--players", "Ann,Ben", "--seed", str(SEED))
    assert code == 0
    assert "exchange 1 2 ?" in out  # help
    assert "Unseen tiles (92):" in out  # 100 - 8 on Ann's rack
    assert "No turns yet." in out
    assert "Not accepted" not in out


def test_thai(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    code, out = play(monkeypatch, capsys, "\npass\n", "--players", "Ann,Ben", "--seed", str(SEED), "--lang", "th")
    assert code == 0
    assert "ตาของ Ann" in out and "Ann ผ่าน" in out


def test_hot_seat_hands_over_between_people(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    code, out = play(monkeypatch, capsys, "\npass\n\npass\n", "--players", "Ann,Ben,Cat", "--seed", str(SEED))
    assert code == 0
    assert out.count("take the screen") >= 3
    # Ann's rack is only shown after Ann's hand-over, Ben's after Ben's
    assert out.index("Ann, take the screen") < out.index("Rack of Ann") < out.index("Ben, take the screen") < out.index("Rack of Ben")


def test_teams_share_a_side(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "t.json"
    code, out = play(monkeypatch, capsys, "\npass\n", "--teams", "Ann+Cat,Ben+Dan", "--seed", "1", "--save", str(path))
    assert code == 0
    assert "Ann & Cat" in out and "Ben & Dan" in out
    assert saved(path).sides == (("Ann", "Cat"), ("Ben", "Dan"))


@pytest.mark.parametrize(
    "args",
    [
        ["--players", "Ann"],
        ["--players", "A,B,C,D,E"],
        ["--bot", "5=greedy"],
        ["--bot", "nonsense"],
        ["--clock", "10", "--move-limit", "3"],
        ["--clock", "0"],
    ],
)
def test_bad_options_exit_2(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], args: list[str]) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO(""))
    assert main(["play", *args]) == 2
    assert "error:" in capsys.readouterr().err


def test_resume_of_a_bad_file_exits_2(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text("{not json", encoding="utf-8")
    monkeypatch.setattr("sys.stdin", io.StringIO(""))
    assert main(["play", "--resume", str(bad)]) == 2
    assert "Cannot resume" in capsys.readouterr().err
    assert main(["play", "--resume", str(tmp_path / "missing.json")]) == 2


def test_clock_options_reach_the_game(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "c.json"
    play(monkeypatch, capsys, "\npass\n", *base_args(path), "--clock", "22", "--challenge")
    game = saved(path)
    assert game.options.challenge
    assert (game.options.clock.kind, game.options.clock.seconds, game.options.clock.loss_on_time) == ("total", 22 * 60, False)
    play(monkeypatch, capsys, "\npass\n", *base_args(path), "--move-limit", "3")
    assert saved(path).options.clock.kind == "move" and saved(path).options.clock.seconds == 180
    play(monkeypatch, capsys, "\npass\n", *base_args(path), "--loss-on-time")
    assert saved(path).options.clock.loss_on_time


def test_challenge_of_a_false_play_takes_it_back(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "ch.json"
    code, out = play(monkeypatch, capsys, "\n8H 8 = 5\ny\n", *base_args(path), "--challenge")
    assert code == 0
    assert "Ben, challenge the play 8H 8 = 5?" in out
    assert "is false and is taken back" in out
    game = saved(path)
    assert game.board.is_empty() and game.scores == [0, 0]
    assert sorted(game.racks[0]) == sorted(["8", "+-", "=", "1", "5", "8", "2", "4"])


def test_challenge_of_a_true_play_costs_the_challenger(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "ch.json"
    code, out = play(monkeypatch, capsys, f"\n{FIRST}\ny\n", *base_args(path), "--challenge")
    assert code == 0
    assert "stands; Ben loses the next turn" in out
    game = saved(path)
    assert game.scores == [FIRST_SCORE, 0]
    assert [t.kind for t in game.history][:2] == ["place", "challenge-lost"]


def test_challenge_with_three_players_asks_who(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "ch3.json"
    args = ["--players", "Ann,Ben,Cat", "--seed", str(SEED), "--save", str(path), "--challenge"]
    game = Game(players=["Ann", "Ben", "Cat"], seed=SEED)
    assert game.to_move == 0 and "=" in game.racks[0]
    numbers = sorted({t for t in game.racks[0] if t.isdigit()})
    assert len(numbers) >= 2
    bad = f"8H {numbers[0]} = {numbers[1]}"
    code, out = play(monkeypatch, capsys, f"\n{bad}\n9\n3\n", *args)
    assert code == 0
    assert "Does anyone challenge" in out and "'9' is not one of the choices" in out
    assert saved(path).history[-1].kind == "challenge-won"


def test_savefile_keeps_bot_seats(tmp_path: Path) -> None:
    game = Game(players=["Ann", "Ben"], seed=SEED)
    savefile.write(tmp_path / "b.json", game, {1: "greedy"})
    again, bots = savefile.read(tmp_path / "b.json")
    assert bots == {1: "greedy"} and again.racks == game.racks


def test_bots_finish_a_game(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "bots.json"
    code, out = play(monkeypatch, capsys, "", "--players", "bot:greedy,Ben", "--bot", "Ben=greedy", "--seed", "1", "--save", str(path))
    assert code == 0
    assert "Game over" in out
    game, levels = savefile.read(path)
    assert game.over and levels == {0: "greedy", 1: "greedy"}
