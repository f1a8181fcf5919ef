"""Bingo drills: every equation that uses all the tiles of a rack, and racks to practise on.

The equations come from the move generator on an empty board (so they are exactly the
opening bingos the rules allow); practice racks are made by building a random true
equation and shuffling its tiles, since few random racks have a bingo at all.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from amath.core.board import Board
from amath.core.equation import judge, show
from amath.core.errors import UnsupportedError
from amath.core.notation import format_move, token_of
from amath.core.rules.base import Ruleset
from amath.core.tiles import BLANK, PLUS_MINUS, TIMES_DIVIDE
from amath.engine.generator import get_generator
from amath.engine.movegen.dispatch import uses_smath_search


@dataclass(frozen=True, slots=True)
class Bingo:
    """One equation using the whole rack: its tiles in reading order and the best opening placement."""

    tiles: tuple[tuple[str, str], ...]
    best_move: str
    best_score: int

    @property
    def faces(self) -> list[str]:
        """The faces, in reading order."""
        return [f for _, f in self.tiles]

    @property
    def text(self) -> str:
        """As people read it, e.g. ``12+3=15``."""
        return show(self.faces)

    @property
    def tokens(self) -> str:
        """In move notation tokens, e.g. ``1 2 + ?:3 = 1 5``."""
        return " ".join(token_of(t, f) for t, f in self.tiles)


def _need_complete_lists(rules: Ruleset) -> None:
    """Bingo lists and drills need every placement of a full rack; Smath's complete lists of one are far too long."""
    if uses_smath_search(rules):
        raise UnsupportedError(
            f"bingo lists and drills are not available for {rules.name}: the complete list of a full rack is far too long"
            " (`amath moves --limit N` gives exactly the N best; docs/smath.md)",
            code="bingo_variant",
            variant=rules.name,
        )


def bingos(rack: Sequence[str], rules: Ruleset) -> list[Bingo]:
    """Every distinct equation that uses all of ``rack``, best opening score first."""
    _need_complete_lists(rules)
    board = Board(rules.layout)
    best: dict[tuple[tuple[str, str], ...], tuple[int, str]] = {}
    for m in get_generator().generate(board, rack, rules):
        if len(m.place.tiles) != len(rack):
            continue
        key = tuple((p.tile, p.face) for p in m.place.tiles)
        if key not in best or m.score > best[key][0]:
            best[key] = (m.score, format_move(m.place, board, rules))
    found = [Bingo(k, move, score) for k, (score, move) in best.items()]
    return sorted(found, key=lambda b: (-b.best_score, b.text, b.tokens))


_OPS = ("+", "-", "*", "/")
_DIGITS = frozenset("0123456789")


def _apply(a: Fraction, op: str, b: Fraction) -> Fraction | None:
    if op == "+":
        return a + b
    if op == "-":
        return a - b
    if op == "*":
        return a * b
    return a / b if b else None


def _number_tiles(n: int, rng: random.Random) -> list[str] | None:
    if n < 0 or n > 999:
        return None
    if 10 <= n <= 20 and rng.random() < 0.5:
        return [str(n)]
    return list(str(n))


def _random_equation(rng: random.Random) -> list[str] | None:
    """A random true equation ``a op b = c``, ``a op b op c = d`` or ``a op b = c op d`` as faces."""
    shape = rng.choice(("a?b=c", "a?b?c=d", "a?b=c?d"))
    nums = [rng.choice((rng.randint(0, 9), rng.randint(0, 20), rng.randint(0, 99))) for _ in range(3)]
    ops = [rng.choice(_OPS) for _ in range(2)]
    left: list[int | str]
    right: list[int | str] = []
    if shape == "a?b=c":
        value = _apply(Fraction(nums[0]), ops[0], Fraction(nums[1]))
        left = [nums[0], ops[0], nums[1]]
    elif shape == "a?b?c=d":
        first = _apply(Fraction(nums[0]), ops[0], Fraction(nums[1]))
        if first is None:
            return None
        if ops[1] in "*/" and ops[0] in "+-":  # precedence: a + (b * c)
            inner = _apply(Fraction(nums[1]), ops[1], Fraction(nums[2]))
            value = None if inner is None else _apply(Fraction(nums[0]), ops[0], inner)
        else:
            value = _apply(first, ops[1], Fraction(nums[2]))
        left = [nums[0], ops[0], nums[1], ops[1], nums[2]]
    else:
        value = _apply(Fraction(nums[0]), ops[0], Fraction(nums[1]))
        if value is None or value.denominator != 1:
            return None
        d = _apply(value, "-" if ops[1] == "+" else "+" if ops[1] == "-" else "/" if ops[1] == "*" else "*", Fraction(nums[2]))
        if d is None or d.denominator != 1:
            return None
        left = [nums[0], ops[0], nums[1]]
        right = [int(d), ops[1], nums[2]]
    if value is None or value.denominator != 1 or value < 0:
        return None
    sides = [*left, "=", *(right or [int(value)])]
    faces: list[str] = []
    for part in sides:
        if isinstance(part, int):
            tiles = _number_tiles(part, rng)
            if tiles is None:
                return None
            faces.extend(tiles)
        else:
            faces.append(part)
    return faces


def is_trivial(faces: Sequence[str]) -> bool:
    """True for an equation a drill should not offer: an operand 0, or 1 beside ``×`` or after ``÷``.

    ``20×0=10×0`` or ``7÷1=7`` teach nothing (anything times 0 is 0).
    """
    for value, op_before, op_after in _numbers(faces):
        if value == 0 and (op_before in _OPS or op_after in _OPS):
            return True
        if value == 1 and (op_before in ("*", "/") or op_after == "*"):
            return True
    return False


def _numbers(faces: Sequence[str]) -> list[tuple[int, str | None, str | None]]:
    """Each number of a line (digits joined) with the operator before and after it (None at an end or ``=``)."""
    out: list[tuple[int, str | None, str | None]] = []
    i = 0
    while i < len(faces):
        if not faces[i].isdigit():
            i += 1
            continue
        j = i + 1
        if faces[i] in _DIGITS:  # digit tiles join; a 10..20 tile stands alone
            while j < len(faces) and faces[j] in _DIGITS:
                j += 1
        before = faces[i - 1] if i > 0 and faces[i - 1] in _OPS else None
        after = faces[j] if j < len(faces) and faces[j] in _OPS else None
        out.append((int("".join(faces[i:j])), before, after))
        i = j
    return out


def practice_rack(rng: random.Random, rules: Ruleset, blanks: bool = False, attempts: int = 20000) -> list[str]:
    """A shuffled rack of ``rules.rack_size`` tiles known to make at least one bingo that is not trivial
    (:func:`is_trivial`); with ``blanks``, one of its tiles is a blank."""
    _need_complete_lists(rules)
    counts = rules.tiles.counts
    for _ in range(attempts):
        faces = _random_equation(rng)
        if faces is None or len(faces) != rules.rack_size or is_trivial(faces) or not judge(faces, rules.syntax).ok:
            continue
        tiles = []
        for f in faces:
            if f in "+-" and rng.random() < 0.3:
                tiles.append(PLUS_MINUS)
            elif f in "*/" and rng.random() < 0.3:
                tiles.append(TIMES_DIVIDE)
            else:
                tiles.append(f)
        if blanks:
            tiles[rng.randrange(len(tiles))] = BLANK
        if any(n > counts.get(t, 0) for t, n in Counter(tiles).items()):
            continue
        rng.shuffle(tiles)
        return tiles
    raise UnsupportedError("could not build a practice rack", code="no_drill_rack")  # pragma: no cover - 20000 tries
