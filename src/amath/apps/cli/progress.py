"""The progress line of the long commands (``amath selfplay``, ``amath analyze``), on standard error.

Drawn by rich (``rich.progress``), which knows whether standard error is a terminal: on a
terminal the bar is redrawn in place; in a log or a pipe nothing is written while the work
runs and one plain line with the final count is written at the end (never the ``\\r``
redraws that join into one long line).  ``--quiet`` turns it off.

rich rather than tqdm: it measures Thai text by the columns it takes on screen (a Thai
vowel or tone mark sits on its letter), so the bar's Thai label does not push the line
out of shape, and it is already installed with the project's tools (import-linter).
"""

from __future__ import annotations

import sys
from types import TracebackType

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, ProgressColumn, TaskID, TextColumn, TimeElapsedColumn


class ProgressLine:
    """``with ProgressLine(label, total) as bar: bar.update(done)``; ``show=False`` draws nothing.

    ``label`` is already in the user's language.  ``console`` is for tests; by default it is
    standard error as it is when the line is made.
    """

    def __init__(self, label: str, total: int, *, show: bool = True, console: Console | None = None) -> None:
        self.show = show
        self.console = console if console is not None else Console(file=sys.stderr)
        columns: list[ProgressColumn] = [TextColumn("{task.description}")]
        if self.console.is_terminal:  # a bar only where it is redrawn in place; a log gets the counts
            columns.append(BarColumn())
        columns += [MofNCompleteColumn(), TimeElapsedColumn()]
        self._progress = Progress(*columns, console=self.console, transient=False, disable=not show)
        self._task: TaskID = self._progress.add_task(label, total=max(total, 0))

    def __enter__(self) -> ProgressLine:
        self._progress.start()
        return self

    def __exit__(self, kind: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None) -> None:
        self._progress.stop()

    def update(self, done: int, total: int | None = None) -> None:
        """``done`` of ``total`` (the total given at the start when None)."""
        self._progress.update(self._task, completed=done, total=total)
