"""Bots by level name, so the terminal game, self-play and the server ask for them alike."""

from __future__ import annotations

from collections.abc import Callable

from amath.core.errors import RulesError
from amath.engine.leaves.fitted import fitted_table
from amath.engine.leaves.table import HANDSET
from amath.engine.static import default_equity
from amath.players.base import Player
from amath.players.equity import EquityPlayer
from amath.players.search import champion_player, sim_player
from amath.players.simple import GreedyPlayer, RandomPlayer


def _equity(seed: int | None) -> Player:
    """The ``equity`` level: the fitted table of the ruleset played (the A-Math one for a ruleset without its own)."""
    return EquityPlayer(seed, fitted_table(), name="equity", calculator=default_equity())


#: Level name -> (description, factory taking a seed).
BOTS: dict[str, tuple[str, Callable[[int | None], Player]]] = {
    "random": ("beginner: a random legal placement", lambda seed: RandomPlayer(seed)),
    "greedy": ("the highest-scoring placement", lambda seed: GreedyPlayer(seed)),
    "equity": ("score + value of the tiles kept (fitted leave values)", _equity),
    "equity-handset": (
        "score + value of the tiles kept (hand-set leave values)",
        lambda seed: EquityPlayer(seed, HANDSET, name="equity-handset"),
    ),
    "sim": (
        "simulation: each candidate played out against sampled racks (Smath: score + leave); the exact endgame once the bag is empty",
        sim_player,
    ),
    "champion": ("simulation (Smath: score + leave), inference, pre-endgame and the exact endgame", champion_player),
}

#: Level name -> (English name, Thai name), weakest first, for menus and lobbies.
LEVEL_NAMES: dict[str, tuple[str, str]] = {
    "random": ("Beginner", "มือใหม่"),
    "greedy": ("Greedy", "เน้นแต้ม"),
    "equity": ("Club player", "นักเล่นสโมสร"),
    "equity-handset": ("Club player (hand-set leaves)", "นักเล่นสโมสร (ค่าเบี้ยตั้งมือ)"),
    "sim": ("Expert (simulation)", "เซียน (จำลองเกม)"),
    "champion": ("Champion", "แชมป์"),
}


def bot_names() -> list[str]:
    """The level names, weakest first."""
    return list(BOTS)


def get_bot(name: str, seed: int | None = None) -> Player:
    """A new bot of level ``name`` (``random``, ``greedy``, ``equity``...); RulesError (a ValueError) names the choices."""
    key = name.strip().lower()
    if key not in BOTS:
        raise RulesError(f"unknown bot {name!r} (choose from {', '.join(BOTS)})", code="unknown_bot", name=name, choices=", ".join(BOTS))
    return BOTS[key][1](seed)
