"""The pages' languages: English, Swedish and Chinese (traditional), from gettext catalogues.

A package with pages keeps one catalogue per language beside its code,
``<package>/locale/sv.po`` and ``<package>/locale/zh_Hant.po``; the English text is the
message id itself (so English needs no catalogue). The ``.po`` files are read when a
page first needs them (:func:`catalogue`), not compiled to ``.mo``: the sources are the
only copy, there is no build step to forget, and the reader is a few lines (no library).
A message may name values in braces, ``"Seat {seat}"``; the same catalogue serves the
templates (``_``) and the pages' scripts (its messages as JSON).

>>> negotiate("de-CH, sv;q=0.8, en;q=0.5")
'sv'
>>> negotiate("zh-TW,zh;q=0.9", asked="en")
'en'
>>> texts = Texts("sv", {"Seat {seat}": "Plats {seat}"})
>>> texts("Seat {seat}", seat=3), texts("Not translated")
('Plats 3', 'Not translated')
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from typing import Any

LANGUAGES = ("en", "sv", "zh-Hant")
"""The languages offered (BCP 47 tags), the first the default."""
NAMES = {"en": "English", "sv": "Svenska", "zh-Hant": "繁體中文"}
"""Each language's name in itself, for the switch on a page."""
FILES = {"sv": "sv.po", "zh-Hant": "zh_Hant.po"}
"""Each translated language's catalogue file (gettext's locale names)."""


def language_of(tag: str) -> str | None:
    """The offered language a BCP 47 tag asks for, if any (any Chinese asks for the
    traditional script: it is the only Chinese offered).

    >>> [language_of(tag) for tag in ("sv-FI", "EN", "zh-Hant-TW", "zh-CN", "fr", "*")]
    ['sv', 'en', 'zh-Hant', 'zh-Hant', None, 'en']
    """
    primary = tag.strip().lower().split("-", 1)[0]
    if primary == "*":
        return LANGUAGES[0]
    if primary == "zh":
        return "zh-Hant"
    return primary if primary in LANGUAGES else None


def negotiate(accept_language: str | None, asked: str | None = None) -> str:
    """The page's language: ``asked`` (a page's ``?lang=``) when offered, else the
    browser's most preferred offered language (``Accept-Language``), else English.

    >>> negotiate("fr, zh-Hant;q=0.2, sv;q=0.1"), negotiate(None, asked="xx"), negotiate("q=;;")
    ('zh-Hant', 'en', 'en')
    """
    if asked:
        chosen = language_of(asked)
        if chosen is not None and asked.strip().lower() != "*":
            return chosen
    best: tuple[float, int, str] | None = None
    for order, part in enumerate((accept_language or "")[:500].split(",")[:30]):
        tag, _, params = part.partition(";")
        quality = 1.0
        match = re.fullmatch(r"\s*q\s*=\s*([01](?:\.\d{0,3})?)\s*", params) if params else None
        if params and match is None:
            continue
        if match is not None:
            quality = float(match.group(1))
        chosen = language_of(tag)
        if chosen is None or quality <= 0:
            continue
        if best is None or (quality, -order) > (best[0], -best[1]):
            best = (quality, order, chosen)
    return best[2] if best is not None else LANGUAGES[0]


class CatalogueError(ValueError):
    """A ``.po`` file this reader does not accept (with the line's number)."""


def read_po(text: str) -> dict[str, str]:
    """The translations of a gettext ``.po`` text (message id -> text); the header, a
    fuzzy entry and an empty translation are left out (gettext's own rules).

    >>> read_po('''msgid ""\\nmsgstr "Language: sv\\\\n"\\n
    ... #, fuzzy\\nmsgid "Old"\\nmsgstr "Gammal"\\n
    ... msgid "Seat {seat}"\\nmsgstr ""\\n"Plats "\\n"{seat}"\\n''')
    {'Seat {seat}': 'Plats {seat}'}
    """
    entries: dict[str, str] = {}
    fuzzy = False
    current: dict[str, list[str]] = {}
    last: str | None = None

    def close() -> None:
        msgid, msgstr = "".join(current.get("msgid", [])), "".join(current.get("msgstr", []))
        if msgid and msgstr and not fuzzy:
            entries[msgid] = msgstr

    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line:
            continue
        if line.startswith("#"):
            if "msgstr" in current:
                close()
                current, last, fuzzy = {}, None, False
            fuzzy = fuzzy or (line.startswith("#,") and "fuzzy" in line)
            continue
        keyword, _, rest = line.partition(" ")
        if keyword in ("msgid", "msgstr"):
            if keyword == "msgid" and "msgstr" in current:
                close()
                current, fuzzy = {}, False
            last, line = keyword, rest.strip()
        elif keyword.startswith(("msgctxt", "msgid_plural", "msgstr[")):
            raise CatalogueError(f"line {number}: {keyword} is not used by these catalogues")
        if last is None or not (line.startswith('"') and line.endswith('"') and len(line) > 1):
            raise CatalogueError(f"line {number}: expected a quoted string: {line[:40]}")
        current.setdefault(last, []).append(_string(line, number))
    if "msgstr" in current:
        close()
    return entries


