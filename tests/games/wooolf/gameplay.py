"""Whole games for the tests and the example game records: a thin user of the lab.

The game engine and the bots live in the library (:mod:`wooolf_solver.lab`); this
module adds the test-side players and the commented YAML of the example games.

- ``random_player``: the library's ``random`` bot at every seat (fast; for property
  tests).
- ``sensible_player``: a :class:`Sensible` bot at every seat, each with a style drawn
  at random: a variant of the library's greedy bot that takes the hint's best action
  most of the time, declares early when its best declaration is likely enough
  (certain in the second go-around, then less and less demanding), makes a final
  declaration only when it is at least an even chance, and, if trusting, points its
  wolf pointer where someone cried wolf.

Run ``python tests/gameplay.py`` to regenerate the example game records (the
comments in the files are then checked and finished by hand).

>>> import random
>>> record = play_game(random.Random(1), "basic", 5, random_player)
>>> record["players"], 1 <= len(record["rounds"]) <= 3
(5, True)
"""

from __future__ import annotations

import random
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from wooolf_solver.games.wooolf.bots import GreedyBot, RandomBot
from wooolf_solver.games.wooolf.engines.solver import solve
from wooolf_solver.games.wooolf.hints import Advice
from wooolf_solver.games.wooolf.posterior import Posterior
from wooolf_solver.games.wooolf.record import Peek
from wooolf_solver.games.wooolf.rules import Rules, Setup, base_rules
from wooolf_solver.games.wooolf.scoring import EARLY_POINTS, FINAL_POINTS, Declared, is_correct
from wooolf_solver.games.wooolf.state import play_game as lab_play_game
from wooolf_solver.games.wooolf.table import Bot, Declaring, PlayedGame, TurnView

GAME = base_rules()


@dataclass(frozen=True)
class Style:
    """How a sensible player plays: how sure it wants to be before declaring early
    (by its own turn in the round, from 0), how often it takes the hint's best action,
    and whether it takes every ``wolf`` announcement at face value."""

    name: str
    early: tuple[float, ...]
    follows_hint: float = 0.75
    trusting: bool = False


CAREFUL = Style("careful", (2.0, 1.0, 1.0, 0.9, 0.75, 0.6))
BOLD = Style("bold", (2.0, 0.6, 0.5, 0.4), follows_hint=0.5)
TRUSTING = Style("trusting", (2.0, 0.9, 0.8, 0.6, 0.5), follows_hint=0.6, trusting=True)
STYLES = (CAREFUL, BOLD, TRUSTING)
"""The first go-around never declares (2.0); after its last entry a style declares anyway."""


@dataclass(frozen=True)
class Sensible(GreedyBot):
    """The greedy bot with a style: a threshold per own turn, and trust in cried wolves."""

    style: Style = CAREFUL

    def wants_early(self, view: TurnView, advice: Advice) -> bool:
        early = self.style.early
        threshold = early[view.turn] if view.turn < len(early) else 0.0
        return advice.best.probability >= threshold

    def pick(self, view: TurnView, posterior: Posterior) -> Declaring:
        """The best declaration; a trusting hunter or hound points its wolf pointer at
        the last seat announced ``wolf`` (by someone else) instead."""
        ranked = posterior.declarations()
        best = ranked[0]
        seat = view.seat
        identity = view.round.identity(seat)
        cried = [
            e.target
            for e in view.round.events
            if isinstance(e, Peek) and e.says == "wolf" and seat not in (e.seat, e.target)
        ]
        if self.style.trusting and cried and identity.name in ("hunter", "hound"):
            wolf = identity.targets.index("wolf")
            choice = next((d for d in ranked if d.targets[wolf] == cried[-1]), best)
            if choice.targets != best.targets:
                note = (
                    f"trusts the wolf cried at seat {cried[-1]}: {choice.probability:.0%}"
                    f" sure; {list(best.targets)} had {best.probability:.0%}"
                )
                return Declaring(choice.targets, note)
        return Declaring(best.targets, f"{best.probability:.0%} sure")

    def declare(self, view: TurnView, rng: random.Random) -> Declaring | None:
        posterior = solve(view.round, self.engine)
        made = self.pick(view, posterior)
        trusted = made.note.startswith("trusts")
        if not trusted and posterior.declarations()[0].probability < 0.5:
            return None
        return made


def random_player(seat: int, style: Style) -> Bot:
    """The library's random bot (``style`` is not used)."""
    return RandomBot()


def sensible_player(seat: int, style: Style) -> Bot:
    return Sensible(name=f"sensible:{style.name}", follow=style.follows_hint, style=style)


def play(
    rng: random.Random,
    edition: str,
    players: int,
    player: Any,
    *,
    max_rounds: int = 3,
) -> PlayedGame:
    """Play a game to its end (or ``max_rounds`` rounds): the start player, then a
    style per seat, are drawn from ``rng`` before the library's engine plays."""
    setup = GAME.setup(edition, players)
    start = rng.randint(1, players)
    styles = {seat: rng.choice(STYLES) for seat in range(1, players + 1)}
    bots = [player(seat, styles[seat]) for seat in range(1, players + 1)]
    return lab_play_game(rng, GAME, setup, bots, start=start, max_rounds=max_rounds)


def play_game(
    rng: random.Random, edition: str, players: int, player: Any, max_rounds: int = 3
) -> dict[str, Any]:
    """The record (a plain mapping, as read from a file) of a played game."""
    return play(rng, edition, players, player, max_rounds=max_rounds).record


# -- writing example files ----------------------------------------------------------------


def _flow(mapping: dict[str, Any]) -> str:
    parts = []
    for key, value in mapping.items():
        if isinstance(value, list):
            text = "[" + ", ".join(_scalar(v) for v in value) + "]"
        else:
            text = _scalar(value)
        parts.append(f"{key}: {text}")
    return "{" + ", ".join(parts) + "}"


