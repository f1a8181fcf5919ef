"""Rulesets as data: A-Math (and, later, Smath and its options)."""

from amath.rules.amath import AMATH, AMATH_LAYOUT, AMATH_TILES
from amath.rules.base import ClockRules, Ruleset

RULESETS: dict[str, Ruleset] = {AMATH.name: AMATH}


def get_ruleset(name: str) -> Ruleset:
    """Look up a ruleset by name (``"a-math"``); raise ValueError naming the choices."""
    key = name.strip().lower().replace("_", "-")
    if key == "amath":
        key = "a-math"
    try:
        return RULESETS[key]
    except KeyError:
        raise ValueError(f"unknown variant {name!r} (choose from {', '.join(RULESETS)})") from None


__all__ = ["AMATH", "AMATH_LAYOUT", "AMATH_TILES", "RULESETS", "ClockRules", "Ruleset", "get_ruleset"]