def _string(quoted: str, number: int) -> str:
    """A ``.po`` string's text (its C escapes read as Python's, which agree on them)."""
    try:
        value = ast.literal_eval(quoted)
    except (ValueError, SyntaxError):
        value = None
    if not isinstance(value, str):
        raise CatalogueError(f"line {number}: not a quoted string: {quoted[:40]}")
    return value


@cache
def catalogue(package: str, lang: str) -> Mapping[str, str]:
    """The translations into ``lang`` of ``package``'s pages (empty for English, and
    for a package without that catalogue)."""
    name = FILES.get(lang)
    if name is None:
        return {}
    path = resources.files(package).joinpath("locale", name)
    if not path.is_file():
        return {}
    return read_po(path.read_text(encoding="utf-8"))


@dataclass(frozen=True)
class Texts:
    """A page's messages in one language: ``texts(msgid, **values)``."""

    lang: str
    messages: Mapping[str, str] = field(default_factory=dict)

    def __call__(self, msgid: str, **values: Any) -> str:
        text = self.messages.get(msgid, msgid)
        return text.format_map(_Kept(values)) if values else text


class _Kept(dict[str, Any]):
    """Values for a message; a name it is not given stays as written (as in the scripts'
    ``t``), so that a missing value shows instead of failing the page.

    >>> "{seat} of {players}".format_map(_Kept(players=5))
    '{seat} of 5'
    """

    def __missing__(self, key: str) -> str:
        return "{" + key + "}"


def N_(msgid: str) -> str:  # noqa: N802 (gettext's name for a message marked, not translated)
    """A message of a catalogue, marked where it is written and translated where it is
    shown (the languages' test collects these, as it does ``say("…")`` and ``t("…")``)."""
    return msgid


ENGLISH = Texts("en")
"""The messages as written (English): what words say when no language is asked."""

_SPOKEN: ContextVar[Texts] = ContextVar("spoken", default=ENGLISH)


def texts(package: str, lang: str) -> Texts:
    """The messages of ``package``'s pages in ``lang``."""
    return Texts(lang, catalogue(package, lang))


@contextmanager
def speaking(chosen: Texts) -> Iterator[Texts]:
    """Within the block, :func:`spoken` is ``chosen``: a page built deep inside a game's
    renderer (a review) speaks the language of the request that asked for it, without
    every layer in between passing it on.

    >>> with speaking(Texts("sv", {"Seat {seat}": "Plats {seat}"})):
    ...     spoken()("Seat {seat}", seat=2)
    'Plats 2'
    >>> spoken().lang
    'en'
    """
    token = _SPOKEN.set(chosen)
    try:
        yield chosen
    finally:
        _SPOKEN.reset(token)


def spoken() -> Texts:
    """The messages of the page being built (English outside :func:`speaking`)."""
    return _SPOKEN.get()


def page_context(package: str, accept_language: str | None, asked: str | None) -> dict[str, Any]:
    """What a translated page's template needs: ``lang``, ``_`` (the messages),
    ``messages`` (the same, for the page's script) and ``languages`` (the switch).

    >>> sorted(page_context("wooolf_solver", "sv", None))
    ['_', 'lang', 'languages', 'messages']
    """
    lang = negotiate(accept_language, asked)
    chosen = texts(package, lang)
    return {
        "lang": lang,
        "_": chosen,
        "messages": dict(chosen.messages),
        "languages": [(code, NAMES[code], code == lang) for code in LANGUAGES],
    }
