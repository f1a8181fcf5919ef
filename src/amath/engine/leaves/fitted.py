"""The leave tables fitted from self-play (``leaves_fitted.py``, written by benchmarks/fit_leaves.py).

:func:`amath.engine.static.default_equity` builds the static equity from them, each weighed
by its ruleset's :data:`LEAVE_WEIGHT`, which the ``equity`` level plays by and the analysis
and hints judge by; without the module everything falls back to ``HANDSET``.
"""

from __future__ import annotations

import importlib
from functools import cache
from types import ModuleType

from amath.engine.leaves.table import HANDSET, LeaveTable

#: How much a ruleset's fitted leave values weigh against the score when the bots play them
#: (1 where not named).  Smath's at half: over 1,000 games the halved table won as often
#: and scored 18 points a game more (docs/bots.md, "Leave values").
LEAVE_WEIGHT: dict[str, float] = {"smath": 0.5}


def _module() -> ModuleType | None:
    try:
        return importlib.import_module("amath.engine.leaves.fitted_data")
    except ImportError:  # not fitted yet
        return None


def fitted_table() -> LeaveTable:
    """The A-Math table fitted from self-play (``FITTED``), or ``HANDSET`` when there is none."""
    table = getattr(_module(), "FITTED", None)
    return table if isinstance(table, LeaveTable) else HANDSET


def fitted_tables() -> dict[str, LeaveTable]:
    """The fitted tables by ruleset name (``TABLES``; empty when there are none)."""
    tables = getattr(_module(), "TABLES", None)
    return {k: v for k, v in tables.items() if isinstance(v, LeaveTable)} if isinstance(tables, dict) else {}


@cache
def played_tables() -> dict[str, LeaveTable]:
    """The fitted tables as the bots play them: each times its ruleset's :data:`LEAVE_WEIGHT`.

    Remembered, so every caller gets the same table objects (and their value memos).
    """
    return {k: t.scaled(LEAVE_WEIGHT[k]) if k in LEAVE_WEIGHT else t for k, t in fitted_tables().items()}
