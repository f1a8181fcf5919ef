"""The engine kernel's face: the generator selector, rulesets as data, equity, Game's controller API."""

from __future__ import annotations

import dataclasses
import subprocess
import sys

import pytest

from amath import Game
from amath.core.errors import AmathError, IllegalMoveError
from amath.core.move import Exchange
from amath.core.rules import AMATH, SMATH, get_ruleset
from amath.core.rules.base import ExchangeRule, FirstPlay, Ruleset, Starter
from amath.engine import BACKENDS, EquityCalculator, MoveGenerator, StaticEquity, backend, get_generator, leave_of
from amath.engine.leaves.table import HANDSET
from amath.formats.fen import position_from_string
from game_helpers import give, set_bag


def _midgame(seed: int = 3, turns: int = 4) -> Game:
    game = Game(seed=seed)
    for _ in range(turns):
        game.push(next(iter(game.legal_moves)))
    return game


# ----- the selector -------------------------------------------------------------------
def test_every_named_backend_is_a_move_generator() -> None:
    for name in ("python", "reference"):
        gen = get_generator(name)
        assert isinstance(gen, MoveGenerator)
        assert gen.name == name
    assert backend() in BACKENDS


def test_unknown_backend_is_a_library_error_naming_the_choices() -> None:
    with pytest.raises(AmathError, match=r"fortran.*native, python, reference"):
        get_generator("fortran")


