"""Bot-versus-bot games: play one game from a seed, and sum up many.

Everything follows from the seed: the game's bag and each bot's own random choices, so
the same seed replays the same game on any machine, with any number of workers, on
processes or on Ray (:mod:`amath.players.parallel`).
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from amath.core.move import Pass
from amath.core.rules import AMATH
from amath.core.rules.base import Ruleset
from amath.formats.save import save_game
from amath.game import Game
from amath.players.registry import get_bot

#: Past this many turns a game is wound down with passes (bots that can only exchange
#: would otherwise swap tiles for ever).
MAX_TURNS = 300


@dataclass(frozen=True, slots=True)
class GameRecord:
    """One finished game: who sat where, final scores, winners, bingos and timing."""

    index: int
    seed: int
    seats: tuple[str, ...]
    scores: tuple[int, ...]
    winners: tuple[int, ...]
    bingos: tuple[int, ...]
    turns: int
    placements: int
    seconds: float
    saved: dict[str, Any] = field(compare=False)


def game_seed(seed: int, index: int) -> int:
    """The seed of game ``index`` of a run seeded ``seed`` (independent of job count)."""
    return random.Random(seed * 1_000_003 + index).getrandbits(63)


def seating(bots: Sequence[str], index: int) -> list[str]:
    """Seats for game ``index``: the bots' order rotates from game to game, so no bot always sits first."""
    k = index % len(bots)
    return list(bots[k:]) + list(bots[:k])


def play(bots: Sequence[str], seed: int, rules: Ruleset = AMATH) -> Game:
    """The finished game between ``bots`` (level names, in seat order; ``greedy#2`` is a second greedy) from ``seed``."""
    game = Game(rules, players=[f"{name} ({k + 1})" for k, name in enumerate(bots)], seed=seed)
    seat_rng = random.Random(seed ^ 0x5EED)
    players = [get_bot(name.split("#")[0], seat_rng.getrandbits(63)) for name in bots]
    while not game.over:
        move = players[game.to_move].choose(game) if len(game.history) < MAX_TURNS else Pass()
        game.push(move)
    return game


def play_game(bots: Sequence[str], seed: int, index: int = 0, rules: Ruleset = AMATH) -> GameRecord:
    """Play one game (see :func:`play`) and sum it up as a :class:`GameRecord`."""
    started = time.perf_counter()
    game = play(bots, seed, rules)
    seconds = time.perf_counter() - started
    assert game.result is not None
    bingos = [0] * len(bots)
    for turn in game.history:
        if turn.bingo:
            bingos[turn.player] += 1
    placements = sum(1 for t in game.history if t.kind == "place")
    return GameRecord(
        index,
        seed,
        tuple(bots),
        game.result.scores,
        game.result.winners,
        tuple(bingos),
        len(game.history),
        placements,
        seconds,
        save_game(game),
    )


@dataclass(frozen=True, slots=True)
class GameTask:
    """Game ``index`` of a run: everything a worker needs to play it, and nothing else."""

    bots: tuple[str, ...]
    seed: int
    index: int
    rules: Ruleset

    def seats(self) -> list[str]:
        """The bots in seat order for this game."""
        return seating(self.bots, self.index)

    def game_seed(self) -> int:
        """This game's own seed."""
        return game_seed(self.seed, self.index)


def run_tasks(bots: Sequence[str], seed: int, games: int, rules: Ruleset = AMATH) -> list[GameTask]:
    """The tasks of a run of ``games`` games seeded ``seed``."""
    return [GameTask(tuple(bots), seed, i, rules) for i in range(games)]


def play_task(task: GameTask) -> GameRecord:
    """Play one task (a module-level function, so processes and Ray can run it)."""
    return play_game(task.seats(), task.game_seed(), task.index, task.rules)


@dataclass(slots=True)
class Summary:
    """Totals per bot over many games, and the margin of the first bot over the second."""

    bots: list[str]
    games: int = 0
    wins: dict[str, float] = field(default_factory=dict)
    points: dict[str, int] = field(default_factory=dict)
    bingos: dict[str, int] = field(default_factory=dict)
    margins: list[int] = field(default_factory=list)
    turns: int = 0
    seconds: float = 0.0

    def add(self, rec: GameRecord) -> None:
        """Count one game (a shared top score is half a win each with two bots)."""
        self.games += 1
        share = 1.0 / len(rec.winners)
        for seat, name in enumerate(rec.seats):
            self.points[name] = self.points.get(name, 0) + rec.scores[seat]
            self.bingos[name] = self.bingos.get(name, 0) + rec.bingos[seat]
            self.wins.setdefault(name, 0.0)
            if seat in rec.winners:
                self.wins[name] += share
        if len(self.bots) == 2:
            a, b = (rec.seats.index(self.bots[0]), rec.seats.index(self.bots[1]))
            self.margins.append(rec.scores[a] - rec.scores[b])
        self.turns += rec.turns
        self.seconds += rec.seconds

    def margin(self) -> tuple[float, float]:
        """Mean margin of the first bot over the second and the half-width of its 95% interval."""
        n = len(self.margins)
        if n == 0:
            return 0.0, 0.0
        mean = sum(self.margins) / n
        if n == 1:
            return mean, math.inf
        var = sum((m - mean) ** 2 for m in self.margins) / (n - 1)
        return mean, 1.96 * math.sqrt(var / n)

    def win_rate(self) -> tuple[float, float]:
        """The first bot's share of the games and the half-width of its 95% interval (normal approximation)."""
        rate = self.wins.get(self.bots[0], 0.0) / max(self.games, 1)
        return rate, 1.96 * math.sqrt(rate * (1 - rate) / max(self.games, 1))
