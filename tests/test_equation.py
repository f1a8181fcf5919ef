"""The judge of docs/rules.md "True equations" on true and false examples, including the seeds' own equations."""

from __future__ import annotations

import pytest

from amath.core.equation import judge


def verdict(text: str):  # type: ignore[no-untyped-def]
    return judge(text.split())


SEED_TRUE = [
    "7 * 2 = 5 + 9",
    "7 * 7 = 4 2 + 7",
    "6 = 6",
    "3 + 4 = 7",
    "9 - 3 + 4 = 7 + 3",
    "- 6 = 4 - 10",
    "- 5 = - 5",
    "8 * 3 / 6 = 2 4 / 6 = 4",
    "7 - 4 + 5 = 3 + 5 = 8",
    "4 * 3 + 4 = 16",
    "4 * 9 / 2 + 5 = 2 3",
    "0 / 5 = 0",
    "2 * 2 + 1 = 10 * 1 - 5",
    "12 / 3 + 1 * 1 = 10 * 1 - 5 / 1",
    "4 + 5 = 3 * 3 / 1",
    "4 + 5 = 3 * 3 / 1 = 8 1 / 9",
    "2 / 4 = 4 / 8",
    "7 - 7 = 6 * 0",
    "1 8 5 = 1 8 5",
    "10 + 2 = 1 2",
]


@pytest.mark.parametrize("text", SEED_TRUE)
def test_true_equations(text: str) -> None:
    v = verdict(text)
    assert v.ok, v.reason
    assert str(v) == "true"


@pytest.mark.parametrize(
    ("text", "code", "fragment"),
    [
        ("- 7 = 6 + - 3", "operator_after_operator", "operator after operator"),
        ("+ 7 = 5 + 2", "unary_plus", "unary plus"),
        ("5 / 0 = 5", "division_by_zero", "division by zero"),
        ("0 / 0 = 0", "division_by_zero", "division by zero"),
        ("0 7 = 7", "leading_zero", "leading zero in 07"),
        ("0 1 2 = 12", "leading_zero", "leading zero in 012"),
        ("1 2 3 4 = 1234", "too_many_digits", "4-digit number 1234"),
        ("1 12 = 1 1 2", "number_join", "numbers side by side"),
        ("12 3 = 1 2 3", "number_join", "numbers side by side"),
        ("10 10 = 1 0 1 0", "number_join", "numbers side by side"),
        ("- 0 = 0", "minus_zero", "−0"),
        ("5 = - 0 + 5", "minus_zero", "−0"),
        ("4 * 3 + 4 = 2 8", "sides_differ", "4×3+4 is 16, 28 is 28"),
        ("1 = 7 / 2", "sides_differ", "7÷2 is 7/2"),
        ("1 + 2 + 3", "no_equals", "no = sign"),
        ("= 3", "empty_side", "before the first ="),
        ("3 =", "empty_side", "after the last ="),
        ("3 = = 3", "empty_side", "between two = signs"),
        ("3 + = 3", "ends_with_operator", "cannot end with +"),
        ("3 = 3 +", "ends_with_operator", "cannot end with +"),
        ("3 = * 3", "starts_with_operator", "cannot start with ×"),
        ("* 3 = 3", "starts_with_operator", "cannot start with ×"),
        ("3 = + 3", "unary_plus", "unary plus"),
        ("6 * - 2 = - 12", "operator_after_operator", "operator after operator"),
        ("7", "too_short", "at least two tiles"),
        ("=", "too_short", "at least two tiles"),
        ("( 3 ) = 3", "brackets_not_allowed", "brackets"),
        ("4 + 5 = 9 = 10", "sides_differ", "10 is 10"),
    ],
)
def test_false_equations_name_the_fault(text: str, code: str, fragment: str) -> None:
    v = verdict(text)
    assert not v.ok
    assert v.code == code
    assert fragment in v.reason
    assert str(v).startswith("false: ")


def test_precedence_is_not_left_to_right_for_mixed_levels() -> None:
    assert verdict("2 + 3 * 4 = 14").ok
    assert not verdict("2 + 3 * 4 = 2 0").ok
    assert verdict("8 / 4 / 2 = 1").ok  # left to right: (8/4)/2
    assert not verdict("8 / 4 / 2 = 4").ok
    assert verdict("9 - 3 - 2 = 4").ok


def test_exact_fractions_not_floats() -> None:
    # 1/3 + 1/3 + 1/3 is exactly 1; in floating point 0.1*3 != 0.3 style errors would show
    assert verdict("1 / 3 + 1 / 3 + 1 / 3 = 1").ok
    assert verdict("1 / 10 + 2 / 10 = 3 / 10").ok
    assert not verdict("1 / 3 = 3 3 3 / 1 0 0 0").ok


def test_lone_zero_and_big_tiles_are_numbers() -> None:
    assert verdict("0 = 0").ok
    assert verdict("20 - 19 = 1").ok
    assert verdict("1 0 0 = 10 * 10").ok


def test_unary_minus_after_equals_only_at_side_start() -> None:
    assert verdict("3 - 5 = - 2").ok
    assert verdict("- 2 = 3 - 5 = - 4 / 2").ok
    assert not verdict("3 - 5 = - 2 - - 0").ok
