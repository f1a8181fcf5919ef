"""Every library error carries a code and params, and every code has a Thai text filled by them."""

from __future__ import annotations

import ast
import importlib
import pickle
import pkgutil
import string
from pathlib import Path

import pytest

import amath
from amath.apps.error_text import ERROR_TH, TH, VERDICT_TH, describe, describe_verdict, error_json
from amath.core import errors
from amath.core.board import Square
from amath.core.equation import judge
from amath.core.errors import AmathError, GameStateError, IllegalMoveError, NotationError
from amath.core.move import Place, TilePlay
from amath.formats.record import RecordError, parse_record
from amath.game import Game

SRC = Path(amath.__file__).parent

#: Modules still being written by other helpers this round, not yet on codes.  Their
#: errors fall back to the class's default code (English only); take an entry out once
#: its raise sites name their codes.
NOT_YET: tuple[str, ...] = ()
NOT_YET_ENGINE = True  # the engine's own modules (engine/*.py; not its move generators or leave tables)


def _not_yet(rel: str) -> bool:
    parts = rel.split("/")
    return rel.startswith(NOT_YET) or (NOT_YET_ENGINE and parts[0] == "engine" and len(parts) == 2)


def _error_classes() -> set[str]:
    """Names of every AmathError subclass defined in the package (every module imported first)."""
    for info in pkgutil.walk_packages(amath.__path__, "amath."):
        if info.name.endswith("__main__"):
            continue  # runs the command line
        try:
            importlib.import_module(info.name)
        except ImportError:  # an optional part that is not installed (the native core)
            continue

    names = {"AmathError"}
    todo = [AmathError]
    while todo:
        cls = todo.pop()
        for sub in cls.__subclasses__():
            names.add(sub.__name__)
            todo.append(sub)
    return names


def _fields(template: str) -> set[str]:
    return {name.split(".")[0].split("[")[0] for _, name, _, _ in string.Formatter().parse(template) if name}


def _calls() -> list[tuple[str, int, str, ast.Call]]:
    """(file, line, callee, call) for every construction of a library error (and record ``fail``)."""
    classes = _error_classes() | {"fail", "_False"}
    found = []
    for path in sorted(SRC.rglob("*.py")):
        if _not_yet(str(path.relative_to(SRC))):
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Call):
                func = node.func
                name = func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else ""
                if name in classes and not (isinstance(func, ast.Attribute) and name == "fail"):
                    found.append((str(path.relative_to(SRC)), node.lineno, name, node))
    return found


def _literal_code(name: str, call: ast.Call) -> str | bool | None:
    """The literal code of a call, None if it has none, True if it is computed."""
    if name == "_False":
        arg = call.args[0] if call.args else None
        return arg.value if isinstance(arg, ast.Constant) and isinstance(arg.value, str) else True
    for kw in call.keywords:
        if kw.arg == "code":
            return kw.value.value if isinstance(kw.value, ast.Constant) and isinstance(kw.value.value, str) else True
    return None


def test_every_error_the_library_makes_names_its_code() -> None:
    missing = [f"{f}:{line} {name}(...)" for f, line, name, call in _calls() if _literal_code(name, call) is None]
    assert not missing, "errors raised without code=...: " + ", ".join(missing)


def test_every_code_has_a_thai_text_whose_fields_the_raise_site_gives() -> None:
    problems = []
    for f, line, name, call in _calls():
        code = _literal_code(name, call)
        if not isinstance(code, str):
            continue
        table = VERDICT_TH if name == "_False" else TH
        if code not in table:
            problems.append(f"{f}:{line}: no Thai text for {code!r}")
            continue
        if any(kw.arg is None for kw in call.keywords):  # **params: checked at run time below
            continue
        given = {kw.arg for kw in call.keywords if kw.arg}
        wanted = _fields(table[code])
        if not wanted <= given:
            problems.append(f"{f}:{line}: {code!r} needs {sorted(wanted - given)}")
    assert not problems, "\n".join(problems)


def test_no_thai_text_is_left_without_a_code_that_uses_it() -> None:
    used = {c for _, _, name, call in _calls() if isinstance(c := _literal_code(name, call), str)}
    assert set(TH) - used == set()


def test_the_class_default_codes_are_distinct() -> None:
    defaults = [cls.default_code for cls in vars(errors).values() if isinstance(cls, type) and issubclass(cls, AmathError)]
    assert len(defaults) == len(set(defaults))


def test_an_illegal_placement_keeps_its_english_and_reads_in_thai_by_code() -> None:
    game = Game(seed=3)
    game.set_rack(game.to_move, ["1", "=", "1", "2", "3", "4", "5", "6"])
    with pytest.raises(IllegalMoveError) as info:
        game.check(
            Place((TilePlay(Square.parse("A1"), "1", "1"), TilePlay(Square.parse("B1"), "=", "="), TilePlay(Square.parse("C1"), "1", "1")))
        )
    err = info.value
    assert str(err) == "the first placement must cover the centre square H8"
    assert (err.code, err.params) == ("first_cover_centre", {"square": "H8"})
    assert describe(err, "en") == str(err)
    assert describe(err, "th") == "การลงครั้งแรกต้องทับช่องดาว H8"


