"""The judge against a slow, separately written twin: a regex grammar plus Python's own
arithmetic on Fractions.  Hypothesis drives both with random lines and with true ones."""

from __future__ import annotations

import re
from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from amath.core.equation import judge
from amath.core.tiles import EQUALS, NUMBER_FACES, OPERATORS

FACES = list(NUMBER_FACES) + list(OPERATORS) + [EQUALS]


def twin(faces: list[str]) -> bool:
    """True iff the faces form a true A-Math equation, decided without amath.core.equation."""
    if len(faces) < 2:
        return False
    # one character per tile: d = digit tile, N = 10..20 tile, operators and = as themselves
    shape = "".join("d" if f.isdigit() and len(f) == 1 else "N" if f.isdigit() else f for f in faces)
    number = r"(?:N|d{1,3})"
    side = rf"-?{number}(?:[-+*/]{number})*"
    if not re.fullmatch(rf"{side}(?:={side})+", shape):
        return False
    if re.search(r"Nd|dN|NN|d{4}", shape):
        return False
    pieces: list[str] = []
    k = 0
    while k < len(faces):  # the regex above already rules out 10..20 tiles touching numbers
        j = k + 1
        if len(faces[k]) == 1 and faces[k].isdigit():
            while j < len(faces) and len(faces[j]) == 1 and faces[j].isdigit():
                j += 1
        token = "".join(faces[k:j])
        if token.isdigit():
            if len(token) > 1 and token[0] == "0":
                return False
            token = f"Fraction({int(token)})"
        pieces.append(token)
        k = j
    text = " ".join(pieces)
    sides = text.split("=")
    for s in sides:
        if re.match(r"\s*-\s*Fraction\(0\)", s):
            return False
    try:
        values = [eval(s, {"Fraction": Fraction}) for s in sides]
    except ZeroDivisionError:
        return False
    return all(v == values[0] for v in values)


@settings(max_examples=3000, deadline=None)
@given(st.lists(st.sampled_from(FACES), min_size=0, max_size=12))
def test_judge_never_raises_and_agrees_with_twin(faces: list[str]) -> None:
    v = judge(faces)
    assert v.ok == twin(faces), (faces, v)
    assert v.ok or v.reason


@st.composite
def true_lines(draw: st.DrawFn) -> list[str]:
    """A random left side, then its value written as digits when it is a whole number 0..999."""
    numbers = st.one_of(st.integers(0, 20).map(lambda n: [str(n)]), st.integers(10, 999).map(lambda n: list(str(n))))
    faces: list[str] = ["-"] if draw(st.booleans()) else []
    expr: list[str] = ["-"] if faces else []
    for i in range(draw(st.integers(1, 4))):
        if i:
            op = draw(st.sampled_from(OPERATORS))
            faces.append(op)
            expr.append(op)
        num = draw(numbers)
        faces.extend(num)
        expr.append(f"Fraction({''.join(num)})")
    try:
        value = eval(" ".join(expr), {"Fraction": Fraction})
    except ZeroDivisionError:
        value = Fraction(1, 2)
    right = list(str(value)) if value.denominator == 1 and 0 <= value <= 999 else [draw(st.sampled_from(NUMBER_FACES))]
    return [*faces, "=", *right]


@settings(max_examples=1500, deadline=None)
@given(true_lines())
def test_judge_agrees_with_twin_on_plausible_lines(faces: list[str]) -> None:
    assert judge(faces).ok == twin(faces), faces


def test_twin_sanity() -> None:
    assert twin("7 - 7 = 6 * 0".split())
    assert twin("1 2 + 3 = 1 5".split())
    assert not twin("0 7 = 7".split())
    assert not twin("- 0 = 0".split())
    assert not twin("5 / 0 = 1".split())
    assert not twin("12 3 = 123".split())
