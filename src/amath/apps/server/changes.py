"""What a turn changed, sent to each screen instead of its whole view.

A screen gets its whole view (``{"type": "state", "state": view}``) when it connects,
when it asks (``{"type": "sync"}``) and after any change other than a turn; after a
turn it gets a *change*, built and encoded once for every screen, with a small part of
its own::

    {"type": "change", "base": R0, "rev": R1,
     "set": {"version", "status", "last", "sides", "to_move", "bag", "challengeable", "clock", "result", ...},
     "add": {"history": [new entries], "board": [new tiles]},
     "drop": {"board": [squares taken back]},
     "own": {"set": {"me", "rack", "unseen", "can_challenge"}, "history": [entries shown to this side only]}}

A change applies to a view whose ``rev`` is ``base`` and makes it the view at ``rev``
(:func:`apply_change`, the page's ``applyChange`` does the same).  The shared part is
built as a spectator would see it; the ``own`` part holds the seat's rack, what it
cannot see, and its own exchanges' tiles: nothing of another side's hidden tiles.
"""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from amath.apps.server.storage import StoredGame
from amath.apps.server.views import board_tile, move_fields, off_board, seat_fields, side_of, turn_entry
from amath.core.move import Place
from amath.game import Game


def dumps(obj: Any) -> str:
    """Compact JSON text, as every answer and socket message is sent."""
    return json.dumps(obj, ensure_ascii=False, separators=(",", ":"))


@dataclass(eq=False)
class Change:
    """One change of a room from revision ``base`` to ``rev``: the shared part encoded once, each seat's part on demand.

    ``first_turn``: the first history entry the change adds (None: no turn, e.g. a count of spectators).
    """

    base: int
    rev: int
    head: str  # '{"type":"change",...' without its closing brace: the part every screen gets
    first_turn: int | None = None
    _own: dict[int | None, str] = field(default_factory=dict)
    _off_board: Counter[str] | None = None

    def text(self, stored: StoredGame, game: Game | None, seat: int | None) -> str:
        """The message for a screen of ``seat`` (None: a spectator); the game must still be at ``rev``."""
        if game is None or self.first_turn is None:
            return self.head + "}"
        own = self._own.get(seat)
        if own is None:
            if self._off_board is None:
                self._off_board = off_board(game)
            part: dict[str, Any] = {"set": seat_fields(stored, game, seat, self._off_board)}
            if seat is not None:
                side = side_of(stored, seat)
                mine = [turn_entry(k, game.history[k], side, game) for k in range(self.first_turn, len(game.history))]
                shown = [e for k, e in enumerate(mine, self.first_turn) if e != turn_entry(k, game.history[k], None, game)]
                if shown:
                    part["history"] = shown
            own = self._own[seat] = dumps(part)
        return f'{self.head},"own":{own}}}'


def turn_change(base: int, rev: int, stored: StoredGame, game: Game, first_turn: int, spectators: int) -> Change:
    """The change made by the turns from ``first_turn`` on (one push: a move, maybe a skipped turn after it)."""
    turns = game.history[first_turn:]
    added: list[dict[str, str]] = []
    dropped: list[str] = []
    values = dict(move_fields(stored, game), spectators=spectators)
    for k, turn in enumerate(turns, first_turn):
        if turn.kind == "place" and isinstance(turn.move, Place):
            added.extend(board_tile(p.square.name, p.tile, p.face) for p in turn.move.tiles)
            values["last"] = [p.square.name for p in turn.move.tiles]
        elif turn.kind == "challenge-won":  # the last placement is taken back
            withdrawn = next(t.move for t in reversed(game.history[:k]) if t.kind == "place" and isinstance(t.move, Place))
            dropped.extend(p.square.name for p in withdrawn.tiles)
            values["last"] = []
    shared: dict[str, Any] = {
        "type": "change",
        "base": base,
        "rev": rev,
        "set": values,  # "last" only when the board changed
        "add": {"history": [turn_entry(k, t, None, game) for k, t in enumerate(turns, first_turn)], "board": added},
        "drop": {"board": dropped},
    }
    return Change(base, rev, dumps(shared)[:-1], first_turn)


def field_change(base: int, rev: int, values: dict[str, Any]) -> Change:
    """A change of a few top-level fields alike for every screen (the count of spectators)."""
    return Change(base, rev, dumps({"type": "change", "base": base, "rev": rev, "set": values})[:-1])


def apply_change(state: dict[str, Any], message: dict[str, Any]) -> dict[str, Any] | None:
    """The view after ``message`` (a change) is applied to ``state``; None when it does not apply (ask for the whole view).

    The reference for clients (the page's ``applyChange`` does the same): fields in
    ``set`` replace the view's, lists in ``add`` are appended to, squares in ``drop``
    leave the board, then the seat's own part does the same for its fields and replaces
    history entries by their ``n``.
    """
    if state.get("rev") != message.get("base"):
        return None
    view = dict(state)
    own = message.get("own") or {}
    view.update(message.get("set") or {})
    view.update(own.get("set") or {})
    for key, items in (message.get("add") or {}).items():
        view[key] = list(view.get(key) or []) + list(items)
    gone = set((message.get("drop") or {}).get("board") or [])
    if gone:
        view["board"] = [t for t in view["board"] if t["square"] not in gone]
    if own.get("history"):
        history = list(view["history"])
        for entry in own["history"]:
            history[entry["n"]] = entry
        view["history"] = history
    view["rev"] = message["rev"]
    return view
