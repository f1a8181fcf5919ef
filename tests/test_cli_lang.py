"""The ``amath`` command in Thai and English: AMATH_LANG or the locale picks the language
of --help, argparse's own words, usage errors and the subcommands' messages, never of
machine-readable output (amath.apps.cli.lang, amath.apps.cli.parser, amath.apps.cli.thai)."""

from __future__ import annotations

import argparse
import ast
import json
import os
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

import amath.apps.cli.lang as lang
from amath.apps.cli import build_parser, main
from amath.apps.cli.lang import language
from amath.apps.cli.thai import TH

THAI = re.compile("[\u0e00-\u0e7f]")
CLI = Path(lang.__file__).resolve().parent
LOCALE = ("AMATH_LANG", *lang.LOCALE_ENV)
POSITION = {
    "variant": "a-math",
    "board": [{"square": "G8", "tile": "1"}, {"square": "H8", "tile": "="}, {"square": "I8", "tile": "1"}],
    "rack": ["1", "2", "=", "+", "3"],
    "scores": [0, 0],
    "to_move": 0,
}


@pytest.fixture
def env(monkeypatch: pytest.MonkeyPatch) -> pytest.MonkeyPatch:
    """No language variable set: each test sets the ones it is about."""
    for name in LOCALE:
        monkeypatch.delenv(name, raising=False)
    return monkeypatch


def _parsers(parser: argparse.ArgumentParser) -> Iterator[tuple[str, argparse.ArgumentParser]]:
    """``parser`` and every subcommand parser under it, with their prog."""
    yield parser.prog, parser
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for sub in action.choices.values():
                yield from _parsers(sub)


def _texts(parser: argparse.ArgumentParser) -> Iterator[tuple[str, str]]:
    """Every help text of the parser tree: (where, text), the subcommands' descriptions included."""
    for prog, p in _parsers(parser):
        if p is not parser:
            assert p.description, prog
            yield f"{prog} description", p.description
        for group in p._action_groups:
            if group.title:
                yield f"{prog} group", group.title
            if group.description:
                yield f"{prog} group {group.title}", group.description
        for action in p._actions:
            if action.help and action.help != argparse.SUPPRESS:
                yield f"{prog} {action.dest}", action.help
            if isinstance(action, argparse._SubParsersAction):
                for pseudo in action._choices_actions:
                    assert pseudo.help, pseudo.dest
                    yield f"{prog} {pseudo.dest}", pseudo.help


def test_every_help_text_is_thai_under_thai(env: pytest.MonkeyPatch) -> None:
    env.setenv("AMATH_LANG", "th")
    texts = list(_texts(build_parser()))
    assert len(texts) > 100  # the walk reaches every subcommand's options
    untranslated = [f"{where}: {text}" for where, text in texts if not THAI.search(text)]
    assert not untranslated, "\n".join(untranslated)
    top = build_parser()
    assert top.description is not None and THAI.search(top.description)


def test_no_thai_in_help_under_english(env: pytest.MonkeyPatch) -> None:
    """English help is English; the top description names the game in Thai on purpose
    ("A-Math (เอแม็ท): ..."), so only the subcommands' texts are checked here."""
    env.setenv("AMATH_LANG", "en")
    parser = build_parser()
    thai = [f"{where}: {text}" for where, text in _texts(parser) if THAI.search(text)]
    assert not thai, "\n".join(thai)
    helps = dict(_texts(parser))
    assert helps["amath moves limit"] == "exactly the N best moves (ties in the list's fixed order)"
    assert helps["amath moves help"] == "show this help message and exit"


def test_the_bot_levels_are_listed_with_their_names_for_people(env: pytest.MonkeyPatch) -> None:
    # the ids to type, each with the registry's name in the help's language (LEVEL_NAMES): never a bare `sim`, `champion`
    for chosen, sim, champion in (
        ("en", "sim (Expert (simulation))", "champion (Champion)"),
        ("th", "sim (เซียน (จำลองเกม))", "champion (แชมป์)"),
    ):
        env.setenv("AMATH_LANG", chosen)
        helps = dict(_texts(build_parser()))
        for where in ("amath play players", "amath selfplay players"):
            assert sim in helps[where] and champion in helps[where], (chosen, where, helps[where])


