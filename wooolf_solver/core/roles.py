"""A role mix as the command line writes it: ``NAME=COPIES,...`` (``--roles``).

>>> copies_of("red=2, blue=1")
{'red': 2, 'blue': 1}
>>> copies_of("red=1,red=2")
Traceback (most recent call last):
...
wooolf_solver.core.errors.InvalidDeckError: --roles.red: named twice (give its copies once)
"""

from __future__ import annotations

from typing import Any

from . import fields
from .documents import shown
from .errors import InvalidDeckError

MAX_COPIES = 100
"""The most copies of one role a mix may hold."""


def is_role_list(text: str) -> bool:
    """Whether ``text`` reads as ``NAME=COPIES,...`` rather than a name or a path.

    >>> is_role_list("a=1,b=2"), is_role_list("official"), is_role_list("decks/mine.toml")
    (True, False, False)
    """
    return "=" in text


def copies_of(text: str, where: str = "--roles") -> dict[str, int]:
    """Each role's copies, in the order written; a role named twice, a missing ``=``
    or a count that is not a whole number from 1 to :data:`MAX_COPIES` is refused."""
    out: dict[str, int] = {}
    for part in text.split(","):
        name, sign, copies = part.strip().partition("=")
        name = fields.name(name.strip(), where, error=InvalidDeckError)
        if not sign:
            raise InvalidDeckError(f"{where}: write role=copies, not {shown(part.strip())}")
        if name in out:
            raise InvalidDeckError(f"{fields.at(where, name)}: named twice (give its copies once)")
        digits = copies.strip()
        value: Any = digits if fields.digits(digits) is None else fields.digits(digits)
        out[name] = fields.count(
            value, fields.at(where, name), 1, MAX_COPIES, error=InvalidDeckError
        )
    return out
