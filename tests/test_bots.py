"""Bots always play legal turns, exchange or pass only when they should, and rank moves as claimed."""

from __future__ import annotations

import dataclasses

import pytest

from amath.core.move import Exchange, Pass, Place
from amath.core.rules import AMATH
from amath.engine.leaves.table import HANDSET, LeaveTable
from amath.engine.movegen import generate
from amath.game import Game
from amath.players import bot_names, get_bot
from amath.players.equity import EquityPlayer
from amath.players.simple import GreedyPlayer, RandomPlayer

# Racks of five keep whole games quick; the bots read every number from the ruleset.
SMALL = dataclasses.replace(AMATH, name="a-math-5", rack_size=5, bingo_bonus=25)


def play_out(game: Game, names: tuple[str, str], seed: int) -> None:
    """Play ``game`` to the end with bots, checking each turn before it is pushed."""
    bots = [get_bot(names[0], seed), get_bot(names[1], seed + 1)]
    while not game.over:
        assert len(game.history) < 400, "the game does not end"
        bot = bots[game.to_move]
        moves = generate(game.board, game.racks[game.to_move], game.rules)
        move = bot.choose(game)
        assert game.is_legal(move), f"{bot.name} chose an illegal {move}"
        if isinstance(move, Place):
            scores = {m.place: m.score for m in moves}
            assert move in scores
            if isinstance(bot, GreedyPlayer):
                assert scores[move] == moves[0].score
        elif isinstance(move, Exchange):
            assert isinstance(bot, EquityPlayer) or not moves, "exchanged with a placement available"
        else:
            assert isinstance(move, Pass)
            assert not moves, "passed with a placement available"
            rack = game.racks[game.to_move]
            assert not rack or not game.is_legal(Exchange(tuple(rack))), "passed when it could exchange"
        game.push(move)


@pytest.mark.parametrize(("names", "seed"), [(("random", "greedy"), 1), (("equity", "greedy"), 2), (("equity-handset", "random"), 3)])
def test_bots_play_whole_games_legally(names: tuple[str, str], seed: int) -> None:
    """Full games on racks of five: every turn is legal and the game ends."""
    game = Game(SMALL, players=list(names), seed=seed)
    play_out(game, names, seed)
    assert game.result is not None
    assert any(t.kind == "place" for t in game.history)


def test_greedy_plays_a_whole_a_math_game() -> None:
    """One full game with the real racks of eight."""
    game = Game(AMATH, players=["a", "b"], seed=11)
    play_out(game, ("greedy", "equity"), 11)
    assert game.result is not None


def _stuck_game(bag_size: int) -> Game:
    """Empty board, a rack that cannot make an equation (no '=', no blank)."""
    game = Game(AMATH, players=["a", "b"], seed=5)
    game.set_rack(game.to_move, ["1", "2", "3", "4", "5", "6", "7", "8"])
    game.set_bag(game.bag[:bag_size])
    return game


@pytest.mark.parametrize("name", ["random", "greedy", "equity"])
def test_no_placement_means_exchange_or_pass(name: str) -> None:
    """With nothing to place a bot exchanges while the bag allows it, then passes."""
    game = _stuck_game(40)
    assert not generate(game.board, game.racks[game.to_move], game.rules)
    move = get_bot(name, 3).choose(game)
    assert isinstance(move, Exchange) and game.is_legal(move)
    game = _stuck_game(AMATH.exchange_min_bag - 1 if AMATH.exchange_min_bag else 0)
    assert isinstance(get_bot(name, 3).choose(game), Pass)


def test_random_bot_is_seeded() -> None:
    """The same seed picks the same placements; placements vary across seeds."""
    game = Game(AMATH, players=["a", "b"], seed=21)
    picks = {seed: RandomPlayer(seed).choose(game) for seed in range(6)}
    assert picks[0] == RandomPlayer(0).choose(game)
    assert len(set(picks.values())) > 1


def test_equity_is_score_plus_leave() -> None:
    """The equity bot adds the leave's value, so it may prefer a lower score."""
    game = Game(AMATH, players=["a", "b"], seed=21)
    bot = EquityPlayer(0)
    rack = list(game.racks[game.to_move])
    ranked = bot.turns(game).placements()
    assert len(ranked) == len(generate(game.board, rack, game.rules))
    for c in ranked:
        assert isinstance(c.move, Place)
        kept = list(rack)
        for t in c.move.rack_tiles:
            kept.remove(t)
        assert c.equity == pytest.approx(c.score + HANDSET.value(kept), abs=0.005)
    assert [c.value for c in ranked] == sorted((c.value for c in ranked), reverse=True)
    chosen = bot.choose(game)  # this rack (+- = = 8 4 1 1 =) places rather than exchanges
    assert isinstance(chosen, Place)
    assert chosen == ranked[0].move


def test_leave_values() -> None:
    """Hand-set values: empty leave 0, a blank is valuable, duplicates and extra '=' cost."""
    assert HANDSET.value([]) == 0
    assert HANDSET.value(["?"]) > HANDSET.value(["1"]) > HANDSET.value(["17"])
    assert HANDSET.value(["3", "3", "+", "="]) < HANDSET.value(["3", "4", "+", "="])
    assert HANDSET.value(["=", "=", "1", "+"]) < HANDSET.value(["=", "1", "+"]) + HANDSET.tiles["="]
    table = LeaveTable({"1": 2.0}, {"duplicates": -1.0})
    assert table.value(["1", "1", "1"]) == pytest.approx(3 * 2.0 - 2 * 1.0)


def test_a_leave_is_worth_the_same_in_any_order_and_after_the_memo_fills(monkeypatch: pytest.MonkeyPatch) -> None:
    """The table remembers values by sorted leave: any order gives the first computation's value, also past the memo's size."""
    import amath.engine.leaves.table as leaves

    leaves_seen = [["=", "1", "1", "+"], ["?", "17", "="], ["3"], ["2", "2", "2", "-", "*"]]
    table = LeaveTable(dict(HANDSET.tiles), dict(HANDSET.synergy), "copy")
    first = [table.value(leave) for leave in leaves_seen]
    assert first == [HANDSET.value(leave) for leave in leaves_seen]
    assert [table.value(list(reversed(leave))) for leave in leaves_seen] == first
    monkeypatch.setattr(leaves, "_MEMO_SIZE", 2)
    fresh = [["4", "="], ["5", "+", "?"], ["20", "20"]]
    assert [table.value(leave) for leave in fresh] == [HANDSET.value(leave) for leave in fresh]
    assert len(table._memo) <= 2
    assert [table.value(leave) for leave in leaves_seen] == first
    assert table == LeaveTable(dict(HANDSET.tiles), dict(HANDSET.synergy), "copy"), "the memo takes no part in equality"


def test_registry() -> None:
    """Every level has a bot; unknown names are refused with the list of choices."""
    assert {"random", "greedy", "equity"} <= set(bot_names())
    for name in bot_names():
        assert get_bot(name, 1).name.startswith(name.split("-")[0])
    with pytest.raises(ValueError, match="choose from"):
        get_bot("grandmaster")


@pytest.mark.parametrize("level", ["random", "greedy", "equity"])
def test_bot_on_an_empty_board_covers_the_centre(level: str) -> None:
    """A first placement covers H8 (the rack can make one, so every level places)."""
    game = Game(AMATH, players=["a", "b"], seed=4)
    game.set_rack(game.to_move, ["1", "2", "+", "3", "=", "5", "6", "7"])
    move = get_bot(level, 1).choose(game)
    assert isinstance(move, Place) and game.is_legal(move)
    assert AMATH.layout.centre in {t.square for t in move.tiles}
