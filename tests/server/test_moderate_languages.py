"""The moderator's words in every language: each question, line, card and word of the
page has its Swedish and Chinese (traditional) text naming the same values, none is left
over; a game asked for in Swedish is asked and told in Swedish."""

from __future__ import annotations

import re
import warnings
from pathlib import Path

import pytest

from wooolf_solver.core.i18n import LANGUAGES, catalogue
from wooolf_solver.games.werewolf.moderate import Assistant
from wooolf_solver.games.werewolf.moderator_words import CARDS, ENGLISH
from wooolf_solver.server.app import create_app

from .test_languages import CALLS

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

PACKAGE = "wooolf_solver.games.werewolf"
HERE = Path(__file__).resolve().parents[2] / "wooolf_solver" / "games" / "werewolf"


def used() -> set[str]:
    """The moderator's catalogue, the cards, and the page's own words."""
    found = set(ENGLISH.values()) | set(CARDS)
    for path in [*(HERE / "templates").glob("moderate_page.*"), HERE / "moderate_page.py"]:
        found.update(CALLS[path.suffix].findall(path.read_text(encoding="utf-8")))
    return found


def names(text: str) -> set[str]:
    """The values a message names (``{Seat}`` is ``{seat}`` with a capital)."""
    return {name.lower() for name in re.findall(r"\{(\w+)\}", text)}


@pytest.mark.parametrize("lang", [lang for lang in LANGUAGES if lang != "en"])
def test_every_word_has_every_language(lang: str) -> None:
    messages = used()
    translated = catalogue(PACKAGE, lang)
    assert "Werewolf — the moderator" in messages and "Confirm" in messages
    assert sorted(messages - set(translated)) == [], f"untranslated into {lang}"
    assert sorted(set(translated) - messages) == [], f"no longer used ({lang})"
    for msgid, text in translated.items():
        assert names(text) == names(msgid), (lang, msgid, text)


def test_a_game_in_swedish(tmp_path: Path) -> None:
    with TestClient(create_app(tmp_path / "t.sqlite", workers="thread")) as client:
        page = client.get("/moderate?lang=sv").text
        assert '<html lang="sv">' in page and "Dela ut här" in page
        roles = {"seer": 1, "villager": 1, "werewolf": 1}
        view = client.post("/moderate/api/games?lang=sv", json={"roles": roles}).json()
        assert view["question"]["prompt"] == "Vilket kort har plats 1?"
        assert [o["label"] for o in view["question"]["options"]] == ["siare", "bybo", "varulv"]
        setup = client.get("/moderate/api/setup?players=8&lang=zh-Hant").json()
        assert setup["names"]["werewolf"] == "狼人"
    swedish = Assistant(tuple(sorted(roles.items())), messages=catalogue(PACKAGE, "sv"))
    for answer in ["seer", "villager", "werewolf", "2"]:
        swedish.answer(answer)
    assert swedish.lines()[:2] == [
        "Natt 1 faller: alla, blunda.",
        "Visa siaren (plats 1) kortet för plats 2: bybo. Siaren, blunda.",
    ]
