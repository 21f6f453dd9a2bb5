"""The benchmark's fixed positions: how the records in ``benchmarks/positions/`` were made.

Each generated position comes from a real deal: the cards of the setup are shuffled
with a fixed seed and dealt, and every event is derived from that deal with the
game's own rules (``Game.announcement``, ``Game.identity``, ``Game.answer``), so the
records are truthful and consistent. Seat 1 is the viewpoint; play starts at seat 2
and goes round the table.

- *late*: 12 + 2 × (players − 4) events (12 to 20): everybody peeks in the first
  go-around (so many seats' announcements hang on who the shepherd is), then peeks
  and questions; the viewpoint always peeks and records the card it ``sees``; one
  other seat declares early in the second go-around and acts no more.
- *early*: the first two events of the same round.

Two positions are written as they stand: the 8-player basic early position of the
issue (the counter's speed target) and the worked example of the specification.

    python benchmarks/positions.py            # rewrite benchmarks/positions/*.yaml
    python benchmarks/positions.py --check    # exit 1 if a file differs

Only ``Random.random`` draws are used (:class:`StableRandom` shuffles with them):
its sequence for a given seed is the one part of :mod:`random` that Python promises
never to change. The deal itself is the lab engine's
(:func:`wooolf_solver.games.wooolf.table.deal`); ``--check`` tells when either changes.

>>> record = late_record(5, "basic")
>>> len(record["events"]), record["viewpoint"], [e["seat"] for e in record["events"][:5]]
(14, 1, [2, 3, 4, 5, 1])
>>> early_record(5, "basic")["events"] == record["events"][:2]
True
"""

from __future__ import annotations

import argparse
import io
import sys
from collections.abc import MutableSequence, Sequence
from pathlib import Path
from random import Random
from typing import Any

from ruamel.yaml import YAML

from wooolf_solver.core.documents import parse_yaml
from wooolf_solver.games.wooolf.designs import peek_event, pick, question_event
from wooolf_solver.games.wooolf.rules import Hand, Rules, Seat, base_rules
from wooolf_solver.games.wooolf.table import deal

SEED = 20261130
VIEWPOINT = 1
START = 2
DIRECTORY = Path(__file__).resolve().parent / "positions"

GENERATED: tuple[tuple[int, str], ...] = (
    (4, "basic"),
    (5, "basic"),
    (6, "basic"),
    (6, "advanced"),
    (7, "basic"),
    (8, "basic"),
    (8, "advanced"),
)
"""Player count and edition of every generated pair of positions."""

ISSUE: dict[str, Any] = {
    "game": "wooolf",
    "edition": "basic",
    "players": 8,
    "viewpoint": 1,
    "hands": {1: ["hound", "sheep"]},
    "events": [
        {"seat": 2, "peek": 3, "says": "hound"},
        {"seat": 4, "ask": 5, "question": "has-sheep", "answer": "yes"},
    ],
}
"""The issue's position: 8 players, the viewpoint's hand and two events."""

WORKED_EXAMPLE: dict[str, Any] = parse_yaml(
    (DIRECTORY.parent.parent / "examples" / "worked-example.yaml").read_text(encoding="utf-8")
)
"""The worked example of ``shared/spec/record.md``."""


class StableRandom(Random):
    """A :class:`Random` that shuffles with ``random()`` draws only (Fisher–Yates).

    >>> cards = list("abcde")
    >>> StableRandom(1).shuffle(cards)
    >>> sorted(cards) == list("abcde")
    True
    """

    def shuffle(self, x: MutableSequence[Any]) -> None:
        for index in range(len(x) - 1, 0, -1):
            other = int(self.random() * (index + 1))
            x[index], x[other] = x[other], x[index]


