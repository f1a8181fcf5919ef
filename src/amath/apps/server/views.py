"""What one seat (or a spectator) is allowed to see, built field by field.

Never copied from the game wholesale: a view holds the viewer's own rack only, no bag
order, no seed, no drawn tiles and no exchanged tiles of another side.  The other
racks are shown only once the game is over (they settle the final scores), or all the
time under a ruleset with open racks (Smath Primary).  ``rules`` tells the page what
the variant's tiles are (faces, points, free tiles, rack size), so nothing of A-Math is
hard-coded in the browser.
"""

from __future__ import annotations

import time
from collections import Counter
from typing import Any

from amath.apps.server.storage import StoredGame
from amath.core.move import Exchange
from amath.core.rules import get_ruleset
from amath.core.rules.base import Ruleset
from amath.game import Game, Turn


def side_of(stored: StoredGame, seat: int) -> int:
    """The side (rack and score) a seat plays for: teams alternate round the table."""
    sides = 2 if stored.config.get("teams") else int(stored.config["players"])
    return seat % sides


def build_view(stored: StoredGame, game: Game | None, seat: int | None) -> dict[str, Any]:
    """The state as seat ``seat`` sees it (``None``: a spectator)."""
    cfg = stored.config
    rules = get_ruleset(cfg.get("variant", "a-math"))
    view: dict[str, Any] = {
        "id": stored.id,
        "mode": stored.mode,
        "rated": bool(cfg.get("rated")),
        "status": stored.status,
        "variant": rules.name,
        "rules": rules_view(rules),
        "players": cfg["players"],
        "teams": bool(cfg.get("teams")),
        "challenge_mode": bool(cfg.get("challenge")),
        "seats": [
            {"seat": s.seat, "name": s.name, "side": side_of(stored, s.seat), "bot": s.bot, "joined": s.joined} for s in stored.seats
        ],
        "layout": list(rules.layout.rows),
        "points": dict(rules.tiles.points),
        "clock": dict(cfg.get("clock", {"kind": "none"})),
        "hints": hints_allowed(stored),
        "practice": bool(cfg.get("practice")) and hints_allowed(stored),
        "rematch": cfg.get("rematch"),
    }
    if game is None:
        view.update(board=[], sides=[], to_move=None, bag=None, rack=None, unseen={}, history=[], version=0, result=None)
        view.update(can_challenge=False, me=None if seat is None else {"seat": seat, "side": side_of(stored, seat)})
        return view
    side = None if seat is None else side_of(stored, seat)
    view["board"] = [board_tile(sq.name, t.tile, t.face) for sq, t in game.board.items()]
    view["history"] = [turn_entry(k, t, side, game) for k, t in enumerate(game.history)]
    view["last"] = last_squares(game)
    view.update(move_fields(stored, game))
    view.update(seat_fields(stored, game, seat))
    return view


def move_fields(stored: StoredGame, game: Game) -> dict[str, Any]:
    """The fields of a view that a turn may change and that every screen sees alike (but ``last``: it follows the board)."""
    clock = dict(stored.config.get("clock", {"kind": "none"}))
    clock["used"] = [round(x, 1) for x in game.time_used]
    clock["running"] = round(max(0.0, time.time() - stored.turn_started), 1) if not game.over else 0.0
    pending = game.pending
    fields: dict[str, Any] = {
        "status": stored.status,
        "sides": [{"name": game.names[k], "score": game.scores[k], "rack": len(game.racks[k])} for k in range(len(game.sides))],
        "to_move": None if game.over else game.to_move,
        "bag": len(game.bag),
        "version": len(game.history),
        "challengeable": None if pending is None else pending.player,
        "clock": clock,
        "result": None if game.result is None else _result(game),
    }
    if game.rules.open_racks:  # every rack is public (Smath Primary)
        fields["open_racks"] = [list(r) for r in game.racks]
    return fields


def seat_fields(stored: StoredGame, game: Game, seat: int | None, off_board: Counter[str] | None = None) -> dict[str, Any]:
    """The fields of a view that only seat ``seat`` (None: a spectator) sees: its rack and what it cannot see.

    ``off_board``: the tile set less the board's tiles, when the caller has it already.
    """
    side = None if seat is None else side_of(stored, seat)
    pending = game.pending
    return {
        "me": None if seat is None else {"seat": seat, "side": side},
        "rack": None if side is None else list(game.racks[side]),
        "unseen": in_tile_order(game.rules, unseen(game, side, off_board)),
        "can_challenge": pending is not None and side is not None and side != pending.player,
    }


