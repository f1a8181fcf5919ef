"""The grammar of a Smath line as a state machine over tokens, with exact rational values.

    side   := term (("+" | "-") term)*
    term   := factor (("*" | "/") factor | implicit factor)*      implicit: after a number or ")"
    factor := ["-"] (number | "(" side ")")                        "-" only opening a side or "("
    line   := side ("=" side)+                                     every side of one value

A state is what a line read so far leaves open: the previous token, the open side's
value so far ``acc + sign * term`` (``term`` still takes factors), the enclosing sides of
open brackets and whether an ``=`` was read.  It holds no target: that every side has
one value is checked by whoever reads the ``=`` (with :func:`side_value`), so what
follows an ``=`` is the same state whatever came before it, and is searched once.
The same rules as :func:`amath.core.equation.judge` (tested against it), one token at a time.
"""

from __future__ import annotations

from amath.engine.movegen.exact import Value, add, over, times
from amath.engine.movegen.smath_line import CLOSE, EQ, MINUS, NUM, OPEN, PLUS, TIMES

# What the previous token was.
START, OPENED, UNARY, BINARY, NUMBER, CLOSED = range(6)
# What a term does with its next factor.
FIRST, MUL, DIV = range(3)

Frame = tuple[Value, int, Value | None, int, "Frame"] | None
"""An open bracket: the enclosing side's (acc, sign, term, pending, enclosing frame)."""

State = tuple[int, Value, int, Value | None, int, Frame, int, int]
"""(previous token, acc, sign, term, pending, frames, depth, 1 once an '=' was read)."""

INITIAL: State = (START, 0, 1, None, FIRST, None, 0, 0)
AFTER_EQUALS: State = (START, 0, 1, None, FIRST, None, 0, 1)

#: Previous tokens after which a number must come next.
WANTS_NUMBER = frozenset((START, OPENED, UNARY, BINARY))


def _neg(v: Value) -> Value:
    return -v if isinstance(v, int) else (-v[0], v[1])


def _factor(term: Value | None, pend: int, f: Value, sgn: int) -> Value | None:
    """The signed term after one more factor ``f`` (sign folded in); None on division by zero."""
    if term is None:
        return f if sgn > 0 else _neg(f)
    if pend == DIV:
        return None if f == 0 else over(term, f)
    return times(term, f)


def advance(st: State, kind: int, val: int) -> State | None:
    """The state after one more token, or None when no true line can go on so.

    Once a term has a factor its sign is folded into it (sign 1), so equal futures
    share one state.
    """
    prev, acc, sgn, term, pend, stack, depth, eq = st
    after_factor = prev in (NUMBER, CLOSED)
    if kind == NUM:
        if prev == NUMBER or (prev == UNARY and val == 0):
            return None  # numbers never touch; never -0
        t = _factor(term, MUL if prev == CLOSED else pend, val, sgn)
        if t is None:
            return None
        return (NUMBER, acc, 1, t, FIRST, stack, depth, eq)
    if kind == OPEN:
        frame = (acc, sgn, term, MUL if after_factor else pend, stack)
        return (OPENED, 0, 1, None, FIRST, frame, depth + 1, eq)
    if not after_factor:
        if kind == MINUS and (prev in (START, OPENED)):
            return (UNARY, acc, -sgn, term, pend, stack, depth, eq)
        return None  # an operator, ')' or '=' needs a number or ')' before it
    assert term is not None
    if kind == PLUS:
        return (BINARY, add(acc, term), 1, None, FIRST, stack, depth, eq)
    if kind == MINUS:
        return (BINARY, add(acc, term), -1, None, FIRST, stack, depth, eq)
    if kind == TIMES:
        return (BINARY, acc, 1, term, MUL, stack, depth, eq)
    if kind == CLOSE:
        if stack is None:
            return None
        pacc, psgn, pterm, ppend, pstack = stack
        t = _factor(pterm, ppend, add(acc, term), psgn)
        if t is None:
            return None
        return (CLOSED, pacc, 1, t, FIRST, pstack, depth - 1, eq)
    if kind == EQ:
        return None if depth else AFTER_EQUALS
    return (BINARY, acc, 1, term, DIV, stack, depth, eq)  # DIVIDE


def group(st: State, v: Value) -> State | None:
    """The state after reading a bracketed group ``( ... )`` whose content has value ``v``.

    What a ')' leaves depends only on the content's value, so this is ``advance`` over
    '(', the number ``v`` and ')' (tested), without the frame in between.
    """
    prev, acc, sgn, term, pend, stack, depth, eq = st
    t = _factor(term, MUL if prev in (NUMBER, CLOSED) else pend, v, sgn)
    return None if t is None else (CLOSED, acc, 1, t, FIRST, stack, depth, eq)


def opened(st: State) -> State:
    """The content of a bracket opened from ``st``, with no frame: a span read apart from what
    encloses it (:func:`group` folds its value back in)."""
    return (OPENED, 0, 1, None, FIRST, None, st[6] + 1, st[7])


def enclosing(st: State) -> State | None:
    """The state the innermost open bracket of ``st`` was opened from, as :func:`group` takes it."""
    stack = st[5]
    if stack is None:
        return None
    acc, sgn, term, pend, parent = stack
    return (BINARY, acc, sgn, term, pend, parent, st[6] - 1, st[7])


def bracket_value(st: State) -> Value | None:
    """The value of an open bracket's content just read, when a ')' may close it here."""
    prev, acc, _sgn, term, _pend, _stack, depth, _eq = st
    if not depth or term is None or prev not in (NUMBER, CLOSED):
        return None
    return add(acc, term)


def relative(st: State) -> tuple[State, Value]:
    """The state with the outermost side's value so far taken out, and that value.

    What follows a state with outermost ``acc`` a is what follows it with ``acc`` 0, every
    value of the side shifted by a (the rest only adds to it), so sides after an '=' that
    differ only there share one node.  The ``acc`` is the state's own at depth 0, else the
    first open bracket's frame's.
    """
    prev, acc, sgn, term, pend, stack, depth, eq = st
    if stack is None:
        return (st, 0) if acc == 0 else ((prev, 0, sgn, term, pend, stack, depth, eq), acc)
    frame, outer = _zero_outer(stack)
    return (prev, acc, sgn, term, pend, frame, depth, eq), outer


def _zero_outer(f: tuple[Value, int, Value | None, int, Frame]) -> tuple[Frame, Value]:
    """The frames with the outermost one's ``acc`` made 0, and that ``acc``."""
    acc, sgn, term, pend, parent = f
    if parent is None:
        return (f, 0) if acc == 0 else ((0, sgn, term, pend, None), acc)
    inner, outer = _zero_outer(parent)
    return (f, 0) if outer == 0 else ((acc, sgn, term, pend, inner), outer)


def side_value(st: State) -> Value | None:
    """The value of the side just read, when it may end here (before an '=' or the line's end)."""
    prev, acc, _sgn, term, _pend, _stack, depth, _eq = st
    if depth or term is None or prev not in (NUMBER, CLOSED):
        return None
    return add(acc, term)
