"""Every relative link of ``README.md`` and ``docs/`` points at a file or folder of the
repository (users have no ``shared/`` folder: a link there is a broken link)."""

from __future__ import annotations

import importlib
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PAGES = sorted([ROOT / "README.md", *ROOT.glob("docs/**/*.md"), ROOT / "benchmarks" / "README.md"])
LINK = re.compile(r"\]\(([^)\s]+)\)")
"""A Markdown link's target: ``[words](target)``."""


def targets(page: Path) -> list[str]:
    """The relative targets of a page's links, without their ``#anchor``."""
    found = []
    for target in LINK.findall(page.read_text(encoding="utf-8")):
        if re.match(r"[a-z]+:", target) or target.startswith("#"):
            continue
        found.append(target.split("#", 1)[0])
    return found


@pytest.mark.parametrize("page", PAGES, ids=lambda page: str(page.relative_to(ROOT)))
def test_every_link_points_into_the_repository(page: Path) -> None:
    missing = [t for t in targets(page) if not (page.parent / t).resolve().exists()]
    outside = [t for t in targets(page) if not (page.parent / t).resolve().is_relative_to(ROOT)]
    assert not missing, f"{page.name} links to missing {missing}"
    assert not outside, f"{page.name} links outside the repository: {outside}"


def test_the_pages_have_links() -> None:
    assert len(targets(ROOT / "README.md")) > 10


CODE = re.compile(r"`([^`\n]+)`")
"""An inline code span: ``word``."""
FOLDERS = ("wooolf_solver", "tests", "examples", "docs", "benchmarks", "notebooks")
"""The repository's folders a path in the text may start with."""
FILES = (".py", ".toml", ".yaml", ".json", ".md", ".ipynb", ".html", ".css", ".js")
"""The endings of a file's path (``hunter/sheep`` is a card, not a path)."""
BASES = (ROOT, ROOT / "wooolf_solver", ROOT / "examples")
"""Where a path in the text may start: the repository, the package (``core/knowledge.py``),
the examples (``decks/piglet.toml``); also the page's own folder, and for a game's page
(``docs/onuw/records.md``) the game's examples (``examples/onuw/``)."""


def code_paths(page: Path) -> list[str]:
    """The relative paths a page names in code spans (``wooolf_solver/core/errors.py``)."""
    found = []
    for text in CODE.findall(page.read_text(encoding="utf-8")):
        if not re.fullmatch(r"[\w.-]+(/[\w.-]+)+/?", text):
            continue
        if text.split("/")[0] in FOLDERS or text.endswith(FILES):
            found.append(text)
    return found


def code_modules(page: Path) -> list[str]:
    """The dotted names of the library a page names in code spans
    (``wooolf_solver.games.onuw.live``, ``wooolf_solver.core.errors.SolverError``)."""
    return [
        text
        for text in CODE.findall(page.read_text(encoding="utf-8"))
        if re.fullmatch(r"wooolf_solver(\.\w+)+", text)
    ]


def resolves(dotted: str) -> bool:
    """Whether a dotted name is a module of the library, or a name defined in one."""
    parts = dotted.split(".")
    for split in range(len(parts), 0, -1):
        module = ".".join(parts[:split])
        path = ROOT.joinpath(*parts[:split])
        if path.with_suffix(".py").exists() or (path / "__init__.py").exists():
            target: object = importlib.import_module(module)
            for name in parts[split:]:
                if not hasattr(target, name):
                    return False
                target = getattr(target, name)
            return True
    return False


@pytest.mark.parametrize("page", PAGES, ids=lambda page: str(page.relative_to(ROOT)))
def test_every_path_in_code_exists(page: Path) -> None:
    bases = (*BASES, page.parent, ROOT / "examples" / page.parent.name)
    missing = [
        path
        for path in code_paths(page)
        if not any(
            (base / path).exists() and (base / path).resolve().is_relative_to(ROOT)
            for base in bases
        )
    ]
    assert not missing, f"{page.name} names missing {missing}"


@pytest.mark.parametrize("page", PAGES, ids=lambda page: str(page.relative_to(ROOT)))
def test_every_module_in_code_exists(page: Path) -> None:
    missing = [name for name in code_modules(page) if not resolves(name)]
    assert not missing, f"{page.name} names missing {missing}"


def test_the_paths_are_found() -> None:
    assert "wooolf_solver/core/knowledge.py" in code_paths(ROOT / "docs" / "internals.md")
    assert code_modules(ROOT / "docs" / "library.md") or code_modules(ROOT / "README.md")


def test_the_architecture_names_every_room() -> None:
    """``docs/architecture.md``'s tree has a line for every package of the library."""
    text = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
    tree = text.split("```\nwooolf_solver/\n", 1)[1].split("```", 1)[0]
    named = set(re.findall(r"^\s+([\w.]+/)", tree, re.MULTILINE))
    package = ROOT / "wooolf_solver"
    rooms = {f"{path.parent.name}/" for path in package.glob("*/__init__.py")}
    rooms |= {f"{path.parent.name}/" for path in package.glob("games/*/__init__.py")}
    assert rooms <= named, sorted(rooms - named)


IMPORT = re.compile(r"from (wooolf_solver[\w.]*) import ([\w, ]+)")
"""An import of the library in a page's code (a doctest's or a plain block's)."""


@pytest.mark.parametrize("page", PAGES, ids=lambda page: str(page.relative_to(ROOT)))
def test_every_import_in_code_exists(page: Path) -> None:
    missing = [
        f"{module}.{name.strip()}"
        for module, names in IMPORT.findall(page.read_text(encoding="utf-8"))
        for name in names.split(",")
        if name.strip() and not resolves(f"{module}.{name.strip()}")
    ]
    assert not missing, f"{page.name} imports missing {missing}"
