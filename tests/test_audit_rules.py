"""Rules the audit of round 2 found broken (issue 12, items 1-5), each checked where it bit."""

from __future__ import annotations

import pytest

from amath.core.board import Square
from amath.core.equation import judge
from amath.core.errors import AmathError, IllegalMoveError, RulesError
from amath.core.move import Exchange, Pass, Place
from amath.core.notation import parse_coordinate
from amath.core.rules import SMATH, get_ruleset
from amath.formats.fen import position_from_string
from amath.formats.record import RecordError, parse_record
from amath.formats.replay import read_record
from amath.game import Game
from amath.players.equity import EquityPlayer
from amath.players.simple import GreedyPlayer


# ----- 1. an exchange never shrinks the rack -------------------------------------------------
def short_bag_game(bag: int, rack: list[str] | None = None) -> Game:
    """The audit's case: the rack 1 1 1 1 1 2 2 2 (or ``rack``) and a bag of ``bag`` zeros."""
    game = Game(seed=2)
    game.set_rack(game.to_move, rack or 5 * ["1"] + 3 * ["2"])
    game.set_bag(bag * ["0"])  # the rest of the bag leaves the game
    return game


def test_an_exchange_of_more_tiles_than_the_bag_holds_is_refused() -> None:
    game = short_bag_game(5)
    side = game.to_move
    with pytest.raises(IllegalMoveError) as info:
        game.push(Exchange(tuple(game.racks[side])))
    assert info.value.code == "exchange_more_than_bag" and info.value.params == {"bag": 5, "count": 8}
    assert len(game.racks[side]) == 8 and game.history == []
    game.push(Exchange(("1", "1", "1", "1", "1")))
    assert sorted(game.racks[side]) == ["0", "0", "0", "0", "0", "2", "2", "2"] and len(game.bag) == 5


@pytest.mark.parametrize("bag", [5, 6, 7])
def test_the_equity_bot_returns_no_more_tiles_than_the_bag_holds(bag: int) -> None:
    game = short_bag_game(bag, 8 * ["="])  # nothing to place: the bot wants to throw back everything
    move = EquityPlayer(0).choose(game)
    assert isinstance(move, Exchange) and len(move.tiles) == bag and game.is_legal(move)


def test_a_bot_without_a_placement_exchanges_what_the_bag_allows_instead_of_passing() -> None:
    game = short_bag_game(6, 8 * ["="])
    move = GreedyPlayer(0).choose(game)
    assert isinstance(move, Exchange) and len(move.tiles) == 6
    game.set_bag(4 * ["0"])
    assert isinstance(GreedyPlayer(0).choose(game), Pass)


# ----- 2. exactly two teams of two ---------------------------------------------------------
@pytest.mark.parametrize(
    "teams",
    [[("A", "B", "C"), ("D",)], [("A", "B"), ("C", "D"), ("E", "F")], [("A",), ("B", "C")], [("A", "B", "C"), ("D", "E", "F")]],
)
def test_malformed_teams_are_refused(teams: list[tuple[str, ...]]) -> None:
    with pytest.raises(RulesError) as info:
        Game(teams=teams)
    assert info.value.code == "team_shape"


def test_two_teams_of_two_and_single_players_are_fine() -> None:
    assert Game(teams=[("A", "B"), ("C", "D")]).names == ["A & B", "C & D"]
    assert len(Game(teams=[("A",), ("B",), ("C",)]).sides) == 3


def test_a_record_with_a_team_of_three_names_the_header() -> None:
    text = "#amath-record 1\n#side 1 A | B | C\n#side 2 D\n"
    with pytest.raises(AmathError, match="teams are exactly 2 teams of 2 players, not 3 \\+ 1"):
        read_record(text)


# ----- 3. free tiles alone are no play (Smath) -----------------------------------------------
def test_a_smath_placement_of_free_tiles_only_is_refused() -> None:
    game = Game(SMATH, seed=5)
    for rack, move in (
        (["4", "4", "1", "2", "3", "5", "6", "7", "8", "9"], "8H 4 = 4"),
        (["4", "1", "2", "3", "5", "6", "7", "8", "9", "0"], "H8 [4] = 4"),
        (["4", "1", "2", "3", "5", "6", "7", "8", "9", "0"], "J8 [4] = 4"),
    ):
        game.set_rack(game.to_move, rack)
        game.push_notation(move)
    free_only = game.parse("10H [4] = [4]")
    with pytest.raises(IllegalMoveError) as info:
        game.push(free_only)
    assert info.value.code == "no_rack_tile"
    assert free_only not in game.legal_moves
    placements = [m for m in game.legal_moves.placements() if isinstance(m, Place)]
    assert placements and len(placements) == len(game.legal_moves.placements())
    assert all(any(t not in SMATH.tiles.free for t in m.rack_tiles) for m in placements)