def test_the_environment_variable_selects_the_backend(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("AMATH_ENGINE", "reference")
    assert get_generator().name == "reference"
    monkeypatch.setenv("AMATH_ENGINE", "python")
    assert backend() == "python"


def test_top_count_and_each_agree_with_generate() -> None:
    game = _midgame()
    give(game, game.to_move, ["1", "2", "3", "+", "=", "4", "5", "-"])
    rack = game.racks[game.to_move]
    gen = get_generator("python")
    full = gen.generate(game.board, rack, game.rules)
    assert len(full) > 5
    assert gen.top(game.board, rack, game.rules, 5) == full[:5]
    assert gen.count(game.board, rack, game.rules) == len(full)
    streamed: list[object] = []
    gen.each(game.board, rack, game.rules, streamed.append)
    assert streamed == full
    with pytest.raises(AmathError, match="-1"):
        gen.top(game.board, rack, game.rules, -1)


# ----- rulesets as data -----------------------------------------------------------------
def test_rulesets_are_enums_and_hooks() -> None:
    assert AMATH.first_play is FirstPlay.COVER_CENTRE and SMATH.first_play is FirstPlay.END_ON_CENTRE
    assert AMATH.starter is Starter.HIGHEST and SMATH.starter is Starter.LOWEST
    assert AMATH.exchange_rule is ExchangeRule.MIN_BAG and SMATH.exchange_rule is ExchangeRule.BAG_HOLDS
    assert SMATH.is_free("=") and SMATH.is_free("(") and not AMATH.is_free("=")
    relaxed = dataclasses.replace(SMATH, first_play="anywhere")  # type: ignore[arg-type]  # a plain string becomes the enum
    assert relaxed.first_play is FirstPlay.ANYWHERE


@pytest.mark.parametrize(
    ("rules", "n", "bag", "ok"),
    [(AMATH, 8, 8, True), (AMATH, 8, 5, False), (AMATH, 5, 5, True), (AMATH, 1, 4, False), (AMATH, 0, 50, False),
     (AMATH, 9, 50, False), (SMATH, 3, 3, True), (SMATH, 4, 3, False), (SMATH, 1, 1, True)],
)  # fmt: skip
def test_can_exchange(rules: Ruleset, n: int, bag: int, ok: bool) -> None:
    assert rules.can_exchange(n, bag) is ok


def test_start_rank_orders_a_math_draws() -> None:
    order = ["+", "=", "?", "0", "1", "19", "20"]
    ranks = [AMATH.start_rank(t) for t in order]
    assert ranks[0] == ranks[1]
    assert ranks[1] < ranks[3] < ranks[4] < ranks[5] < ranks[2] < ranks[6]  # type: ignore[operator]


def test_registry_gives_one_object_per_variant() -> None:
    assert get_ruleset("smath+beginners+coop") is get_ruleset("smath+coop+beginners")
    assert get_ruleset("smath") is SMATH and get_ruleset("amath") is AMATH
    assert len({get_ruleset("a-math"), get_ruleset("A-MATH"), AMATH}) == 1  # hashable, by identity
    copy = dataclasses.replace(AMATH)
    assert copy != AMATH  # an edited copy is another ruleset


def test_exchange_never_takes_more_than_the_bag_holds() -> None:
    game = Game(seed=5)
    set_bag(game, 6)
    player = game.to_move
    rack = game.racks[player]
    with pytest.raises(IllegalMoveError, match="bag holds"):
        game.push(Exchange(tuple(rack[:7])))
    game.push(Exchange(tuple(rack[:6])))
    assert len(game.racks[player]) == AMATH.rack_size


# ----- equity ---------------------------------------------------------------------------
def test_static_equity_is_score_plus_leave_and_minus_points_with_an_empty_bag() -> None:
    calc = StaticEquity(HANDSET)
    assert isinstance(calc, EquityCalculator)
    leave = ["1", "=", "?"]
    assert calc.equity(10, leave, AMATH, 30) == pytest.approx(10 + HANDSET.value(leave))
    assert calc.equity(10, ["13", "="], AMATH, 0) == 10 - 6 - 1
    assert leave_of(["1", "1", "=", "?"], ["1", "?"]) == ["1", "="]


# ----- Game as the controller -----------------------------------------------------------------
def test_pop_restores_in_place() -> None:
    game = _midgame(turns=2)
    board, rack, bag, scores = game.board, game.racks[game.to_move], game.bag, game.scores
    before = (board.copy(), list(rack), list(bag), list(scores))
    game.push(next(iter(game.legal_moves)))
    assert board != before[0]
    game.pop()
    assert game.board is board and game.racks[game.to_move] is rack and game.bag is bag and game.scores is scores
    assert (board, rack, bag, scores) == before


def test_repr_shows_a_position_string_that_reads_back() -> None:
    game = _midgame()
    text = repr(game)
    string = text.split("'")[1]
    pos = position_from_string(string)
    assert pos.board() == game.board and list(pos.rack) == game.racks[game.to_move]
    assert string.split()[0] in repr(game.board)
    assert game._repr_svg_().startswith("<svg") and game.board._repr_svg_().startswith("<svg")


def test_notation_round_trips_through_parse() -> None:
    game = _midgame(turns=3)
    give(game, game.to_move, ["1", "2", "+-", "*/", "=", "4", "6", "8"])
    for move in list(game.legal_moves.placements())[:20]:
        assert game.parse(game.notation(move)) == move


def test_the_default_backend_hands_rulesets_it_lacks_to_python() -> None:
    """Smath goes to the Python search whichever backend is the default (native lacks it)."""
    game = Game(SMATH, seed=2)
    rack = game.racks[game.to_move][:3]
    default = get_generator().generate(game.board, rack, game.rules)
    assert default and default == get_generator("python").generate(game.board, rack, game.rules)


def test_without_the_native_core_the_python_backend_is_used_and_said_once() -> None:
    """A process where ``amath.engine.movegen._native`` cannot import (no Rust toolchain at install) still works."""
    code = (
        "import sys; sys.modules['amath.engine.movegen._native'] = None\n"  # makes 'from amath.engine.movegen import _native' fail
        "from amath import Game, engine\n"
        "g = Game(seed=1)\n"
        "print(engine.backend(), engine.backend(), len(g.legal_moves.placements()) > 0)\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.split() == ["python", "python", "True"]
    said = [line for line in done.stderr.splitlines() if line.strip()]
    assert len(said) == 1 and "pure-Python" in said[0] and "_native" in said[0]
