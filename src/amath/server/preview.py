"""Judging tentative tiles for one side without touching the game: legal or why not, and the score."""

from __future__ import annotations

from collections import Counter
from typing import Any

from amath.errors import AmathError
from amath.game import Game
from amath.move import Place
from amath.notation import format_move
from amath.placement import analyze, check_lines
from amath.scoring import score


def preview(game: Game, side: int, place: Place) -> dict[str, Any]:
    """``{"legal", "reason", "score", "notation", "your_turn"}`` for ``place`` from ``side``'s rack.

    In challenge mode the equations are not judged (that is the opponents' job), only
    where the tiles go and what they would score.
    """
    out: dict[str, Any] = {"legal": False, "reason": None, "score": None, "notation": None, "your_turn": side == game.to_move}
    need = Counter(t for t in place.rack_tiles if t not in game.rules.tiles.free)  # free tiles need no rack tile
    have = Counter(game.racks[side])
    if any(have[t] < k for t, k in need.items()):
        out["reason"] = "those tiles are not all on your rack"
        return out
    try:
        analysis = analyze(game.board, place, game.rules)
        out["score"] = score(analysis, game.rules)
        out["notation"] = format_move(place, game.board, game.rules)
        if not game.options.challenge:
            check_lines(analysis, game.rules)
    except AmathError as exc:
        out["reason"] = str(exc)
        return out
    if game.over:
        out["reason"] = "the game is over"
    elif side != game.to_move:
        out["reason"] = "it is not your turn"
    else:
        out["legal"] = True
    return out
