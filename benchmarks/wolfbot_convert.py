"""What TylerYep/wolfbot's players say, in the project's record format, and a check of the
games written from it (``benchmarks/wolfbot_games.py`` writes them; the format is the peer
data's README, ``../shared/data/wolfbot/README.md``).

The conversion is pure and imports neither wolfbot nor the project, so that the script
that drives wolfbot (under wolfbot's own Python) and the tests (without wolfbot) share it.
A wolfbot statement is a fixed English sentence; its players and centre cards are counted
from 0 (``Player 4``, ``Center 1``), ours from 1 (seat ``5``, slot ``c2``):

>>> claim_of(3, "I am a Seer and I saw that Center 0 was a Wolf and that Center 2 was a Drunk.")
({'seat': 3, 'role': 'seer', 'centre': {'c1': 'werewolf', 'c3': 'drunk'}}, None)
>>> claim_of(1, "I am a Mason. The other Mason is Player 6.")
({'seat': 1, 'role': 'mason', 'masons': [1, 7]}, None)

A doppelganger's statement names the role it became but not whom it copied, and a claim's
``copied`` key is a seat with the card seen there: the format cannot say the role without
the seat. The claim is written as the bare role, which the models sum over every copy, and
the part it lost goes to the game's ``lossy`` notes (never the seat it really copied):

>>> claim_of(2, "I am a Doppelganger and when I woke up I was a Robber.")
({'seat': 2, 'role': 'doppelganger'}, 'doppelganger claim: copied a robber (no seat said)')

Run with the project's Python, ``--check`` reads every line of the given files back:

    .venv/bin/python benchmarks/wolfbot_convert.py --check benchmarks/data/wolfbot13/*.jsonl
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections import Counter
from collections.abc import Callable, Iterable, Mapping
from pathlib import Path
from typing import Any

DECK = (
    "doppelganger",
    "drunk",
    "insomniac",
    "hunter",
    "mason",
    "mason",
    "minion",
    "robber",
    "seer",
    "tanner",
    "troublemaker",
    "werewolf",
    "werewolf",
    "villager",
    "villager",
    "villager",
)
"""wolfbot's default deck (its ``const.ROLES``): all twelve roles, 16 cards."""

PLAYERS = 13
"""wolfbot's default players: the deck less three centre cards."""

Claim = dict[str, Any]


def role_name(text: str) -> str:
    """Our name of a wolfbot role (``Wolf`` is our ``werewolf``).

    >>> role_name("Wolf"), role_name("Doppelganger")
    ('werewolf', 'doppelganger')
    """
    name = text.strip().lower()
    return "werewolf" if name == "wolf" else name


def slot_name(index: int, players: int = PLAYERS) -> int | str:
    """Our slot of wolfbot's card index (0-based, the centre after the players).

    >>> slot_name(0), slot_name(12), slot_name(13), slot_name(15)
    (1, 13, 'c1', 'c3')
    """
    return index + 1 if index < players else f"c{index - players + 1}"


def centre_name(number: str) -> str:
    """Our centre slot of a wolfbot sentence's ``Center N`` (0-based)."""
    return f"c{int(number) + 1}"


def _seat(number: str) -> int:
    return int(number) + 1


ROLE = r"([A-Za-z]+)"
STATEMENTS: tuple[tuple[re.Pattern[str], Callable[[re.Match[str], int], Claim]], ...] = (
    (
        re.compile(rf"I am a Seer and I saw that Player (\d+) was a {ROLE}\.$"),
        lambda m, seat: {"saw": {str(_seat(m[1])): role_name(m[2])}},
    ),
    (
        re.compile(
            rf"I am a Seer and I saw that Center (\d+) was a {ROLE} "
            rf"and that Center (\d+) was a {ROLE}\.$"
        ),
        lambda m, seat: {
            "centre": {centre_name(m[1]): role_name(m[2]), centre_name(m[3]): role_name(m[4])}
        },
    ),
    (
        re.compile(rf"I am a Robber and I swapped with Player (\d+)\. I am now a {ROLE}\.$"),
        lambda m, seat: {"robbed": _seat(m[1]), "got": role_name(m[2])},
    ),
    (
        re.compile(r"I am a Troublemaker and I swapped Player (\d+) and Player (\d+)\.$"),
        lambda m, seat: {"swapped": [_seat(m[1]), _seat(m[2])]},
    ),
    (
        re.compile(r"I am a Drunk and I swapped with Center (\d+)\.$"),
        lambda m, seat: {"took": centre_name(m[1])},
    ),
    (
        # what follows the card ("I switched with Player 4") is the speaker's inference
        # from the earlier claims, public already: no key holds it, none is needed
        re.compile(rf"I am a Insomniac and when I woke up I was a {ROLE}\.( .*)?$"),
        lambda m, seat: {"now": role_name(m[1])},
    ),
    (
        re.compile(r"I am a Mason\. The other Mason is Player (\d+)\.$"),
        lambda m, seat: {"masons": sorted([seat, _seat(m[1])])},
    ),
    (
        re.compile(r"I am a Mason\. The other Mason is not present\.$"),
        lambda m, seat: {"masons": [seat]},
    ),
    (re.compile(r"I am a (Villager|Hunter)\.$"), lambda m, seat: {}),
)
"""Each statement wolfbot's players make, and the night keys it tells."""

