"""The pages' languages: every message of the table's pages and the Wooolf!! assistant has
its Swedish and Chinese (traditional) text, naming the same values; the catalogues hold no
message the pages no longer use; a page follows ``?lang=``, then the browser's language."""

from __future__ import annotations

import ast
import json
import re
import warnings
from pathlib import Path

import pytest

from wooolf_solver.core.i18n import LANGUAGES, catalogue, negotiate, read_po
from wooolf_solver.games.wooolf.assistant import setup
from wooolf_solver.games.wooolf.rules import base_rules
from wooolf_solver.server.app import create_app

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

ROOT = Path(__file__).resolve().parents[2] / "wooolf_solver"
STRING = r'"((?:[^"\\]|\\.)*)"'
CALLS = {
    ".html": re.compile(r"\b_\(\s*" + STRING),
    ".js": re.compile(r"\bt\(\s*" + STRING),
    ".py": re.compile(r'(?:_page\([^)]*?"[^"]*\.html",\s*|\["_"\]\(\s*)' + STRING),
}
"""A message in a template (``_("…")``), a script (``t("…")``) and a page's title."""
PAGES = {
    "wooolf_solver.server": [
        "server/templates",
        "server/static",
        "server/app.py",
        "server/refusals.py",
        "templates/review.html",  # the review the reveal opens, with ONUW's sentences
        "core/words.py",
        "games/onuw/words.py",
        "games/onuw/review.py",
        "games/onuw/report.py",
    ],
    "wooolf_solver.games.wooolf": [
        "games/wooolf/templates",
        "games/wooolf/assistant.py",
        "games/wooolf/explain.py",  # the why's sentences, in the page's language
        "games/wooolf/words.py",
        "core/words.py",
    ],
}
"""Each package with a catalogue, and where its messages are used."""


def questions() -> set[str]:
    """The Wooolf!! questions' texts, which the assistant's script shows translated."""
    return {
        question["text"]
        for edition in base_rules().editions
        for question in setup(edition, 6)["questions"]
    }


def used(package: str) -> set[str]:
    """Every message id the package's pages use."""
    found: set[str] = set()
    for place in PAGES[package]:
        path = ROOT / place
        for file in [path] if path.is_file() else sorted(path.iterdir()):
            pattern = CALLS.get(file.suffix)
            if pattern is not None:
                text = file.read_text(encoding="utf-8")
                found.update(re.sub(r"\\(.)", r"\1", m) for m in pattern.findall(text))
            if file.suffix == ".py":
                found.update(marked(file.read_text(encoding="utf-8")))
    return found | (questions() if package == "wooolf_solver.games.wooolf" else set())


def marked(source: str) -> set[str]:
    """The messages a module says (``say("…")``, its words in a language) or marks
    (``N_("…")``: written where they are kept, translated where they are shown)."""
    return {
        node.args[0].value
        for node in ast.walk(ast.parse(source))
        if isinstance(node, ast.Call)
        and isinstance(node.func, ast.Name)
        and node.func.id in ("N_", "say")
        and node.args
        and isinstance(node.args[0], ast.Constant)
        and isinstance(node.args[0].value, str)
    }


def names(text: str) -> set[str]:
    return set(re.findall(r"\{(\w+)\}", text))


@pytest.mark.parametrize("package", sorted(PAGES))
@pytest.mark.parametrize("lang", [lang for lang in LANGUAGES if lang != "en"])
def test_every_message_has_every_language(package: str, lang: str) -> None:
    messages = used(package)
    assert len(messages) > 20
    translated = catalogue(package, lang)
    assert sorted(messages - set(translated)) == [], f"untranslated into {lang}"
    assert sorted(set(translated) - messages) == [], f"no longer used ({lang})"
    for msgid, text in translated.items():
        assert names(text) == names(msgid), (lang, msgid, text)


def test_the_po_reader_refuses_what_it_does_not_read() -> None:
    with pytest.raises(ValueError, match="line 1: msgctxt"):
        read_po('msgctxt "x"\nmsgid "a"\nmsgstr "b"\n')
    with pytest.raises(ValueError, match="line 2: not a quoted string"):
        read_po('msgid "a"\nmsgstr "b" + "c"\n')


def test_the_language_comes_from_the_query_then_the_browser(tmp_path: Path) -> None:
    assert negotiate("sv-SE,sv;q=0.9,en-US;q=0.8") == "sv"
    with TestClient(create_app(tmp_path / "t.sqlite", workers="inline")) as client:
        english = client.get("/").text
        swedish = client.get("/", headers={"Accept-Language": "sv-SE,sv;q=0.9,en;q=0.5"}).text
        chinese = client.get("/?lang=zh-Hant", headers={"Accept-Language": "sv"}).text
    assert '<html lang="en">' in english and ">Deal</button>" in english
    assert 'name="step_seconds"' in english and 'name="vote_seconds"' in english
    assert '<html lang="sv">' in swedish and ">Ge</button>" in swedish
    assert '<html lang="zh-Hant">' in chinese and ">發牌</button>" in chinese
    assert 'action="/setup?lang=zh-Hant"' in chinese  # the links page keeps the language
    assert 'href="?lang=sv"' in chinese and 'aria-current="true">繁體中文' in chinese
    with TestClient(create_app(tmp_path / "t.sqlite", workers="inline")) as client:
        form = {"game": "onuw", "players": "4", "bots": "4"}
        host = client.post("/setup?lang=sv", data=form, follow_redirects=False)
        assert host.status_code == 303 and host.headers["location"].endswith("?lang=sv")
        assert '<html lang="sv">' in client.get(host.headers["location"]).text
        assistant = client.get("/wooolf", headers={"Accept-Language": "zh-TW"}).text
    assert '<html lang="zh-Hant">' in assistant and "即時助手" in assistant
    assert json.dumps({"Who acts?": "誰行動？"})[1:-1] in assistant  # the script's messages
