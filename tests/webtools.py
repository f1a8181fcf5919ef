"""Helpers for the server and browser tests: a small brute-force finder of legal placements.

Tests only (the real move generator is :mod:`amath.engine.movegen`): tries placements of up to
three rack tiles next to the board's tiles and returns the first one the game accepts.
"""

from __future__ import annotations

import itertools
import json
import re
import time
from collections.abc import Callable, Iterator
from typing import Any

from amath.apps.server.changes import apply_change
from amath.core.board import Board, Square
from amath.core.move import Move, Pass, Place, TilePlay
from amath.game import Game

_BLANK_FACES = ("=", "1", "2", "0", "+", "-")


def _runs(board: Board, k: int) -> Iterator[tuple[list[Square], bool]]:
    """Runs of ``k`` empty squares (existing tiles may lie between) that could make a line."""
    size = board.size
    centre = board.layout.centre
    for across in (True, False):
        for a in range(size):
            for b in range(size):
                start = Square(a, b) if across else Square(b, a)
                if board.get(start) is not None:
                    continue
                squares: list[Square] = []
                sq = start
                while len(squares) < k and board.on_board(sq):
                    if board.get(sq) is None:
                        squares.append(sq)
                    sq = sq.step(across)
                if len(squares) < k:
                    continue
                if board.is_empty():
                    if centre in squares:
                        yield squares, across
                    continue
                if any(board.get(n) is not None for s in squares for n in _neighbours(s)):
                    yield squares, across


def _neighbours(sq: Square) -> tuple[Square, ...]:
    return (Square(sq.row - 1, sq.col), Square(sq.row + 1, sq.col), Square(sq.row, sq.col - 1), Square(sq.row, sq.col + 1))


def _faces(game: Game, tile: str) -> tuple[str, ...]:
    faces = game.rules.faces_of(tile)
    return _BLANK_FACES if tile == "?" else faces


def find_place(game: Game, side: int | None = None, max_tiles: int = 3, budget: int = 200_000) -> Place | None:
    """A legal placement for ``side`` (default: the side to move), or None within ``budget`` tries."""
    who = game.to_move if side is None else side
    rack = game.racks[who]
    tries = 0
    sizes = range(3, 6) if game.board.is_empty() else range(1, max_tiles + 1)
    for k in sizes:
        for squares, _across in _runs(game.board, k):
            for tiles in sorted(set(itertools.permutations(rack, k))):
                if game.board.is_empty() and "=" not in tiles and "?" not in tiles:
                    continue
                for faces in itertools.product(*(_faces(game, t) for t in tiles)):
                    tries += 1
                    if tries > budget:
                        return None
                    place = Place(tuple(TilePlay(s, t, f) for s, t, f in zip(squares, tiles, faces)))
                    if who == game.to_move and game.is_legal(place):
                        return place
    return None


def place_json(place: Place) -> list[dict[str, str]]:
    """The API's JSON for a placement."""
    return [{"square": p.square.name, "tile": p.tile, "face": p.face} for p in place.tiles]


class StubBot:
    """A test stand-in for a bot seat: the first placement :func:`find_place` finds, else a pass."""

    def __init__(self, level: str = "stub", seed: int = 0) -> None:
        self.name = f"stub-{level}"

    def choose(self, game: Game) -> Move:
        """A legal placement of up to two tiles, or a pass."""
        place = find_place(game, max_tiles=2, budget=4000)
        return place if place is not None else Pass()


#: How long a browser test waits for the page (a bound on waiting, not an assertion on speed):
#: generous, because the 2-core test machines run other jobs too.
CHROMIUM = "/usr/bin/chromium"
"""Debian's Chromium, which the browser tests drive (scripts/install-browser.sh installs it)."""

WAIT_MS = 120_000


def patient(context: Any) -> Any:
    """A Playwright browser context that waits up to :data:`WAIT_MS` for each step."""
    context.set_default_timeout(WAIT_MS)
    return context


def wait_until(predicate: Callable[[], bool], timeout: float = 10.0) -> None:
    """Poll ``predicate`` until it holds; fail the test after ``timeout`` seconds."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if predicate():
            return
        time.sleep(0.02)
    raise AssertionError("condition not reached in time")


def seeds(start: int = 6) -> Callable[[], int]:
    """Reproducible game seeds for the server (``Settings.seeds``)."""
    counter = itertools.count(start)
    return lambda: next(counter)


FORBIDDEN_KEYS = frozenset({"seed", "rack_before", "drawn", "racks", "token_hash", "table_token", "header", "rng", "turns"})


def _as_state(message: Any) -> Any:
    """What a message shows of the game: a view, or a change's fields and new history entries as one."""
    if not isinstance(message, dict):
        return None
    if message.get("type") != "change":
        return message.get("state", message)
    own = message.get("own") or {}
    state = dict(message.get("set") or {}, **(own.get("set") or {}))
    state["history"] = list((message.get("add") or {}).get("history") or []) + list(own.get("history") or [])
    return state


