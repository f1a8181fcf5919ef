"""Pairing a round: Swiss (maximum weight matching), round robin (circle method), King of the Hill, random,
manual edits before publishing, and the bye and who-starts rules every method shares.

Every method is deterministic for a given tournament state and ``Settings.seed``.
The rules, in the order they win over each other, are in docs/tournaments.md.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

import rustworkx as rx

from amath.tournament.errors import TournamentError
from amath.tournament.model import METHODS, Pairing, Player, Round, Tournament
from amath.tournament.standings import Record, gibsonized, last_round, records, sort_key

#: The largest group a round robin schedules (the whole schedule is made in advance).
ROUND_ROBIN_MOST = 16


@dataclass(frozen=True)
class PairingWarning:
    """Something a director may want to change in a pairing that is still allowed (a rematch, two of one school)."""

    code: str  # "rematch" or "same_school"
    round: int
    table: int
    players: tuple[int, ...]


def pair_round(
    t: Tournament, number: int | None = None, method: str | None = None, *, by: str = "director", at: str | None = None
) -> Round:
    """Pair round ``number`` (default: the next) with ``method`` (default: the settings' method of that round).

    An unpublished round of that number is paired again; a published one is refused.  A
    round robin pairs every round of its block (the consecutive round robin rounds) at
    once.  Players are paired within their division; withdrawn players and late entries
    whose first round has not come are left out.  Returns the round (also stored in ``t``); logged.
    """
    number = t.next_round() if number is None else number
    settings = t.settings
    if not 1 <= number <= settings.rounds:
        raise TournamentError(
            f"round {number} is not a round of this tournament (1..{settings.rounds})",
            code="round_range",
            round=number,
            rounds=settings.rounds,
        )
    chosen = settings.method(number) if method is None else method
    if chosen not in METHODS:
        raise TournamentError(
            f"unknown pairing method {chosen!r} (methods: {', '.join(METHODS)})",
            code="unknown_method",
            method=chosen,
            methods=", ".join(METHODS),
        )
    existing = _find(t, number)
    if existing is not None and existing.published:
        raise TournamentError(f"round {number} is published: its pairings can no longer change", code="round_published", round=number)
    for earlier in range(1, number):
        before = _find(t, earlier)
        if before is None or not before.published:
            raise TournamentError(
                f"round {earlier} must be paired and published before round {number}",
                code="earlier_round_open",
                round=number,
                earlier=earlier,
            )
        if chosen in ("swiss", "king_of_the_hill") and any(p.result is None and not p.is_bye for p in before.pairings):
            raise TournamentError(
                f"round {earlier} still has games without a result: {chosen} pairs by the standings", code="results_missing", round=earlier
            )
    if chosen == "round_robin":
        return _pair_round_robin(t, number, by=by, at=at)
    rnd = Round(number, chosen)
    for group in _divisions(t, number):
        rnd.pairings.extend(_pair_group(t, number, chosen, group))
    _number_tables(rnd)
    _store(t, rnd)
    t.record("pair", by, at, round=number, method=chosen)
    return rnd


def eligible(t: Tournament, number: int) -> list[Player]:
    """The players to seat in round ``number``: active, entered by then, and for round 1, checked in when anyone has checked in."""
    players = [p for p in t.players if p.active and p.first_round <= number]
    if number == 1 and any(p.checked_in for p in players):
        players = [p for p in players if p.checked_in]
    return players


def _divisions(t: Tournament, number: int) -> list[list[Player]]:
    groups: dict[str, list[Player]] = {}
    for p in eligible(t, number):
        groups.setdefault(p.division, []).append(p)
    return list(groups.values())


def _find(t: Tournament, number: int) -> Round | None:
    return next((r for r in t.rounds if r.number == number), None)


def _store(t: Tournament, rnd: Round) -> None:
    t.rounds = sorted([r for r in t.rounds if r.number != rnd.number] + [rnd], key=lambda r: r.number)


def _number_tables(rnd: Round) -> None:
    """Tables 1, 2, ... in the order made; the bye (no table to sit at) last."""
    rnd.pairings.sort(key=lambda p: p.is_bye)
    for i, p in enumerate(rnd.pairings, start=1):
        p.table = i


def _rng(t: Tournament, *parts: object) -> random.Random:
    """A random source fixed by the seed and ``parts`` (a string seed hashes the same in every process)."""
    return random.Random("/".join(str(x) for x in (t.settings.seed, *parts)))


def _ranked(t: Tournament, number: int, group: list[Player]) -> tuple[list[int], dict[int, Record]]:
    """``group``'s ids in standings order before round ``number``; players tied on everything in an order drawn from the seed."""
    recs = records(t, number - 1)
    draw = [p.id for p in group]
    _rng(t, "order", number, group[0].division).shuffle(draw)
    position = {pid: i for i, pid in enumerate(draw)}
    keys = sort_key([recs[pid] for pid in draw], recs)
    return sorted(draw, key=lambda pid: (tuple(-k for k in keys[pid]), position[pid])), recs


def _pair_group(t: Tournament, number: int, method: str, group: list[Player]) -> list[Pairing]:
    if not group or method == "manual":
        return []
    order, recs = _ranked(t, number, group)
    if method == "swiss":
        pairs = _swiss(t, number, order, recs, {p.id: p.school.strip().casefold() for p in group})
    elif method == "king_of_the_hill":
        pairs = _in_order(order, _bye_by_rank(order, recs))
    else:  # random
        rng = _rng(t, "random", number, group[0].division)
        fewest = min(recs[pid].byes for pid in order)
        bye = rng.choice([pid for pid in order if recs[pid].byes == fewest]) if len(order) % 2 else None
        shuffled = [pid for pid in order if pid != bye]
        rng.shuffle(shuffled)
        pairs = _in_order(shuffled, bye)
    rng = _rng(t, "starts", number, group[0].division)
    return [_seat(a, b, recs, rng) for a, b in pairs]


def _bye_by_rank(order: list[int], recs: dict[int, Record]) -> int | None:
    """The lowest-ranked player among those with the fewest byes, when the count is odd."""
    if len(order) % 2 == 0:
        return None
    fewest = min(recs[pid].byes for pid in order)
    return next(pid for pid in reversed(order) if recs[pid].byes == fewest)


def _in_order(order: list[int], bye: int | None) -> list[tuple[int, int | None]]:
    rest = [pid for pid in order if pid != bye]
    pairs: list[tuple[int, int | None]] = [(rest[i], rest[i + 1]) for i in range(0, len(rest) - 1, 2)]
    return pairs + ([(bye, None)] if bye is not None else [])


def _seat(a: int, b: int | None, recs: dict[int, Record], rng: random.Random) -> Pairing:
    """Who starts: the one who started more so far goes second; when even, the draw of the seed decides."""
    coin = rng.random() < 0.5  # drawn for every table, so one table's tie does not shift the others
    if b is None:
        return Pairing(0, a, None)
    lead_a = recs[a].starts - recs[a].seconds
    lead_b = recs[b].starts - recs[b].seconds
    if lead_a > lead_b or (lead_a == lead_b and coin):
        a, b = b, a
    return Pairing(0, a, b)


_BYE = -1  # the matching's stand-in for "no opponent"


def _swiss(t: Tournament, number: int, order: list[int], recs: dict[int, Record], school: dict[int, str]) -> list[tuple[int, int | None]]:
    """A Swiss round as a maximum weight matching over every pair (docs/tournaments.md, "Swiss").

    Each pair's cost is one number whose digits, in a base larger than any sum of the lower
    ones, are, from the most important: a bye to someone who has had more than the fewest;
    the times the two have met; the two being of one school; the bye's distance from the
    bottom of the standings; the square of their difference in points; their difference in
    rank.  The cheapest perfect matching therefore never trades a higher concern for any
    amount of the lower ones.
    """
    n = len(order)
    if n == 1:
        return [(order[0], None)]
    rank = {pid: i for i, pid in enumerate(order)}
    met = {pid: Counter(recs[pid].opponents) for pid in order}
    points = [recs[pid].points for pid in order]
    fewest = min(recs[pid].byes for pid in order)
    gibson = gibsonized(t, number - 1, recs) & set(order) if t.settings.gibson_pairing and last_round(t) else set()
    half = n // 2 + 1  # edges in a matching, with the bye
    # the weights of each concern (see the docstring): each larger than the most the lower ones can sum to
    most_rank = n
    w_points = half * most_rank + 1
    most_points = w_points * (max(points) - min(points)) ** 2 + most_rank
    w_bye_rank = half * most_points + 1
    most_bye_rank = w_bye_rank * n + most_points
    w_school = half * most_bye_rank + 1
    most_school = w_school + most_bye_rank
    w_met = half * most_school + 1
    most_met = w_met * max((c for m in met.values() for c in m.values()), default=0) + most_school
    w_bye_unfair = half * most_met + 1
    top = w_bye_unfair * (max(recs[pid].byes for pid in order) - fewest + 1) + most_met

    edges: list[tuple[int, int, int]] = []
    for i, a in enumerate(order):
        for b in order[i + 1 :]:
            if gibson & {a, b}:  # a leader who cannot be caught plays the lowest-ranked player (not a contender)
                other = b if a in gibson else a
                shape = 0 if gibson >= {a, b} else (n - 1 - rank[other]) * w_points
            else:
                shape = w_points * (points[rank[a]] - points[rank[b]]) ** 2 + abs(rank[a] - rank[b])
            cost = w_met * met[a][b] + (w_school if school[a] and school[a] == school[b] else 0) + shape
            edges.append((a, b, top - cost))
        if n % 2:
            cost = w_bye_unfair * (recs[a].byes - fewest) + w_bye_rank * (n - 1 - rank[a])
            edges.append((a, _BYE, top - cost))
    matching = max_weight_matching(order + ([_BYE] if n % 2 else []), edges)
    pairs: list[tuple[int, int | None]] = []
    for x, y in matching:
        if _BYE in (x, y):
            pairs.append((y if x == _BYE else x, None))
        else:
            pairs.append((x, y) if rank[x] < rank[y] else (y, x))
    pairs.sort(key=lambda p: (p[1] is None, rank[p[0]]))
    return pairs


def max_weight_matching(nodes: list[int], edges: list[tuple[int, int, int]]) -> list[tuple[int, int]]:
    """The matching of the most edges and, among those, the largest total weight (integer weights, exact):
    Edmonds' blossom algorithm as rustworkx implements it in Rust (docs/tournaments.md says why not networkx)."""
    graph = rx.PyGraph()
    index = {node: graph.add_node(node) for node in nodes}
    for a, b, weight in edges:
        graph.add_edge(index[a], index[b], weight)
    return [(nodes[x], nodes[y]) for x, y in sorted(rx.max_weight_matching(graph, max_cardinality=True, weight_fn=lambda w: w))]


def round_robin_schedule(players: Sequence[int], *, double: bool = False) -> list[list[tuple[int, int | None]]]:
    """Every round of a round robin of ``players`` (at most 16) by the circle method: each round a list of
    (first, second) pairs, second None for the bye when the count is odd; starts balanced within one.

    ``double``: twice through, the second time with the starts swapped.
    """
    if len(players) > ROUND_ROBIN_MOST:
        raise TournamentError(
            f"a round robin takes at most {ROUND_ROBIN_MOST} players, not {len(players)}",
            code="round_robin_size",
            most=ROUND_ROBIN_MOST,
            count=len(players),
        )
    seats: list[int | None] = list(players)
    if len(seats) % 2:
        seats.append(None)
    n = len(seats)
    schedule: list[list[tuple[int, int | None]]] = []
    lead = Counter[int]()  # starts minus seconds so far
    for r in range(n - 1):
        # the circle: seat n-1 stays, the others turn; taking the circle's rounds n/2 turns apart (Berger's
        # order) makes each player's starts alternate, so the rule below keeps them within one at the end
        turn = (r * (n // 2)) % (n - 1)
        ring = [seats[(turn + i) % (n - 1)] for i in range(n - 1)] + [seats[n - 1]]
        games: list[tuple[int, int | None]] = []
        for i in range(n // 2):
            a, b = ring[i], ring[n - 1 - i]
            if a is None or b is None:
                games.append((a if b is None else b, None))  # type: ignore[arg-type]
                continue
            # the one who started more goes second; when even, the upper half of the circle starts, except
            # that the fixed seat (table 1) starts every other round
            if lead[a] > lead[b] or (lead[a] == lead[b] and i == 0 and r % 2):
                a, b = b, a
            lead[a] += 1
            lead[b] -= 1
            games.append((a, b))
        games.sort(key=lambda g: g[1] is None)
        schedule.append(games)
    if double:
        schedule += [[(b, a) if b is not None else (a, None) for a, b in games] for games in schedule]
    return schedule


def _pair_round_robin(t: Tournament, number: int, *, by: str, at: str | None) -> Round:
    """Round ``number`` and the round robin rounds after it, each division's whole schedule at once."""
    existing = _find(t, number)
    if existing is not None and existing.method == "round_robin" and existing.pairings:
        return existing  # already scheduled with its block
    block = 1
    while number + block <= t.settings.rounds and t.settings.method(number + block) == "round_robin" and _find(t, number + block) is None:
        block += 1
    made = [Round(number + k, "round_robin") for k in range(block)]
    for group in _divisions(t, number):
        ids = [p.id for p in group]
        _rng(t, "round_robin", number, group[0].division).shuffle(ids)
        one = round_robin_schedule(ids)
        schedule = one + round_robin_schedule(ids, double=True)[len(one) :]
        for k, rnd in enumerate(made):
            rnd.pairings.extend(Pairing(0, a, b) for a, b in schedule[k % len(schedule)])
    for rnd in made:
        _number_tables(rnd)
        _store(t, rnd)
    t.record("pair", by, at, round=number, method="round_robin", rounds=[r.number for r in made])
    return made[0]


def swap_players(t: Tournament, number: int, a: int, b: int, *, by: str = "director", at: str | None = None) -> Round:
    """Exchange the seats of players ``a`` and ``b`` in unpublished round ``number``; logged."""
    rnd = _open_round(t, number)
    for pid in (a, b):
        t.player(pid)
        if rnd.seat_of(pid) is None:
            raise TournamentError(
                f"{t.player(pid).name} is not seated in round {number}", code="not_seated", name=t.player(pid).name, round=number
            )
    if a == b:
        return rnd
    for p in rnd.pairings:
        swapped = [b if x == a else a if x == b else x for x in (p.first, p.second)]
        p.first, p.second = swapped[0], swapped[1]  # type: ignore[assignment]
    t.record("swap", by, at, round=number, players=[a, b])
    return rnd


def set_table(
    t: Tournament, number: int, table: int, first: int, second: int | None, *, by: str = "director", at: str | None = None
) -> Round:
    """Seat ``first`` against ``second`` (None: a bye) at ``table`` of unpublished round ``number`` (``table`` one
    past the last adds a table).  Their former opponents are seated together at the freed table (or get the bye
    when one is left alone).  Checked when published (:func:`check_round`); logged."""
    rnd = _open_round(t, number)
    if first == second:
        raise TournamentError("a player cannot play themself", code="self_pairing", name=t.player(first).name)
    for pid in (first, second):
        if pid is not None:
            t.player(pid)
    if not 1 <= table <= len(rnd.pairings) + 1:
        raise TournamentError(
            f"round {number} has no table {table} (tables 1..{len(rnd.pairings)})",
            code="no_table",
            round=number,
            table=table,
            count=len(rnd.pairings),
        )
    moving = {first, second} - {None}
    target = next((p for p in rnd.pairings if p.table == table), None)
    left: list[int] = [x for x in (target.players() if target else ()) if x not in moving]
    for p in list(rnd.pairings):
        if p is target:
            continue
        if moving & set(p.players()):
            left += [x for x in p.players() if x not in moving]
            rnd.pairings.remove(p)
    if target is None:
        rnd.pairings.append(Pairing(table, first, second))
    else:
        target.first, target.second, target.result = first, second, None
    while left:
        a = left.pop(0)
        b = left.pop(0) if left else None
        rnd.pairings.append(Pairing(0, a, b))
    rnd.pairings.sort(key=lambda p: (p.table == 0, p.table))
    _number_tables(rnd)
    t.record("edit", by, at, round=number, table=table, first=first, second=second)
    return rnd


def _open_round(t: Tournament, number: int) -> Round:
    rnd = t.round(number)
    if rnd.published:
        raise TournamentError(f"round {number} is published: its pairings can no longer change", code="round_published", round=number)
    return rnd


def check_round(t: Tournament, number: int) -> list[PairingWarning]:
    """Refuse (TournamentError) a round that cannot be played: a player twice, an active player missing,
    a withdrawn or unknown player seated, more than one bye in a division, a player against themself.
    Returns the warnings that do not stop it (rematches, two of one school)."""
    rnd = t.round(number)
    seen: set[int] = set()
    byes: Counter[str] = Counter()
    for p in rnd.pairings:
        if p.first == p.second:
            raise TournamentError("a player cannot play themself", code="self_pairing", name=t.player(p.first).name)
        for pid in p.players():
            player = t.player(pid)
            if pid in seen:
                raise TournamentError(
                    f"{player.name} is seated twice in round {number}", code="seated_twice", name=player.name, round=number
                )
            if not player.active:
                raise TournamentError(
                    f"{player.name} has withdrawn but is seated in round {number}", code="withdrawn_seated", name=player.name, round=number
                )
            seen.add(pid)
        if p.is_bye:
            byes[t.player(p.first).division] += 1
    missing = [p.name for p in eligible(t, number) if p.id not in seen]
    if missing:
        raise TournamentError(
            f"not seated in round {number}: {', '.join(missing)}", code="players_missing", names=", ".join(missing), round=number
        )
    for count in byes.values():
        if count > 1:
            raise TournamentError(
                f"round {number} gives {count} byes in one division (at most one)", code="byes_many", count=count, round=number
            )
    met = {pid: Counter(rec.opponents) for pid, rec in records(t, number - 1).items()}
    warnings = []
    for p in rnd.pairings:
        if p.second is None:
            continue
        if met[p.first][p.second]:
            warnings.append(PairingWarning("rematch", number, p.table, (p.first, p.second)))
        one, two = t.player(p.first).school.strip().casefold(), t.player(p.second).school.strip().casefold()
        if one and one == two:
            warnings.append(PairingWarning("same_school", number, p.table, (p.first, p.second)))
    return warnings


def publish(t: Tournament, number: int, *, by: str = "director", at: str | None = None) -> Round:
    """Make round ``number`` visible to players after :func:`check_round`; logged.  Results can be entered from then on."""
    rnd = _open_round(t, number)
    check_round(t, number)
    rnd.published = True
    t.record("publish", by, at, round=number)
    return rnd
