"""Standings: points (win 2, draw 1, loss 0), then cumulative capped spread, then the tie-breaks of
docs/tournaments.md; and Gibsonization (a leader who can no longer be caught)."""

from __future__ import annotations

from dataclasses import dataclass, field

from amath.tournament.model import Tournament


@dataclass
class Record:
    """What a player has done so far: the numbers the standings and the pairing read."""

    player: int
    points: int = 0
    wins: int = 0
    draws: int = 0
    losses: int = 0
    byes: int = 0
    games: int = 0  # games played or forfeited (byes not counted)
    spread: int = 0  # capped, byes and forfeits included
    total_score: int = 0  # own scores of games played
    high_score: int = 0  # own highest game score
    starts: int = 0
    seconds: int = 0
    opponents: list[int] = field(default_factory=list)  # each game's opponent, in round order (repeats for a rematch)
    results: list[tuple[int, int]] = field(default_factory=list)  # (opponent, points taken) of each game with a result


@dataclass
class Standing:
    """One line of the standings.  ``rank`` is shared by players tied on every criterion."""

    rank: int
    player: int
    name: str
    school: str
    division: str
    points: int
    wins: int
    draws: int
    losses: int
    byes: int
    spread: int
    opponents_points: int  # Buchholz: the sum of the points of every opponent met
    total_score: int
    high_score: int
    gibsonized: bool  # can no longer be caught for first place in the division
    active: bool


#: The order of the standings, each criterion higher first, as docs/tournaments.md explains.
TIE_BREAKS: tuple[str, ...] = ("points", "spread", "head_to_head", "opponents_points", "total_score", "high_score")


def records(t: Tournament, through: int | None = None) -> dict[int, Record]:
    """Every player's record from the published rounds 1..``through`` (default: all): seats, byes and opponents
    from the pairings, points and spread from the results entered."""
    settings = t.settings
    found = {p.id: Record(p.id) for p in t.players}
    for rnd in sorted(t.rounds, key=lambda r: r.number):
        if not rnd.published or (through is not None and rnd.number > through):
            continue
        for pairing in rnd.pairings:
            if pairing.second is None:
                bye = found[pairing.first]
                bye.byes += 1
                bye.points += settings.bye_points
                bye.spread += settings.bye_spread
                continue
            first, second = found[pairing.first], found[pairing.second]
            first.opponents.append(second.player)
            second.opponents.append(first.player)
            result = pairing.result
            if result is None:
                continue
            first.games += 1
            second.games += 1
            if result.forfeit is not None:
                first_lost, second_lost = result.forfeit in ("first", "both"), result.forfeit in ("second", "both")
                _forfeit(first, first_lost, settings.forfeit_spread)
                _forfeit(second, second_lost, settings.forfeit_spread)
                first.results.append((second.player, 0 if first_lost else 2))
                second.results.append((first.player, 0 if second_lost else 2))
                continue
            first.starts += 1
            second.seconds += 1
            spread = capped(result.first_score - result.second_score, settings.spread_cap)
            pairs = (
                (first, second, result.first_score, result.second_score, spread),
                (second, first, result.second_score, result.first_score, -spread),
            )
            for rec, other, own, theirs, spr in pairs:
                rec.spread += spr
                rec.total_score += own
                rec.high_score = max(rec.high_score, own)
                points = 2 if own > theirs else 1 if own == theirs else 0
                rec.points += points
                rec.wins += points == 2
                rec.draws += points == 1
                rec.losses += points == 0
                rec.results.append((other.player, points))
    return found


def capped(spread: int, cap: int | None) -> int:
    """``spread`` limited to ``[-cap, cap]`` (unchanged when ``cap`` is None)."""
    return spread if cap is None else max(-cap, min(cap, spread))


def _forfeit(rec: Record, lost: bool, spread: int) -> None:
    if lost:
        rec.losses += 1
        rec.spread -= spread
    else:
        rec.wins += 1
        rec.points += 2
        rec.spread += spread