# ----- 4. the judge knows its ruleset's faces ------------------------------------------------
@pytest.mark.parametrize(
    ("variant", "line"),
    [("smath", "13 = 13"), ("smath", "6 + 7 = 13"), ("smath+beginners", "2 * 3 = 6"), ("smath+beginners", "6 / 3 = 2")],
)
def test_a_face_the_game_does_not_have_makes_the_line_false(variant: str, line: str) -> None:
    verdict = judge(line.split(), get_ruleset(variant).syntax)
    assert not verdict.ok and verdict.code == "not_in_game"


def test_the_faces_a_game_has_still_judge_as_before() -> None:
    assert judge("12 = 6 + 6".split(), SMATH.syntax).ok
    assert judge("2 * 3 = 6".split(), SMATH.syntax).ok
    assert judge("6 + 7 = 13".split()).ok  # A-Math has 13
    assert judge("3 - 1 = 2".split(), get_ruleset("smath+beginners").syntax).ok


# ----- 5. only ASCII digits are digits; readers raise only the library's errors ---------------
HEADER = "#amath-record 1\n#side 1 A\n#side 2 B\n"


@pytest.mark.parametrize(
    "text",
    [
        HEADER + "#clock total ²\n",
        HEADER + "#clock total ٣ 10\n",
        HEADER + "#starter ²\n",
        HEADER + "#starter ٣\n",
        HEADER + "#seed ²\n",
        HEADER + "#seed ٣\n",
        "#amath-record 1\n#side ² A\n#side 2 B\n",
        HEADER + ">²: 1 2 | pass | 0 | 0\n",
        HEADER + ">٣: 1 2 | pass | 0 | 0\n",
        HEADER + ">1: 1 2 | pass | ² | 0\n",
        HEADER + ">1: 1 2 | pass | 0 | 0 | time=²\n",
        HEADER + ">1: 1 2 | pass | 0 | 0 | time=٣\n",
        HEADER + ">1: 1 2 | time-penalty ² | 0 | 0\n",
        HEADER + ">1: 1 2 | exchange (²) | 0 | 0\n",
    ],
)
def test_records_refuse_unicode_digits_with_a_record_error(text: str) -> None:
    with pytest.raises(AmathError) as info:
        parse_record(text)
    assert isinstance(info.value, RecordError)


@pytest.mark.parametrize(
    "text",
    [
        "_² [] 0,0 1",
        "_15|_15|_15|_15|_15|_15|_15|_15|_15|_15|_15|_15|_15|_15|_15 [1] 0,0 ²",
        "_15|_15|_15|_15|_15|_15|_15|_15|_15|_15|_15|_15|_15|_15|_15 [1] 0,0 ٣",
        "_15|_15|_15|_15|_15|_15|_15|_15|_15|_15|_15|_15|_15|_15|_15 [1] ٣,0 1",
        "_15|_15|_15|_15|_15|_15|_15|_15|_15|_15|_15|_15|_15|_15|_15 [1] ²,0 1",
    ],
)
def test_position_strings_refuse_unicode_digits_with_a_position_error(text: str) -> None:
    with pytest.raises(AmathError):
        position_from_string(text)


@pytest.mark.parametrize("text", ["²H", "H²", "٨H", "H٨"])
def test_coordinates_and_squares_refuse_unicode_digits(text: str) -> None:
    with pytest.raises(AmathError):
        parse_coordinate(text)
    with pytest.raises(AmathError):
        Square.parse(text)


def test_the_library_raises_no_plain_value_error_for_unknown_names() -> None:
    from amath.core.rules.base import ClockRules
    from amath.players import get_bot

    for call in (lambda: get_ruleset("chess"), lambda: get_bot("nobody"), lambda: ClockRules("sundial"), lambda: Game(players=["A"])):
        with pytest.raises(AmathError):
            call()


def test_the_fast_generator_refusing_smath_is_a_library_error_and_still_a_not_implemented_error() -> None:
    from amath.core.board import Board
    from amath.engine.movegen import generate

    with pytest.raises(AmathError) as info:
        generate(Board(SMATH.layout), ["1", "2"], SMATH)
    assert isinstance(info.value, NotImplementedError) and info.value.code == "generator_variant"
