"""The architecture as a test: the generic layers name no game and import no game
package; only the registry (``wooolf_solver/games/__init__.py``) knows the games."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "wooolf_solver"
GENERIC = sorted(
    [
        *(PACKAGE / "core").rglob("*.py"),
        *(PACKAGE / "engines").rglob("*.py"),
        *(PACKAGE / "lab").rglob("*.py"),
        *(PACKAGE / "cli").rglob("*.py"),
        PACKAGE / "api.py",
        PACKAGE / "games" / "base.py",
    ]
)
GAME_WORDS = re.compile(
    r"\b(shepherd|hound|sheep|hunter|wolf|werewolf|seer|robber|troublemaker|tanner|peek"
    r"|icon|declaration|declare)s?\b",
    re.IGNORECASE,
)


def imported_modules(path: Path) -> set[str]:
    """Every module ``path`` imports, relative imports resolved."""
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = parts[: len(parts) - node.level] if node.level else []
            module = ".".join([*base, *(node.module or "").split(".")]).strip(".")
            found.add(module)
            found.update(f"{module}.{alias.name}" for alias in node.names)
    return found


@pytest.mark.parametrize("path", GENERIC, ids=lambda p: str(p.relative_to(PACKAGE)))
def test_generic_module_imports_no_game(path: Path) -> None:
    games = {m for m in imported_modules(path) if m.startswith("wooolf_solver.games.")}
    assert games <= {
        "wooolf_solver.games.base",
        "wooolf_solver.games.find_game",
        "wooolf_solver.games.available",
        "wooolf_solver.games.VERBS",
        "wooolf_solver.games.base.Game",
        "wooolf_solver.games.base.Lab",
        "wooolf_solver.games.base.Moderation",
        "wooolf_solver.games.base.VERBS",
    }, games


@pytest.mark.parametrize("path", GENERIC, ids=lambda p: str(p.relative_to(PACKAGE)))
def test_generic_module_names_no_game(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    words = sorted({match.group(0).lower() for match in GAME_WORDS.finditer(text)})
    assert not words, f"{path.name} names {words}"
