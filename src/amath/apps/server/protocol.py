"""Reading request bodies: JSON -> game set-up or a move, strictly, with 400s that explain.

Nothing from a client is trusted: every field is type-checked and every tile, face and
square is read through the rules engine before the game sees it.
"""

from __future__ import annotations

from typing import Any

from amath.apps.server.errors import ApiError
from amath.core.board import Square
from amath.core.errors import AmathError
from amath.core.move import Challenge, Exchange, Move, Pass, Place, TilePlay
from amath.core.rules import get_ruleset
from amath.core.rules.base import Ruleset
from amath.core.tiles import normalize

MODES = ("bot", "hotseat", "room")
CLOCK_KINDS = ("none", "total", "move")
MAX_NAME = 24
MAX_TILES = 15
MAX_VARIANT = 40
RATED_RULESETS = ("a-math", "smath")
_KIND_NAMES: dict[type, str] = {str: "a string", int: "an integer", bool: "true or false"}


def bad(message: str) -> ApiError:
    """A 400 error."""
    return ApiError(400, message)


def expect_object(data: Any, what: str) -> dict[str, Any]:
    """``data`` as a JSON object, else a 400 naming ``what``."""
    if not isinstance(data, dict):
        raise bad(f"{what} must be a JSON object")
    return data


def _get(obj: dict[str, Any], key: str, kind: type, default: Any) -> Any:
    value = obj.get(key, default)
    if kind is int and isinstance(value, bool):
        raise bad(f"'{key}' must be an integer")
    if not isinstance(value, kind):
        raise bad(f"'{key}' must be {_KIND_NAMES.get(kind, kind.__name__)}")
    return value


def read_name(value: Any, fallback: str) -> str:
    """A player's display name: a short non-empty string (trimmed), else ``fallback``."""
    if value is None:
        return fallback
    if not isinstance(value, str):
        raise bad("a name must be a string")
    name = " ".join("".join(ch for ch in value if ch.isprintable()).split())
    name = name.replace("|", "/")  # '|' separates the fields of a game record
    try:
        name.encode("utf-8")
    except UnicodeEncodeError:
        raise bad("a name must be valid text") from None
    if len(name) > MAX_NAME:
        raise bad(f"a name has at most {MAX_NAME} characters")
    return name or fallback


def read_setup(data: Any, bot_levels: list[str]) -> dict[str, Any]:
    """A new game's set-up (variant, rated, mode, players, teams, names, bot level, challenge, clock, practice), checked.

    A rated game (``"rated": true``) is a room of two players, or a game against a bot (rated in the
    "vs bot" pool), in a rated ruleset; its clock,
    if any, ends the game when a side's time is up (a loss for that side).
    """
    obj = expect_object(data, "the game set-up")
    mode = _get(obj, "mode", str, "bot")
    if mode not in MODES:
        raise bad(f"'mode' must be one of {', '.join(MODES)}, not {mode!r}")
    rules = read_variant(obj.get("variant", "a-math"))
    teams = _get(obj, "teams", bool, False)
    players = 4 if teams else _get(obj, "players", int, 2)
    if mode == "bot":
        players, teams = 2, False
    if not 2 <= players <= 4:
        raise bad(f"'players' must be 2, 3 or 4, not {players}")
    sides = 2 if teams else players
    if not rules.min_players <= sides <= rules.max_players:
        raise bad(f"{rules.name} is for {rules.min_players} to {rules.max_players} sides, not {sides}")
    bot = None
    if mode == "bot":
        bot = _get(obj, "bot", str, bot_levels[0] if bot_levels else "")
        if bot not in bot_levels:
            raise bad(f"unknown bot level {bot!r} (levels: {', '.join(bot_levels) or 'none installed'})")
    names_in = obj.get("names", [])
    if not isinstance(names_in, list) or len(names_in) > 4:
        raise bad("'names' must be a list of at most 4 names")
    names = [read_name(n, f"Player {k + 1}") for k, n in enumerate(names_in)]
    names += [f"Player {k + 1}" for k in range(len(names), players)]
    if "name" in obj:
        names[0] = read_name(obj["name"], names[0])
    clock_in = expect_object(obj.get("clock", {}), "'clock'")
    kind = _get(clock_in, "kind", str, "none")
    if kind not in CLOCK_KINDS:
        raise bad(f"clock 'kind' must be one of {', '.join(CLOCK_KINDS)}, not {kind!r}")
    minutes = _get(clock_in, "minutes", int, 22 if kind == "total" else 3)
    if not 1 <= minutes <= 180:
        raise bad("clock 'minutes' must be between 1 and 180")
    rated = _get(obj, "rated", bool, False)
    if rated and (mode == "hotseat" or players != 2 or teams or rules.name not in RATED_RULESETS):
        raise ApiError(
            400,
            "a rated game is an online room of 2 players, or a game against a bot, playing A-Math or Smath (without options)",
            code="rated_setup",
            th="เกมจัดอันดับต้องเป็นห้องออนไลน์ 2 คน หรือเกมกับบอท เล่นเอแม็ทหรือสแม็ท (ไม่มีตัวเลือกเสริม)",
        )
    loss_on_time = _get(clock_in, "loss_on_time", bool, False) or (rated and kind != "none")  # a rated clock ends the game
    low, high = _rating_bound(obj, "rating_min"), _rating_bound(obj, "rating_max")
    if (low is not None or high is not None) and not rated:
        raise bad("a rating range is for rated games only ('rated': true)")
    if low is not None and high is not None and low > high:
        raise bad("'rating_min' must not be more than 'rating_max'")
    return {
        "variant": rules.name,
        "rated": rated,
        "rating_range": [low, high],
        "mode": mode,
        "players": players,
        "teams": teams,
        "names": names[:players],
        "bot": bot,
        "challenge": _get(obj, "challenge", bool, False),
        "practice": _get(obj, "practice", bool, False) and mode == "bot" and not rated,  # no hints in a rated game
        "clock": {"kind": kind, "seconds": minutes * 60, "loss_on_time": loss_on_time},
    }