def play(game: Rules, hands: dict[Seat, Hand], players: int, count: int, rng: Random) -> list[Any]:
    """``count`` truthful events of a round on ``hands`` (see the module's docstring)."""
    order = [*range(START, players + 1), *range(1, START)]
    declarer = pick(rng, [seat for seat in order if seat != VIEWPOINT])
    declared = False
    events: list[dict[str, Any]] = []
    turn = 0
    while len(events) < count:
        seat, go_around = order[turn % players], turn // players
        turn += 1
        if seat == declarer and declared:
            continue
        if seat == declarer and go_around == 1:
            events.append({"seat": seat, "declare": "early"})
            declared = True
        elif seat == VIEWPOINT or go_around == 0 or rng.random() < 0.5:
            events.append(peek_event(rng, game, hands, seat, VIEWPOINT))
        else:
            events.append(question_event(rng, game, hands, seat, range(1, players + 1)))
    return events


def _generated(players: int, edition: str) -> tuple[dict[Seat, Hand], list[Any]]:
    game = base_rules()
    rng = StableRandom(f"{SEED}-{players}-{edition}")
    hands = deal(rng, game, game.setup(edition, players))
    return hands, play(game, hands, players, 12 + 2 * (players - 4), rng)


def late_record(players: int, edition: str) -> dict[str, Any]:
    """The generated late position of ``players`` players in ``edition``."""
    hands, events = _generated(players, edition)
    return _record(players, edition, hands[VIEWPOINT], events)


def early_record(players: int, edition: str) -> dict[str, Any]:
    """The generated early position: the late one's first two events."""
    hands, events = _generated(players, edition)
    return _record(players, edition, hands[VIEWPOINT], events[:2])


def _record(players: int, edition: str, hand: Hand, events: list[Any]) -> dict[str, Any]:
    return {
        "game": "wooolf",
        "edition": edition,
        "players": players,
        "viewpoint": VIEWPOINT,
        "hands": {VIEWPOINT: [card.name for card in hand]},
        "events": events,
    }


def files() -> dict[str, str]:
    """Every position file's name and text."""
    texts: dict[str, str] = {}
    for players, edition in GENERATED:
        hands, _ = _generated(players, edition)
        deal_line = "  ".join(
            f"{seat}: {'+'.join(card.name for card in hand)}" for seat, hand in hands.items()
        )
        for phase, record in (
            ("early", early_record(players, edition)),
            ("late", late_record(players, edition)),
        ):
            if (players, edition, phase) == (8, "basic", "early"):
                continue  # the issue's position stands in for it
            about = (
                f"{players} players, {edition}, {phase}: dealt from seed {SEED}; "
                f"the hidden deal was\n# {deal_line}"
            )
            texts[f"{players}-{edition}-{phase}.yaml"] = _yaml(about, record)
    texts["8-basic-early.yaml"] = _yaml(
        "8 players, basic, early: the issue's position (the counter's speed target)", ISSUE
    )
    texts["6-basic-worked-example.yaml"] = _yaml(
        "6 players, basic: the worked example of shared/spec/record.md", WORKED_EXAMPLE
    )
    return dict(sorted(texts.items()))


def _yaml(about: str, record: dict[str, Any]) -> str:
    """A record as YAML 1.2 (what the record reader reads), under a comment."""
    writer = YAML(pure=True)
    writer.default_flow_style = None  # a list or mapping of plain values on one line
    writer.width = 200
    body = io.StringIO()
    writer.dump(record, body)
    return f"# {about}\n{body.getvalue()}"


def main(argv: Sequence[str] | None = None) -> int:
    """Write the position files (or, with ``--check``, compare them)."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--check", action="store_true", help="only compare, exit 1 on a change")
    parser.add_argument("--directory", type=Path, default=DIRECTORY)
    args = parser.parse_args(argv)
    stale = []
    for name, text in files().items():
        path = args.directory / name
        if path.exists() and path.read_text(encoding="utf-8") == text:
            continue
        stale.append(name)
        if not args.check:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text, encoding="utf-8")
    verb = "differ" if args.check else "written"
    print(f"{len(stale)} position file(s) {verb}: {' '.join(stale) or '-'}")
    return 1 if args.check and stale else 0


if __name__ == "__main__":
    sys.exit(main())
