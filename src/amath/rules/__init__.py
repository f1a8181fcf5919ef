"""Rulesets as data: A-Math, Smath and Smath's options (``smath+beginners+primary+coop``)."""

from amath.rules.amath import AMATH, AMATH_LAYOUT, AMATH_TILES
from amath.rules.base import ClockRules, Ruleset
from amath.rules.smath import SMATH, smath_variant

RULESETS: dict[str, Ruleset] = {AMATH.name: AMATH, SMATH.name: SMATH}
SMATH_OPTIONS = ("beginners", "primary", "coop")


def get_ruleset(name: str) -> Ruleset:
    """Look up a ruleset by name: ``a-math``, ``smath``, or ``smath+OPTION+...``.

    Raises ValueError naming the choices.
    """
    key = name.strip().lower().replace("_", "-")
    if key == "amath":
        key = "a-math"
    if key in RULESETS:
        return RULESETS[key]
    base, *opts = key.split("+")
    if base == "smath" and opts and all(o in SMATH_OPTIONS for o in opts):
        return smath_variant(beginners="beginners" in opts, primary="primary" in opts, coop="coop" in opts)
    raise ValueError(f"unknown variant {name!r} (choose from a-math, smath, smath+{'/'.join(SMATH_OPTIONS)} combined with +)")


__all__ = ["AMATH", "AMATH_LAYOUT", "AMATH_TILES", "RULESETS", "SMATH", "ClockRules", "Ruleset", "get_ruleset", "smath_variant"]
