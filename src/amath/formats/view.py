"""The position JSON (docs/rules.md "Position JSON"): board, the rack of the side to move, scores, who moves.

Reading checks everything and raises :class:`PositionError` naming the bad field, so a
typo never turns into a silently different position.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from amath.core.board import Board, PlacedTile, Square
from amath.core.errors import AmathError, PositionError
from amath.core.rules import get_ruleset
from amath.core.rules.base import Ruleset
from amath.core.tiles import normalize
from amath.game import Game

_KEYS = {"variant", "board", "rack", "scores", "to_move"}


@dataclass(frozen=True, slots=True)
class PositionView:
    """A position as one side sees it: the board, its rack, every score and who is to move."""

    variant: str
    tiles: tuple[tuple[Square, PlacedTile], ...]
    rack: tuple[str, ...]
    scores: tuple[int, ...]
    to_move: int

    @property
    def rules(self) -> Ruleset:
        """The ruleset named by ``variant``."""
        return get_ruleset(self.variant)

    def board(self) -> Board:
        """A fresh :class:`Board` holding the position's tiles."""
        board = Board(self.rules.layout)
        for sq, tile in self.tiles:
            board.put(sq, tile)
        return board


def position_of(game: Game, side: int | None = None) -> PositionView:
    """The position of ``game`` seen by ``side`` (default: the side to move)."""
    who = game.to_move if side is None else side
    return PositionView(game.rules.name, tuple(game.board.items()), tuple(game.racks[who]), tuple(game.scores), game.to_move)


def position_to_dict(pos: PositionView) -> dict[str, Any]:
    """The JSON-ready dict of docs/rules.md "Position JSON" (``face`` only for blanks and choice tiles)."""
    board: list[dict[str, str]] = []
    for sq, t in pos.tiles:
        entry = {"square": sq.name, "tile": t.tile}
        if t.tile != t.face:
            entry["face"] = t.face
        board.append(entry)
    return {"variant": pos.variant, "board": board, "rack": list(pos.rack), "scores": list(pos.scores), "to_move": pos.to_move}


def position_to_json(pos: PositionView) -> str:
    """The position as a JSON text."""
    return json.dumps(position_to_dict(pos), ensure_ascii=False)


def position_from_json(text: str) -> PositionView:
    """Read a position JSON text; raise :class:`PositionError` saying what is wrong."""
    try:
        data = json.loads(text)
    except (json.JSONDecodeError, RecursionError) as exc:
        raise PositionError(f"not valid JSON: {exc}", code="bad_json", detail=str(exc)) from None
    return position_from_dict(data)


def _field(data: Mapping[str, Any], key: str, kind: type, default: Any = None) -> Any:
    if key not in data:
        if default is not None:
            return default
        raise PositionError(f"position: missing {key!r}", code="pos_missing", key=key)
    value = data[key]
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise PositionError(
            f"position: {key!r} must be a {kind.__name__}, not {json.dumps(value)[:60]}",
            code="pos_type",
            key=key,
            kind=kind.__name__,
            value=json.dumps(value)[:60],
        )
    return value


