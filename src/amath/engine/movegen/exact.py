"""Exact rationals for the search, cheaper than :class:`fractions.Fraction`.

A value is an ``int``, or a reduced pair ``(numerator, denominator)`` with denominator
above 1: one canonical form per rational, so values compare and hash exactly (an int
never equals a pair).  Most values in a line are whole numbers and stay plain ints.
"""

from __future__ import annotations

from fractions import Fraction
from math import gcd

Value = int | tuple[int, int]


def make(n: int, d: int) -> Value:
    """The value n / d (d != 0) in canonical form."""
    if d < 0:
        n, d = -n, -d
    g = gcd(n, d)
    if g != 1:
        n //= g
        d //= g
    return n if d == 1 else (n, d)


def parts(a: Value) -> tuple[int, int]:
    """(numerator, denominator) of a value."""
    return (a, 1) if isinstance(a, int) else a


def add(a: Value, b: Value) -> Value:
    """a + b."""
    if isinstance(a, int) and isinstance(b, int):
        return a + b
    an, ad = parts(a)
    bn, bd = parts(b)
    return make(an * bd + bn * ad, ad * bd)


def sub(a: Value, b: Value) -> Value:
    """a - b."""
    if isinstance(a, int) and isinstance(b, int):
        return a - b
    an, ad = parts(a)
    bn, bd = parts(b)
    return make(an * bd - bn * ad, ad * bd)


def mul(a: Value, k: int) -> Value:
    """a * k for a whole k."""
    if isinstance(a, int):
        return a * k
    return make(a[0] * k, a[1])


def div(a: Value, k: int) -> Value:
    """a / k for a whole k != 0."""
    if isinstance(a, int):
        return a // k if a % k == 0 else make(a, k)
    return make(a[0], a[1] * k)


def whole(a: Value, b: Value) -> int | None:
    """a / b when it is a whole number (b != 0), else None."""
    an, ad = parts(a)
    bn, bd = parts(b)
    n, d = an * bd, ad * bn
    return n // d if n % d == 0 else None


def to_fraction(a: Value) -> Fraction:
    """The value as a Fraction (for people and tests)."""
    n, d = parts(a)
    return Fraction(n, d)


def times(a: Value, b: Value) -> Value:
    """a * b for any two values (Smath's brackets make fractional factors)."""
    if isinstance(a, int) and isinstance(b, int):
        return a * b
    an, ad = parts(a)
    bn, bd = parts(b)
    return make(an * bn, ad * bd)


def over(a: Value, b: Value) -> Value:
    """a / b for any two values, b != 0."""
    if isinstance(a, int) and isinstance(b, int):
        return a // b if a % b == 0 else make(a, b)
    an, ad = parts(a)
    bn, bd = parts(b)
    return make(an * bd, ad * bn)
