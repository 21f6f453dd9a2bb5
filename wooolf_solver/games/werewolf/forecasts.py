"""The lab's forecasts of Werewolf: P(werewolf) per seat from each village seat's view.

At the end of each day's talk (just after a claim that no other claim follows), every
living seat that plays a village-team role forecasts, from its own view (its card, the
public events, its own private events up to then), the chance that each other living
seat plays a werewolf, solved exactly (the counter) under each speech model; the truth
is the role that seat plays. A game without claims gives no forecasts, nor does a view
the model finds impossible.

Every day's talk counts, not only the game's last: whether a day is the game's last
depends on what happens after it (the game ends when a side wins), so forecasts made
only then would be judged on the games that ended as they did, and a calibrated model
would look off the diagonal. A day's end is known when it comes.

>>> import random
>>> from wooolf_solver.games.werewolf.bots import RandomBot
>>> from wooolf_solver.games.werewolf.play import play_game
>>> deck = (("seer", 1), ("villager", 3), ("werewolf", 1))
>>> record = play_game(deck, RandomBot(random.Random(2), claims=1.0), random.Random(2)).record
>>> found = forecasts(record, ("mimic", "free"))
>>> len(found["mimic"]) == len(found["free"]) > 0
True
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from ...core.speech import Speech, read_by
from ...lab.calibration import Forecast
from .events import Claim
from .posterior import known
from .record import GameRecord
from .rules import WEREWOLF


def forecasts(record: GameRecord, models: Sequence[Speech]) -> dict[str, list[Forecast]]:
    """Every living village seat's forecasts of every other living seat at the end of
    each day's talk, per speech model (``record``: the moderator's, every card known)."""
    out: dict[str, list[Forecast]] = {model: [] for model in models}
    events = record.events
    for n, event in enumerate(events, 1):
        if isinstance(event, Claim) and (n == len(events) or not isinstance(events[n], Claim)):
            _forecast(replace(record, events=events[:n]), models, out)
    return out


def _forecast(then: GameRecord, models: Sequence[Speech], out: dict[str, list[Forecast]]) -> None:
    """The forecasts at the end of ``then``, added to ``out``."""
    living = then.alive_after()
    plays = dict(then.cards)
    for seat in living:
        if then.rules.team(plays[seat]) != "village":
            continue
        view = then.view(seat)
        for model in models:
            posterior = known(read_by(view, model))
            if posterior is None:
                continue
            out[model] += [
                (float(posterior.werewolf[other]), plays[other] == WEREWOLF)
                for other in living
                if other != seat
            ]


__all__ = ["forecasts"]