def hidden_leaks(message: Any, own_side: int | None) -> list[str]:
    """Everything in one message (a view, an answer or a change) that a seat of ``own_side`` must not see (empty when clean)."""
    problems: list[str] = []

    def walk(node: Any, path: str) -> None:
        if isinstance(node, dict):
            for key, value in node.items():
                if key in FORBIDDEN_KEYS:
                    problems.append(f"{path}.{key}")
                walk(value, f"{path}.{key}")
        elif isinstance(node, list):
            for k, value in enumerate(node):
                walk(value, f"{path}[{k}]")

    walk(message, "$")
    state = _as_state(message)
    if isinstance(state, dict) and "history" in state:
        if state.get("result") is None and "final_racks" in json.dumps(state):
            problems.append("final racks before the end")
        for entry in state["history"]:
            if entry["kind"] == "exchange" and entry["side"] != own_side and entry["notation"] != "exchange":
                problems.append(f"exchanged tiles of side {entry['side']}: {entry['notation']}")
        if state.get("rack") is not None and (state.get("me") or {}).get("side") != own_side:
            problems.append("a rack of another side")
    return problems


def find_smath_first(game: Game) -> Place | None:
    """A first Smath play from the centre going across: ``a = a`` or ``a op b = c`` with the free ``=``."""
    rack = [t for t in game.racks[game.to_move] if t.isdigit()]
    ops = [t for t in game.racks[game.to_move] if t in ("+", "-", "*", "/")]
    shapes: list[tuple[str, ...]] = [(a, "=", b) for a, b in itertools.permutations(rack, 2)]
    shapes += [(a, op, b, "=", c) for op in ops for a, b, c in itertools.permutations(rack, 3)]
    centre = game.board.layout.centre
    for tiles in shapes:
        squares = [Square(centre.row, centre.col + k) for k in range(len(tiles))]
        place = Place(tuple(TilePlay(s, t, t) for s, t in zip(squares, tiles)))
        if game.is_legal(place):
            return place
    return None


def record_leaks(text: str, own_side: int | None) -> list[str]:
    """What a record downloaded by ``own_side`` (None: a spectator) must not hold while the game runs."""
    problems = [line for line in text.splitlines() if line.startswith("#seed")]
    for line in text.splitlines():
        if not line.startswith(">"):
            continue
        head, _, rest = line[1:].partition(":")
        side = int(head) - 1
        rack, move = (f.strip() for f in rest.split("|")[:2])
        if side != own_side and rack:
            problems.append(f"rack of side {side + 1}: {line}")
        if side != own_side and move.startswith("exchange") and not re.fullmatch(r"exchange \(\d+\)", move):
            problems.append(f"exchanged tiles of side {side + 1}: {line}")
    return problems


UNLIMITED: dict[str, Any] = {
    "rate": 1e6, "burst": 10**6, "seat_rate": 1e6, "seat_burst": 10**6, "waiting_per_address": 10**6, "max_waiting": 10**6,
}  # fmt: skip
"""Settings that lift the request rates and room caps, for tests that send many requests quickly."""


def follow(state: dict[str, Any] | None, message: dict[str, Any]) -> dict[str, Any] | None:
    """A screen's view after one message: a whole view replaces it, a change must apply to it (else the test fails)."""
    if message.get("type") == "state":
        return dict(message["state"])
    if message.get("type") == "change":
        assert state is not None, "a change came before any view"
        after = apply_change(state, message)
        assert after is not None, f"a change from revision {message.get('base')} came to a screen at {state.get('rev')}"
        return after
    return state


class Screen:
    """A test websocket read the way the page reads it: the view it shows, kept up to date by changes."""

    def __init__(self, ws: Any) -> None:
        self.ws = ws
        self.state: dict[str, Any] | None = None
        self.messages: list[dict[str, Any]] = []

    def next(self) -> dict[str, Any]:
        """Read messages up to the next view or change; the view the screen then shows."""
        while True:
            message = self.ws.receive_json()
            self.messages.append(message)
            if message.get("type") in ("state", "change"):
                self.state = follow(self.state, message)
                assert self.state is not None
                return self.state


def comparable(view: dict[str, Any]) -> dict[str, Any]:
    """A view without what depends on the moment it was built (the running clock) or on order (the board's tiles)."""
    out = dict(view)
    if isinstance(out.get("clock"), dict):
        out["clock"] = {k: v for k, v in out["clock"].items() if k != "running"}
    out["board"] = sorted(out.get("board") or [], key=lambda t: str(t["square"]))
    return out
