"""The terminal front end: board drawing, colours on and off, ASCII, strings, the session loop."""

from __future__ import annotations

import io
import re
from collections.abc import Iterator

import pytest

from amath.apps.terminal.console import Console
from amath.apps.terminal.render import render_board, render_legend, render_rack, render_scores
from amath.apps.terminal.report import render_summary, render_unseen
from amath.apps.terminal.session import Session
from amath.apps.terminal.style import Style, detect
from amath.apps.terminal.text import EN, TABLES, Text
from amath.core.board import Square
from amath.core.move import Move, Pass
from amath.core.rules import AMATH
from amath.core.rules.base import ClockRules
from amath.game import Game, Options

ANSI = re.compile(r"\x1b\[[0-9;]*m")
COLOR = Style(color=True, unicode=True)
PLAIN = Style(color=False, unicode=True)
ASCII = Style(color=False, unicode=False)


def played_game() -> Game:
    game = Game(players=["Ann", "Ben"], seed=9)
    game.push_notation("8H 1 +-:+ 4 = 5")
    return game


def test_board_has_coordinates_and_tiles_with_points() -> None:
    game = played_game()
    text = render_board(game.board, game.rules, PLAIN)
    lines = text.splitlines()
    assert lines[0].split() == list("ABCDEFGHIJKLMNO") == lines[-1].split()
    assert len(lines) == 17
    row8 = lines[8]
    assert row8.startswith(" 8 ") and row8.endswith(" 8")
    for shown in ("1₁", "+'₁", "4₂", "=₁", "5₂"):  # the ± tile played as + carries the choice mark
        assert shown in row8
    assert lines[1].split()[1] == "T" and "★" not in row8  # A1 triple equation; the star is covered
    assert "★" in render_board(Game(seed=1).board, AMATH, PLAIN).splitlines()[8]


def test_cells_line_up_under_their_letters() -> None:
    game = played_game()
    header, row8 = render_board(game.board, game.rules, PLAIN).splitlines()[0], render_board(game.board, game.rules, PLAIN).splitlines()[8]
    h = header.index("H")
    assert row8[h : h + 2] == "1₁"  # H8 holds the 1
    assert row8[header.index("A")] == "T"


def test_premium_colours() -> None:
    text = render_board(Game(seed=1).board, AMATH, COLOR)
    assert "\x1b[97;41m T \x1b[0m" in text  # triple equation: red
    assert "\x1b[30;43m D \x1b[0m" in text  # double equation: yellow
    assert "\x1b[97;44m 3 \x1b[0m" in text  # triple piece: blue
    assert "\x1b[30;48;5;208m 2 \x1b[0m" in text  # double piece: orange
    assert "★" in text
    assert ANSI.sub("", text).count(" T ") == 8


def test_no_colour_and_ascii() -> None:
    game = played_game()
    plain = render_board(game.board, game.rules, PLAIN)
    assert "\x1b" not in plain
    assert " 3p" in plain and " 2p" in plain  # without colour the piece premiums say so
    ascii_text = render_board(game.board, game.rules, ASCII) + render_legend(Text(), ASCII) + render_rack(game.racks[0], AMATH, ASCII)
    assert ascii_text.isascii()
    assert " 1   +'  4   =   5 " in ascii_text


def test_last_move_is_highlighted() -> None:
    game = played_game()
    squares = {Square.parse(s) for s in ("H8", "I8", "J8", "K8", "L8")}
    assert "\x1b[1;30;48;5;157m" in render_board(game.board, game.rules, COLOR, squares)


def test_rack_legend_scores() -> None:
    assert render_rack(["7", "?", "+-", "*/"], AMATH, PLAIN) == " 7₂   ?₀   ±₁   ×/÷₁ "
    assert render_rack(["7", "?"], AMATH, ASCII) == " 7(2)   ?(0) "
    legend = render_legend(Text(), PLAIN)
    for word in ("triple equation", "double equation", "triple piece", "double piece", "centre"):
        assert word in legend
    game = Game(players=["Ann", "Ben"], seed=9, options=Options(clock=ClockRules("total", 600)))
    scores = render_scores(game, Text(), PLAIN, {1})
    assert "▶ Ann" in scores and "Ben [bot]" in scores and "10:00 left" in scores and "Bag: 84 tiles" in scores
    # a bot's level by its name for people, in the player's language (the registry's LEVEL_NAMES), never its raw id
    assert "Ben [bot: Expert (simulation)]" in render_scores(game, Text(), PLAIN, {1: "sim"})
    assert "Ben [บอท: แชมป์]" in render_scores(game, Text("th"), PLAIN, {1: "champion"})


def test_detect_style() -> None:
    assert detect(io.StringIO()).color is False  # not a terminal
    assert detect(io.StringIO(), color=True).color is True
    assert detect(io.StringIO(), ascii_only=True).unicode is False


def test_every_string_is_translated() -> None:
    for table in TABLES.values():
        assert set(table) == set(EN)
    th = Text("th")
    assert th("bag", n=3) == "ในถุง: 3 ตัว"
    with pytest.raises(ValueError):
        Text("fr")


def test_unseen_counts() -> None:
    game = Game(players=["Ann", "Ben"], seed=9)
    text = render_unseen(game, 0, Text(), PLAIN)
    assert "Unseen tiles (92):" in text and "=:10" in text and "?:4" in text


class PassBot:
    """A test double for a bot: always passes."""

    name = "passer"

    def choose(self, game: Game) -> Move:
        return Pass()


class BrokenBot:
    """A test double whose moves are never legal."""

    name = "broken"

    def choose(self, game: Game) -> Move:
        return game.parse("A1 1 = 1")


def session(game: Game, script: str, **kw: object) -> tuple[Session, io.StringIO]:
    out = io.StringIO()
    s = Session(game, Console(PLAIN, io.StringIO(script), out), Text(), **kw)  # type: ignore[arg-type]
    return s, out


def test_bots_play_a_game_to_its_end() -> None:
    game = Game(players=["bot:a", "bot:b"], seed=3)
    s, out = session(game, "", bots={0: PassBot(), 1: BrokenBot()})
    assert s.run() == 0
    assert game.over and game.result is not None and game.result.reason == "passes"
    text = out.getvalue()
    assert "could not move" in text and "Game over" in text and "Every player passed" in text


def test_human_against_bot_undo_goes_back_to_the_human() -> None:
    game = Game(players=["Ann", "Bot"], seed=9)
    s, out = session(game, "pass\nundo\ny\n", bots={1: PassBot()})
    assert s.run() == 0
    assert game.history == []  # the bot's pass and Ann's pass are both taken back
    assert "Taken back: Bot pass" in out.getvalue() and "Taken back: Ann pass" in out.getvalue()


def test_move_limit_uses_the_measured_time() -> None:
    ticks: Iterator[float] = iter(float(200 * k) for k in range(100))
    game = Game(players=["Ann", "Ben"], seed=9, options=Options(clock=ClockRules("move", 180)))
    s, out = session(game, "\n8H 1 +-:+ 4 = 5\n", clock=lambda: next(ticks))
    s.run()
    assert game.history[0].kind == "timeout" and game.scores == [0, 0]
    assert "ran out of time" in out.getvalue()


def test_final_summary() -> None:
    game = Game(players=["Ann", "Ben"], seed=9)
    for _ in range(6):
        game.push(Pass())
    summary = render_summary(game, Text())
    assert "Every player passed three times" in summary
    assert "Ann" in summary and "Ben" in summary
    assert ("Winner:" in summary) != ("Draw" in summary)
