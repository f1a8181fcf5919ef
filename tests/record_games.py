"""Fast, varied games for the record tests: scripted placements next to tiles already down.

Each placement crosses a number F on the board with a short true (or, to be challenged,
false) equation such as ``F = F`` or ``F + 0 = F``; the mover is handed the tiles with
``give``, so the search is a handful of ``is_legal`` calls instead of a brute force.
"""

from __future__ import annotations

import random

from amath.core.move import Challenge, Exchange, Pass, Place, TilePlay
from amath.core.rules.base import ClockRules
from amath.core.tiles import is_number
from amath.game import Game, Options
from game_helpers import give

# New tiles written after (or, reversed, before) a number F: (tile, face); "F" stands for F.
PATTERNS: tuple[tuple[tuple[str, str], ...], ...] = (
    (("=", "="), ("F", "F")),
    (("?", "="), ("F", "F")),
    (("=", "="), ("?", "F")),
    (("+-", "+"), ("0", "0"), ("=", "="), ("F", "F")),
    (("*/", "*"), ("1", "1"), ("=", "="), ("F", "F")),
    (("*/", "/"), ("1", "1"), ("=", "="), ("F", "F")),
)
OPENINGS = ("8H 1 = 1", "8G 2 +-:+ 3 = 5", "H7 ?:4 = 4", "8F 6 */:/ 2 = 3")


def _tiles_for(pattern: tuple[tuple[str, str], ...], face: str, wrong: bool) -> list[tuple[str, str]]:
    out = []
    for tile, f in pattern:
        if f == "F":
            value = str(int(face) + 1) if wrong and int(face) < 20 else face
            out.append((value if tile == "F" else tile, value))
        else:
            out.append((tile, f))
    return out


def placement(game: Game, rng: random.Random, wrong: bool = False) -> Place | None:
    """A placement crossing a number on the board (a false one if ``wrong``); gives the rack."""
    if game.board.is_empty():
        text = rng.choice(OPENINGS)
        move = game.parse(text)
        assert isinstance(move, Place)
        return _give_for(game, move)
    numbers = [(sq, t.face) for sq, t in game.board.items() if is_number(t.face)]
    rng.shuffle(numbers)
    for sq, face in numbers[:12]:
        for pattern in rng.sample(PATTERNS, len(PATTERNS)):
            tiles = _tiles_for(pattern, face, wrong)
            for across in rng.sample((True, False), 2):
                for before in rng.sample((False, True), 2):
                    seq = list(reversed(tiles)) if before else tiles
                    step = -1 if before else 1
                    squares = [sq.step(across, step * (k + 1)) for k in range(len(seq))]
                    if not all(game.board.on_board(s) and game.board.get(s) is None for s in squares):
                        continue
                    if before:
                        squares = list(reversed(squares))
                    ordered = seq[::-1] if before else seq
                    move = Place(tuple(TilePlay(s, t, f) for s, (t, f) in zip(squares, ordered)))
                    given = _give_for(game, move)
                    if given is not None and game.is_legal(given):
                        return given
    return None


def _give_for(game: Game, move: Place) -> Place | None:
    need = move.rack_tiles
    have = list(game.bag) + [t for r in game.racks for t in r]
    for t in set(need):
        if have.count(t) < need.count(t):
            return None
    rack = list(game.racks[game.to_move])
    for t in need:  # keep the rest of the rack as it is, swap in what is missing
        if t in rack:
            rack.remove(t)
    keep = rack[: len(game.racks[game.to_move]) - len(need)]
    give(game, game.to_move, need + keep)
    return move


def random_game(seed: int, turns: int, *, challenge: bool = False, clock: str = "none", players: int = 2) -> Game:
    """A game of about ``turns`` turns mixing placements, exchanges, passes, timeouts and challenges."""
    rng = random.Random(seed)
    clocks = {
        "none": ClockRules(),
        "total": ClockRules("total", 60, 10),
        "loss": ClockRules("total", 60, 10, loss_on_time=True),
        "move": ClockRules("move", 30),
    }
    names = ["Ann", "Ben", "Cat", "Dan"][:players]
    game = Game(players=names, seed=seed, options=Options(challenge, clocks[clock]))
    for _ in range(turns):
        if game.over:
            break
        roll = rng.random()
        elapsed = rng.choice([0.0, 1.5, 7.25, 20.0, 45.0])
        if game.can_challenge() and roll < 0.3:
            by = rng.choice([k for k in range(players) if k != game.pending.player])  # type: ignore[union-attr]
            game.push(Challenge(by))
            continue
        if roll < 0.6 or game.board.is_empty():
            move = placement(game, rng, wrong=challenge and rng.random() < 0.4)
            if move is not None:
                game.push(move, elapsed)
                continue
        if roll < 0.8 and len(game.bag) >= 5:
            rack = game.racks[game.to_move]
            game.push(Exchange(tuple(rng.sample(rack, rng.randint(1, len(rack))))), elapsed)
        else:
            game.push(Pass(), elapsed)
    return game


def pass_out(game: Game) -> None:
    """Pass until the game ends (six passes in a row with two players)."""
    while not game.over:
        game.push(Pass())


__all__ = ["pass_out", "placement", "random_game"]