def _scalar(value: Any) -> str:
    if isinstance(value, str) and "?" in value:
        return f'"{value}"'  # a plain ? in a flow collection reads as an indicator
    return str(value)


def _event_comment(setup: Setup, event: Any) -> str:
    if not isinstance(event, Peek) or event.sees is None:
        return ""
    notes = []
    if event.says != event.sees.icon:
        notes.append(f"the shepherd's lie: the card is {event.sees.name}")
    elif event.sees.icon not in (event.sees.character, "?"):
        notes.append(f"a disguise: a {event.sees.character} card showing {event.sees.icon}")
    if setup.is_neutral(event.target):
        notes.append("a peek at the neutral hand")
    return "; ".join(notes)


def _declaration_comment(
    game: Rules, hands: Any, declared: Declared, note: str, red_next: bool
) -> str:
    identity = game.identity(hands[declared.seat]).name
    points = EARLY_POINTS if declared.when == "early" else FINAL_POINTS
    if is_correct(game, hands, declared):
        verdict = f"right, +{points}"
    else:
        verdict = "wrong: a mistake" + (" and a red X" if red_next else "")
    return f"{identity}, {verdict} ({note})"


def to_yaml(played: PlayedGame, title: str) -> str:
    """The record as commented YAML: identities, lies, declarations' chances, scores."""
    record = played.record
    game, setup = played.game, played.setup
    lines = [
        *(f"# {line}" if line else "#" for line in title.splitlines()),
        f"game: {record['game']}",
        f"edition: {record['edition']}",
        f"players: {record['players']}",
        "rounds:",
    ]
    totals = dict.fromkeys(range(1, setup.players + 1), 0)
    for raw, played_round in zip(record["rounds"], played.rounds, strict=True):
        round_, score = played_round.round, played_round.score
        number = round_.number
        if number == 1:
            lines.append(f"  # Round {number}, started by seat {raw['start']}.")
        else:
            lines.append(
                f"  # Round {number}, started by seat {raw['start']}, to the left of "
                f"round {number - 1}'s last early declarer."
            )
            if round_.blocked:
                lines.append(
                    "  # Red X from round {}: {} may not declare early.".format(
                        number - 1, ", ".join(f"seat {seat}" for seat in sorted(round_.blocked))
                    )
                )
        lines.append(f"  - start: {raw['start']}")
        lines.append("    hands:")
        for seat, names in raw["hands"].items():
            neutral = " (the neutral hand)" if setup.is_neutral(seat) else ""
            cards = ", ".join(_scalar(name) for name in names)
            lines.append(
                f"      {seat}: [{cards}]".ljust(40) + f"# {round_.identity(seat).name}{neutral}"
            )
        lines.append("    events:")
        for index, raw_event in enumerate(raw["events"]):
            comment = _event_comment(setup, round_.events[index])
            text = f"      - {_flow(raw_event)}"
            lines.append(text.ljust(78) + f"# {index + 1}" + (f": {comment}" if comment else ""))
            if index + 1 == setup.players:
                lines.append("      # (end of the first go-around: early declarations allowed now)")
        lines.append("    declarations:                            # a seat not listed made none")
        for seat, spec in raw["declarations"].items():
            comment = _declaration_comment(
                game,
                round_.hands,
                round_.declarations[seat],
                played_round.notes[seat],
                seat in score.red,
            )
            lines.append(f"      {seat}: {_flow(spec)}".ljust(50) + f"# {comment}")
        for shepherd, fooled in score.bonus.items():
            if fooled:
                lines.append(
                    f"    # the shepherd's bonus: seat {shepherd} +{len(fooled)} (seats "
                    + ", ".join(str(seat) for seat in fooled)
                    + " pointed > where it cried wolf)"
                )
        for seat, points in score.points.items():
            totals[seat] += points
        lines.append(
            "    # scores: "
            + ", ".join(f"{s}: {p}" for s, p in score.points.items())
            + "; totals: "
            + ", ".join(f"{s}: {p}" for s, p in totals.items())
        )
    return "\n".join(lines) + "\n"


SIX_PLAYERS = """A basic game for 6 players, 3 rounds, as a table records it after the game:
every hand revealed, every peek with the card seen and what was said, every
declaration. `wooolf review` replays it from each seat's own knowledge.

Round 1: the shepherd (seat 3) cries wolf on the hound at seat 1, and three
players point their > there: three bonus points for the shepherd; seat 2's wrong
early declaration is a red X that keeps it from declaring early in round 2.
(Generated from real deals and sensible play by tests/gameplay.py, then checked by hand.)"""

FOUR_PLAYERS = """An advanced game for 4 players: the two cards left over form the neutral hand
(seat 5), which never acts but can be peeked at and counts for declarations.
The advanced cards are disguised: sheep/hound shows a hound icon, hound/wolf a wolf.

Round 1: the trusting hunter (seat 2) believes the shepherd's "wolf" about seat 4
and declares early on it: wrong (a mistake and a red X), and a bonus point for the
shepherd. Round 2: seat 3 takes its second mistake marker, which ends the game.
(Generated from real deals and sensible play by tests/gameplay.py, then checked by hand.)"""


def main(argv: list[str]) -> int:
    out = Path(argv[0]) if argv else Path(__file__).resolve().parents[3] / "examples"
    games = [
        ("game-6p-basic.yaml", "basic", 6, 38, SIX_PLAYERS),
        ("game-4p-advanced.yaml", "advanced", 4, 3, FOUR_PLAYERS),
    ]
    for name, edition, players, seed, title in games:
        played = play(random.Random(seed), edition, players, sensible_player)
        (out / name).write_text(to_yaml(played, title), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
