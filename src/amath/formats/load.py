"""Open whatever a user hands a command: a text record, a saved game, or a position.

The kind is told from the text: JSON with ``"format": "amath-game"`` is a saved game,
other JSON a position; text with ``#`` or ``>`` lines a record; one line a position string.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from amath.core.errors import AmathError, PositionError
from amath.formats.fen import position_from_string
from amath.formats.replay import read_record
from amath.formats.save import FORMAT, load_game
from amath.formats.view import PositionView, position_from_dict, position_from_json, position_of
from amath.game import Game


class FileError(AmathError):
    """A file that cannot be read or is none of the formats above."""

    default_code = "bad_file"


def read_text(path: str) -> str:
    """The file's text (``-`` reads standard input); raise :class:`FileError` if unreadable.

    The one reader of every command that takes a file (and of standard input): a file that
    is not UTF-8 text (a picture, a zip, a file saved in another encoding) is a
    :class:`FileError` naming the first byte that cannot be read, never a ``UnicodeDecodeError``.
    """
    if path == "-":
        raw = getattr(sys.stdin, "buffer", None)
        if raw is None:  # a text stream put in its place (tests, embedding): already decoded
            return sys.stdin.read()
        return decode(raw.read(), path)
    return read_file(path)


def read_file(path: str) -> str:
    """A file's UTF-8 text (no ``-`` for standard input); raise :class:`FileError` if unreadable."""
    try:
        data = Path(path).read_bytes()
    except FileNotFoundError:
        raise FileError("file not found", code="file_not_found", path=path) from None
    except OSError as exc:
        detail = exc.strerror or str(exc)
        raise FileError(f"cannot read: {detail}", code="file_unreadable", path=path, detail=detail) from None
    return decode(data, path)


def decode(data: bytes, path: str) -> str:
    """``data`` as UTF-8 text (a leading byte-order mark dropped); :class:`FileError` ``not_text`` when it is not."""
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        byte = f"0x{data[exc.start]:02X}"
        raise FileError(
            f"not a UTF-8 text file (byte {byte} at offset {exc.start} is not UTF-8; a binary file?)",
            code="not_text",
            path=path,
            byte=byte,
            offset=exc.start,
        ) from None


#: Keys only a saved game has (a position has none of them).
_SAVED_KEYS = frozenset(("format", "version", "sides", "turns", "seed", "options"))


def load_game_text(text: str) -> Game:
    """A game from a text record or a saved game JSON (a position is refused)."""
    loaded = load_any(text)
    if isinstance(loaded, PositionView):
        raise FileError("this is a position, not a game (a game is a record or a saved game)", code="not_a_game")
    return loaded


def load_any(text: str) -> Game | PositionView:
    """A game (record or saved game) or a position (JSON or string)."""
    stripped = text.strip()
    if stripped.startswith("{"):
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise FileError(f"not valid JSON: {exc}", code="bad_json", detail=str(exc)) from None
        if isinstance(data, dict) and (data.get("format") == FORMAT or _SAVED_KEYS & set(data)):
            return load_game(data)  # a saved game, or a broken one: its own errors say what is wrong
        return position_from_dict(data)
    lines = [ln.strip() for ln in stripped.splitlines() if ln.strip()]
    if len(lines) == 1 and _looks_like_position(lines[0]):
        return position_from_string(lines[0])
    return read_record(text)  # anything else is read as a record, whose errors name the line


def position_from_text(text: str) -> PositionView:
    """A position from its JSON (docs/rules.md "Position JSON") or its one-line position string (what ``amath position`` prints).

    Errors name what is wrong: the JSON's or the string's own, or that the text is neither.
    """
    stripped = text.strip()
    if stripped.startswith("{"):
        return position_from_json(text)
    lines = [ln for ln in stripped.splitlines() if ln.strip()]
    if len(lines) == 1:
        return position_from_string(lines[0])  # its errors say which field is wrong
    raise PositionError(
        f"not a position: expected position JSON (an object) or a one-line position string, got {len(lines)} line(s)",
        code="pos_text",
        lines=len(lines),
    )


def _looks_like_position(line: str) -> bool:
    """A position string is one line of 4 or 5 fields whose board has rows separated by ``|``."""
    fields = line.split()
    return len(fields) in (4, 5) and "|" in fields[0] and not line.startswith(("#", ">"))


def game_at(game: Game, turn: int | None) -> Game:
    """``game`` after its first ``turn`` turns (undoing the rest); None keeps it whole."""
    if turn is None:
        return game
    if turn < 0 or turn > len(game.history):
        raise PositionError(
            f"turn {turn} is out of range: the game has {len(game.history)} turns (0 is the start)",
            code="turn_out_of_range",
            turn=turn,
            count=len(game.history),
        )
    while len(game.history) > turn:
        game.pop()
    return game


def position_at(game: Game, turn: int | None) -> PositionView:
    """The position (rack of the side to move) after the first ``turn`` turns."""
    return position_of(game_at(game, turn))
