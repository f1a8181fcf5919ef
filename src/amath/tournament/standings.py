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
    """Every player's record from the results of rounds 1..``through`` (default: all)."""
    raise NotImplementedError


def standings(t: Tournament, through: int | None = None, division: str | None = None) -> list[Standing]:
    """The standings after round ``through`` (default: every result so far), best first, of one division (default: all, each
    ranked within its own division)."""
    raise NotImplementedError


def gibsonized(t: Tournament, through: int | None = None) -> set[int]:
    """The players no one can catch for first place of their division with the rounds left."""
    raise NotImplementedError
