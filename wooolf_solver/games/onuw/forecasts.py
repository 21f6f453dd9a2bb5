"""The lab's forecasts of ONUW: P(werewolf) per seat from each honest seat's view.

After the last claim (before the vote) every seat that believes it holds a
village-team card forecasts, from its own view (:func:`.review.view_of`: its card, its
night, every claim), the chance that each other player holds a werewolf card at
dawn, solved exactly under each speech model; the truth is the dawn card. A view that
the model finds impossible gives no forecasts.

>>> from random import Random
>>> from wooolf_solver.games.onuw.table import play_deal, truthful
>>> played = play_deal(Random(7), 3, claims=truthful)
>>> found = forecasts(played.record, played.dawn, ("mimic", "free"))
>>> len(found["mimic"]) == len(found["free"]), all(0 <= p <= 1 for p, _ in found["mimic"])
(True, True)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction

from ...core.errors import InconsistentRecordError
from ...core.speech import Speech, read_by
from ...lab.calibration import Forecast
from .model import knowledge_of
from .night import believed_card
from .posterior import OnuwPosterior, posterior_of
from .record import DealRecord
from .review import view_of
from .rules import Seat


def forecasts(
    record: DealRecord,
    dawn: Sequence[str],
    models: Sequence[Speech],
    solved: Mapping[Seat, OnuwPosterior] | None = None,
) -> dict[str, list[Forecast]]:
    """Every honest seat's forecasts of every other player, per speech model
    (``solved``: seats' views already solved under the record's own model)."""
    rules = record.rules
    out: dict[str, list[Forecast]] = {model: [] for model in models}
    for seat in record.layout.seats:
        dealt = record.cards[seat]
        if rules.team(believed_card(rules, dealt, seat, record.night[seat])) != "village":
            continue
        view = view_of(record, seat)
        for model in models:
            known = (solved or {}).get(seat) if model == record.model.speech else None
            try:
                posterior = known or posterior_of(knowledge_of(read_by(view, model)))
            except InconsistentRecordError:
                continue
            out[model] += [
                (float(posterior.dawn[other].get("werewolf", Fraction(0))),
                 dawn[other - 1] == "werewolf")
                for other in record.layout.seats
                if other != seat
            ]  # fmt: skip
    return out


__all__ = ["forecasts"]
