"""Glicko-2 (Mark Glickman, "Example of the Glicko-2 system", 2013), written from the paper.

A rating is ``(rating, rd, volatility)`` on the Glicko scale (a new player: 1500, 350,
0.06).  :func:`update` is the paper's steps 2-8 for one rating period; the server rates
every game as a period of its own (as the big game servers do), after first letting the
deviation grow for the days the player was away (:func:`age`, step 6 for ``t`` periods).
Why not PyPI's ``glicko2``: it rates one period of a mutable player object and has no way
to grow the deviation by idle time; this is fifty lines of pure functions, checked against
the paper's worked example in ``tests/test_server_glicko.py``.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

SCALE = 173.7178
"""Glicko-2's scale factor: ``mu = (rating - 1500) / SCALE``, ``phi = rd / SCALE``."""
TAU = 0.5
"""The system constant: how much the volatility may change (the paper's example uses 0.5)."""
EPSILON = 0.000001
START_RATING, START_RD, START_VOLATILITY = 1500.0, 350.0, 0.06
MAX_RD = 350.0
PROVISIONAL_RD = 110.0
"""A rating with a larger deviation is provisional, shown with a ``?``."""
PERIOD_DAYS = 1.0
"""An idle day is one rating period: the deviation grows by the volatility for each (:func:`age`)."""


@dataclass(frozen=True, slots=True)
class Rating:
    """A Glicko-2 rating on the Glicko scale."""

    rating: float = START_RATING
    rd: float = START_RD
    volatility: float = START_VOLATILITY

    @property
    def provisional(self) -> bool:
        """Still uncertain: the deviation is over :data:`PROVISIONAL_RD`."""
        return self.rd > PROVISIONAL_RD


def _g(phi: float) -> float:
    return 1.0 / math.sqrt(1.0 + 3.0 * phi * phi / (math.pi * math.pi))


def _e(mu: float, mu_j: float, phi_j: float) -> float:
    return 1.0 / (1.0 + math.exp(-_g(phi_j) * (mu - mu_j)))


def age(player: Rating, days: float) -> Rating:
    """The rating after ``days`` without a game: the deviation grows as over that many periods (at most :data:`MAX_RD`)."""
    if days <= 0:
        return player
    phi = player.rd / SCALE
    phi = math.sqrt(phi * phi + player.volatility**2 * days / PERIOD_DAYS)
    return Rating(player.rating, min(MAX_RD, phi * SCALE), player.volatility)


def update(player: Rating, games: list[tuple[Rating, float]], tau: float = TAU) -> Rating:
    """The player's rating after one period of ``games``: each the opponent's rating and the score (1 win, 0.5 draw, 0 loss)."""
    mu, phi, sigma = (player.rating - START_RATING) / SCALE, player.rd / SCALE, player.volatility
    if not games:  # step 6 alone: the deviation grows
        return Rating(player.rating, min(MAX_RD, math.sqrt(phi * phi + sigma * sigma) * SCALE), sigma)
    rated = [((o.rating - START_RATING) / SCALE, o.rd / SCALE, score) for o, score in games]
    v = 1.0 / sum(_g(phi_j) ** 2 * _e(mu, mu_j, phi_j) * (1.0 - _e(mu, mu_j, phi_j)) for mu_j, phi_j, _ in rated)
    gains = sum(_g(phi_j) * (score - _e(mu, mu_j, phi_j)) for mu_j, phi_j, score in rated)
    delta = v * gains
    sigma = _volatility(phi, sigma, v, delta, tau)
    phi_star = math.sqrt(phi * phi + sigma * sigma)
    phi_new = 1.0 / math.sqrt(1.0 / (phi_star * phi_star) + 1.0 / v)
    mu_new = mu + phi_new * phi_new * gains
    return Rating(mu_new * SCALE + START_RATING, min(MAX_RD, phi_new * SCALE), sigma)


def _volatility(phi: float, sigma: float, v: float, delta: float, tau: float) -> float:
    """Step 5: the new volatility, the root of the paper's ``f`` found by the Illinois algorithm."""
    a = math.log(sigma * sigma)

    def f(x: float) -> float:
        ex = math.exp(x)
        return ex * (delta * delta - phi * phi - v - ex) / (2.0 * (phi * phi + v + ex) ** 2) - (x - a) / (tau * tau)

    big_a = a
    if delta * delta > phi * phi + v:
        big_b = math.log(delta * delta - phi * phi - v)
    else:
        k = 1
        while f(a - k * tau) < 0:
            k += 1
        big_b = a - k * tau
    f_a, f_b = f(big_a), f(big_b)
    while abs(big_b - big_a) > EPSILON:
        big_c = big_a + (big_a - big_b) * f_a / (f_b - f_a)
        f_c = f(big_c)
        if f_c * f_b <= 0:
            big_a, f_a = big_b, f_b
        else:
            f_a /= 2.0
        big_b, f_b = big_c, f_c
    return math.exp(big_a / 2.0)