DOPPELGANGER = re.compile(rf"I am a Doppelganger and when I woke up I was a {ROLE}\.$")
SPEAKER = re.compile(r"I am a ([A-Za-z]+)")


def claim_of(seat: int, sentence: str) -> tuple[Claim, str | None]:
    """The claim a wolfbot statement makes at ``seat`` (ours, from 1), and a note of
    what the record format could not hold (``None``: nothing lost).

    >>> claim_of(5, "I am a Troublemaker and I swapped Player 0 and Player 4.")
    ({'seat': 5, 'role': 'troublemaker', 'swapped': [1, 5]}, None)
    >>> claim_of(2, "I am a Insomniac and when I woke up I was a Wolf. I switched with Player 3.")
    ({'seat': 2, 'role': 'insomniac', 'now': 'werewolf'}, None)
    """
    copied = DOPPELGANGER.match(sentence)
    if copied:
        note = f"doppelganger claim: copied a {role_name(copied[1])} (no seat said)"
        return {"seat": seat, "role": "doppelganger"}, note
    speaker = SPEAKER.match(sentence)
    for pattern, keys in STATEMENTS:
        found = pattern.match(sentence)
        if found and speaker:
            return {"seat": seat, "role": role_name(speaker[1]), **keys(found, seat)}, None
    raise ValueError(f"not a wolfbot statement: {sentence!r}")


def copied_said(notes: Iterable[str]) -> str | None:
    """The role the game's one doppelganger claim says it became (``None``: no such
    claim, or more than one).

    >>> copied_said(["doppelganger claim: copied a seer (no seat said)"])
    'seer'
    """
    said = [note.split()[4] for note in notes if note.startswith("doppelganger claim:")]
    return said[0] if len(said) == 1 else None


# -- the check (the project's Python) ------------------------------------------------------


def three_masons(claimed: Any, real: Any) -> bool:
    """Whether an honest mason's false ``masons`` names two of three masons: a
    doppelganger that copied a mason wakes with the masons, and wolfbot's mason then says
    "the other mason is" one of the two others (true for wolfbot, which reads it as "that
    seat is a mason"; our key lists every mason, so as said it is false).

    >>> three_masons((2, 5), (2, 5, 9)), three_masons((2, 5), (2, 9))
    (True, False)
    """
    return claimed is not None and real is not None and len(real) == 3 and set(claimed) < set(real)


def check_game(game: Mapping[str, Any]) -> tuple[list[str], list[str]]:
    """What is wrong with one written game (empty: nothing), and the known wolfbot
    behaviours found in it: its record must read, its truth's ``dealt`` must be a deal of
    the deck, the night its ``check.choices`` tell must be one our rules play on that deal
    (the whole game record is read, night entries checked) and end in the truth's
    ``dawn``, and every claim of a seat that ``check.honest`` names must be true in it
    (but for :func:`three_masons`, listed as known)."""
    from wooolf_solver.games.onuw.night import NightEntry, play_night  # noqa: PLC0415
    from wooolf_solver.games.onuw.record import read_record  # noqa: PLC0415

    problems: list[str] = []
    known: list[str] = []
    data = game["record"]
    record = read_record(data)
    truth, check = game["truth"], game["check"]
    dealt = truth["dealt"]
    if Counter(dealt.values()) != Counter(data["deck"]) or len(dealt) != len(data["deck"]):
        problems.append("the dealt cards are not a deal of the deck")
    layout = record.layout
    slots = sorted(dealt, key=lambda slot: layout.parse(slot, "dealt"))
    cards = [dealt[slot] for slot in slots]
    choices = {
        int(seat): tuple(layout.parse(slot, "choice") for slot in choice)
        for seat, choice in check["choices"].items()
    }
    dawn = play_night(record.rules, layout, cards, choices)
    played = {slot: dawn.cards[layout.parse(slot, "dawn") - 1] for slot in slots}
    if played != truth["dawn"]:
        wrong = [slot for slot in slots if played[slot] != truth["dawn"][slot]]
        problems.append(f"our night ends otherwise at {', '.join(wrong)}")
    night = {seat: entry.to_dict(layout) for seat, entry in dawn.entries.items()}
    game_record = {**data, "cards": dealt, "night": night}
    read_record(game_record)  # refuses a night entry the deal cannot produce
    for claim in record.claims:
        if claim.seat not in check["honest"]:
            continue
        real: NightEntry = dawn.entries[claim.seat]
        if claim.role == cards[claim.seat - 1] and claim.entry.agrees_with(real):
            continue
        if claim.role == "mason" and three_masons(claim.entry.get("masons"), real.get("masons")):
            known.append(f"seat {claim.seat}: an honest mason names one of two other masons")
        else:
            problems.append(f"seat {claim.seat}'s honest claim is false in the truth")
    return problems, known


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="check games written by wolfbot_games.py")
    parser.add_argument("--check", nargs="+", type=Path, required=True, metavar="FILE")
    args = parser.parse_args(argv)
    bad = 0
    for path in args.check:
        games = [json.loads(line) for line in path.read_text("utf-8").splitlines() if line]
        quirks = 0
        for game in games:
            problems, known = check_game(game)
            bad += len(problems)
            quirks += bool(known)
            for problem in problems:
                print(f"{path.name}: game {game['game']}: {problem}", file=sys.stderr)
        print(
            f"{path}: {len(games)} games read and checked; {quirks} with an honest mason "
            "naming one of two other masons"
        )
    return 2 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
