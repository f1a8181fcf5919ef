"""The interface every bot implements, so the terminal game, self-play and the server share bots."""

from __future__ import annotations

from typing import Protocol

from amath.core.move import Move
from amath.game import Game


class Player(Protocol):
    """Chooses a legal turn for ``game.to_move``; never a Challenge unless it means it."""

    name: str

    def choose(self, game: Game) -> Move:
        """Return a move that ``game.push`` accepts (a placement, exchange or pass)."""
        ...
