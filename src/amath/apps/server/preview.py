"""Judging tentative tiles for one side without touching the game: legal or why not, and the score."""

from __future__ import annotations

from collections import Counter
from typing import Any

from amath.apps.error_text import LANGUAGES, describe
from amath.core.errors import AmathError, GameStateError, IllegalMoveError
from amath.core.move import Place
from amath.core.notation import format_move
from amath.core.placement import analyze, check_lines
from amath.core.scoring import score
from amath.game import Game


def preview(game: Game, side: int, place: Place) -> dict[str, Any]:
    """``{"legal", "reason", "code", "reasons", "score", "notation", "your_turn"}`` for ``place`` from ``side``'s rack.

    ``reason`` is English, ``code`` names it (see :mod:`amath.apps.error_text`) and ``reasons``
    has it in every language.  In challenge mode the equations are not judged (that is the opponents' job), only
    where the tiles go and what they would score.
    """
    out: dict[str, Any] = {
        "legal": False,
        "reason": None,
        "code": None,
        "reasons": None,
        "score": None,
        "notation": None,
        "your_turn": side == game.to_move,
    }

    def refuse(err: AmathError) -> dict[str, Any]:
        out.update(reason=str(err), code=err.code, reasons={lang: describe(err, lang) for lang in LANGUAGES})
        return out

    need = Counter(t for t in place.rack_tiles if t not in game.rules.tiles.free)  # free tiles need no rack tile
    have = Counter(game.racks[side])
    if any(have[t] < k for t, k in need.items()):
        return refuse(IllegalMoveError("those tiles are not all on your rack", code="tiles_not_on_rack"))
    try:
        analysis = analyze(game.board, place, game.rules)
        out["score"] = score(analysis, game.rules)
        out["notation"] = format_move(place, game.board, game.rules)
        if not game.options.challenge:
            check_lines(analysis, game.rules)
    except AmathError as exc:
        return refuse(exc)
    if game.over:
        return refuse(GameStateError("the game is over", code="game_over"))
    if side != game.to_move:
        return refuse(GameStateError("it is not your turn", code="not_your_turn"))
    out["legal"] = True
    return out
