"""An :class:`argparse.ArgumentParser` that speaks the language of :mod:`amath.apps.cli.lang`.

The subcommand modules write their help texts in English, as before;
:meth:`LocalParser.localize` looks each one up in :data:`amath.apps.cli.thai.TH` once the
parser is built, so a module needs no change to be translated (a help text built with
values is translated at its call site with :func:`~amath.apps.cli.lang.say`; it is then
already Thai, and stays).  argparse's own words are
replaced through its public extension points: the help option is added here
(``add_help=False``), the usage prefix by a :class:`argparse.HelpFormatter` subclass,
and usage errors in :meth:`LocalParser.error`, which argparse documents for overriding.

One small hook: argparse has no public list of a parser's arguments and groups, so
:meth:`LocalParser.localize` walks its private lists (stable since Python 3.2); that is
also how the titles of argparse's own groups ("positional arguments", "options") change.
"""

from __future__ import annotations

import argparse
import re
import sys
from collections.abc import Callable
from typing import Any, NoReturn

from amath.apps.cli.lang import language, say

#: argparse's usage errors as it formats them (Python 3.11), and their Thai.  A message
#: matching none stays in English: still right, only not translated.
_USAGE_ERRORS_TH: tuple[tuple[str, str], ...] = (
    (r"the following arguments are required: (?P<a>.+)", "ต้องระบุ {a}"),
    (r"one of the arguments (?P<a>.+) is required", "ต้องระบุอย่างใดอย่างหนึ่งใน {a}"),
    (r"unrecognized arguments: (?P<a>.+)", "ไม่รู้จักอาร์กิวเมนต์ {a}"),
    (r"not allowed with argument (?P<a>.+)", "ใช้ร่วมกับ {a} ไม่ได้"),
    (r"ignored explicit argument (?P<a>.+)", "ตัวเลือกนี้ไม่รับค่า {a}"),
    (r"expected one argument", "ต้องมีค่าหนึ่งค่า"),
    (r"expected at most one argument", "มีค่าได้ไม่เกินหนึ่งค่า"),
    (r"expected at least one argument", "ต้องมีค่าอย่างน้อยหนึ่งค่า"),
    (r"expected (?P<n>\d+) arguments?", "ต้องมี {n} ค่า"),
    (r"ambiguous option: (?P<o>\S+) could match (?P<m>.+)", "ตัวเลือก {o} กำกวม อาจหมายถึง {m}"),
    (r"invalid int value: (?P<v>.+)", "{v} ไม่ใช่จำนวนเต็ม"),
    (r"invalid float value: (?P<v>.+)", "{v} ไม่ใช่ตัวเลข"),
    (r"invalid (?P<t>\S+) value: (?P<v>.+)", "{v} ไม่ใช่ค่าแบบ {t}"),
    (r"invalid choice: (?P<v>.+) \(choose from (?P<c>.+)\)", "ไม่มีตัวเลือก {v} (เลือกจาก {c})"),
)


def usage_error_th(message: str) -> str:
    """argparse's English usage error ``message`` in Thai (``argument X: ...`` keeps X)."""
    head = ""
    found = re.fullmatch(r"argument (?P<arg>\S+): (?P<rest>.*)", message, re.DOTALL)
    if found:
        head, message = f"อาร์กิวเมนต์ {found['arg']}: ", found["rest"]
    for pattern, thai in _USAGE_ERRORS_TH:
        match = re.fullmatch(pattern, message, re.DOTALL)
        if match:
            return head + thai.format(**match.groupdict())
    return head + message


class ThaiHelpFormatter(argparse.HelpFormatter):
    """The default layout with Thai for argparse's "usage: " prefix."""

    def add_usage(
        self,
        usage: str | None,
        actions: Any,
        groups: Any,
        prefix: str | None = None,
    ) -> None:
        """As argparse, with the Thai prefix when none is given."""
        super().add_usage(usage, actions, groups, "วิธีใช้: " if prefix is None else prefix)


class LocalParser(argparse.ArgumentParser):
    """An ArgumentParser whose help texts, frame words and usage errors follow ``lang``.

    ``lang`` defaults to :func:`amath.apps.cli.lang.language`.  Subcommand parsers are made
    with this class too (argparse's default ``parser_class``), so pass ``lang`` on to
    ``add_parser``.  Call :meth:`localize` once every argument is added.
    """

    def __init__(self, *args: Any, lang: str | None = None, **kwargs: Any) -> None:
        self.lang = language() if lang is None else lang
        kwargs["add_help"] = False
        if self.lang == "th":
            kwargs.setdefault("formatter_class", ThaiHelpFormatter)
        super().__init__(*args, **kwargs)
        self.add_argument("-h", "--help", action="help", default=argparse.SUPPRESS, help="show this help message and exit")

    def say(self, text: str) -> str:
        """``text`` in this parser's language (unchanged when it has no translation)."""
        return say(text, self.lang)

    def localize(self) -> None:
        """Translate the description, every group's title and description and every help
        text, here and in every subcommand parser; a text already translated stays.

        This walks argparse's lists of actions and groups (``_actions``, ``_action_groups``,
        a subparsers action's ``_choices_actions``): argparse has no public way to list
        them, and one walk at the end translates every way an argument can be added
        (groups, mutually exclusive groups, subcommands) without wrapping each.
        """
        if self.description:
            self.description = self.say(self.description)
        for group in self._action_groups:
            group.title = group.title and self.say(group.title)
            group.description = group.description and self.say(group.description)
        for action in self._actions:
            _translate_help(action, self.say)
            if isinstance(action, argparse._SubParsersAction):
                for pseudo in action._choices_actions:
                    _translate_help(pseudo, self.say)
                for sub in action.choices.values():
                    if isinstance(sub, LocalParser):
                        sub.localize()

    def error(self, message: str) -> NoReturn:
        """The usage and ``PROG: error: MESSAGE`` on standard error, exit 2; Thai when the language is."""
        if self.lang != "th":
            super().error(message)
        self.print_usage(sys.stderr)
        self.exit(2, f"{self.prog}: ข้อผิดพลาด: {usage_error_th(message)}\n")


def _translate_help(action: argparse.Action, translate: Callable[[str], str]) -> None:
    if isinstance(action.help, str) and action.help != argparse.SUPPRESS:
        action.help = translate(action.help)
