"""Entering results: both scores per table checked (a pair that makes no sense is refused with a reason),
the capped spread, forfeits, and corrections of published results kept in the log with who and when.
"""

from __future__ import annotations

from amath.tournament.model import Forfeit, Pairing, Settings, Tournament


def check_scores(first: int, second: int, settings: Settings) -> None:
    """Refuse (TournamentError) a score pair that cannot be a game: a negative score, one above
    ``settings.max_score``, or 0-0 (type a forfeit instead).  docs/tournaments.md says why each."""
    raise NotImplementedError


def capped_spread(first: int, second: int, cap: int | None) -> int:
    """``first - second``, capped to ``[-cap, cap]`` (no cap when None)."""
    raise NotImplementedError


def enter_result(
    t: Tournament, number: int, table: int, first: int, second: int, *, by: str = "director", at: str | None = None
) -> Pairing:
    """Record the scores of the game at ``table`` of published round ``number`` (first: the starting player's).
    Entering a table that has a result is a correction: logged as ``correct_result`` with the old and the new."""
    raise NotImplementedError


def enter_forfeit(t: Tournament, number: int, table: int, who: Forfeit, *, by: str = "director", at: str | None = None) -> Pairing:
    """Record a forfeit at ``table``: ``who`` ("first", "second" or "both") did not play and loses by
    ``settings.forfeit_spread``; logged like :func:`enter_result`."""
    raise NotImplementedError


def clear_result(t: Tournament, number: int, table: int, *, by: str = "director", at: str | None = None) -> Pairing:
    """Remove a result entered by mistake; logged."""
    raise NotImplementedError