def last_round(t: Tournament) -> int:
    """The number of the last published round (0 before round 1 is published)."""
    return max((r.number for r in t.rounds if r.published), default=0)


def standings(t: Tournament, through: int | None = None, division: str | None = None) -> list[Standing]:
    """The standings after round ``through`` (default: every result so far), best first, of one division (default: all,
    each ranked within its own division, divisions in the order their first player registered)."""
    recs = records(t, through)
    leaders = gibsonized(t, through, recs)
    divisions = list(dict.fromkeys(p.division for p in t.players))
    if division is not None:
        divisions = [division]
    rows: list[Standing] = []
    for div in divisions:
        members = [p for p in t.players if p.division == div]
        ordered = _order([recs[p.id] for p in members], recs)
        by_id = {p.id: p for p in members}
        rank = 0
        previous: tuple[int, ...] | None = None
        for place, (key, rec) in enumerate(ordered, start=1):
            if key != previous:
                rank, previous = place, key
            player = by_id[rec.player]
            rows.append(
                Standing(
                    rank=rank,
                    player=rec.player,
                    name=player.name,
                    school=player.school,
                    division=div,
                    points=rec.points,
                    wins=rec.wins,
                    draws=rec.draws,
                    losses=rec.losses,
                    byes=rec.byes,
                    spread=rec.spread,
                    opponents_points=_opponents_points(rec, recs),
                    total_score=rec.total_score,
                    high_score=rec.high_score,
                    gibsonized=rec.player in leaders,
                    active=player.active,
                )
            )
    return rows


def _opponents_points(rec: Record, recs: dict[int, Record]) -> int:
    return sum(recs[o].points for o in rec.opponents)


def sort_key(members: list[Record], recs: dict[int, Record]) -> dict[int, tuple[int, ...]]:
    """Each member's criteria in :data:`TIE_BREAKS` order (higher is better); head-to-head is counted within ``members``."""
    return {rec.player: key for key, rec in _order(members, recs)}


def _order(members: list[Record], recs: dict[int, Record]) -> list[tuple[tuple[int, ...], Record]]:
    """``members`` best first with the sort key of each (equal keys share a rank)."""
    first: dict[tuple[int, int], list[Record]] = {}
    for rec in members:
        first.setdefault((rec.points, rec.spread), []).append(rec)
    keyed: list[tuple[tuple[int, ...], Record]] = []
    for (points, spread), group in first.items():
        h2h = _h2h_points(group, recs) if len(group) > 1 else {group[0].player: 0}
        for rec in group:
            keyed.append(((points, spread, h2h[rec.player], _opponents_points(rec, recs), rec.total_score, rec.high_score), rec))
    keyed.sort(key=lambda kr: (tuple(-k for k in kr[0]), kr[1].player))
    return keyed


def _h2h_points(group: list[Record], recs: dict[int, Record]) -> dict[int, int]:
    """Each player's points from the games between players of ``group`` (head-to-head)."""
    ids = {r.player for r in group}
    return {r.player: sum(points for opponent, points in r.results if opponent in ids) for r in group}


def gibsonized(t: Tournament, through: int | None = None, recs: dict[int, Record] | None = None) -> set[int]:
    """The players no one can catch for first place of their division with the rounds left: ahead by more than
    2 points a round left, or by exactly that and by more spread than the cap lets the follower make up."""
    recs = records(t, through) if recs is None else recs
    played = last_round(t) if through is None else min(through, last_round(t))
    left = max(0, t.settings.rounds - played)
    cap = t.settings.spread_cap
    found = set()
    for div in dict.fromkeys(p.division for p in t.players):
        members = [recs[p.id] for p in t.players if p.division == div and p.active]
        if len(members) < 2 or played == 0:
            continue
        leader = max(members, key=lambda r: (r.points, r.spread, -r.player))
        safe = True
        for rec in members:
            if rec is leader:
                continue
            reach = rec.points + 2 * left
            if reach > leader.points or (reach == leader.points and (cap is None or rec.spread + 2 * cap * left >= leader.spread)):
                safe = False
                break
        if safe:
            found.add(leader.player)
    return found
