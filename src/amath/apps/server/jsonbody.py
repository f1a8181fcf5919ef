"""Reading client JSON strictly: bounded nesting, bounded number literals, no NaN or Infinity.

Python's ``json`` accepts ``NaN``, turns ``1e999`` into infinity, raises ``ValueError``
on a 5,000-digit integer and ``RecursionError`` on deep nesting; every one of those
becomes a 400 here that says what was wrong, so no client text reaches a traceback.
"""

from __future__ import annotations

import json
import math
from typing import Any

from amath.apps.server.errors import ApiError

MAX_DEPTH = 32
"""Deepest nesting of arrays and objects a request may have (a move needs 3)."""
MAX_NUMBER = 32
"""Longest number literal, in characters (a square index or a minute count needs 3)."""


class _Refused(ValueError):
    """A literal the strict reader will not take."""


def _number(text: str) -> str:
    if len(text) > MAX_NUMBER:
        raise _Refused(f"a number has at most {MAX_NUMBER} digits")
    return text


def _int(text: str) -> int:
    return int(_number(text))


def _float(text: str) -> float:
    value = float(_number(text))
    if not math.isfinite(value):
        raise _Refused(f"the number {text} is out of range")
    return value


def _constant(name: str) -> Any:
    raise _Refused(f"{name} is not a JSON number")


def _depth(value: Any) -> int:
    """How deeply ``value`` nests (a scalar is 0), without recursion."""
    deepest, stack = 0, [(value, 1)]
    while stack:
        item, level = stack.pop()
        children = item.values() if isinstance(item, dict) else item if isinstance(item, list) else None
        if children is None:
            continue
        deepest = max(deepest, level)
        if deepest > MAX_DEPTH:
            break
        stack.extend((c, level + 1) for c in children)
    return deepest


def parse_json(raw: bytes | str, what: str = "the request body") -> Any:
    """``raw`` as JSON, else a 400 naming ``what`` and the reason."""
    try:
        value = json.loads(raw, parse_int=_int, parse_float=_float, parse_constant=_constant)
    except _Refused as exc:
        raise ApiError(400, f"{what} is not accepted: {exc}") from None
    except RecursionError:
        raise ApiError(400, f"{what} nests too deeply (at most {MAX_DEPTH} levels)") from None
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        raise ApiError(400, f"{what} is not valid JSON: {exc}") from None
    except ValueError as exc:  # anything else the decoder refuses
        raise ApiError(400, f"{what} is not valid JSON: {exc}") from None
    if _depth(value) > MAX_DEPTH:
        raise ApiError(400, f"{what} nests too deeply (at most {MAX_DEPTH} levels)")
    return value
