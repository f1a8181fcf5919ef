"""Drawing the game as text: the board with premium colours and coordinates, racks, scores, legend.

Pure functions from game state to strings, so they are easy to test and to reuse.  Each
square is four columns wide: three for its content, one space between squares.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Collection, Mapping, Sequence

from amath.apps.terminal import style as st
from amath.apps.terminal.style import Style
from amath.apps.terminal.text import Text
from amath.core.board import Board, Square
from amath.core.rules.base import Ruleset
from amath.core.tiles import BLANK, display
from amath.game import Game

_SUBSCRIPT = str.maketrans("0123456789", "₀₁₂₃₄₅₆₇₈₉")

# Label of an empty premium square: (with colour, without colour).
_LABELS: dict[str, tuple[str, str]] = {"T": ("T", "T"), "D": ("D", "D"), "3": ("3", "3p"), "2": ("2", "2p")}


def width(text: str) -> int:
    """Columns ``text`` takes on screen: Thai vowel and tone marks above or below take none."""
    return sum(1 for c in text if unicodedata.category(c) not in ("Mn", "Me", "Cf"))


def _fit(content: str) -> str:
    """Place 1-3 characters in a three-column cell: ``' X '``, ``' XY'``, ``'XYZ'``."""
    if len(content) == 1:
        return f" {content} "
    return content.rjust(3)[:3] if len(content) <= 3 else content


def face_text(face: str, style: Style) -> str:
    """A face as shown: Unicode operators (``×``) or the ASCII names."""
    return display(face) if style.unicode else face


#: After the face of a choice tile (``±`` as −, ``×/÷`` as ÷), so it never looks like a real −.
CHOICE_MARK = "'"


def tile_text(tile: str, face: str, points: int, style: Style) -> str:
    """A tile's cell text: face and points (``7₂``), or in ASCII the face (``7``, blank ``7?``).

    A choice tile carries :data:`CHOICE_MARK` after its face: ``−'₁`` is the ± tile played as
    −, ``−₂`` a real minus.
    """
    shown = face_text(face, style) + (CHOICE_MARK if tile not in (face, BLANK) else "")
    if style.unicode:
        return shown + str(points).translate(_SUBSCRIPT)
    return shown + ("?" if tile == BLANK else "")


def _empty_cell(premium: str, style: Style) -> str:
    if premium == ".":
        return style.paint(_fit("·" if style.unicode else "."), st.DIM)
    if premium == "*":
        return style.paint(_fit("★" if style.unicode else "*"), st.BOLD + ";" + st.PREMIUM_FG["*"] + ";" + st.PREMIUM_BG["*"])
    label = _LABELS[premium][0 if style.color else 1]
    return style.paint(_fit(label), st.PREMIUM_FG[premium] + ";" + st.PREMIUM_BG[premium])


def render_board(board: Board, rules: Ruleset, style: Style, highlight: Collection[Square] = ()) -> str:
    """The board with column letters on top and row numbers on both sides.

    ``highlight`` marks squares of the last move (drawn on green when colour is on).
    """
    size = board.size
    letters = "".join(f" {chr(ord('A') + c)}  " for c in range(size))
    lines = ["   " + letters.rstrip()]
    for r in range(size):
        cells: list[str] = []
        for c in range(size):
            sq = Square(r, c)
            placed = board.get(sq)
            if placed is None:
                cells.append(_empty_cell(rules.layout.premium(sq), style))
                continue
            text = _fit(tile_text(placed.tile, placed.face, rules.tiles.points.get(placed.tile, 0), style))
            code = st.NEW_TILE if sq in highlight else st.BLANK_TILE if placed.tile == BLANK else st.TILE
            cells.append(style.paint(text, code))
        lines.append(f"{r + 1:>2} " + " ".join(cells) + f" {r + 1:>2}")
    lines.append(lines[0])
    return "\n".join(lines)


def render_legend(text: Text, style: Style) -> str:
    """Two lines: each premium kind with its colour and label; the centre and how tiles look."""
    premiums = [_empty_cell(p, style) + " " + text(f"legend_{p}") for p in ("T", "D", "3", "2")]
    sample = style.paint(_fit(tile_text("7", "7", 2, style)), st.TILE)
    choice = style.paint(_fit(tile_text("+-", "-", 1, style)), st.TILE)
    others = [
        _empty_cell("*", style) + " " + text("legend_star"),
        sample + " " + text("legend_tile"),
        choice + " " + text("legend_choice", tile=face_text("+-", style), face=face_text("-", style)),
    ]
    indent = " " * (width(text("legend")) + 2)
    return text("legend") + ": " + "  ".join(premiums) + "\n" + indent + "  ".join(others)


def render_rack(rack: Sequence[str], rules: Ruleset, style: Style) -> str:
    """A rack as tiles with their points, each painted like a tile on the board."""
    cells: list[str] = []
    for tile in rack:
        points = rules.tiles.points.get(tile, 0)
        shown = face_text(tile, style)
        content = shown + str(points).translate(_SUBSCRIPT) if style.unicode else f"{shown}({points})"
        cells.append(style.paint(f" {content} ", st.BLANK_TILE if tile == BLANK else st.TILE))
    return " ".join(cells)


def _clock(seconds: float) -> str:
    whole = max(0, int(seconds))
    return f"{whole // 60}:{whole % 60:02d}"


def render_scores(game: Game, text: Text, style: Style, bots: Collection[int] | Mapping[int, str] = ()) -> str:
    """Scores (the side to move marked), the clock when there is one, and the bag count.

    ``bots``: the bot sides, or side -> level to name each bot's level for people (``[bot: Champion]``, ``[บอท: แชมป์]``).
    """
    clock = game.options.clock
    rows: list[str] = []
    for k, name in enumerate(game.names):
        mark = "▶" if style.unicode else ">"
        label = name
        if k in bots:
            level = bots.get(k, "") if isinstance(bots, Mapping) else ""
            label += " " + (text("bot_tag_level", level=text.bot_level(level)) if level else text("bot_tag"))
        label += " " * max(0, 20 - width(label))
        line = f"{mark if k == game.to_move and not game.over else ' '} {label} {game.scores[k]:>4}"
        if clock.kind == "total":
            left = clock.seconds - game.time_used[k]
            line += "   " + (text("time_left", left=_clock(left)) if left >= 0 else text("time_over", over=_clock(-left)))
        rows.append(style.paint(line, st.BOLD) if k == game.to_move and not game.over else line)
    if clock.kind == "move":
        rows.append(text("move_limit", limit=_clock(clock.seconds)))
    rows.append(text("bag", n=len(game.bag)))
    return text("scores") + ":\n" + "\n".join(rows)
