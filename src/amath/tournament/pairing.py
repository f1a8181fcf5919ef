"""Pairing a round: Swiss (maximum weight matching), round robin (circle method), King of the Hill, random,
manual edits before publishing, and the bye and who-starts rules every method shares.

Every method is deterministic for a given tournament state and ``Settings.seed``.
The rules, in the order they win over each other, are in docs/tournaments.md.
"""

from __future__ import annotations

from dataclasses import dataclass

from amath.tournament.model import Round, Tournament

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
    raise NotImplementedError


def round_robin_schedule(players: list[int], *, double: bool = False) -> list[list[tuple[int, int | None]]]:
    """Every round of a round robin of ``players`` (at most 16) by the circle method: each round a list of
    (first, second) pairs, second None for the bye when the count is odd; starts balanced within one."""
    raise NotImplementedError


def swap_players(t: Tournament, number: int, a: int, b: int, *, by: str = "director", at: str | None = None) -> Round:
    """Exchange the seats of players ``a`` and ``b`` in unpublished round ``number``; logged."""
    raise NotImplementedError


def set_table(
    t: Tournament, number: int, table: int, first: int, second: int | None, *, by: str = "director", at: str | None = None
) -> Round:
    """Seat ``first`` against ``second`` (None: a bye) at ``table`` of unpublished round ``number`` (``table`` one
    past the last adds a table).  Their former opponents are seated together at the freed table (or get the bye
    when one is left alone).  Checked when published (:func:`check_round`); logged."""
    raise NotImplementedError


def check_round(t: Tournament, number: int) -> list[PairingWarning]:
    """Refuse (TournamentError) a round that cannot be played: a player twice, an active player missing,
    a withdrawn or unknown player seated, more than one bye, a player against themself.  Returns the
    warnings that do not stop it (rematches, two of one school)."""
    raise NotImplementedError


def publish(t: Tournament, number: int, *, by: str = "director", at: str | None = None) -> Round:
    """Make round ``number`` visible to players after :func:`check_round`; logged.  Results can be entered from then on."""
    raise NotImplementedError
