"""Every relative link of ``README.md`` and ``docs/`` points at a file or folder of the
repository (users have no ``shared/`` folder: a link there is a broken link)."""

from __future__ import annotations

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
