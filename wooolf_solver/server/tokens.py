"""Seat and host tokens: secrets of 256 bits, stored only as digests, compared in constant time.

>>> token = new_token()
>>> len(token) >= 43, matches(token, digest(token)), matches("guess", digest(token))
(True, True, False)
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import secrets

TOKEN_BYTES = 32
"""256 bits (the contract asks for at least 128)."""


def new_token() -> str:
    """A fresh seat token, URL-safe (it travels in a link's fragment)."""
    return secrets.token_urlsafe(TOKEN_BYTES)


def derived(secret: str, label: str) -> str:
    """A token derived from ``secret`` for ``label`` (HMAC-SHA-256: 256 bits that tell
    nothing of ``secret``); a table's seat tokens derive from its host's, so that the
    host can be shown a lost link again while the server keeps digests alone.

    >>> derived("host", "T1:1") == derived("host", "T1:1") != derived("host", "T1:2")
    True
    """
    mac = hmac.new(secret.encode("utf-8"), label.encode("utf-8"), hashlib.sha256).digest()
    return base64.urlsafe_b64encode(mac).rstrip(b"=").decode("ascii")


def digest(token: str) -> str:
    """What the database keeps of a token: its SHA-256 (a leaked database gives no seat)."""
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def matches(token: str, stored: str) -> bool:
    """Whether ``token`` is the one whose digest is ``stored``, in constant time."""
    return hmac.compare_digest(digest(token), stored)


def bearer(header: str | None) -> str | None:
    """The token of an ``Authorization: Bearer TOKEN`` header, if any.

    >>> bearer("Bearer abc"), bearer("Basic abc"), bearer(None)
    ('abc', None, None)
    """
    if not header:
        return None
    scheme, _, value = header.partition(" ")
    if scheme.lower() != "bearer" or not value.strip():
        return None
    return value.strip()
