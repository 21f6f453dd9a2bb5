"""HTML pages from Jinja2 templates: the generic page frame, and each game's bodies.

The frame (``wooolf_solver/templates/page.html``: title, styles, the font stack for
the Chinese characters of a title) is the game-neutral part; a game's templates live
in its package (``wooolf_solver/games/<name>/templates/``), extend ``page.html`` and
fill its ``style`` and ``body`` blocks. Autoescaping is on: every value a template
prints is escaped unless it is :class:`~markupsafe.Markup` (an inlined plot, say).

>>> print(cjk("A <title> (狼來了)"))
A &lt;title&gt; (<span lang="zh-Hant">狼來了</span>)
"""

from __future__ import annotations

import re
from functools import cache
from typing import Any

from jinja2 import ChoiceLoader, Environment, PackageLoader, StrictUndefined
from markupsafe import Markup, escape

CJK = re.compile(r"[\u2e80-\u2fdf\u3000-\u303f\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]+")
"""A run of Chinese characters (and CJK punctuation)."""


def cjk(text: str) -> Markup:
    """``text`` escaped, each run of Chinese characters marked ``lang="zh-Hant"`` so
    that the page's styles give it a CJK font (or the browser its own fallback)."""
    parts: list[str] = []
    last = 0
    for run in CJK.finditer(text):
        parts.append(escape(text[last : run.start()]))
        parts.append(Markup('<span lang="zh-Hant">{}</span>').format(run.group()))
        last = run.end()
    parts.append(escape(text[last:]))
    return Markup("").join(parts)


def capitalize_first(text: str) -> str:
    """The first letter in capitals, the rest untouched (``seats 2 and 4`` -> ``Seats 2 and 4``)."""
    return text[:1].upper() + text[1:]


@cache
def environment(package: str) -> Environment:
    """The templates of ``package`` (its ``templates/`` folder), then the frame's."""
    loader = ChoiceLoader(
        [PackageLoader(package, "templates"), PackageLoader("wooolf_solver", "templates")]
    )
    env = Environment(
        loader=loader,
        autoescape=True,
        undefined=StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
    )
    env.filters["cjk"] = cjk
    env.filters["capitalize_first"] = capitalize_first
    return env


def render_page(package: str, template: str, **context: Any) -> str:
    """The page ``template`` of ``package`` filled with ``context``."""
    return environment(package).get_template(template).render(**context)