def _rating_bound(obj: dict[str, Any], key: str) -> int | None:
    """A seek's lowest or highest rating of an opponent (a whole number from 0 to 4000), or None."""
    value = obj.get(key)
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 4000:
        raise bad(f"'{key}' must be a whole number from 0 to 4000, or null")
    return value


def read_variant(value: Any) -> Ruleset:
    """The ruleset a set-up names (``a-math``, ``smath``, ``smath+primary+coop`` ...), else a 400 listing the choices."""
    if not isinstance(value, str) or len(value) > MAX_VARIANT:
        raise bad("'variant' must be a ruleset name such as a-math, smath or smath+beginners")
    try:
        return get_ruleset(value)
    except ValueError as exc:
        raise bad(str(exc)) from None


def read_tiles(value: Any, rules: Ruleset) -> Place:
    """A placement from ``[{"square": "H8", "tile": "7", "face": "7"}, ...]``."""
    if not isinstance(value, list) or not 1 <= len(value) <= MAX_TILES:
        raise bad(f"'tiles' must be a list of 1 to {MAX_TILES} tiles")
    plays: list[TilePlay] = []
    for k, item in enumerate(value):
        obj = expect_object(item, f"tile {k + 1}")
        square, tile = obj.get("square"), obj.get("tile")
        if not isinstance(square, str) or not isinstance(tile, str) or len(square) > 4 or len(tile) > 4:
            raise bad(f"tile {k + 1} needs a 'square' (like H8) and a 'tile' (like 7, ?, +-)")
        face = obj.get("face", tile)
        if not isinstance(face, str) or len(face) > 4:
            raise bad(f"tile {k + 1}: 'face' must be a string")
        try:
            sq = Square.parse(square, rules.layout.size)
            name = rules.tiles.parse_tile(tile, allow_free=True)  # Smath: '=' and brackets need no rack tile
            if rules.needs_face(name) and "face" not in obj:
                raise bad(f"tile {k + 1} ({name}) needs a 'face': what it is played as")
            shown = face if "face" in obj else name
            shown = normalize(shown)
            rules.check_face(name, shown)
        except AmathError as exc:
            raise bad(f"tile {k + 1}: {exc}") from None
        plays.append(TilePlay(sq, name, shown))
    return Place(tuple(plays))


def read_move(data: Any, rules: Ruleset, side: int) -> Move:
    """A turn: ``{"type": "place", "tiles": [...]}``, ``exchange`` with tile names, ``pass``, ``challenge``."""
    obj = expect_object(data, "the move")
    kind = obj.get("type")
    if kind == "place":
        return read_tiles(obj.get("tiles"), rules)
    if kind == "exchange":
        tiles = obj.get("tiles")
        if not isinstance(tiles, list) or not 1 <= len(tiles) <= rules.rack_size or not all(isinstance(t, str) for t in tiles):
            raise bad(f"'tiles' to exchange must be a list of 1 to {rules.rack_size} tile names")
        try:
            return Exchange(tuple(rules.tiles.parse_tile(t) for t in tiles))
        except AmathError as exc:
            raise bad(str(exc)) from None
    if kind == "pass":
        return Pass()
    if kind == "challenge":
        return Challenge(side)
    raise bad("'type' must be one of place, exchange, pass, challenge")
