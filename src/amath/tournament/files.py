"""The tournament file (JSON, versioned: ``{"format": "amath-tournament", "version": 1, ...}``) and the CSV exports."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from amath.tournament.model import Tournament
from amath.tournament.standings import Standing

FORMAT = "amath-tournament"
VERSION = 1


def to_json(t: Tournament) -> dict[str, Any]:
    """The whole tournament as JSON data (docs/tournaments.md describes each field)."""
    raise NotImplementedError


def from_json(data: object) -> Tournament:
    """A tournament from :func:`to_json`'s data; a TournamentError naming what is wrong otherwise."""
    raise NotImplementedError


def load(path: str | Path) -> Tournament:
    """Read a tournament file (TournamentError for a missing, unreadable or wrong file)."""
    raise NotImplementedError


def save(t: Tournament, path: str | Path) -> None:
    """Write the tournament file atomically (a crash leaves the old file or the new, never half)."""
    raise NotImplementedError


def standings_csv(rows: list[Standing]) -> str:
    """The standings as CSV, one line a player, a header line first."""
    raise NotImplementedError


def results_csv(t: Tournament) -> str:
    """Every pairing of every round as CSV: round, table, players, scores, spread, forfeit."""
    raise NotImplementedError