def hints_allowed(stored: StoredGame) -> bool:
    """Hints are for a player alone against the bot: never in a room or hot seat with other people, nor in a rated game."""
    return stored.mode == "bot" and not stored.config.get("rated")


def rules_view(rules: Ruleset) -> dict[str, Any]:
    """What the page needs to know of a variant to place tiles and show the game."""
    return {
        "name": rules.name,
        "rack_size": rules.rack_size,
        "free": sorted(rules.tiles.free, key=_order),
        "blank_faces": list(rules.blank_faces),
        "choice_faces": {tile: list(faces) for tile, faces in rules.choice_faces.items()},
        "exchange_min_bag": rules.exchange_min_bag,
        "pass_rounds": rules.pass_rounds,
        "bingo_bonus": rules.bingo_bonus,
        "max_tiles": rules.max_tiles_per_turn,
        "shared_score": rules.shared_score,
        "open_racks": rules.open_racks,
    }


def board_tile(square: str, tile: str, face: str) -> dict[str, str]:
    """A tile on the board as the page shows it (the face only when it differs from the tile)."""
    entry = {"square": square, "tile": tile}
    if tile != face:
        entry["face"] = face
    return entry


def off_board(game: Game) -> Counter[str]:
    """The tile set less the tiles on the board (what a spectator cannot see)."""
    return game.rules.unseen(game.board)


def unseen(game: Game, side: int | None, base: Counter[str] | None = None) -> Counter[str]:
    """Tiles the viewer cannot see, by count: the bag and the other racks (the bag alone when racks are open).

    ``base``: :func:`off_board` of ``game``, when the caller has it already (one board walk for every screen).
    """
    if game.rules.open_racks:
        return Counter(game.bag)
    left = Counter(off_board(game) if base is None else base)
    if side is not None:
        left.subtract(game.racks[side])
    return left  # counts at 0 (or below, never from the rules engine) are left for in_tile_order to drop


def _order(tile: str) -> tuple[int, int, str]:
    return (0, int(tile), "") if tile.isdigit() else (1, 0, tile)


_TILE_ORDER: dict[str, tuple[str, ...]] = {}


def in_tile_order(rules: Ruleset, counts: Counter[str]) -> dict[str, int]:
    """``counts`` (of tiles of ``rules``' set) in the page's order of tiles (numbers by value, then the rest), none at 0 or below."""
    order = _TILE_ORDER.get(rules.name)
    if order is None:
        order = _TILE_ORDER[rules.name] = tuple(sorted(rules.tiles.counts, key=_order))
    return {tile: counts[tile] for tile in order if counts[tile] > 0}


def last_squares(game: Game) -> list[str]:
    """The squares of the last placement still on the board (the page highlights them)."""
    last = game.last_placement()
    return [p.square.name for p in last.tiles] if last is not None else []


def turn_entry(k: int, turn: Turn, side: int | None, game: Game) -> dict[str, Any]:
    """History entry ``k`` as side ``side`` (None: a spectator) sees it: another side's exchanged tiles are hidden."""
    entry: dict[str, Any] = {
        "n": k,
        "side": turn.player,
        "name": game.names[turn.player],
        "kind": turn.kind,
        "score": turn.score,
        "total": turn.total,
        "bingo": turn.bingo,
        "notation": turn.notation,
    }
    if turn.kind == "exchange" and isinstance(turn.move, Exchange):
        entry["count"] = len(turn.move.tiles)
        if turn.player != side:
            entry["notation"] = "exchange"  # which tiles went back is hidden
    return entry


def _result(game: Game) -> dict[str, Any]:
    result = game.result
    assert result is not None
    return {
        "reason": result.reason,
        "adjustments": list(result.adjustments),
        "penalties": list(result.penalties),
        "scores": list(result.scores),
        "winners": list(result.winners),
        "draw": result.draw,
        "out_player": result.out_player,
        "loser_on_time": result.loser_on_time,
        "resigned": result.resigned,
        "final_racks": [list(r) for r in game.racks],
    }
