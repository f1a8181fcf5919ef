"""Self-play: seeded games replay exactly, the summary adds up, the command runs end to end."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest

from amath.apps.cli import main
from amath.apps.cli.selfplay import summary_lines
from amath.core.rules import AMATH
from amath.formats.save import load_game
from amath.players.parallel import Workers, run_ordered
from amath.players.selfplay import GameRecord, Summary, game_seed, play_game, play_task, run_tasks, seating

SMALL = dataclasses.replace(AMATH, name="a-math-5", rack_size=5, bingo_bonus=25)


def test_same_seed_same_game() -> None:
    """Two runs from one seed give the same turns and scores; another seed differs."""
    a = play_game(["greedy", "random"], 77, rules=SMALL)
    b = play_game(["greedy", "random"], 77, rules=SMALL)
    c = play_game(["greedy", "random"], 78, rules=SMALL)
    assert a.saved["turns"] == b.saved["turns"] and a.scores == b.scores
    assert c.saved["turns"] != a.saved["turns"]
    assert a.placements >= 1 and a.turns == len(a.saved["turns"])


def test_seeds_and_seats() -> None:
    """Game seeds depend on run seed and index only; seats rotate from game to game."""
    assert game_seed(1, 0) == game_seed(1, 0) != game_seed(1, 1) != game_seed(2, 1)
    assert seating(["a", "b"], 0) == ["a", "b"] and seating(["a", "b"], 1) == ["b", "a"]


def _record(seats: tuple[str, ...], scores: tuple[int, ...], winners: tuple[int, ...], bingos: tuple[int, ...] = (0, 0)) -> GameRecord:
    return GameRecord(0, 1, seats, scores, winners, bingos, 20, 15, 2.0, {})


def test_summary_counts_by_bot_not_seat() -> None:
    """Wins, points, bingos and the margin follow the bot whichever seat it had."""
    s = Summary(["greedy", "equity"])
    s.add(_record(("greedy", "equity"), (300, 250), (0,), (1, 0)))
    s.add(_record(("equity", "greedy"), (280, 260), (0,), (2, 0)))
    s.add(_record(("greedy", "equity"), (200, 200), (0, 1)))
    assert s.wins == {"greedy": 1.5, "equity": 1.5}
    assert s.points == {"greedy": 760, "equity": 730}
    assert s.bingos == {"greedy": 1, "equity": 2}
    assert s.margins == [50, -20, 0]
    mean, half = s.margin()
    assert mean == pytest.approx(10.0)
    assert half == pytest.approx(1.96 * (((40**2 + 30**2 + 10**2) / 2) ** 0.5) / 3**0.5)
    text = "\n".join(summary_lines(s))
    assert "margin greedy - equity: +10.0" in text and "turns per second" in text
    assert f"win rate greedy: 50.0% ± {196 * (0.25 / 3) ** 0.5:.1f}" in text


def test_selfplay_command(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """``amath selfplay`` plays, saves games that load back, and prints the summary."""
    code = main(["selfplay", "--games", "2", "--players", "random,random", "--seed", "4", "--out", str(tmp_path)])
    assert code == 0
    out, err = capsys.readouterr()
    assert "games: 2" in out and "random#2" in out and "margin random - random#2" in out
    assert "games 2/2" in err and "\r" not in err  # the progress line, written once: stderr is not a terminal here
    files = sorted(tmp_path.glob("game-*.json"))
    assert [f.name for f in files] == ["game-0001.json", "game-0002.json"]
    game = load_game(json.loads(files[0].read_text(encoding="utf-8")))
    assert game.over


def test_selfplay_rejects_bad_arguments(capsys: pytest.CaptureFixture[str]) -> None:
    """Unknown bots and bad counts exit 2 with a message."""
    assert main(["selfplay", "--players", "greedy,wizard"]) == 2
    assert main(["selfplay", "--games", "0"]) == 2
    assert "error" in capsys.readouterr().err


def test_processes_and_local_ray_play_the_same_games() -> None:
    """One run's tasks give the same game records on two processes and on a local Ray (started here)."""
    tasks = run_tasks(["greedy", "random"], 21, 3, SMALL)
    processes = [rec.saved for rec in run_ordered(play_task, tasks, Workers(2))]
    on_ray = [rec.saved for rec in run_ordered(play_task, tasks, Workers(2, "local"))]
    assert on_ray == processes
    assert len({json.dumps(s["turns"]) for s in processes}) == 3  # three different games, not one three times
    assert [s["sides"][0][0].split(" ")[0] for s in processes] == ["greedy", "random", "greedy"]  # seats rotate