def position_from_dict(data: Any) -> PositionView:
    """Read the dict form of a position, checking squares, tiles, faces and counts."""
    if not isinstance(data, dict):
        raise PositionError("position: expected a JSON object", code="pos_object")
    unknown = set(data) - _KEYS
    if unknown:
        raise PositionError(
            f"position: unknown field(s) {sorted(unknown)} (fields: {', '.join(sorted(_KEYS))})",
            code="pos_unknown_fields",
            fields=", ".join(sorted(unknown)),
            known=", ".join(sorted(_KEYS)),
        )
    variant = _field(data, "variant", str, "a-math")
    try:
        rules = get_ruleset(variant)
    except AmathError as exc:
        raise PositionError(f"position: {exc}", code="pos_part", part="variant", detail=exc) from None
    tiles: list[tuple[Square, PlacedTile]] = []
    seen: set[Square] = set()
    for k, entry in enumerate(_field(data, "board", list, [])):
        where = f"board[{k}]"
        if not isinstance(entry, dict):
            raise PositionError(f"position: {where} must be an object with 'square' and 'tile'", code="pos_entry", part=where)
        extra = set(entry) - {"square", "tile", "face"}
        if extra:
            raise PositionError(
                f"position: {where} has unknown field(s) {sorted(extra)}",
                code="pos_entry_fields",
                part=where,
                fields=", ".join(sorted(extra)),
            )
        sq_text, tile_text = entry.get("square"), entry.get("tile")
        if not isinstance(sq_text, str) or not isinstance(tile_text, str):
            raise PositionError(f"position: {where} needs 'square' and 'tile' as strings", code="pos_entry", part=where)
        try:
            sq = Square.parse(sq_text, rules.layout.size)
            tile = rules.tiles.parse_tile(tile_text, allow_free=True)
        except AmathError as exc:
            raise PositionError(f"position: {where}: {exc}", code="pos_part", part=where, detail=exc) from None
        if sq in seen:
            raise PositionError(f"position: {where}: two tiles on {sq}", code="pos_two_tiles", part=where, square=str(sq))
        seen.add(sq)
        face_text = entry.get("face")
        if rules.needs_face(tile):
            if not isinstance(face_text, str):
                raise PositionError(
                    f"position: {where}: the {tile!r} tile on {sq} needs a 'face'",
                    code="pos_face_needed",
                    part=where,
                    tile=tile,
                    square=str(sq),
                )
            face = normalize(face_text)
            if face not in rules.faces_of(tile):
                raise PositionError(
                    f"position: {where}: tile {tile!r} cannot show {face_text!r}",
                    code="pos_face_bad",
                    part=where,
                    tile=tile,
                    face=face_text,
                )
        else:
            if face_text is not None and normalize(str(face_text)) != tile:
                raise PositionError(
                    f"position: {where}: tile {tile!r} always shows {tile!r}, not {face_text!r}",
                    code="pos_face_fixed",
                    part=where,
                    tile=tile,
                    face=str(face_text),
                )
            face = tile
        tiles.append((sq, PlacedTile(tile, face)))
    rack: list[str] = []
    for k, t in enumerate(_field(data, "rack", list)):
        if not isinstance(t, str):
            raise PositionError(f"position: rack[{k}] must be a tile name string", code="pos_rack_entry", part=f"rack[{k}]")
        try:
            rack.append(rules.tiles.parse_tile(t))
        except AmathError as exc:
            raise PositionError(f"position: rack[{k}]: {exc}", code="pos_part", part=f"rack[{k}]", detail=exc) from None
    if len(rack) > rules.rack_size:
        raise PositionError(
            f"position: a rack holds at most {rules.rack_size} tiles, not {len(rack)}",
            code="pos_rack_size",
            most=rules.rack_size,
            count=len(rack),
        )
    used = Counter(t.tile for _, t in tiles if t.tile not in rules.tiles.free) + Counter(rack)
    over = [f"{t} ({n} > {rules.tiles.counts.get(t, 0)})" for t, n in used.items() if n > rules.tiles.counts.get(t, 0)]
    if over:
        raise PositionError(f"position: more tiles than the set holds: {', '.join(over)}", code="pos_too_many_tiles", tiles=", ".join(over))
    scores = _field(data, "scores", list, [0, 0])
    if not rules.min_players <= len(scores) <= rules.max_players or not all(isinstance(s, int) and not isinstance(s, bool) for s in scores):
        raise PositionError(
            f"position: 'scores' must be {rules.min_players} to {rules.max_players} integers",
            code="pos_scores",
            least=rules.min_players,
            most=rules.max_players,
        )
    to_move = _field(data, "to_move", int, 0) if "to_move" in data else 0
    if not 0 <= to_move < len(scores):
        raise PositionError(
            f"position: 'to_move' must be 0..{len(scores) - 1}, not {to_move}", code="pos_to_move", most=len(scores) - 1, value=to_move
        )
    return PositionView(rules.name, tuple(sorted(tiles)), tuple(rack), tuple(scores), to_move)
