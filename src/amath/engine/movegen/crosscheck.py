"""Cross-check sets: which faces may sit on an empty square, given the line that crosses it.

The crossing line is the run of tiles already on the board just before and just after
the square in the other direction; a face is allowed when that run with the face in
the gap is a true equation.  Answers are cached by the runs' faces, which repeat a lot
within a game and between the many positions a self-play run visits.
"""

from __future__ import annotations

from amath.core.equation import LineSyntax, judge

_Key = tuple[tuple[str, ...], tuple[str, ...]]
_CACHES: dict[tuple[LineSyntax, tuple[str, ...]], dict[_Key, frozenset[str]]] = {}
_LIMIT = 200_000


def allowed_faces(before: tuple[str, ...], after: tuple[str, ...], faces: tuple[str, ...], syntax: LineSyntax) -> frozenset[str]:
    """The faces ``f`` among ``faces`` for which ``before + (f,) + after`` is a true equation."""
    cache = _CACHES.setdefault((syntax, faces), {})
    key = (before, after)
    hit = cache.get(key)
    if hit is None:
        hit = frozenset(f for f in faces if judge((*before, f, *after), syntax).ok)
        if len(cache) >= _LIMIT:
            cache.clear()
        cache[key] = hit
    return hit
