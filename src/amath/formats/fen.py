"""The one-line position string (in the spirit of chess FEN and Scrabble CGP).

``BOARD RACK SCORES TO_MOVE [VARIANT]``, separated by single spaces:

* ``BOARD``: the rows from row 1 down, joined by ``|``; in a row, comma-separated
  tokens left to right: a tile as in move notation (``7``, ``12``, ``?:7``, ``+-:-``)
  or ``_N`` for a run of N empty squares;
* ``RACK``: the rack of the side to move in brackets, ``[1,2,?,+-,=]`` (``[]`` if empty);
* ``SCORES``: one score per side, ``27,30``; ``TO_MOVE``: the side to move, from 1;
* ``VARIANT``: ``a-math`` when omitted.

>>> s = "_15|" * 7 + "_7,7,+-:-,7,=,0,_3|" + "_15|" * 6 + "_15 [1,?] 12,0 2"
>>> position_to_string(position_from_string(s)) == s + " a-math"
True
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from amath.core import show
from amath.core.board import Board, PlacedTile, Square
from amath.core.errors import AmathError, PositionError
from amath.core.notation import parse_token, token_of
from amath.core.position import Position as KernelPosition
from amath.core.rules import get_ruleset
from amath.core.tiles import ascii_digits
from amath.formats.view import PositionView, position_from_dict, position_of, position_to_dict
from amath.game import Game

_SCORE_RE = re.compile(r"^[+-]?[0-9]+$")


def position_to_string(pos: PositionView) -> str:
    """Write ``pos`` as a one-line position string."""
    rack = "[" + ",".join(pos.rack) + "]"
    scores = ",".join(str(s) for s in pos.scores)
    return f"{_board_text(pos.rules.layout.size, pos.tiles)} {rack} {scores} {pos.to_move + 1} {pos.variant}"


def board_string(board: Board) -> str:
    """The ``BOARD`` field of the position string for ``board``."""
    return _board_text(board.size, board.items())


def _board_text(size: int, tiles: Iterable[tuple[Square, PlacedTile]]) -> str:
    grid: list[list[str | None]] = [[None] * size for _ in range(size)]
    for sq, tile in tiles:
        grid[sq.row][sq.col] = token_of(tile.tile, tile.face)
    rows: list[str] = []
    for cells in grid:
        tokens: list[str] = []
        empty = 0
        for cell in cells:
            if cell is None:
                empty += 1
                continue
            if empty:
                tokens.append(f"_{empty}")
                empty = 0
            tokens.append(cell)
        if empty:
            tokens.append(f"_{empty}")
        rows.append(",".join(tokens))
    return "|".join(rows)


def position_from_string(text: str) -> PositionView:
    """Read a position string; raise :class:`PositionError` saying which part is wrong."""
    fields = text.split()
    if len(fields) not in (4, 5):
        raise PositionError(
            f"position string: expected 'BOARD RACK SCORES TO_MOVE [VARIANT]', got {len(fields)} fields",
            code="fen_fields",
            count=len(fields),
        )
    board_text, rack_text, scores_text, to_move_text = fields[:4]
    try:
        rules = get_ruleset(fields[4] if len(fields) == 5 else "a-math")
    except AmathError as exc:
        raise PositionError(f"position string: {exc}", code="fen_part", part="variant", detail=exc) from None
    size = rules.layout.size
    rows = board_text.split("|")
    if len(rows) != size:
        raise PositionError(
            f"position string: the board has {len(rows)} rows separated by '|', expected {size}",
            code="fen_rows",
            count=len(rows),
            size=size,
        )
    board: list[dict[str, str]] = []
    for r, row in enumerate(rows):
        col = 0
        for token in row.split(","):
            if token.startswith("_"):
                run = token[1:] or "1"
                if not ascii_digits(run) or int(run) < 1:
                    raise PositionError(
                        f"position string: row {r + 1}: {token!r} is not a run of empty squares like _3",
                        code="fen_run",
                        row=r + 1,
                        text=token,
                    )
                col += int(run)
                continue
            if col >= size:
                raise PositionError(
                    f"position string: row {r + 1} covers more than {size} squares", code="fen_row_long", row=r + 1, size=size
                )
            try:
                tile, face = parse_token(token, rules)
            except AmathError as exc:
                raise PositionError(f"position string: row {r + 1}: {exc}", code="fen_part", part=f"row {r + 1}", detail=exc) from None
            entry = {"square": f"{chr(ord('A') + col)}{r + 1}", "tile": tile}
            if tile != face:
                entry["face"] = face
            board.append(entry)
            col += 1
        if col != size:
            raise PositionError(
                f"position string: row {r + 1} covers {col} squares, expected {size}", code="fen_row_short", row=r + 1, count=col, size=size
            )
    if not (rack_text.startswith("[") and rack_text.endswith("]")):
        raise PositionError(f"position string: the rack goes in brackets, like [1,2,?], not {rack_text!r}", code="fen_rack", text=rack_text)
    rack = [t for t in rack_text[1:-1].split(",") if t]
    if not all(_SCORE_RE.match(s) for s in scores_text.split(",")):
        raise PositionError(
            f"position string: scores must be whole numbers separated by commas, not {scores_text!r}", code="fen_scores", text=scores_text
        )
    scores = [int(s) for s in scores_text.split(",")]
    if not ascii_digits(to_move_text) or not 1 <= int(to_move_text) <= len(scores):
        raise PositionError(
            f"position string: the side to move is a number from 1 to {len(scores)}, not {to_move_text!r}",
            code="fen_to_move",
            most=len(scores),
            text=to_move_text,
        )
    data = {"variant": rules.name, "board": board, "rack": rack, "scores": scores, "to_move": int(to_move_text) - 1}
    return position_from_dict(data)


def string_to_json_dict(text: str) -> dict[str, object]:
    """Convert a position string to the position JSON dict (docs/rules.md "Position JSON")."""
    return position_to_dict(position_from_string(text))


# ----- how the kernel's objects and a game show themselves as text (amath.core.show) -----------
@show.text.register
def _board_text_form(board: Board, side: int | None = None) -> str:
    return board_string(board)


@show.text.register
def _position_text_form(pos: KernelPosition, side: int | None = None) -> str:
    who = pos.to_move if side is None else side
    view = PositionView(pos.rules.name, tuple(pos.board.items()), pos.rack(who), tuple(pos.scores), pos.to_move)
    return position_to_string(view)


@show.text.register
def _game_text_form(game: Game, side: int | None = None) -> str:
    return position_to_string(position_of(game, side))
