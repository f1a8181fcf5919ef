"""Smath (docs/rules.md "Smath"): its judge with brackets, its ruleset, its game rules and options."""

from __future__ import annotations

import pytest

from amath import Game
from amath.apps.cli import main
from amath.core.equation import judge
from amath.core.errors import IllegalMoveError
from amath.core.move import Exchange, Pass
from amath.core.rules import SMATH, get_ruleset
from amath.core.rules.base import FirstPlay
from game_helpers import give


def smath(text: str, rules=SMATH):  # type: ignore[no-untyped-def]
    return judge(text.split(), rules.syntax)


RULEBOOK_TRUE = [
    "2 * 6 = 12",
    "3 + 2 * 4 - 1 = 10",
    "6 + ( 3 + 2 ) * ( 4 - 1 ) = 10 + 4 + 2 + 5",
    "( 3 + 2 ) ( 4 - 2 ) = 10",
    "2 ( 3 + 2 ) ( 4 - 2 ) = 10 + 3 + 7",
    "( 11 - 3 ) 2 = 8 + 8",
    "3 + 2 / 2 - 1 = 3",
    "( 3 + 2 ) * ( 4 - 2 ) = 10",
    "6 / 3 * 4 = 8",
    "3 * 2 = 6 = 5 + 1 = 12 / 2",
    "5 = 5",
    "12 + 0 = 12",
    "12 * 0 = 0",
    "0 / 5 = 0",
    "3 + 4 = 4 + 3",
    "( 3 + 4 ) + 1 = 3 + ( 4 + 1 )",
    "( 3 * 2 ) * 1 = 3 * ( 2 * 1 )",
    "2 * ( 3 + 5 ) = 2 * 3 + 2 * 5",
    "( 8 + 2 ) / 2 = 8 / 2 + 2 / 2",
    "( - 3 ) = - 3",
    "- ( 2 + 1 ) = - 3",
]


@pytest.mark.parametrize("text", RULEBOOK_TRUE)
def test_rulebook_equations_are_true(text: str) -> None:
    v = smath(text)
    assert v.ok, v.reason


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("2 * 6 = 1 2", "number_join"),
        ("5 / 0 = 1", "division_by_zero"),
        ("( 3 + 2 = 5", "unbalanced_brackets"),
        ("3 + 2 ) = 5", "unbalanced_brackets"),
        ("( ) = 0", "empty_brackets"),
        ("2 ( ) = 0", "empty_brackets"),
        ("( + 3 ) = 3", "unary_plus"),
        ("( 3 + ) = 3", "ends_with_operator"),
        ("( - 0 ) = 0", "minus_zero"),
        ("2 ( 3 ) = 7", "sides_differ"),
        ("3 + - 2 = 1", "operator_after_operator"),
        ("1 + 1", "no_equals"),
    ],
)
def test_false_smath_equations(text: str, code: str) -> None:
    v = smath(text)
    assert not v.ok and v.code == code, v


def test_ruleset_data() -> None:
    assert SMATH.tiles.total == 13 * 6 + 4 * 9 + 10
    assert SMATH.rack_size == 10 and SMATH.bingo_bonus == 25
    assert "=" not in SMATH.tiles.counts and "=" in SMATH.tiles.free and "(" in SMATH.tiles.free
    assert SMATH.points("7") == 5 and SMATH.points("12") == 4 and SMATH.points("*") == 2 and SMATH.points("=") == 0
    assert "=" not in SMATH.blank_faces and "12" in SMATH.blank_faces and "13" not in SMATH.blank_faces


def test_cli_check_smath() -> None:
    assert main(["check", "--variant", "smath", "2 ( 3 + 2 ) ( 4 - 2 ) = 10 + 3 + 7"]) == 0
    assert main(["check", "--variant", "smath", "2 * 6 = 1 2"]) == 1
    assert main(["check", "--variant", "smath", "13 = 13"]) == 2
    assert main(["check", "( 1 ) = 1"]) == 2  # brackets are not A-Math tiles


def test_smath_game_start() -> None:
    for seed in range(10):
        g = Game(SMATH, seed=seed)
        final = g.start_draws[-1]
        assert all(t.isdigit() for t in final.values())
        assert int(final[g.starter]) == min(int(t) for t in final.values())
        assert [len(r) for r in g.racks] == [10, 10]
        assert len(g.bag) == SMATH.tiles.total - 20


def test_first_equation_starts_or_ends_on_centre_and_uses_free_equals() -> None:
    g = Game(SMATH, seed=1)
    p = g.to_move
    give(g, p, ["3", "3", "2", "5", "1", "4", "6", "7", "8", "9"])
    with pytest.raises(IllegalMoveError, match="start or end on the centre"):
        g.push_notation("8G 3 = 3")  # covers H8 with its middle tile
    with pytest.raises(IllegalMoveError, match="does not hold"):
        g.push_notation("8H 3 + 2 = 5")  # '+' is not free: it comes from the rack
    give(g, p, ["5", "5", "2", "1", "1", "4", "6", "7", "8", "9"])
    t = g.push_notation("8D 5 = ( 5 )")  # D8..H8 ends on the centre; = and brackets are free
    assert g.racks[p].count("5") <= 2 and "=" not in g.racks[p]
    assert t.score > 0 and len(g.racks[p]) == 10
    assert g.tiles_in_play() == SMATH.tiles.counts


