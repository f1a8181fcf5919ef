"""Summaries of timings shared by the benchmarks: the same quantile everywhere."""

from __future__ import annotations

import math
import statistics
from collections.abc import Sequence


def percentile(values: Sequence[float], q: float) -> float:
    """The ``q`` quantile by rank (the smallest value with at least ``q`` of them at or below it)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, math.ceil(q * len(ordered)) - 1))]


def spread(values: Sequence[float], digits: int = 2) -> str:
    """``median ... s  95th pct ... s  max ... s`` of CPU seconds."""
    return (
        f"median {statistics.median(values):.{digits}f} s  95th pct {percentile(values, 0.95):.{digits}f} s  max {max(values):.{digits}f} s"
    )
