"""Saved terminal games: :mod:`amath.formats.save` plus which seats are bots, written atomically.

The extra ``"terminal"`` key is ignored by :func:`amath.formats.save.load_game`, so the
file stays a normal saved game that any other tool can read.
"""

from __future__ import annotations

import json
import os
import tempfile
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from amath.core.errors import PositionError
from amath.core.tiles import ascii_digits
from amath.formats.load import read_file
from amath.formats.save import load_game, save_game
from amath.game import Game

KEY = "terminal"


def write(path: str | os.PathLike[str], game: Game, bots: Mapping[int, str]) -> None:
    """Save ``game`` and its bot seats (side -> level) to ``path``; replace the file atomically."""
    data: dict[str, Any] = save_game(game)
    data[KEY] = {"bots": {str(k): level for k, level in sorted(bots.items())}}
    target = Path(path)
    fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", dir=target.parent if str(target.parent) else ".")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            json.dump(data, fh, ensure_ascii=False, indent=1)
            fh.write("\n")
        os.replace(tmp, target)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def read(path: str | os.PathLike[str]) -> tuple[Game, dict[int, str]]:
    """Load a saved game and its bot seats; PositionError (a ValueError) if it is not one."""
    text = read_file(os.fspath(path))  # FileError (a ValueError) when missing, unreadable or not text
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise PositionError(f"saved game is not valid JSON: {exc}", code="bad_json", detail=str(exc)) from None
    game = load_game(data)
    extra = data.get(KEY, {}) if isinstance(data, dict) else {}
    bots: dict[int, str] = {}
    raw = extra.get("bots", {}) if isinstance(extra, dict) else {}
    if isinstance(raw, dict):
        for key, level in raw.items():
            if ascii_digits(str(key)) and int(key) < len(game.sides) and isinstance(level, str):
                bots[int(key)] = level
    return game, bots
