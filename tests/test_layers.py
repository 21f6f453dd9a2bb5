"""The architecture as a test, read from the source (the AST), not from what happens to
be imported:

- the generic rooms (``core``, ``engines``, ``lab``, ``cli``, ``server``, ``api.py``, the
  game protocol) name no game and import no game package: only the registry
  (``wooolf_solver/games/__init__.py``) knows the games;
- each room imports only the rooms below it: ``core`` nothing of the library's,
  ``engines`` only ``core``, ``lab`` only those two, a game never ``api``, ``cli``,
  ``server`` or the package root;
- no two modules import each other, directly or through others (imports under
  ``if TYPE_CHECKING:`` are only for the type checker and are left out).
"""

from __future__ import annotations

import ast
import re
from functools import cache
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "wooolf_solver"
ROOT = PACKAGE.name
GENERIC = sorted(
    [
        *(PACKAGE / "core").rglob("*.py"),
        *(PACKAGE / "engines").rglob("*.py"),
        *(PACKAGE / "lab").rglob("*.py"),
        *(PACKAGE / "cli").rglob("*.py"),
        *(PACKAGE / "server").rglob("*.py"),
        PACKAGE / "api.py",
        PACKAGE / "games" / "base.py",
    ]
)
GAMES = sorted(path for path in (PACKAGE / "games").glob("*/**/*.py"))
GAME_WORDS = re.compile(
    r"\b(shepherd|hound|sheep|hunter|wolf|werewolf|seer|robber|troublemaker|tanner|peek"
    r"|icon|declaration|declare)s?\b",
    re.IGNORECASE,
)
ALLOWED_ROOMS = {
    "core": {"core"},
    "engines": {"core", "engines"},
    "lab": {"core", "engines", "lab"},
}
"""What a room may import of the library (its own modules included)."""

KNOWN_CYCLES: set[frozenset[str]] = set()
"""Import cycles known and left for now (one untied should leave this list too)."""


def module_name(path: Path) -> str:
    """``wooolf_solver.core.errors`` for ``wooolf_solver/core/errors.py`` (a package
    by its ``__init__``'s folder)."""
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {module_name(path): path for path in PACKAGE.rglob("*.py")}


def is_type_checking(node: ast.AST) -> bool:
    """Whether ``node`` is ``if TYPE_CHECKING:`` (imports for the type checker only)."""
    if not isinstance(node, ast.If):
        return False
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def import_nodes(tree: ast.AST, typing_too: bool) -> list[ast.Import | ast.ImportFrom]:
    """Every import statement, at any depth (``typing_too``: with those under
    ``if TYPE_CHECKING:``)."""
    found: list[ast.Import | ast.ImportFrom] = []
    for child in ast.iter_child_nodes(tree):
        if isinstance(child, ast.Import | ast.ImportFrom):
            found.append(child)
        elif typing_too or not is_type_checking(child):
            found.extend(import_nodes(child, typing_too))
    return found


def imported_modules(path: Path) -> set[str]:
    """Every module ``path`` imports (and every ``module.name`` it imports from one),
    relative imports resolved, type-checking imports included."""
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    found: set[str] = set()
    for node in import_nodes(ast.parse(path.read_text(encoding="utf-8")), typing_too=True):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        else:
            base = parts[: len(parts) - node.level] if node.level else []
            module = ".".join([*base, *(node.module or "").split(".")]).strip(".")
            found.add(module)
            found.update(f"{module}.{alias.name}" for alias in node.names)
    return found


def library_modules(path: Path, typing_too: bool = True) -> set[str]:
    """The library's modules ``path`` imports (a name imported from a package counts as
    the package, unless it is one of its modules)."""
    package = module_name(path) if path.name == "__init__.py" else module_name(path.parent)
    found: set[str] = set()
    for node in import_nodes(ast.parse(path.read_text(encoding="utf-8")), typing_too):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names if alias.name in MODULES)
            continue
        if node.level:
            base = package.split(".")[: len(package.split(".")) - node.level + 1]
            module = ".".join([*base, *(node.module or "").split(".")]).strip(".")
        else:
            module = node.module or ""
        for alias in node.names:
            name = f"{module}.{alias.name}"
            found.add(name if is_module(name) else module)
    return {module for module in found if module in MODULES}


def is_module(name: str) -> bool:
    """Whether ``name`` is one of the library's modules, a compiled one included."""
    path = PACKAGE.parent.joinpath(*name.split("."))
    return name in MODULES or any(path.parent.glob(f"{path.name}.*"))


