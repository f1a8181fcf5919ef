"""The leave tables fitted from self-play (``leaves_fitted.py``, written by benchmarks/fit_leaves.py).

:func:`amath.engine.static.default_equity` builds the static equity from them, which the
``equity`` level plays by and the analysis and hints judge by; without the module
everything falls back to ``HANDSET``.
"""

from __future__ import annotations

import importlib
from types import ModuleType

from amath.players.leaves import HANDSET, LeaveTable


def _module() -> ModuleType | None:
    try:
        return importlib.import_module("amath.players.leaves_fitted")
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
