"""How text is drawn: ANSI colours on or off, Unicode or plain ASCII symbols.

Colour is on only for a terminal (``isatty``) that is not ``TERM=dumb`` and has no
``NO_COLOR`` in the environment, unless forced; ASCII is chosen when the output cannot
encode the Unicode symbols.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from typing import TextIO

RESET = "\x1b[0m"
CLEAR = "\x1b[2J\x1b[H"

# Background / foreground codes (256-colour where the 16 basic ones lack the hue).
PREMIUM_BG: dict[str, str] = {
    "T": "41",  # triple equation: red
    "D": "43",  # double equation: yellow
    "3": "44",  # triple piece: blue
    "2": "48;5;208",  # double piece: orange
    "*": "44",  # centre star: a triple-piece square, blue
}
PREMIUM_FG: dict[str, str] = {"T": "97", "D": "30", "3": "97", "2": "30", "*": "93"}
TILE = "1;30;48;5;230"  # bold black on cream
BLANK_TILE = "1;30;48;5;250"  # bold black on grey: a blank, worth 0
NEW_TILE = "1;30;48;5;157"  # bold black on light green: placed by the last move
DIM = "2"
BOLD = "1"


@dataclass(frozen=True, slots=True)
class Style:
    """Rendering switches: ``color`` for ANSI escapes, ``unicode`` for symbols like ★ × ₂,
    ``screen`` for clearing the screen (a terminal, so racks can be hidden between turns)."""

    color: bool = False
    unicode: bool = True
    screen: bool = False

    def paint(self, text: str, code: str) -> str:
        """``text`` wrapped in the ANSI code when colour is on, else unchanged."""
        if not self.color or not code:
            return text
        return f"\x1b[{code}m{text}{RESET}"

    def clear(self) -> str:
        """The escape that clears the screen (empty when not a terminal: a log stays readable)."""
        return CLEAR if self.screen else ""


def _can_encode(stream: TextIO, sample: str) -> bool:
    encoding = getattr(stream, "encoding", None) or "ascii"
    try:
        sample.encode(encoding)
    except (UnicodeEncodeError, LookupError):
        return False
    return True


def detect(stream: TextIO, color: bool | None = None, ascii_only: bool | None = None) -> Style:
    """The style for ``stream``: explicit choices win, otherwise look at the terminal."""
    isatty = getattr(stream, "isatty", None)
    tty = bool(isatty and isatty())
    if color is None:
        color = tty and os.environ.get("TERM") != "dumb" and "NO_COLOR" not in os.environ
    if ascii_only is None:
        ascii_only = not _can_encode(stream, "★×÷−±₀₉เ")
    return Style(color=color, unicode=not ascii_only, screen=tty and os.environ.get("TERM") != "dumb")
