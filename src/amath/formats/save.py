"""Saved games as JSON: the seed, the options and the turns, so a game replays exactly.

The file holds everything hidden too (the seed fixes the bag), so it is for the owner
of a game (a terminal save, the server's storage), not for sending to an opponent.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Iterable
from typing import Any

from amath.core.errors import AmathError, PositionError
from amath.core.move import Challenge
from amath.core.rules import get_ruleset
from amath.core.rules.base import ClockRules
from amath.game import Game, Options, Turn

FORMAT = "amath-game"
VERSION = 1


def turn_entries(history: Iterable[Turn]) -> list[dict[str, Any]]:
    """The saved turns of ``history`` (a skipped turn is left out: it follows from a failed challenge on replay)."""
    turns: list[dict[str, Any]] = []
    for turn in history:
        if turn.kind == "skipped":
            continue
        entry: dict[str, Any] = {"player": turn.player, "move": turn.notation}
        if isinstance(turn.move, Challenge):
            entry["by"] = turn.move.by
        if turn.elapsed:
            entry["elapsed"] = turn.elapsed
        turns.append(entry)
    return turns


def save_game(game: Game) -> dict[str, Any]:
    """The game as a JSON-ready dict: variant, sides, options, seed and every turn played."""
    turns = turn_entries(game.history)
    return {
        "format": FORMAT,
        "version": VERSION,
        "variant": game.rules.name,
        "sides": [list(s) for s in game.sides],
        "options": {
            "challenge": game.options.challenge,
            "clock": dataclasses.asdict(game.options.clock),
        },
        "seed": game.seed,
        "turns": turns,
    }


def dumps_game(game: Game) -> str:
    """The saved game as JSON text."""
    return json.dumps(save_game(game), ensure_ascii=False, indent=1)


def load_game(data: Any) -> Game:
    """Rebuild a game from :func:`save_game`'s dict by replaying every turn under the rules.

    Raises :class:`PositionError` naming the turn that cannot be replayed.
    """
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise PositionError(f'not a saved game (expected "format": "{FORMAT}")', code="save_format", expected=FORMAT)
    if data.get("version") != VERSION:
        raise PositionError(
            f"saved game version {data.get('version')!r} is not supported (expected {VERSION})",
            code="save_version",
            version=str(data.get("version")),
            expected=VERSION,
        )
    try:
        rules = get_ruleset(str(data["variant"]))
        opts = data.get("options", {})
        clock = ClockRules(**opts.get("clock", {}))
        sides = [[str(n) for n in s] for s in data["sides"]]
        seed = data["seed"]
        if not isinstance(seed, int):
            raise PositionError("saved game: 'seed' must be an integer", code="save_seed")
        game = Game(rules, teams=sides, seed=seed, options=Options(bool(opts.get("challenge", False)), clock))
    except (KeyError, TypeError, ValueError) as exc:
        raise PositionError(f"saved game header is invalid: {exc}", code="save_header", detail=exc) from None
    for k, entry in enumerate(data.get("turns", [])):
        try:
            if entry["move"] == "challenge":
                game.push(Challenge(int(entry["by"])))
            else:
                if entry["player"] != game.to_move:
                    raise PositionError(
                        f"player {entry['player']} is not to move (player {game.to_move} is)",
                        code="save_to_move",
                        player=entry["player"],
                        to_move=game.to_move,
                    )
                game.push(game.parse(str(entry["move"])), float(entry.get("elapsed", 0.0)))
        except (AmathError, KeyError, TypeError, ValueError) as exc:
            raise PositionError(
                f"saved game turn {k + 1} ({entry!r}) cannot be replayed: {exc}", code="save_turn", turn=k + 1, detail=exc
            ) from None
    return game


def loads_game(text: str) -> Game:
    """Read a saved game from JSON text."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise PositionError(f"saved game is not valid JSON: {exc}", code="bad_json", detail=str(exc)) from None
    return load_game(data)
