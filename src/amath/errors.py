"""One family of exceptions, all ``ValueError``s, whose messages quote the bad input."""

from __future__ import annotations


class AmathError(ValueError):
    """Base class of every error the library raises on bad input or an illegal action."""


class TileError(AmathError):
    """Text that does not name a tile or a face."""


class SquareError(AmathError):
    """Text that does not name a square of the board."""


class NotationError(AmathError):
    """A move written in notation that cannot be read."""


class IllegalMoveError(AmathError):
    """A move that is well formed but breaks a rule of the game."""


class PositionError(AmathError):
    """A position (JSON or string) that cannot be read or is inconsistent."""


class GameStateError(AmathError):
    """An action that the game's state does not allow now (game over, nothing to undo)."""