def test_rendered_help_frame_words(env: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """argparse's own words ("usage:", group titles) follow the language too."""
    env.setenv("AMATH_LANG", "th")
    with pytest.raises(SystemExit) as done:
        main(["moves", "--help"])
    out = capsys.readouterr().out
    assert done.value.code == 0
    assert out.startswith("วิธีใช้: amath moves") and "อาร์กิวเมนต์ตามตำแหน่ง:" in out and "ตัวเลือก:" in out
    assert "usage:" not in out and "positional arguments" not in out and "options:" not in out
    env.setenv("AMATH_LANG", "en")
    with pytest.raises(SystemExit):
        main(["moves", "--help"])
    out = capsys.readouterr().out
    assert out.startswith("usage: amath moves") and "positional arguments:" in out and not THAI.search(out)


@pytest.mark.parametrize(
    ("variables", "expected"),
    [
        ({}, "en"),
        ({"LANG": "th_TH.UTF-8"}, "th"),
        ({"LANG": "en_US.UTF-8"}, "en"),
        ({"AMATH_LANG": "en", "LANG": "th_TH.UTF-8"}, "en"),
        ({"AMATH_LANG": "th", "LANG": "en_US.UTF-8"}, "th"),
        ({"AMATH_LANG": "TH"}, "th"),
        ({"LC_ALL": "en_US.UTF-8", "LANG": "th_TH.UTF-8"}, "en"),
        ({"LC_MESSAGES": "th_TH", "LANG": "en_GB"}, "th"),
        ({"LANGUAGE": "th:en", "LC_ALL": "en_US.UTF-8"}, "th"),
        ({"AMATH_LANG": "klingon", "LANG": "th_TH.UTF-8"}, "en"),
        ({"AMATH_LANG": "", "LANG": "th_TH.UTF-8"}, "th"),
    ],
)
def test_the_language_rule(variables: dict[str, str], expected: str) -> None:
    assert language(variables) == expected


def test_amath_lang_beats_lang(env: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    env.setenv("LANG", "th_TH.UTF-8")
    assert main(["moves", "--limit", "-1", "x.json"]) == 2
    assert capsys.readouterr().err == "ข้อผิดพลาด: --limit ต้องเป็น 0 ขึ้นไป\n"
    env.setenv("AMATH_LANG", "en")
    assert main(["moves", "--limit", "-1", "x.json"]) == 2
    assert capsys.readouterr().err == "error: --limit must be 0 or more\n"


def test_unknown_amath_lang_is_english_with_one_warning(env: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    env.setattr(lang, "_warned", set())
    env.setenv("AMATH_LANG", "klingon")
    env.setenv("LANG", "th_TH.UTF-8")
    assert main(["moves", "--limit", "-1", "x.json"]) == 2
    assert main(["moves", "--limit", "-1", "x.json"]) == 2
    lines = capsys.readouterr().err.splitlines()
    warnings = [line for line in lines if "AMATH_LANG='klingon'" in line]
    assert len(warnings) == 1 and "using English" in warnings[0] and "ใช้ภาษาอังกฤษ" in warnings[0]  # said in both
    rest = [line for line in lines if line not in warnings]
    assert rest == ["error: --limit must be 0 or more"] * 2


def test_usage_error_in_thai_exits_2() -> None:
    """A missing argument, end to end: a real process with the language in its environment."""
    environ = {k: v for k, v in os.environ.items() if k not in LOCALE}
    done = subprocess.run(
        [sys.executable, "-m", "amath.apps.cli", "moves"],
        env={**environ, "LANG": "th_TH.UTF-8"},
        capture_output=True,
        text=True,
        encoding="utf-8",
        timeout=600,
    )
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.startswith("วิธีใช้: amath moves")
    assert "amath moves: ข้อผิดพลาด: ต้องระบุ position" in done.stderr
    assert "required" not in done.stderr and "usage" not in done.stderr


@pytest.mark.parametrize(
    ("args", "thai"),
    [
        (["moves", "p.json", "--limit", "x"], "อาร์กิวเมนต์ --limit: 'x' ไม่ใช่จำนวนเต็ม"),
        (["moves", "p.json", "--limit"], "อาร์กิวเมนต์ --limit: ต้องมีค่าหนึ่งค่า"),
        (["moves", "p.json", "--frobnicate"], "ไม่รู้จักอาร์กิวเมนต์ --frobnicate"),
        (["analyze", "g.amr", "--engine", "oracle"], "อาร์กิวเมนต์ --engine: ไม่มีตัวเลือก 'oracle' (เลือกจาก"),
        (["nosuch"], "อาร์กิวเมนต์ COMMAND: ไม่มีตัวเลือก 'nosuch'"),
    ],
)
def test_argparse_usage_errors_in_thai(env: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], args: list[str], thai: str) -> None:
    env.setenv("AMATH_LANG", "th")
    with pytest.raises(SystemExit) as done:
        main(args)
    err = capsys.readouterr().err
    assert done.value.code == 2
    assert thai in err and "ข้อผิดพลาด:" in err, err


def test_runtime_errors_in_thai(env: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """The subcommands' own errors, and a library error translated by its code."""
    env.setenv("AMATH_LANG", "th")
    missing = tmp_path / "missing.json"
    assert main(["moves", str(missing)]) == 2
    assert capsys.readouterr().err == f"ข้อผิดพลาด: {missing}: ไม่พบไฟล์\n"  # the one reader of every command (formats.load.read_text)
    assert main(["position", str(missing)]) == 2
    assert capsys.readouterr().err == f"ข้อผิดพลาด: {missing}: ไม่พบไฟล์\n"
    assert main(["check"]) == 2
    assert capsys.readouterr().err.startswith("ข้อผิดพลาด: ไม่ได้ให้เบี้ย")


def test_machine_output_does_not_change(env: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """``amath moves`` lines (text and --json) and ``amath check`` verdicts are the same in both languages."""
    path = tmp_path / "pos.json"
    path.write_text(json.dumps(POSITION), encoding="utf-8")
    outputs = {}
    for chosen in ("en", "th"):
        env.setenv("AMATH_LANG", chosen)
        runs = []
        for args in (["moves", str(path)], ["moves", str(path), "--json"], ["check", "1", "+", "1"], ["check", "1", "=", "1"]):
            main(args)
            runs.append(capsys.readouterr().out)
        outputs[chosen] = runs
    assert outputs["en"] == outputs["th"]
    assert outputs["en"][0] and not THAI.search("".join(outputs["en"]))


def _say_templates() -> Iterator[tuple[str, str]]:
    """Every literal template given to ``say(...)`` in the CLI's source: (file:line, template)."""
    for source in sorted(CLI.glob("*.py")):
        for node in ast.walk(ast.parse(source.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "say" and node.args:
                first = node.args[0]
                if isinstance(first, ast.Constant) and isinstance(first.value, str):
                    yield f"{source.name}:{node.lineno}", first.value


def test_every_message_template_has_its_thai() -> None:
    templates = list(_say_templates())
    assert len(templates) > 30
    missing = [f"{where}: {text!r}" for where, text in templates if text not in TH]
    assert not missing, "\n".join(missing)
    for english, thai in TH.items():  # same fields, so the Thai fills from the same values
        fields = set(re.findall(r"\{(\w+)", english))
        assert fields == set(re.findall(r"\{(\w+)", thai)), english
        assert THAI.search(thai) and thai.count("%") == english.count("%"), english  # argparse expands % in help texts


def test_selfplay_summary_in_both_languages(env: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """The same game summarised in Thai and in English: the same numbers, the words of the language chosen."""
    outs = {}
    for chosen in ("en", "th"):
        env.setenv("AMATH_LANG", chosen)
        assert main(["selfplay", "--games", "1", "--players", "random,random", "--seed", "2", "--quiet"]) == 0
        outs[chosen] = capsys.readouterr().out
    english, thai = outs["en"], outs["th"]
    assert english.startswith("games: 1\n") and "margin random - random#2" in english and not THAI.search(english)
    assert thai.startswith("จำนวนเกม: 1\n") and "ส่วนต่าง random - random#2" in thai and "1 โพรเซส" in thai
    assert "games:" not in thai and "win rate" not in thai and "mean score" not in thai
    numbers = re.compile(r"[+-]?\d+(?:\.\d+)?")
    results = slice(0, 5)  # games, the two bots, margin, win rate; the timings that follow differ run to run
    assert [numbers.findall(line) for line in english.splitlines()[results]] == [
        numbers.findall(line) for line in thai.splitlines()[results]
    ]


def test_moves_summary_and_best_table_in_both_languages(
    env: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """``amath moves``'s summary (stderr) and ``amath best``'s table header speak the language chosen, one only."""
    path = tmp_path / "pos.json"
    path.write_text(json.dumps(POSITION), encoding="utf-8")
    said: dict[str, list[str]] = {}
    for chosen in ("en", "th"):
        env.setenv("AMATH_LANG", chosen)
        assert main(["moves", str(path)]) == 0
        listed = capsys.readouterr()
        assert main(["moves", str(path), "--limit", "2"]) == 0
        limited = capsys.readouterr().err
        assert main(["best", str(path), "--top", "1", "--budget", "1"]) == 0
        table = capsys.readouterr().out.splitlines()[0]
        said[chosen] = [listed.err, limited, table]
        count = len(listed.out.splitlines())
        assert count > 2 and listed.err.startswith(f"{count} ")
    english, thai = said["en"], said["th"]
    assert "moves in" in english[0] and "showing 2" in english[1] and "(line)" in english[2]
    assert not THAI.search("".join(english))
    assert "การลง ใน" in thai[0] and "แสดง 2 การลงที่ดีที่สุด" in thai[1] and "แนวที่คาด" in thai[2]
    assert not any(word in "".join(thai) for word in ("moves in", "showing", "line"))
