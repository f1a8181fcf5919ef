"""One family of exceptions, all ``ValueError``s, whose messages quote the bad input.

Every error carries a machine-readable ``code`` and its ``params`` besides the English
message, so a user interface translates by code (:mod:`amath.apps.error_text` holds the Thai
texts) instead of matching English words.  ``where`` says where the fault sits when that
is context rather than the fault itself (a record's turn and line, a false equation and
its square); a translation puts it in front of the message.

>>> err = IllegalMoveError("the line is broken at H9", code="line_broken", square="H9")
>>> str(err), err.code, err.params
('the line is broken at H9', 'line_broken', {'square': 'H9'})
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar


class AmathError(ValueError):
    """Base class of every error the library raises on bad input or an illegal action.

    ``AmathError(message, code="...", **params)``: ``str(err)`` is the English message;
    ``code`` names the fault (the class's ``default_code`` when none is given) and
    ``params`` are the values a translation fills in.
    """

    default_code: ClassVar[str] = "error"

    def __init__(self, message: str = "", *, code: str | None = None, where: Mapping[str, object] | None = None, **params: object) -> None:
        super().__init__(message)
        self.message = message
        self.code: str = code or self.default_code
        self.params: dict[str, object] = dict(params)
        self.where: dict[str, object] = dict(where or {})

    def __reduce__(self) -> tuple[object, ...]:  # pickling (multiprocessing) keeps code, params and a subclass's fields
        return (_rebuild, (type(self), self.message), self.__dict__)


def _rebuild(cls: type[AmathError], message: str) -> AmathError:
    err = cls.__new__(cls)
    ValueError.__init__(err, message)
    return err


class TileError(AmathError):
    """Text that does not name a tile or a face."""

    default_code = "bad_tile"


class SquareError(AmathError):
    """Text that does not name a square of the board."""

    default_code = "bad_square"


class NotationError(AmathError):
    """A move written in notation that cannot be read."""

    default_code = "bad_notation"


class IllegalMoveError(AmathError):
    """A move that is well formed but breaks a rule of the game."""

    default_code = "illegal_move"


class PositionError(AmathError):
    """A position (JSON or string) that cannot be read or is inconsistent."""

    default_code = "bad_position"


class GameStateError(AmathError):
    """An action that the game's state does not allow now (game over, nothing to undo)."""

    default_code = "game_state"


class RulesError(AmathError):
    """A ruleset, variant name, set of players or option that the library does not offer."""

    default_code = "bad_rules"


class UnsupportedError(AmathError, NotImplementedError):
    """A request the library understands but cannot do for this ruleset (yet).

    Also a ``NotImplementedError``, so code that falls back on one keeps working.
    """

    default_code = "unsupported"
