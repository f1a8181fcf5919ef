"""Every code block in README.md and docs/*.md runs as written.

The marking rule, by the fence's language tag:

* ```` ```python ````: the block is executed as it stands, in a fresh namespace, from a
  scratch directory.
* ```` ```sh ````: every line that starts with ``amath`` is a command a user types from a
  checkout of the repository.  Each is read by the command's own argument parser (so
  every subcommand and option written exists), then run with ``bash`` from a scratch
  directory where ``tests/`` is the repository's (files such as
  ``tests/data/greedy-seed3.amr`` resolve as in a checkout), one block's lines in order
  (a later line may read what an earlier one wrote).  Not run, only parsed: the
  subcommands that wait for a person or a network client (``play``, ``serve``,
  ``engine``) and lines whose comment says ``(long)``.  The exit status must be the
  ``(exit N)`` the line's comment states; without one, 1 for a comment that starts with
  ``false``, 2 for ``error``, else 0.  A comment that starts with ``true``, ``false`` or
  ``error`` must also match the first word the command prints.
* Any other block (no tag, ``text``, ``json``...) shows text: notation, records,
  transcripts with their output; it is not run.
"""

from __future__ import annotations

import os
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

from amath.apps.cli import build_parser

ROOT = Path(__file__).resolve().parent.parent
DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
NOT_RUN = ("play", "serve", "engine")
_FENCE = re.compile(r"^```(\w*)\s*$")


def blocks(path: Path) -> list[tuple[str, int, str]]:
    """(language, first line number, text) of every fenced block of a Markdown file."""
    out: list[tuple[str, int, str]] = []
    lang, start = None, 0
    body: list[str] = []
    for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        fence = _FENCE.match(line.strip())
        if fence and lang is None:
            lang, start, body = fence.group(1), n + 1, []
        elif line.strip() == "```" and lang is not None:
            out.append((lang, start, "\n".join(body)))
            lang = None
        elif lang is not None:
            body.append(line)
    return out


def _cases(kind: str) -> list[object]:
    return [
        pytest.param(path, start, text, id=f"{path.relative_to(ROOT)}:{start}")
        for path in DOCS
        for lang, start, text in blocks(path)
        if lang == kind
    ]


@pytest.mark.parametrize(("path", "start", "text"), _cases("python"))
def test_python_blocks_run(path: Path, start: int, text: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    code = compile(text, f"{path.name}:{start}", "exec")
    exec(code, {"__name__": "__docs__"})


def _split(line: str) -> tuple[str, str]:
    """(command, comment) of a shell line: the comment is what follows an unquoted ``#``."""
    in_single = in_double = False
    for k, ch in enumerate(line):
        if ch == "'" and not in_double:
            in_single = not in_single
        elif ch == '"' and not in_single:
            in_double = not in_double
        elif ch == "#" and not in_single and not in_double and (k == 0 or line[k - 1].isspace()):
            return line[:k].strip(), line[k + 1 :].strip()
    return line.strip(), ""


@pytest.mark.parametrize(("path", "start", "text"), _cases("sh"))
def test_shell_blocks_run(path: Path, start: int, text: str, tmp_path: Path) -> None:
    (tmp_path / "tests").symlink_to(ROOT / "tests")
    env = {**os.environ, "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ.get('PATH', '')}", "PYTHONWARNINGS": "ignore"}
    parser = build_parser()
    for offset, raw in enumerate(text.splitlines()):
        command, comment = _split(raw)
        if not command.startswith("amath"):
            continue
        where = f"{path.name}:{start + offset}: {command}"
        words = shlex.split(command.split(">")[0])
        try:
            parser.parse_args(words[1:])
        except SystemExit as exc:
            assert exc.code == 0, f"{where}: the argument parser refuses it"
        if (words[1:2] and words[1] in NOT_RUN) or "(long)" in comment:
            continue
        done = subprocess.run(["bash", "-c", command], cwd=tmp_path, env=env, capture_output=True, text=True, timeout=600)
        said = comment.split(":")[0].split()[0] if comment else ""
        stated = re.search(r"\(exit (\d)\)", comment)
        expected = int(stated.group(1)) if stated else {"false": 1, "error": 2}.get(said, 0)
        assert done.returncode == expected, f"{where}\n{done.stdout}\n{done.stderr}"
        if said in ("true", "false", "error"):
            first = (done.stdout or done.stderr).split()
            assert first and first[0].rstrip(":") == said, f"{where}: printed {first[:1]}, the comment says {said}"
