"""The one place the terminal game reads and writes: prompts, output, clearing the screen.

Streams are looked up when used (``sys.stdin`` / ``sys.stdout``), so tests can swap them.
End of input raises :class:`EOFError`, which the session turns into a clean exit.
"""

from __future__ import annotations

import contextlib
import sys
from typing import TextIO

from amath.apps.terminal.style import Style


class Console:
    """Line-based input and output with a :class:`Style`."""

    def __init__(self, style: Style, stdin: TextIO | None = None, stdout: TextIO | None = None) -> None:
        self.style = style
        self._stdin = stdin
        self._stdout = stdout

    @property
    def out(self) -> TextIO:
        """The output stream."""
        return self._stdout or sys.stdout

    def say(self, text: str = "") -> None:
        """Write ``text`` and a newline."""
        self.out.write(text + "\n")
        self.out.flush()

    def ask(self, prompt: str) -> str:
        """Show ``prompt`` and read one line (without its newline); EOFError at end of input."""
        stdin = self._stdin or sys.stdin
        if stdin is sys.__stdin__ and self.out is sys.__stdout__ and stdin is not None and stdin.isatty():
            _enable_line_editing()
            return input(prompt)  # line editing and history when a person types
        self.out.write(prompt)
        self.out.flush()
        line = stdin.readline()
        if not line:
            self.out.write("\n")
            raise EOFError
        return line.rstrip("\r\n")

    def clear(self) -> None:
        """Clear the screen (only when drawing for a terminal)."""
        code = self.style.clear()
        if code:
            self.out.write(code)
            self.out.flush()


def _enable_line_editing() -> None:
    """Load :mod:`readline` (arrow keys, history) where the platform has it."""
    with contextlib.suppress(ImportError):  # e.g. Windows without pyreadline
        import readline  # noqa: F401
