"""The language of the ``amath`` command's own texts (--help, errors, progress, summaries).

One rule, read when a text is made: ``AMATH_LANG`` (``en`` or ``th``) when set; else the
first set POSIX locale variable in gettext's order (``LANGUAGE``, ``LC_ALL``,
``LC_MESSAGES``, ``LANG``), Thai when it starts with ``th``; else English.  An
``AMATH_LANG`` that is neither means English, with one warning per process.

Texts are written in English at the call site, as ``str.format`` templates; :func:`say`
looks the template up in :data:`amath.apps.cli.thai.TH` and fills it.  The English text is
the key, so the English output stays exactly what the code says, and a template without
a translation falls back to English (a test walks every help text to keep the table full).
Library errors are translated by code (:func:`explain`, :mod:`amath.apps.error_text`).
"""

from __future__ import annotations

import os
import sys
from collections.abc import Mapping

from amath.apps.cli.thai import TH
from amath.apps.error_text import LANGUAGES, describe
from amath.core.errors import AmathError

ENV = "AMATH_LANG"
LOCALE_ENV: tuple[str, ...] = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")

_warned: set[str] = set()  # the bad AMATH_LANG values already warned about


def language(environ: Mapping[str, str] | None = None) -> str:
    """``"th"`` or ``"en"`` by the rule of this module's docstring."""
    env = os.environ if environ is None else environ
    chosen = env.get(ENV, "").strip().lower()
    if chosen:
        return chosen if chosen in LANGUAGES else "en"
    for name in LOCALE_ENV:
        value = env.get(name, "")
        if value:
            return "th" if value.lower().startswith("th") else "en"
    return "en"


def warn_bad_setting() -> None:
    """One line on standard error, once per process, when ``AMATH_LANG`` is not a language."""
    value = os.environ.get(ENV, "").strip()
    if value and value.lower() not in LANGUAGES and value not in _warned:
        _warned.add(value)
        # both languages: the setting meant to choose one is what is wrong
        params = {"env": ENV, "value": value, "choices": ", ".join(LANGUAGES)}
        template = "{env}={value!r} is not one of {choices}; using English"
        print(f"amath: {say(template, 'en', **params)} / {say(template, 'th', **params)}", file=sys.stderr)


def say(template: str, lang: str | None = None, **params: object) -> str:
    """``template`` (English, a ``str.format`` template) in ``lang`` (default :func:`language`), filled with ``params``."""
    chosen = language() if lang is None else lang
    text = TH.get(template, template) if chosen == "th" else template
    return text.format(**params) if params else text


def bot_levels(lang: str | None = None) -> str:
    """The bot levels to type, each with its name for people (``amath.players.registry.LEVEL_NAMES``) in ``lang``:
    ``random (Beginner), greedy (Greedy), ..., champion (Champion)``; in Thai ``champion (แชมป์)``."""
    from amath.players.registry import LEVEL_NAMES  # the bots' modules load only when a help needs their names

    chosen = language() if lang is None else lang
    return ", ".join(f"{level} ({th if chosen == 'th' else en})" for level, (en, th) in LEVEL_NAMES.items())


def explain(exc: BaseException, lang: str | None = None) -> str:
    """An exception for people: an AmathError by its code (:func:`amath.apps.error_text.describe`), others as Python says."""
    chosen = language() if lang is None else lang
    if isinstance(exc, AmathError):
        return describe(exc, chosen)
    if chosen != "en" and isinstance(exc, OSError) and exc.strerror:
        where = f"{exc.filename}: " if exc.filename else ""
        return where + say(exc.strerror, chosen)
    return str(exc)


def os_reason(exc: BaseException, lang: str | None = None) -> str:
    """Why a file could not be read or written, without the file's name (the caller puts it first):
    the system's words (``No such file or directory``) in ``lang``, or the error by its code."""
    if isinstance(exc, OSError) and exc.strerror:
        return say(exc.strerror, lang)
    return explain(exc, lang)


def error_line(message: str, lang: str | None = None) -> str:
    """``error: MESSAGE``, the form of every CLI error line on standard error."""
    return say("error: {message}", lang, message=message)
