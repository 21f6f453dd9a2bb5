"""``solve``: a round record in, the exact posterior out.

>>> from wooolf_solver import Round
>>> round_ = Round.from_dict({"game": "wooolf", "players": 5,
...     "events": [{"seat": 1, "ask": 2, "question": "has-sheep", "answer": "no"},
...                {"seat": 3, "ask": 2, "question": "has-sheep", "answer": "yes"}]})
>>> solve(round_)
Traceback (most recent call last):
...
wooolf_solver.errors.InconsistentRecordError: the record contradicts itself: events 1, 2 ...
"""

from __future__ import annotations

from .conflict import minimal_conflict
from .engines import get_engine
from .errors import InconsistentRecordError
from .knowledge import knowledge_of
from .posterior import Posterior
from .record import Round


def solve(round_: Round, engine: str = "counter") -> Posterior:
    """The exact posterior of the round's viewpoint (or of the public).

    Raises :class:`InconsistentRecordError`, carrying a minimal conflicting set of
    events, when no deal is consistent with the record.
    """
    counter = get_engine(engine)
    knowledge = knowledge_of(round_)
    tally = counter.tally(knowledge)
    if tally.deals == 0:
        raise InconsistentRecordError(minimal_conflict(knowledge, counter))
    return Posterior(knowledge, tally)
