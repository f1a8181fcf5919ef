"""Tournaments: players, settings, rounds, pairing, results, standings and the tournament file.

A library with no web in it (docs/tournaments.md): the ``amath tournament`` command and the
web server both run an event through these modules.

- :mod:`amath.tournament.model`: the data (``Tournament``, ``Settings``, ``Player``, ``Round``, ...).
- :mod:`amath.tournament.pairing`: Swiss, round robin, King of the Hill, random, manual edits, publishing.
- :mod:`amath.tournament.results`: scores checked and entered, forfeits, the corrections log.
- :mod:`amath.tournament.standings`: points, spread, tie-breaks, Gibsonization.
- :mod:`amath.tournament.files`: the versioned JSON file, CSV exports.
- :mod:`amath.tournament.errors`: the error family (codes, params, Thai texts).
"""
