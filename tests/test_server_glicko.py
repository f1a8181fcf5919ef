"""Glicko-2 against the worked example of Glickman's paper, and the rules the server rates by."""

from __future__ import annotations

import pytest

from amath.apps.server.glicko import MAX_RD, Rating, age, update


def test_the_papers_worked_example() -> None:
    player = Rating(1500, 200, 0.06)
    opponents = [(Rating(1400, 30), 1.0), (Rating(1550, 100), 0.0), (Rating(1700, 300), 0.0)]
    after = update(player, opponents)
    assert after.rating == pytest.approx(1464.06, abs=0.01)
    assert after.rd == pytest.approx(151.52, abs=0.01)
    assert after.volatility == pytest.approx(0.05999, abs=0.00001)


def test_a_win_raises_and_a_loss_lowers_by_the_same_for_equals() -> None:
    a, b = Rating(), Rating()
    won, lost = update(a, [(b, 1.0)]), update(b, [(a, 0.0)])
    assert won.rating > 1500 > lost.rating
    assert won.rating - 1500 == pytest.approx(1500 - lost.rating)
    assert won.rd < 350 and won.provisional
    drawn = update(a, [(b, 0.5)])
    assert drawn.rating == pytest.approx(1500) and drawn.rd < 350


def test_beating_a_stronger_player_gains_more() -> None:
    me = Rating(1500, 80)
    assert update(me, [(Rating(1800, 80), 1.0)]).rating - 1500 > update(me, [(Rating(1400, 80), 1.0)]).rating - 1500


def test_the_deviation_grows_while_away_and_no_further_than_the_start() -> None:
    settled = Rating(1600, 60, 0.06)
    assert age(settled, 0).rd == 60
    month, year = age(settled, 30), age(settled, 365)
    assert 60 < month.rd < year.rd <= MAX_RD
    assert month.rating == 1600 and not settled.provisional and year.provisional
    assert age(Rating(1500, 340), 10_000).rd == MAX_RD
    assert update(settled, []).rd > 60  # a period without games
