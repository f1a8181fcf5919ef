"""Draw a board as SVG: premium squares in their colours, tiles with their points.

Blanks show their face in red on a dashed tile; choice tiles carry a small ``±`` or
``×÷`` in the corner; the last move's tiles are outlined in green.  Pure text output, no
dependencies, so the web app and the docs can use the same drawing.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from xml.sax.saxutils import escape, quoteattr

from amath.core.board import CENTRE, COLUMNS, DOUBLE_EQUATION, DOUBLE_PIECE, TRIPLE_EQUATION, TRIPLE_PIECE, Board, PlacedTile, Square
from amath.core.rules.base import Ruleset
from amath.core.tiles import BLANK, display

#: Square colours by premium character (docs/rules.md "Board"): red, yellow, blue, orange; plain squares.
COLOURS = {
    TRIPLE_EQUATION: "#d63c32",
    DOUBLE_EQUATION: "#f3c73c",
    TRIPLE_PIECE: "#3f7fd6",
    DOUBLE_PIECE: "#f08a2c",
    CENTRE: "#3f7fd6",
    ".": "#e4eadf",
}
#: Two short lines naming each premium.
LABELS = {
    TRIPLE_EQUATION: ("×3", "EQ"),
    DOUBLE_EQUATION: ("×2", "EQ"),
    TRIPLE_PIECE: ("×3", ""),
    DOUBLE_PIECE: ("×2", ""),
}
CHOICE_MARKS = {"+-": "±", "*/": "×÷"}
FONT = "Sarabun, 'Noto Sans Thai', 'DejaVu Sans', Arial, sans-serif"
TILE_FILL = "#fbf0d4"
TILE_EDGE = "#8a6d3b"
LAST_FILL = "#fff7a8"
LAST_EDGE = "#1f9d43"
BLANK_FACE = "#c0392b"


def board_svg(
    board: Board,
    rules: Ruleset,
    *,
    highlight: Collection[Square] = (),
    rack: Sequence[str] | None = None,
    names: Sequence[str] = (),
    scores: Sequence[int] = (),
    to_move: int | None = None,
    cell: int = 40,
) -> str:
    """The board as an SVG document; ``rack`` is drawn below it, names and scores above."""
    size = board.size
    margin = cell * 3 // 5
    header = cell if names else 0
    footer = cell * 3 // 2 if rack is not None else 0
    width = 2 * margin + size * cell
    height = header + 2 * margin + size * cell + footer
    top = header + margin
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" viewBox="0 0 {width} {height}" '
        f'font-family="{escape(FONT)}" role="img" aria-label="A-Math board">',
        f'<rect width="{width}" height="{height}" fill="#2f4f3a"/>',
    ]
    if names:
        out.append(_header(names, scores, to_move, width, header, cell))
    for k in range(size):  # coordinates: letters along the top and bottom, numbers at both sides
        x = margin + k * cell + cell / 2
        y = top + k * cell + cell / 2
        for ty in (top - margin / 2, top + size * cell + margin / 2):
            out.append(_text(x, ty, COLUMNS[k], cell * 0.3, "#e8efe6"))
        for tx in (margin / 2, margin + size * cell + margin / 2):
            out.append(_text(tx, y, str(k + 1), cell * 0.3, "#e8efe6"))
    lit = set(highlight)
    for sq in board.layout.squares():
        x, y = margin + sq.col * cell, top + sq.row * cell
        tile = board.get(sq)
        if tile is None:
            out.append(_square(board.layout.premium(sq), x, y, cell))
        else:
            out.append(_tile(tile, rules, x, y, cell, sq in lit, sq.name))
    if rack is not None:
        out.append(_rack(rack, rules, margin, top + size * cell + margin, cell))
    out.append("</svg>")
    return "\n".join(out) + "\n"


def _text(x: float, y: float, text: str, size: float, fill: str, weight: str = "normal", extra: str = "") -> str:
    return (
        f'<text x="{x:.1f}" y="{y:.1f}" font-size="{size:.1f}" fill="{fill}" font-weight="{weight}" '
        f'text-anchor="middle" dominant-baseline="central"{extra}>{escape(text)}</text>'
    )


def _square(premium: str, x: int, y: int, cell: int) -> str:
    colour = COLOURS.get(premium, COLOURS["."])
    parts = [f'<rect x="{x}" y="{y}" width="{cell}" height="{cell}" fill="{colour}" stroke="#2f4f3a" stroke-width="1"/>']
    cx, cy = x + cell / 2, y + cell / 2
    if premium == CENTRE:
        parts.append(_text(cx, cy, "★", cell * 0.6, "#ffffff"))
    elif premium in LABELS:
        first, second = LABELS[premium]
        ink = "#3b2a05" if premium == DOUBLE_EQUATION else "#ffffff"
        if second:
            parts.append(_text(cx, cy - cell * 0.15, first, cell * 0.28, ink, "bold"))
            parts.append(_text(cx, cy + cell * 0.18, second, cell * 0.24, ink))
        else:
            parts.append(_text(cx, cy, first, cell * 0.3, ink, "bold"))
    return "".join(parts)


def _tile(tile: PlacedTile, rules: Ruleset, x: float, y: float, cell: int, lit: bool, where: str) -> str:
    pad = cell * 0.06
    side = cell - 2 * pad
    fill = LAST_FILL if lit else TILE_FILL
    edge, width = (LAST_EDGE, cell * 0.08) if lit else (TILE_EDGE, 1.2)
    dash = ' stroke-dasharray="4 2"' if tile.tile == BLANK and not lit else ""
    kind = "blank" if tile.tile == BLANK else "choice" if tile.tile in CHOICE_MARKS else "tile"
    parts = [
        f'<g class="{kind}{" last" if lit else ""}" data-square="{where}" '
        f"data-tile={quoteattr(tile.tile)} data-face={quoteattr(tile.face)}>",
        f'<rect x="{x + pad:.1f}" y="{y + pad:.1f}" width="{side:.1f}" height="{side:.1f}" rx="{cell * 0.12:.1f}" '
        f'fill="{fill}" stroke="{edge}" stroke-width="{width:.1f}"{dash}/>',
    ]
    face = display(tile.face)
    font = cell * (0.5 if len(face) == 1 else 0.42)
    ink = BLANK_FACE if tile.tile == BLANK else "#222222"
    style = ' font-style="italic"' if tile.tile == BLANK else ""
    parts.append(_text(x + cell * 0.46, y + cell * 0.47, face, font, ink, "bold", style))
    parts.append(_text(x + cell * 0.8, y + cell * 0.8, str(rules.points(tile.tile)), cell * 0.2, "#555555"))
    if tile.tile in CHOICE_MARKS and tile.face in rules.faces_of(tile.tile):
        parts.append(_text(x + cell * 0.28, y + cell * 0.8, CHOICE_MARKS[tile.tile], cell * 0.2, "#9a5a00", "bold"))
    parts.append("</g>")
    return "".join(parts)


def _rack(rack: Sequence[str], rules: Ruleset, x: int, y: int, cell: int) -> str:
    parts = ['<g class="rack">']
    for k, tile in enumerate(rack):
        face = {"+-": "±", "*/": "×/÷", BLANK: ""}.get(tile, display(tile))
        parts.append(_tile(PlacedTile(tile, face or " "), rules, x + k * cell * 1.1, y, cell, False, f"rack{k + 1}"))
    parts.append("</g>")
    return "".join(parts)


def _header(names: Sequence[str], scores: Sequence[int], to_move: int | None, width: int, height: int, cell: int) -> str:
    parts: list[str] = []
    step = width / max(len(names), 1)
    for k, name in enumerate(names):
        score = f" {scores[k]}" if k < len(scores) else ""
        mark = "▶ " if k == to_move else ""
        weight = "bold" if k == to_move else "normal"
        parts.append(_text(step * k + step / 2, height * 0.6, f"{mark}{name}{score}", cell * 0.38, "#ffffff", weight))
    return "".join(parts)