def room(module: str) -> str:
    """The room of a library module: ``core``, ``engines``, ``games``, ``api``, ..."""
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else ""


@pytest.mark.parametrize("path", GENERIC, ids=lambda p: str(p.relative_to(PACKAGE)))
def test_generic_module_imports_no_game(path: Path) -> None:
    """Only the protocol (``games/base.py``) and the registry's functions."""
    registry = {f"{ROOT}.games.{name}" for name in ("find_game", "available", "VERBS")}
    games = {
        m
        for m in imported_modules(path)
        if m.startswith(f"{ROOT}.games.")
        and m not in registry
        and not m.startswith(f"{ROOT}.games.base")
    }
    assert not games, games


@pytest.mark.parametrize("path", GENERIC, ids=lambda p: str(p.relative_to(PACKAGE)))
def test_generic_module_names_no_game(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    words = sorted({match.group(0).lower() for match in GAME_WORDS.finditer(text)})
    assert not words, f"{path.name} names {words}"


@pytest.mark.parametrize(
    "path",
    sorted(path for room in ALLOWED_ROOMS for path in (PACKAGE / room).rglob("*.py")),
    ids=lambda p: str(p.relative_to(PACKAGE)),
)
def test_a_low_room_imports_nothing_above_it(path: Path) -> None:
    allowed = ALLOWED_ROOMS[room(module_name(path))]
    above = {m for m in library_modules(path) if room(m) not in allowed}
    assert not above, f"{module_name(path)} imports {sorted(above)}"


@pytest.mark.parametrize("path", GAMES, ids=lambda p: str(p.relative_to(PACKAGE)))
def test_no_game_imports_api_cli_or_server(path: Path) -> None:
    imported = library_modules(path) | {
        m for m in imported_modules(path) if m == ROOT or m.startswith(f"{ROOT}.")
    }
    bad = {m for m in imported if m == ROOT or room(m) in {"api", "cli", "server"}}
    assert not bad, f"{module_name(path)} imports {sorted(bad)}"


@cache
def import_graph() -> dict[str, set[str]]:
    """Module -> the library's modules it imports when run (type-checking imports left
    out; an import inside a function counts: it runs too)."""
    return {name: library_modules(path, typing_too=False) for name, path in MODULES.items()}


def reachable(graph: dict[str, set[str]], start: str) -> set[str]:
    """The modules ``start`` imports, directly or through others (itself only when it
    is on a cycle)."""
    seen: set[str] = set()
    todo = list(graph[start])
    while todo:
        node = todo.pop()
        if node not in seen:
            seen.add(node)
            todo.extend(graph[node])
    return seen


def cycles(graph: dict[str, set[str]]) -> set[frozenset[str]]:
    """Every import cycle, as the set of the modules on it (the modules that reach
    each other)."""
    reach = {node: reachable(graph, node) for node in graph}
    return {
        frozenset({node, *(other for other in reach[node] if node in reach[other])})
        for node in graph
        if node in reach[node]
    }


def test_cycles_are_found() -> None:
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}, "e": {"e"}}
    assert cycles(graph) == {frozenset("abc"), frozenset("e")}


def test_no_import_cycles() -> None:
    found = {
        frozenset(module.removeprefix(f"{ROOT}.") for module in cycle)
        for cycle in cycles(import_graph())
    }
    assert found <= KNOWN_CYCLES, sorted(sorted(cycle) for cycle in found - KNOWN_CYCLES)


def test_a_compiled_module_is_a_module() -> None:
    """``from . import _kernels`` (a C extension, no ``.py``) names a module, not its
    package: else the package would seem to import itself."""
    kernels = MODULES.get(f"{ROOT}.games.wooolf.engines.kernels")
    if kernels is None:
        pytest.skip("no compiled kernels in this tree")
    assert f"{ROOT}.games.wooolf.engines" not in library_modules(kernels)


def test_no_two_error_classes_share_a_name() -> None:
    """One error per cause: a game raises the library's ``IllegalMoveError``, never a
    class of its own by that name (there were three, on three bases)."""
    where: dict[str, list[str]] = {}
    for name, path in MODULES.items():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ClassDef) and node.name.endswith("Error"):
                where.setdefault(node.name, []).append(name)
    shared = {error: modules for error, modules in where.items() if len(modules) > 1}
    assert not shared, shared
