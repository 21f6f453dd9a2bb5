"""Positions made from a played deal's record, as the agreement tests take them:
in public with some cards known, or from one seat with its card (and night)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from random import Random
from types import MappingProxyType
from typing import Any

from wooolf_solver.games.onuw.night import NightEntry
from wooolf_solver.games.onuw.record import DealRecord


def in_public(game: DealRecord, rng: Random, known: int = 2, **changes: Any) -> DealRecord:
    """``game`` with no viewpoint: ``known`` random slots' cards known, no night, no
    votes (``changes``: other fields, as :func:`dataclasses.replace`)."""
    cards = {slot: game.cards[slot] for slot in rng.sample(list(game.cards), known)}
    return replace(
        game,
        cards=MappingProxyType(cards),
        night=MappingProxyType({}),
        votes=None,
        **changes,
    )


def seen_by(
    game: DealRecord,
    seat: int,
    night: Mapping[int, NightEntry] | None = None,
    **changes: Any,
) -> DealRecord:
    """``game`` from ``seat``: its dealt card, its night (``night``: as given), the
    other seats' claims (unless ``changes`` gives the claims), no votes."""
    changes.setdefault("claims", tuple(claim for claim in game.claims if claim.seat != seat))
    return replace(
        game,
        viewpoint=seat,
        cards=MappingProxyType({seat: game.cards[seat]}),
        night=MappingProxyType({seat: game.night[seat]} if night is None else dict(night)),
        votes=None,
        **changes,
    )
