"""Entering results: both scores per table checked (a pair that makes no sense is refused with a reason),
the capped spread, forfeits, and corrections of published results kept in the log with who and when.
"""

from __future__ import annotations

from amath.tournament.errors import TournamentError
from amath.tournament.model import FORFEITS, Forfeit, Pairing, Result, Settings, Tournament
from amath.tournament.standings import capped


def check_scores(first: int, second: int, settings: Settings) -> None:
    """Refuse (TournamentError) a score pair that cannot be a game: a negative score, one above
    ``settings.max_score``, or 0-0 (type a forfeit instead).  docs/tournaments.md says why each."""
    for seat, score in (("first", first), ("second", second)):
        if isinstance(score, bool) or not isinstance(score, int):
            raise TournamentError(
                f"the {seat} player's score must be a whole number, not {score!r}", code="score_not_number", seat=seat, score=score
            )
        if score < 0:
            raise TournamentError(f"the {seat} player's score {score} is negative", code="score_negative", seat=seat, score=score)
        if score > settings.max_score:
            raise TournamentError(
                f"the {seat} player's score {score} is above {settings.max_score}, more than a game gives (a typing error?)",
                code="score_too_high",
                seat=seat,
                score=score,
                most=settings.max_score,
            )
    if first == 0 and second == 0:
        raise TournamentError("0-0 is not a game: enter a forfeit for a game not played", code="score_both_zero")


def capped_spread(first: int, second: int, cap: int | None) -> int:
    """``first - second``, capped to ``[-cap, cap]`` (no cap when None)."""
    return capped(first - second, cap)


def _table(t: Tournament, number: int, table: int) -> Pairing:
    rnd = t.round(number)
    if not rnd.published:
        raise TournamentError(
            f"round {number} is not published yet: publish it before entering results", code="round_not_published", round=number
        )
    pairing = rnd.table(table)
    if pairing.second is None:
        raise TournamentError(
            f"table {table} of round {number} is the bye: it has no game", code="bye_no_result", round=number, table=table
        )
    return pairing


def _set(t: Tournament, number: int, pairing: Pairing, result: Result | None, by: str, at: str | None) -> Pairing:
    before = pairing.result
    if before == result:
        return pairing
    pairing.result = result
    action = "result" if before is None else "clear_result" if result is None else "correct_result"
    detail: dict[str, object] = {"first": pairing.first, "second": pairing.second}
    if before is not None:
        detail["before"] = _as_dict(before)
    if result is not None:
        detail["after"] = _as_dict(result)
    t.record(action, by, at, round=number, table=pairing.table, **detail)
    return pairing


def _as_dict(result: Result) -> dict[str, object]:
    return {"first_score": result.first_score, "second_score": result.second_score, "forfeit": result.forfeit}


def enter_result(
    t: Tournament, number: int, table: int, first: int, second: int, *, by: str = "director", at: str | None = None
) -> Pairing:
    """Record the scores of the game at ``table`` of published round ``number`` (first: the starting player's).
    Entering a table that has a result is a correction: logged as ``correct_result`` with the old and the new."""
    pairing = _table(t, number, table)
    check_scores(first, second, t.settings)
    return _set(t, number, pairing, Result(first, second), by, at)


def enter_forfeit(t: Tournament, number: int, table: int, who: Forfeit, *, by: str = "director", at: str | None = None) -> Pairing:
    """Record a forfeit at ``table``: ``who`` ("first", "second" or "both") did not play and loses by
    ``settings.forfeit_spread``; logged like :func:`enter_result`."""
    if who not in FORFEITS:
        raise TournamentError(
            f"a forfeit is by {', '.join(FORFEITS)}, not {who!r}", code="bad_forfeit", value=who, choices=", ".join(FORFEITS)
        )
    pairing = _table(t, number, table)
    return _set(t, number, pairing, Result(0, 0, who), by, at)


def clear_result(t: Tournament, number: int, table: int, *, by: str = "director", at: str | None = None) -> Pairing:
    """Remove a result entered by mistake; logged."""
    return _set(t, number, _table(t, number, table), None, by, at)
