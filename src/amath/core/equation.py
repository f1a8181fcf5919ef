"""The equation judge: a line of faces -> true, or false with a reason that names the fault.

Arithmetic is exact over :class:`fractions.Fraction`; ``*`` and ``/`` bind tighter than
``+`` and ``-``; equal precedence goes left to right (docs/rules.md "True equations").  How numbers are read
(concatenation, brackets) is a :class:`LineSyntax` so Smath is data, not a special case.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction

from amath.core.tiles import ALL_FACES, BRACKETS, DIGIT_FACES, EQUALS, OPERATORS, display


@dataclass(frozen=True, slots=True)
class LineSyntax:
    """How a variant reads a line of faces.

    ``max_digits``: how many digit tiles (0..9) join into one number (1 = never join).
    ``brackets``: whether ``(`` and ``)`` group, with implicit multiplication.
    ``faces``: the numbers, operators and ``=`` the game has (None: all of A-Math's);
    a line showing another face is false (Smath has no ``13``, Beginners no ``×``).
    """

    max_digits: int = 3
    brackets: bool = False
    faces: frozenset[str] | None = None


AMATH_SYNTAX = LineSyntax(max_digits=3, brackets=False)


@dataclass(frozen=True, slots=True)
class Verdict:
    """The judge's answer: ``ok`` and, when false, a ``code``, a readable ``reason`` and the
    ``params`` a translation of the code fills in (see :mod:`amath.apps.error_text`)."""

    ok: bool
    code: str = ""
    reason: str = ""
    params: Mapping[str, str] = field(default_factory=dict, compare=False, hash=False)

    def __bool__(self) -> bool:
        return self.ok

    def __str__(self) -> str:
        return "true" if self.ok else f"false: {self.reason}"


TRUE = Verdict(True)


class _False(Exception):
    """Raised inside the judge to stop at the first fault; never escapes this module."""

    def __init__(self, code: str, reason: str, **params: str) -> None:
        super().__init__(reason)
        self.code = code
        self.reason = reason
        self.params = params


@dataclass(frozen=True, slots=True)
class _Tok:
    kind: str  # "num", "op", "=", "(", ")"
    text: str
    value: Fraction = Fraction(0)


def show(faces: Sequence[str], syntax: LineSyntax = AMATH_SYNTAX) -> str:
    """Faces as people read them: ``["1","2","*","3"]`` -> ``"12×3"``.

    Numbers that do not join under ``syntax`` keep a space between them, so Smath's
    ``1`` ``2`` reads ``1 2``, never ``12``:

    >>> show(["2", "*", "6", "=", "1", "2"], LineSyntax(max_digits=1)), show(["1", "12"])
    ('2×6=1 2', '1 12')
    """
    out: list[str] = []
    for k, face in enumerate(faces):
        if k and faces[k - 1].isdigit() and face.isdigit():
            joins = syntax.max_digits > 1 and faces[k - 1] in DIGIT_FACES and face in DIGIT_FACES
            if not joins:
                out.append(" ")
        out.append(display(face))
    return "".join(out)


def _tokenize(faces: Sequence[str], syntax: LineSyntax) -> list[_Tok]:
    toks: list[_Tok] = []
    i, n = 0, len(faces)
    allowed = syntax.faces
    while i < n:
        face = faces[i]
        if allowed is not None and face not in allowed and face in ALL_FACES and face not in BRACKETS:
            raise _False("not_in_game", f"{display(face)} is not part of this game", face=display(face))
        if face in DIGIT_FACES:
            j = i
            while j < n and faces[j] in DIGIT_FACES:
                j += 1
            run = faces[i:j]
            text = "".join(run)
            if len(run) > syntax.max_digits:
                if syntax.max_digits == 1:
                    raise _False("number_join", f"numbers side by side: {' '.join(run)} (numbers do not join)", numbers=" ".join(run))
                raise _False(
                    "too_many_digits",
                    f"{len(run)}-digit number {text} (at most {syntax.max_digits} digits)",
                    number=text,
                    digits=str(len(run)),
                    most=str(syntax.max_digits),
                )
            if len(run) > 1 and run[0] == "0":
                raise _False("leading_zero", f"leading zero in {text}", number=text)
            toks.append(_Tok("num", text, Fraction(int(text))))
            i = j
            continue
        if face.isdigit():  # a 10..20 tile: a number on its own
            if face not in ALL_FACES:
                raise _False("bad_face", f"{face!r} is not a face", face=face)
            for k in (i - 1, i + 1):
                if 0 <= k < n and faces[k].isdigit():
                    pair = (faces[k], face) if k < i else (face, faces[k])
                    raise _False(
                        "number_join",
                        f"numbers side by side: {pair[0]} {pair[1]} (a {face} tile never joins another number)",
                        numbers=f"{pair[0]} {pair[1]}",
                    )
            toks.append(_Tok("num", face, Fraction(int(face))))
        elif face in OPERATORS:
            toks.append(_Tok("op", face))
        elif face == EQUALS:
            toks.append(_Tok("=", face))
        elif face in ("(", ")"):
            if not syntax.brackets:
                raise _False("brackets_not_allowed", "brackets are not part of this game")
            toks.append(_Tok(face, face))
        else:
            raise _False("bad_face", f"{face!r} is not a face", face=face)
        i += 1
    return toks


class _SideParser:
    """Recursive descent over the tokens of one side; values are exact Fractions."""

    def __init__(self, toks: Sequence[_Tok]) -> None:
        self.toks = toks
        self.pos = 0

    def peek(self) -> _Tok | None:
        return self.toks[self.pos] if self.pos < len(self.toks) else None

    def parse(self) -> Fraction:
        value = self.expr(start=True)
        tok = self.peek()
        if tok is not None:
            if tok.kind == ")":
                raise _False("unbalanced_brackets", "unbalanced brackets: ')' without '('", bracket=")")
            raise _False("syntax", f"unexpected {display(tok.text)}", face=display(tok.text))  # pragma: no cover - defensive
        return value

    def expr(self, start: bool) -> Fraction:
        value = self.term(start)
        while (tok := self.peek()) is not None and tok.kind == "op" and tok.text in "+-":
            self.pos += 1
            rhs = self.term(False)
            value = value + rhs if tok.text == "+" else value - rhs
        return value

    def term(self, start: bool) -> Fraction:
        value = self.unary(start)
        while (tok := self.peek()) is not None:
            if tok.kind == "op" and tok.text in "*/":
                self.pos += 1
                rhs = self.unary(False)
                if tok.text == "*":
                    value *= rhs
                elif rhs == 0:
                    raise _False("division_by_zero", "division by zero")
                else:
                    value /= rhs
            elif tok.kind in ("(", "num") and self.toks[self.pos - 1].kind in (")", "num"):
                value *= self.factor()  # implicit multiplication: 2(3+1), (4)(5), (11-3)2
            else:
                break
        return value

    def unary(self, start: bool) -> Fraction:
        tok = self.peek()
        if tok is not None and tok.kind == "op":
            prev = self.toks[self.pos - 1] if self.pos > 0 else None
            if prev is not None and prev.kind == "op":
                raise _False(
                    "operator_after_operator",
                    f"operator after operator: {display(prev.text)}{display(tok.text)}",
                    pair=display(prev.text) + display(tok.text),
                )
            if tok.text == "+" and start:
                raise _False("unary_plus", "unary plus: a side cannot start with +")
            if tok.text == "-" and start:
                self.pos += 1
                nxt = self.peek()
                if nxt is not None and nxt.kind == "num" and nxt.value == 0:
                    raise _False("minus_zero", "−0 is not allowed")
                if nxt is not None and nxt.kind == "op":
                    raise _False("operator_after_operator", f"operator after operator: −{display(nxt.text)}", pair="−" + display(nxt.text))
                return -self.factor()
            if start:
                raise _False("starts_with_operator", f"a side cannot start with {display(tok.text)}", face=display(tok.text))
            pair = display(prev.text if prev else "") + display(tok.text)
            raise _False("operator_after_operator", f"operator after operator: {pair}", pair=pair)
        return self.factor()

    def factor(self) -> Fraction:
        tok = self.peek()
        if tok is None:
            last = self.toks[-1] if self.toks else None
            if last is not None and last.kind == "op":
                raise _False("ends_with_operator", f"a side cannot end with {display(last.text)}", face=display(last.text))
            raise _False("unbalanced_brackets", "unbalanced brackets: '(' without ')'", bracket="(")
        if tok.kind == "num":
            self.pos += 1
            return tok.value
        if tok.kind == "(":
            self.pos += 1
            nxt = self.peek()
            if nxt is not None and nxt.kind == ")":
                raise _False("empty_brackets", "empty brackets ()")
            value = self.expr(start=True)
            close = self.peek()
            if close is None or close.kind != ")":
                raise _False("unbalanced_brackets", "unbalanced brackets: '(' without ')'", bracket="(")
            self.pos += 1
            return value
        if tok.kind == ")":
            prev = self.toks[self.pos - 1] if self.pos > 0 else None
            if prev is not None and prev.kind == "op":
                raise _False("ends_with_operator", f"a bracket cannot close right after {display(prev.text)}", face=display(prev.text))
            raise _False("unbalanced_brackets", "unbalanced brackets: ')' without '('", bracket=")")
        raise _False("operator_after_operator", f"operator after operator: {display(tok.text)}", pair=display(tok.text))  # pragma: no cover


def _fmt(value: Fraction) -> str:
    return str(value)  # Fraction prints as "7" or "15/2": exact, never a decimal


def judge(faces: Sequence[str], syntax: LineSyntax = AMATH_SYNTAX) -> Verdict:
    """Judge a line of faces; never raises.

    >>> judge(["7", "-", "7", "=", "6", "*", "0"]).ok
    True
    >>> str(judge(["1", "=", "2"]))
    'false: sides differ: 1 is 1, 2 is 2'
    """
    try:
        return _judge(faces, syntax)
    except _False as fault:
        return Verdict(False, fault.code, fault.reason, fault.params)


def _judge(faces: Sequence[str], syntax: LineSyntax) -> Verdict:
    if len(faces) < 2:
        raise _False("too_short", "an equation needs at least two tiles")
    toks = _tokenize(faces, syntax)
    sides: list[list[_Tok]] = [[]]
    for tok in toks:
        if tok.kind == "=":
            sides.append([])
        else:
            sides[-1].append(tok)
    if len(sides) == 1:
        raise _False("no_equals", "no = sign")
    for k, side in enumerate(sides):
        if not side:
            which = "first" if k == 0 else "last" if k == len(sides) - 1 else "middle"
            where = {"first": "before the first =", "last": "after the last =", "middle": "between two = signs"}[which]
            raise _False("empty_side", f"empty side {where}", which=which)
        if side[-1].kind == "op":
            where = "the line" if k == len(sides) - 1 else "a side"
            raise _False("ends_with_operator", f"{where} cannot end with {display(side[-1].text)}", face=display(side[-1].text))
    values = [_SideParser(side).parse() for side in sides]
    if any(v != values[0] for v in values):
        parts = ", ".join(f"{show([t.text for t in side])} is {_fmt(v)}" for side, v in zip(sides, values))
        arrows = ", ".join(f"{show([t.text for t in side])} → {_fmt(v)}" for side, v in zip(sides, values))
        raise _False("sides_differ", f"sides differ: {parts}", values=arrows)
    return TRUE


def side_values(faces: Sequence[str], syntax: LineSyntax = AMATH_SYNTAX) -> list[Fraction] | None:
    """Exact value of each side of a well-formed line, or None if it is not well formed."""
    try:
        toks = _tokenize(faces, syntax)
        sides: list[list[_Tok]] = [[]]
        for tok in toks:
            if tok.kind == "=":
                sides.append([])
            else:
                sides[-1].append(tok)
        if any(not s or s[-1].kind == "op" for s in sides):
            return None
        return [_SideParser(side).parse() for side in sides]
    except _False:
        return None
