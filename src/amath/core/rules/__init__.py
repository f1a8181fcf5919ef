"""Rulesets as data: A-Math, Smath and Smath's options (``smath+beginners+primary+coop``)."""

from functools import cache

from amath.core.board import Layout
from amath.core.errors import RulesError
from amath.core.rules.amath import AMATH, AMATH_LAYOUT, AMATH_TILES
from amath.core.rules.base import ClockRules, Ruleset
from amath.core.rules.smath import SMATH, smath_variant

RULESETS: dict[str, Ruleset] = {AMATH.name: AMATH, SMATH.name: SMATH}
SMATH_OPTIONS = ("beginners", "primary", "coop")


def get_ruleset(name: str) -> Ruleset:
    """Look up a ruleset by name: ``a-math``, ``smath``, or ``smath+OPTION+...``.

    The same name always gives the same object (rulesets compare by identity).
    Raises :class:`~amath.core.errors.RulesError` (a ValueError) naming the choices.

    >>> get_ruleset("smath+coop") is get_ruleset("SMATH+coop")
    True
    """
    return _lookup(name.strip().lower().replace("_", "-"))


@cache
def _lookup(key: str) -> Ruleset:
    if key == "amath":
        key = "a-math"
    if key in RULESETS:
        return RULESETS[key]
    base, *opts = key.split("+")
    if base == "smath" and opts and all(o in SMATH_OPTIONS for o in opts):
        return smath_variant(beginners="beginners" in opts, primary="primary" in opts, coop="coop" in opts)
    choices = f"a-math, smath, smath+{'/'.join(SMATH_OPTIONS)} combined with +"
    raise RulesError(f"unknown variant {key!r} (choose from {choices})", code="unknown_variant", name=key, choices=choices)


def ruleset_for_layout(layout: Layout) -> Ruleset:
    """A registered ruleset played on ``layout`` (for drawing a bare board), A-Math by default."""
    return next((r for r in RULESETS.values() if r.layout == layout), AMATH)


__all__ = [
    "AMATH",
    "AMATH_LAYOUT",
    "AMATH_TILES",
    "RULESETS",
    "SMATH",
    "ClockRules",
    "Ruleset",
    "get_ruleset",
    "ruleset_for_layout",
    "smath_variant",
]