def test_a_false_line_reuses_the_judges_code_and_says_where_in_thai() -> None:
    game = Game(seed=1)
    game.set_rack(game.to_move, ["1", "=", "2", "3", "4", "5", "6", "7"])
    with pytest.raises(IllegalMoveError) as info:
        game.push_notation("8H 1 = 2")
    err = info.value
    verdict = judge(["1", "=", "2"])
    assert err.code == verdict.code == "sides_differ"
    assert err.where == {"equation": "1=2", "square": "H8"}
    assert describe(err, "th") == "1=2 ที่ H8 ไม่เป็นสมการที่ถูกต้อง: ค่าแต่ละข้างไม่เท่ากัน: 1 → 1, 2 → 2"
    assert describe_verdict(verdict, "th") == "ค่าแต่ละข้างไม่เท่ากัน: 1 → 1, 2 → 2"
    assert str(err).startswith("1=2 at H8 is not true: sides differ")


@pytest.mark.parametrize(
    "line",
    [
        "1 2 2 = 1",  # too many digits with a leading... 3 digits are fine; 122 = 1 differs
        "0 7 = 7",
        "1 + = 1",
        "= 1 1",
        "+ 7 = 7",
        "- 0 = 0",
        "5 / 0 = 1",
        "1 2 3 4 = 1",
        "6 + - 3 = 3",
        "1 0 1 5 = 5",
        "1 5",
        "1",
    ],
)
def test_every_false_verdict_has_a_thai_reason(line: str) -> None:
    verdict = judge(line.split())
    assert not verdict.ok
    assert verdict.code in VERDICT_TH
    thai = describe_verdict(verdict, "th")
    assert thai and thai != verdict.reason and "{" not in thai


def test_a_record_error_puts_the_line_in_front_in_both_languages() -> None:
    with pytest.raises(RecordError) as info:
        parse_record("#amath-record 1\n#side 1 A\n#side 2 B\n#seed x\n")
    err = info.value
    assert err.code == "record_seed" and err.where == {"line": 4}
    assert str(err) == "line 4: '#seed' must be a whole number, not 'x'"
    assert describe(err, "th") == "บรรทัด 4: '#seed' ต้องเป็นจำนวนเต็ม ไม่ใช่ 'x'"


def test_a_wrapped_error_translates_the_error_inside() -> None:
    game = Game(seed=1)
    with pytest.raises(NotationError) as info:
        game.parse("exchange 1 Q")
    err = info.value
    assert err.code == "quoted" and isinstance(err.params["detail"], AmathError)
    assert describe(err, "th") == "'exchange 1 Q': 'Q' ไม่ใช่เบี้ยในชุดนี้ (เบี้ย: " + " ".join(game.rules.tiles.counts) + ")"
    data = error_json(err)
    assert data["code"] == "quoted" and data["params"]["detail"]["code"] == "not_a_tile"
    assert data["messages"]["en"] == str(err) and data["messages"]["th"] == describe(err, "th")


def test_codes_survive_pickling_and_old_style_construction_still_works() -> None:
    err = GameStateError("nothing to undo", code="nothing_to_undo")
    back = pickle.loads(pickle.dumps(err))
    assert type(back) is GameStateError and back.code == "nothing_to_undo" and str(back) == "nothing to undo"
    rec = pickle.loads(pickle.dumps(RecordError("bad", 3, 2, code="record_empty_move")))
    assert (rec.line, rec.turn, rec.code, str(rec)) == (3, 2, "record_empty_move", "turn 2 (line 3): bad")
    plain = AmathError("something")
    assert plain.code == "error" and plain.params == {} and describe(plain, "th") == "something"


def test_a_code_without_a_thai_text_falls_back_to_english() -> None:
    err = IllegalMoveError("a new rule", code="not_in_any_table")
    assert "not_in_any_table" not in ERROR_TH
    assert describe(err, "th") == "a new rule"


def test_the_terminal_in_thai_explains_a_refused_move_in_thai() -> None:
    import io

    from amath.apps.terminal.console import Console
    from amath.apps.terminal.session import Session
    from amath.apps.terminal.style import Style
    from amath.apps.terminal.text import Text

    game = Game(players=["Ann", "Ben"], seed=9)
    game.set_rack(game.to_move, ["1", "=", "1", "2", "3", "4", "5", "6"])
    out = io.StringIO()
    script = "\n1A 1 = 1\nquit\n\n"  # Enter at the hand-over, a move off the centre, quit, no save
    session = Session(game, Console(Style(color=False, unicode=True), io.StringIO(script), out), Text("th"))
    session.run()
    assert "ทำแบบนี้ไม่ได้: การลงครั้งแรกต้องทับช่องดาว H8" in out.getvalue()
    assert "the first placement must cover" not in out.getvalue()
