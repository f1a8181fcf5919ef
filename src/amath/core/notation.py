"""Move notation: read and write turns as text (docs/rules.md "Move notation"; examples in the README).

A placement is a coordinate and the whole main line, tokens separated by spaces:

* ``8H`` starts at H8 going across (row first); ``H8`` starts at H8 going down.
* a tile placed as itself: its name, ``7``, ``12``, ``+``, ``=``;
* a blank or choice tile: tile name, colon, face: ``?:7``, ``+-:-``, ``*/:/``
  (input also takes ``?7`` for a blank);
* a tile already on the board: its face in square brackets, ``[7]`` (input also takes ``.``).

Other turns: ``pass``, ``exchange 1 2 ?`` (or ``swap``), ``challenge``.
"""

from __future__ import annotations

import re

from amath.core.board import Board, Square
from amath.core.errors import NotationError, SquareError
from amath.core.move import Challenge, Exchange, Move, Pass, Place, TilePlay
from amath.core.placement import Analysis, analyze
from amath.core.rules.base import Ruleset
from amath.core.tiles import BLANK, normalize

_ACROSS_RE = re.compile(r"^([0-9]{1,2})([A-Za-z])$")
_DOWN_RE = re.compile(r"^([A-Za-z])([0-9]{1,2})$")


def parse_coordinate(text: str, size: int = 15) -> tuple[Square, bool]:
    """``"8H"`` -> (H8, across); ``"H8"`` -> (H8, down)."""
    try:
        m = _ACROSS_RE.match(text)
        if m:
            return Square.parse(m.group(2) + m.group(1), size), True
        m = _DOWN_RE.match(text)
        if m:
            return Square.parse(text, size), False
    except SquareError as exc:
        raise NotationError(f"{text!r}: {exc}", code="quoted", text=text, detail=exc) from None
    raise NotationError(f"{text!r} is not a coordinate (8H = across from H8, H8 = down from H8)", code="bad_coordinate", text=text)


def format_coordinate(sq: Square, across: bool) -> str:
    """(H8, across) -> ``"8H"``; (H8, down) -> ``"H8"``."""
    col, row = sq.name[0], sq.name[1:]
    return f"{row}{col}" if across else f"{col}{row}"


def token_of(tile: str, face: str) -> str:
    """The token for a placed tile: ``7``, ``?:7``, ``+-:-``."""
    return tile if tile == face else f"{tile}:{face}"


def parse_token(text: str, rules: Ruleset) -> tuple[str, str]:
    """Read a placed-tile token into (tile, face), checking the tile may show the face."""
    if ":" in text and len(text) > 1:
        tile_txt, _, face_txt = text.partition(":")
        tile, face = normalize(tile_txt), normalize(face_txt)
    elif text.startswith(BLANK) and len(text) > 1:
        tile, face = BLANK, normalize(text[1:])
    else:
        tile = face = normalize(text)
    try:
        faces = rules.faces_of(tile)
    except ValueError:
        raise NotationError(
            f"{text!r}: {tile!r} is not a tile of {rules.name}", code="not_a_tile_of", text=text, tile=tile, variant=rules.name
        ) from None
    if rules.needs_face(tile) and tile == face:
        raise NotationError(
            f"{text!r}: say which face the {tile!r} tile shows, e.g. {tile}:{faces[0]}",
            code="face_needed",
            text=text,
            tile=tile,
            example=f"{tile}:{faces[0]}",
        )
    if face not in faces:
        raise NotationError(
            f"{text!r}: tile {tile!r} cannot show {face!r} (it can be {' '.join(faces)})",
            code="face_not_allowed",
            text=text,
            tile=tile,
            face=face,
            faces=" ".join(faces),
        )
    return tile, face


def parse_place(text: str, board: Board, rules: Ruleset) -> Place:
    """Read a placement such as ``8H 1 2 + 3 = [1] 5`` against ``board``."""
    words = text.split()
    if len(words) < 2:
        raise NotationError(f"{text!r}: a placement is a coordinate and tiles, like '8H 1 + 2 = 3'", code="placement_form", text=text)
    start, across = parse_coordinate(words[0], board.size)
    sq = start
    plays: list[TilePlay] = []
    for word in words[1:]:
        if not board.on_board(sq):
            raise NotationError(f"{text!r}: the line runs off the board after {word!r}", code="runs_off_board", text=text, word=word)
        on_board = board.get(sq)
        if word == "." or (word.startswith("[") and word.endswith("]")):
            if on_board is None:
                raise NotationError(
                    f"{text!r}: {word!r} marks a tile on the board but {sq} is empty",
                    code="marked_square_empty",
                    text=text,
                    word=word,
                    square=str(sq),
                )
            if word != "." and normalize(word[1:-1]) != on_board.face:
                raise NotationError(
                    f"{text!r}: {sq} holds {on_board.face}, not {word[1:-1]}",
                    code="marked_face_differs",
                    text=text,
                    square=str(sq),
                    face=on_board.face,
                    written=word[1:-1],
                )
        else:
            if on_board is not None:
                raise NotationError(
                    f"{text!r}: {sq} already holds {on_board.face}; write it as [{on_board.face}]",
                    code="square_holds",
                    text=text,
                    square=str(sq),
                    face=on_board.face,
                )
            tile, face = parse_token(word, rules)
            plays.append(TilePlay(sq, tile, face))
        sq = sq.step(across)
    if not plays:
        raise NotationError(f"{text!r}: the placement puts down no new tile", code="no_new_tile", text=text)
    return Place(tuple(plays))


def parse_move(text: str, board: Board, rules: Ruleset, player: int = 0) -> Move:
    """Read any turn: a placement, ``pass``, ``exchange TILES`` / ``swap TILES``, ``challenge``."""
    words = text.split()
    if not words:
        raise NotationError("empty move", code="empty_move")
    head = words[0].lower()
    if head == "pass" and len(words) == 1:
        return Pass()
    if head == "challenge" and len(words) == 1:
        return Challenge(player)
    if head in ("exchange", "swap", "ex"):
        if len(words) == 1:
            raise NotationError(f"{text!r}: name the tiles to exchange, like 'exchange 1 ? ='", code="exchange_form", text=text)
        try:
            return Exchange(tuple(rules.tiles.parse_tile(w) for w in words[1:]))
        except ValueError as exc:
            raise NotationError(f"{text!r}: {exc}", code="quoted", text=text, detail=exc) from None
    return parse_place(text, board, rules)


def format_place(place: Place, board: Board, rules: Ruleset, analysis: Analysis | None = None) -> str:
    """Write a placement (made on ``board``, before it is applied) in canonical notation.

    ``analysis``: the placement's :func:`analyze` on this board, when the caller has it already.
    """
    analysis = analysis or analyze(board, place, rules)
    new = {p.square: p for p in place.tiles}
    main = board.run(place.tiles[0].square, analysis.across, {s: p.placed for s, p in new.items()})
    words = [format_coordinate(main[0], analysis.across)]
    for sq in main:
        if sq in new:
            words.append(token_of(new[sq].tile, new[sq].face))
        else:
            existing = board.get(sq)
            assert existing is not None
            words.append(f"[{existing.face}]")
    return " ".join(words)


def format_move(move: Move, board: Board, rules: Ruleset) -> str:
    """Write any turn in canonical notation."""
    if isinstance(move, Place):
        return format_place(move, board, rules)
    if isinstance(move, Exchange):
        return "exchange " + " ".join(move.tiles)
    if isinstance(move, Challenge):
        return "challenge"
    return "pass"
