"""The package's shape: layers that only point down, and no import cycle at all.

``lint-imports`` checks the layers of pyproject.toml in the test command; this test holds
the stronger rule of docs/architecture.md: no cycle among the package's modules, counting
every import (at the top of a module, inside functions and under ``TYPE_CHECKING``).
"""

from __future__ import annotations

import ast
from pathlib import Path

import grimp

import amath
from amath.core import show

SRC = Path(amath.__file__).parent


def _package_imports(module: str) -> set[str]:
    """The packages ``module`` names in ``from PACKAGE import NAME``: running it runs the package's
    ``__init__``, an import grimp files under the submodule NAME alone."""
    parts = module.split(".")[1:]
    path = SRC.joinpath(*parts, "__init__.py") if SRC.joinpath(*parts).is_dir() else SRC.joinpath(*parts[:-1], parts[-1] + ".py")
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.level == 0 and node.module and node.module.startswith("amath"):
            found.add(node.module)
    return found


def _graph() -> tuple[set[str], dict[str, set[str]]]:
    graph = grimp.build_graph("amath", include_external_packages=False, exclude_type_checking_imports=False, cache_dir=None)
    modules = set(graph.modules)
    edges = {m: (set(graph.find_modules_directly_imported_by(m)) | _package_imports(m)) & modules for m in modules}
    return modules, {m: imported - {m} for m, imported in edges.items()}


def _cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan's algorithm, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    for root in sorted(edges):
        if root in index:
            continue
        work = [(root, iter(sorted(edges[root])))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(edges[child]))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    top = stack.pop()
                    on_stack.discard(top)
                    component.append(top)
                    if top == node:
                        break
                if len(component) > 1:
                    found.append(sorted(component))
    return found


def test_the_cycle_finder_finds_a_cycle() -> None:
    assert _cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert _cycles({"a": {"b"}, "b": set()}) == []


def test_from_a_package_import_counts_the_package() -> None:
    assert "amath.core" in _package_imports("amath.core.board")  # from amath.core import show
    assert "amath.engine.movegen" in _package_imports("amath.engine.native_endgame")  # from amath.engine.movegen import native


def test_no_import_cycle_in_the_package() -> None:
    modules, edges = _graph()
    assert "amath.core.position" in modules and "amath.game" in modules
    assert _cycles(edges) == []


def test_the_kernel_imports_nothing_above_it() -> None:
    _, edges = _graph()
    for module, imported in edges.items():
        if module.startswith("amath.core"):
            above = {m for m in imported if not m.startswith("amath.core")}
            assert not above, (module, above)


def test_the_kernel_shows_itself_through_the_layers_above() -> None:
    from amath import Game

    game = Game(seed=3)
    assert repr(game.board).startswith("<Board '_15|")
    assert repr(game.position).startswith("Position('_15|") and game.position_string() in repr(game)
    assert show.picture(game.board).startswith("<svg")
