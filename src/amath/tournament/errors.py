"""The tournament's one error family: a code and params on every error, texts in English (the message) and Thai (:data:`TH`).

:mod:`amath.apps.error_text` merges :data:`TH` into its table, so ``describe(err, "th")``
reads a tournament error in Thai as it does every other library error.
"""

from __future__ import annotations

from collections.abc import Mapping

from amath.core.errors import AmathError


class TournamentError(AmathError):
    """A tournament action the state or the input does not allow (unknown player, bad score, ...)."""

    default_code = "tournament"


#: Thai for every code this package raises, filled with the error's params (words per THAI.md).
TH: Mapping[str, str] = {}
