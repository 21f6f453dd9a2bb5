"""``solve``: a round record in, the exact posterior out.

>>> from wooolf_solver import Round
>>> round_ = Round.from_dict({"game": "wooolf", "players": 5,
...     "events": [{"seat": 1, "ask": 2, "question": "has-sheep", "answer": "no"},
...                {"seat": 3, "ask": 2, "question": "has-sheep", "answer": "yes"}]})
>>> solve(round_)
Traceback (most recent call last):
...
wooolf_solver.core.errors.InconsistentRecordError: the record contradicts itself: events 1, 2 ...
"""

from __future__ import annotations

from collections.abc import Hashable
from functools import partial

from ....core.budget import max_memory
from ....core.conflict import consistent_tally
from ....engines import Tally
from ..model import RoundKnowledge, knowledge_of
from ..posterior import RoundPosterior
from ..record import Round
from . import engine as find_engine
from .counter import CountingEngine
from .memo import Memo, position


def solve(round_: Round, engine: str | None = None) -> RoundPosterior:
    """The exact posterior of the round's viewpoint (or of the public).

    Raises :class:`InconsistentRecordError`, carrying a minimal conflicting set of
    events, when no deal is consistent with the record. A position asked again gets
    the same posterior back (see :mod:`.memo`).
    """
    return _solved(knowledge_of(round_), engine)


POSTERIORS = Memo()
"""The posteriors, per position, engine and budget (see :mod:`.memo`)."""


def _key(knowledge: RoundKnowledge, engine: str | None) -> Hashable:
    """A posterior's key in :data:`POSTERIORS`: the position, engine and budget."""
    return (position(knowledge), engine, max_memory())


def _solved(knowledge: RoundKnowledge, engine: str | None) -> RoundPosterior:
    """:func:`solve` of a compiled knowledge (kept in :data:`POSTERIORS`)."""
    return POSTERIORS.get(
        _key(knowledge, engine), lambda: _solve(knowledge, engine), knowledge.game
    )


def _solve(knowledge: RoundKnowledge, engine: str | None) -> RoundPosterior:
    return RoundPosterior(knowledge, consistent_tally(knowledge, find_engine(engine)))


def posterior_of(knowledge: RoundKnowledge, engine: str | None, tally: Tally) -> RoundPosterior:
    """The posterior of a tally counted for this position by this engine: :func:`solve`'s
    when it was made of this very tally (then what it has read is shared), else new."""
    made = partial(RoundPosterior, knowledge, tally)
    kept = POSTERIORS.get(_key(knowledge, engine), made, knowledge.game)
    return kept if kept.tally is tally else RoundPosterior(knowledge, tally)


def certain_declaration(round_: Round, engine: str | None = None) -> bool:
    """Whether some declaration of the viewpoint is right in every consistent deal,
    as :attr:`RoundPosterior.certain_declaration`: with the counting engine, from
    every seat's identity weights alone (no decision: see
    :func:`..posterior.certain_by_roles`), or in the lab from the rows' hand weights
    (:func:`.deals.certain`).

    >>> certain_declaration(Round.load("examples/worked-example.yaml"))
    False
    """
    return knowledge_certain(knowledge_of(round_), engine)


def knowledge_certain(knowledge: RoundKnowledge, engine: str | None = None) -> bool:
    """:func:`certain_declaration` of a compiled knowledge (the lab's report asks it of
    the prefixes of one seat's knowledge)."""
    counter = find_engine(engine)
    if isinstance(counter, CountingEngine) and knowledge.targets:
        found = counter.certain(knowledge)
        if found is not None:
            return found
    return _solved(knowledge, engine).certain_declaration  # raises if nothing is consistent
