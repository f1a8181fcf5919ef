"""``amath play`` as a new user meets it (issue 12, item 11): hint, the quit prompt, a hot-seat undo,
Smath's help and messages, the ± tile on the board."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from amath.apps.terminal.console import Console
from amath.apps.terminal.render import render_board
from amath.apps.terminal.session import Session
from amath.apps.terminal.style import Style
from amath.apps.terminal.text import Text
from amath.core.rules import SMATH
from amath.game import Game

PLAIN = Style(color=False, unicode=True)


@pytest.fixture(autouse=True)
def _scratch_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)  # a save by mistake lands here, not in the checkout


def run(game: Game, script: str, lang: str = "en", **kw: object) -> str:
    out = io.StringIO()
    Session(game, Console(PLAIN, io.StringIO(script), out), Text(lang), **kw).run()  # type: ignore[arg-type]
    return out.getvalue()


def test_hint_lists_the_best_plays_for_the_rack() -> None:
    game = Game(players=["Ann", "Ben"], seed=9)
    game.set_rack(game.to_move, ["1", "2", "+", "3", "4", "=", "4", "6"])
    out = run(game, "\nhint\nquit\nn\n")
    assert "Best plays" in out
    lines = [ln for ln in out.splitlines() if ln.startswith("  ") and "points (equity" in ln]
    assert len(lines) == 3
    move, _, rest = lines[0].strip().partition("  ")
    assert len(move.split()) == 9 and int(rest.split()[0]) >= 40  # the bingo (a coordinate and all 8 tiles, +40) comes first
    assert game.history == []  # a hint changes nothing


def test_a_smath_hint_says_when_its_search_stopped_at_the_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    """The terminal's hint is the web page's (one analysis of the rack): past the node budget it
    still lists legal plays and says a better one may exist; a finished search says nothing of it."""
    import amath.study.analyze as analysis

    def hint(lang: str) -> tuple[Game, str]:
        game = Game(SMATH, players=["Ann", "Ben"], seed=9)
        game.set_rack(game.to_move, ["1", "1", "+", "2", "3", "4", "5", "6", "7", "8"])
        return game, run(game, "\nhint\nquit\nn\n", lang)

    game, out = hint("en")
    assert "Best plays" in out and "node budget" not in out
    monkeypatch.setattr(analysis, "SMATH_LIST_NODES", 20)
    monkeypatch.setattr(analysis, "ANALYSIS_NODES", 20)
    game, out = hint("en")
    assert "a better play than these may exist" in out
    plays = [ln.strip().partition("  ")[0] for ln in out.splitlines() if ln.startswith("  ") and "points (equity" in ln]
    assert plays and all(game.is_legal(game.parse(p)) for p in plays if p != "pass" and not p.startswith("exchange"))
    assert "อาจมีการลงที่ดีกว่านี้" in hint("th")[1]


def test_quit_asks_yes_or_no_before_a_file_name(tmp_path: Path) -> None:
    game = Game(players=["Ann", "Ben"], seed=9)
    out = run(game, "\nquit\nn\n")
    assert "Save before quitting? [y/N]" in out and "File name" not in out
    assert list(tmp_path.iterdir()) == []  # answering n saves nothing (it used to save a file called n)
    out = run(Game(players=["Ann", "Ben"], seed=9), f"\nquit\ny\n{tmp_path / 'g.json'}\n")
    assert "File name to save to:" in out and (tmp_path / "g.json").exists()


def test_a_hot_seat_undo_of_another_players_turn_asks_that_player() -> None:
    game = Game(players=["Ann", "Ben"], seed=9)
    game.set_rack(game.to_move, ["1", "=", "1", "2", "3", "4", "5", "6"])
    first, second = game.names[game.to_move], game.names[1 - game.to_move]
    out = run(game, "\n8G 1 = 1\n\nundo\nn\nquit\nn\n")
    assert f"{first}, {second} asks to take back your turn 8G 1 = 1. Agree? [y/N]" in out
    assert len(game.history) == 1  # the owner said no


def test_smath_help_describes_smath_and_amath_help_does_not() -> None:
    smath = run(Game(SMATH, players=["Ann", "Ben"], seed=5), "\nhelp\nquit\nn\n")
    assert "Commands (Smath)" in smath and "= ( ) are free" in smath and "1 2 is two numbers" in smath
    amath = run(Game(players=["Ann", "Ben"], seed=5), "\nhelp\nquit\nn\n")
    assert "Commands (Smath)" not in amath and "choice tiles" in amath
    thai = run(Game(SMATH, players=["Ann", "Ben"], seed=5), "\nhelp\nquit\nn\n", lang="th")
    assert "คำสั่ง (สแม็ท)" in thai


def test_smath_messages_print_numbers_unjoined() -> None:
    game = Game(SMATH, players=["Ann", "Ben"], seed=5)
    game.set_rack(game.to_move, ["2", "6", "1", "2", "*", "3", "4", "5", "7", "8"])
    out = run(game, "\n8H 2 * 6 = 1 2\nquit\nn\n")
    assert "2×6=1 2 at H8 is not true: numbers side by side: 1 2" in out
    assert "2×6=12" not in out


def test_the_plus_minus_tile_as_minus_looks_unlike_a_real_minus() -> None:
    game = Game(players=["Ann", "Ben"], seed=9)
    game.set_rack(game.to_move, ["5", "+-", "2", "=", "3", "-", "9", "6"])
    game.push_notation("8G 5 +-:- 2 = 3")
    game.set_rack(game.to_move, ["9", "-", "6", "=", "1", "4", "7", "8"])
    game.push_notation("K4 9 - 6 = [3]")
    lines = render_board(game.board, game.rules, PLAIN).splitlines()
    assert "−'₁" in lines[8]  # H8: the ± tile as −, marked, its own point
    assert "−₂" in lines[5] and "'" not in lines[5]  # K5: a real minus (2 points), unmarked
