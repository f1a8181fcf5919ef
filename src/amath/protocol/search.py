"""The search behind ``amath engine``: one small adapter, so the protocol does not care which.

:class:`StaticSearch` ranks every placement, exchange and the pass by static equity
(score + the worth of the tiles kept, from the fitted leave table).  It counts one node
per turn it values and does no simulation, so an ``iterations`` budget changes nothing.
Its win probability is a rough estimate from the lead after the turn (see :func:`win_estimate`).
"""

from __future__ import annotations

import itertools
import math
import threading
import time
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any, Protocol

from amath.formats.position import Position
from amath.move import Exchange, Move, Pass, Place
from amath.movegen.dispatch import generate_moves
from amath.notation import format_move
from amath.players.equity import EquityPlayer
from amath.players.leaves import HANDSET, LeaveTable
from amath.players.registry import get_bot
from amath.protocol.state import bag_size, unseen


@dataclass(frozen=True, slots=True)
class Budget:
    """How long a search may run: any of iterations, nodes or milliseconds; ``infinite`` waits for stop."""

    iterations: int | None = None
    nodes: int | None = None
    time_ms: int | None = None
    infinite: bool = False


@dataclass(frozen=True, slots=True)
class Candidate:
    """One turn the search ranks: notation, score, equity, win probability and the expected line."""

    move: str
    kind: str
    score: int
    equity: float
    win: float
    pv: tuple[str, ...]
    tiles: tuple[tuple[str, str, str], ...] | None = None
    exact: bool = False
    spread: int | None = None

    def to_json(self, rank: int) -> dict[str, Any]:
        """The object of a ``best`` line (the fields of ``amath best --json`` plus rank, kind, score, pv)."""
        out: dict[str, Any] = {"rank": rank, "move": self.move, "kind": self.kind, "score": self.score}
        if self.tiles is not None:
            out["tiles"] = [{"square": s, "tile": t, "face": f} for s, t, f in self.tiles]
        out.update(equity=round(self.equity, 2), win=round(self.win, 4), pv=list(self.pv))
        if self.exact:
            out.update(exact=True, spread=self.spread)
        return out


@dataclass(frozen=True, slots=True)
class Progress:
    """What a search reports while it runs (and once at its end)."""

    iterations: int
    nodes: int
    elapsed_ms: int
    best: Candidate | None


class Searcher(Protocol):
    """What the protocol needs from a search."""

    name: str

    def search(
        self,
        pos: Position,
        budget: Budget,
        top: int,
        seed: int,
        stop: threading.Event,
        report: Callable[[Progress], None],
    ) -> list[Candidate]:
        """The ``top`` best turns, best first; return early (with what is known) once ``stop`` is set."""
        ...


#: Spread of the final margin per square root of an unseen tile: 159 points of standard
#: deviation over 100 equity-against-equity games (docs/bots.md) at about 92 unseen tiles.
WIN_SIGMA_PER_ROOT_TILE = 16.0


def win_estimate(lead: float, unseen_tiles: int) -> float:
    """Chance of winning with ``lead`` points (after the turn) and ``unseen_tiles`` still to come."""
    sigma = WIN_SIGMA_PER_ROOT_TILE * math.sqrt(max(unseen_tiles, 1))
    return 0.5 * (1.0 + math.erf(lead / (sigma * math.sqrt(2.0))))


class StaticSearch:
    """Every turn valued once by static equity; the budget's nodes and time cut the list short.

    ``stop`` cannot cut the move generator short (it lists every placement at once, in
    well under a second for most racks; a blank on a crowded board takes the Python
    generator much longer), so a stopped static search still ranks every turn.
    """

    name = "static"
    REPORT_EVERY = 500

    def __init__(self, leaves: LeaveTable) -> None:
        self.leaves = leaves

    def search(
        self,
        pos: Position,
        budget: Budget,
        top: int,
        seed: int,
        stop: threading.Event,
        report: Callable[[Progress], None],
    ) -> list[Candidate]:
        started = time.perf_counter()
        deadline = None if budget.time_ms is None else started + budget.time_ms / 1000
        rules = pos.rules
        bag = bag_size(pos)
        hidden = sum(unseen(pos).values())
        me = pos.to_move
        lead = pos.scores[me] - max((s for k, s in enumerate(pos.scores) if k != me), default=0)
        board = pos.board()
        ranked: list[Candidate] = []
        nodes = 0

        def elapsed() -> int:
            return int((time.perf_counter() - started) * 1000)

        for move, points, leave in self._turns(pos, bag):
            # the pass comes first and always counts, so any budget leaves an answer; ``stop`` is
            # not checked: once the generator has listed the turns, valuing them all is quick
            if nodes and budget.nodes is not None and nodes >= budget.nodes:
                break
            if nodes and deadline is not None and time.perf_counter() >= deadline:
                break
            worth = -float(rules.tiles.value(leave)) if bag == 0 else self.leaves.value(leave)
            equity = points + worth
            notation = format_move(move, board, rules)
            tiles = tuple((t.square.name, t.tile, t.face) for t in move.tiles) if isinstance(move, Place) else None
            kind = "place" if isinstance(move, Place) else "exchange" if isinstance(move, Exchange) else "pass"
            ranked.append(Candidate(notation, kind, points, equity, win_estimate(lead + equity, hidden), (notation,), tiles))
            nodes += 1
            if nodes % self.REPORT_EVERY == 0:
                ranked = _best(ranked, top)
                report(Progress(0, nodes, elapsed(), ranked[0]))
        ranked = _best(ranked, top)
        report(Progress(0, nodes, elapsed(), ranked[0] if ranked else None))
        return ranked

    def _turns(self, pos: Position, bag: int) -> Iterator[tuple[Move, int, list[str]]]:
        """The pass, then placements (best score first), then each distinct exchange the bag allows."""
        rules = pos.rules
        board = pos.board()
        yield Pass(), 0, list(pos.rack)
        for gm in generate_moves(board, list(pos.rack), rules):
            kept = Counter(pos.rack)
            kept.subtract(t for t in gm.place.rack_tiles if t not in rules.tiles.free)
            yield gm.place, gm.score, sorted((+kept).elements())
        rack = sorted(pos.rack)
        most = min(len(rack), bag) if rules.exchange_min_bag is None else (len(rack) if bag >= rules.exchange_min_bag else 0)
        seen: set[tuple[str, ...]] = set()
        for k in range(1, most + 1):
            for returned in itertools.combinations(rack, k):
                if returned in seen:
                    continue
                seen.add(returned)
                kept = Counter(rack)
                kept.subtract(returned)
                yield Exchange(returned), 0, sorted((+kept).elements())


def _best(ranked: list[Candidate], top: int) -> list[Candidate]:
    """The ``top`` best by equity; ties keep the order they were found in (the pass first)."""
    return sorted(ranked, key=lambda c: -c.equity)[:top]


def default_searcher() -> Searcher:
    """The strongest search there is: static equity with the ``equity`` level's leave table."""
    bot = get_bot("equity")
    leaves = bot.leaves if isinstance(bot, EquityPlayer) else HANDSET
    return StaticSearch(leaves)