def test_exchange_any_number_while_bag_holds_enough_and_one_round_of_passes_ends() -> None:
    g = Game(SMATH, seed=2)
    rack = g.racks[g.to_move]
    g.push(Exchange(tuple(rack)))  # all ten
    assert len(g.racks[1 - g.to_move]) == 10 and not g.over
    g.push(Pass())  # a round of exchanges and passes: nobody can move
    assert g.over and g.result is not None and g.result.reason == "passes"
    assert g.result.adjustments == tuple(-SMATH.tiles.value(r) for r in g.racks)


def test_tie_goes_to_higher_score_before_deduction() -> None:
    g = Game(SMATH, seed=3)
    give(g, 0, ["1"])  # rack worth 1
    give(g, 1, ["7"])  # rack worth 5
    g.scores[:] = [10, 14]  # finals: 9 and 9
    g.push(Pass())
    g.push(Pass())
    assert g.result is not None and g.result.scores == (9, 9)
    assert g.result.winners == (1,)


def test_options_beginners_primary_coop() -> None:
    beginners = get_ruleset("smath+beginners")
    assert "*" not in beginners.tiles.counts and "(" not in beginners.tiles.free
    assert not judge("( 1 ) = 1".split(), beginners.syntax).ok
    primary = get_ruleset("smath+primary")
    assert primary.max_tiles_per_turn == 7 and primary.open_racks and not primary.must_touch
    coop = get_ruleset("smath+coop")
    g = Game(coop, seed=4)
    p = g.to_move
    give(g, p, ["5", "5", "2", "1", "1", "4", "6", "7", "8", "9"])
    t = g.push_notation("8D 5 = ( 5 )")
    assert g.scores == [t.score, t.score]
    with pytest.raises(ValueError, match="unknown variant"):
        get_ruleset("smath+turbo")


def test_primary_allows_equations_anywhere() -> None:
    g = Game(get_ruleset("smath+primary"), seed=5)
    p = g.to_move
    give(g, p, ["5", "5", "2", "2", "1", "4", "6", "7", "8", "9"])
    g.push_notation("1A 5 = 5")
    q = g.to_move
    give(g, q, ["3", "3", "0", "10", "11", "4", "6", "7", "8", "9"])
    g.push_notation("15K 3 = 3")  # touches nothing: fine in Primary
    assert len(g.board) == 6


def test_bingo_is_ten_rack_tiles_and_free_tiles_do_not_count() -> None:
    import dataclasses

    from amath.core.board import Board, Square
    from amath.core.move import Place, TilePlay
    from amath.core.placement import analyze
    from amath.core.scoring import is_bingo, score

    rules = dataclasses.replace(SMATH, first_play=FirstPlay.ANYWHERE)
    faces = "1 + 2 + 3 + 4 + 0 = 10".split()  # ten rack tiles and a free =
    place = Place(tuple(TilePlay(Square(7, 2 + k), f, f) for k, f in enumerate(faces)))
    analysis = analyze(Board(rules.layout), place, rules)
    assert is_bingo(analysis, rules)
    assert score(analysis, rules) >= 25
    shorter = Place(tuple(TilePlay(Square(7, 2 + k), f, f) for k, f in enumerate("1 + 2 + 3 + 4 = 10".split())))
    assert not is_bingo(analyze(Board(rules.layout), shorter, rules), rules)


def test_a_round_of_exchanges_ends_a_smath_game() -> None:
    g = Game(SMATH, seed=8)
    g.push(Exchange(tuple(g.racks[g.to_move][:2])))
    assert not g.over
    g.push(Exchange(tuple(g.racks[g.to_move][:3])))
    assert g.over and g.result is not None and g.result.reason == "passes"


def test_equity_bot_exchanges_only_what_the_smath_bag_allows() -> None:
    from amath.players import get_bot

    g = Game(SMATH, seed=2)
    give(g, g.to_move, ["0", "0", "0", "0", "0", "0", "12", "12", "12", "12"])  # a rack that wants changing
    g.set_bag(g.bag[:6])  # six tiles left: at most six may go back
    bot = get_bot("equity", 1)
    swaps = bot.turns(g).exchanges()  # type: ignore[attr-defined]
    assert swaps and all(isinstance(c.move, Exchange) and 1 <= len(c.move.tiles) <= 6 and g.is_legal(c.move) for c in swaps)
    assert any(len(c.move.tiles) == 6 for c in swaps) and g.is_legal(bot.choose(g))


def test_selfplay_rejects_an_unknown_variant(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["selfplay", "--variant", "chess", "--games", "1"]) == 2
    assert "unknown variant" in capsys.readouterr().err
