"""The speech models: what a claim is worth in a game where talk is free.

A game whose players may lie about their roles (a game whose ``talks`` is set) reads
its claims by one of these models, named in a record's ``model: {speech: ...}``:

- ``mimic`` (the default): a liar *chooses* its story, so a story has a chance, the
  chance that a story-teller who picks each part of it at random tells it;
- ``free``: a liar may say anything at no cost (likelihood 1 whatever it says), the
  adversarial view;
- ``mixed``: the listener does not know how a liar picks its story: each liar, on its
  own, is ``mimic``'s story-teller or one that tells any whole story a village player
  could tell, equally likely, with even odds (its chance the mean of the two).

An honest speaker's claim must be true under every model. How each game prices a story is
its own (``docs/<game>/rules.md``); this module only names the models.

>>> read_speech("mimic", "model.speech"), DEFAULT_SPEECH
('mimic', 'mimic')
>>> from wooolf_solver.core.errors import SolverError
>>> try:
...     read_speech("free-talk", "model.speech")
... except SolverError as error:
...     print(error)
model.speech: unknown speech model 'free-talk' (did you mean 'free'?)
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any, ClassVar, Literal, Protocol, TypeVar, cast

from . import fields

Speech = Literal["mimic", "free", "mixed"]
"""A speech model's name."""

SPEECH_MODELS: tuple[Speech, ...] = ("mimic", "free", "mixed")
"""Every speech model, the default first."""

DEFAULT_SPEECH: Speech = "mimic"
"""The model a record that names none is read by."""


STORY_POLICIES: tuple[str, ...] = ("mimic", "consistent", "cautious")
"""How the labs' lying bots pick their stories (``simulate --speech``), the default
first: ``mimic`` as the model of that name assumes, ``consistent`` a role nobody claimed
with a night that agrees with what was said, ``cautious`` a bare village role."""

SPEECH_WORDS: dict[str, str] = {
    "mimic": "a liar's story is one of many it might tell",
    "free": "a liar's claim costs nothing",
    "mixed": "a liar mimics, or tells any of the village's stories, even odds",
}
"""What each speech model assumes, in a few words."""


def speech_words(speech: str) -> str:
    """The line that names the speech model an answer read the claims by.

    >>> speech_words("mimic")
    "Speech model: mimic (a liar's story is one of many it might tell)."
    """
    return f"Speech model: {speech} ({SPEECH_WORDS[speech]})."


@dataclass(frozen=True)
class ClaimWeights:
    """A claim's likelihood as integers on one scale (it cancels in every posterior), by
    its speaker: a ``liar``, an honest speaker whose claim is ``true``, one whose claim
    is ``false``."""

    liar: int
    true: int
    false: int


FREE = ClaimWeights(1, 1, 0)
"""The weights of ``free`` with no village lies: a liar's claim costs nothing, an
honest one must be true."""


def claim_weights(speech: Speech, village_lies: Fraction, chance: Fraction) -> ClaimWeights:
    """A claim's :class:`ClaimWeights` under ``speech``, with the village's lie rate
    ``village_lies = a/b`` and the story's chance ``chance = n/d`` (its game's price of
    the story; unused by ``free``):

    - ``free``: liar 1, honest ``1 - e`` if true, ``e`` if false: ``(b, b - a, a)``;
    - ``mimic`` and ``mixed`` (each with its own ``q``): liar ``q``, honest
      ``(1 - e)·[true] + e·q``: ``(b·n, d(b - a) + a·n, a·n)``.

    >>> claim_weights("free", Fraction(1, 10), Fraction(1, 9))
    ClaimWeights(liar=10, true=9, false=1)
    >>> claim_weights("mimic", Fraction(1, 10), Fraction(1, 9))
    ClaimWeights(liar=10, true=82, false=1)
    """
    a, b = village_lies.numerator, village_lies.denominator
    if speech == "free":
        return ClaimWeights(b, b - a, a)
    n, d = chance.numerator, chance.denominator
    return ClaimWeights(b * n, d * (b - a) + a * n, a * n)


class Talking(Protocol):
    """A record of a game where players talk: a dataclass whose ``model`` (a dataclass
    too) has a ``speech`` field."""

    __dataclass_fields__: ClassVar[dict[str, Any]]

    @property
    def model(self) -> Any: ...


R = TypeVar("R", bound=Talking)


def read_by(record: R, speech: Speech) -> R:
    """The same record, its claims read by the speech model ``speech``."""
    return replace(record, model=replace(record.model, speech=speech))


def read_speech(value: Any, where: str) -> Speech:
    """A speech model's name from a record's field ``where``."""
    return cast(Speech, fields.choice(value, where, SPEECH_MODELS, what="speech model"))


__all__ = [
    "DEFAULT_SPEECH",
    "FREE",
    "SPEECH_MODELS",
    "SPEECH_WORDS",
    "STORY_POLICIES",
    "ClaimWeights",
    "Speech",
    "Talking",
    "claim_weights",
    "read_by",
    "read_speech",
    "speech_words",
]
