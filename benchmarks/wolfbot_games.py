"""Games of TylerYep/wolfbot (MIT) with its default deck (13 players, 3 centre cards, all
twelve roles), written in the peer data's format (``../shared/data/wolfbot/README.md``)
for ``benchmarks/bench_peer.py``.

It drives wolfbot, it copies none of it: run it with wolfbot's own Python (3.13, with
wolfbot's dependencies csworkshop, prettyprinter and tqdm) and a checkout of wolfbot:

    python benchmarks/wolfbot_games.py --wolfbot /tmp/wolfbot --wolves random \\
        --games 100 --seed 0 > benchmarks/data/wolfbot13/games-random.jsonl

Game ``n`` is seeded with ``SEED + n`` (Python's ``random``, which wolfbot uses
throughout), so a file is made again exactly from the same wolfbot commit. Each line:

- ``record``: the public record: deck, players, every statement as a claim in speaking
  order (:func:`wolfbot_convert.claim_of`);
- ``lossy``: what a claim said that the format could not hold (a doppelganger's copied
  role; the seat it copied is never said);
- ``truth``: the ``dealt`` and ``dawn`` cards of every slot (the doppelganger card read as
  the role it copied, as our rules read it) and wolfbot's ``winner``;
- ``wolfbot``: its public guess (its solver on every statement, no player's knowledge)
  and 40 more samples of it; a card it guesses ``doppelganger`` is read as the role the
  game's one doppelganger claim says it became, if there is one (public knowledge: the
  peer's solver has no notion of a copied role at dawn);
- ``check``: what ``wolfbot_convert.py --check`` needs, beyond the README's format: each
  seat's night ``choices`` in our terms and the ``honest`` seats (dealt a village card,
  telling one of that role's own true statements).
"""

from __future__ import annotations

import argparse
import json
import logging
import random
import sys
from pathlib import Path
from typing import Any

from wolfbot_convert import DECK, claim_of, copied_said, role_name, slot_name

SAMPLES = 40


def load_wolfbot(checkout: Path, reg_wolves: bool) -> Any:
    """Import wolfbot from ``checkout`` (its own command line left empty) and set its
    wolves' policy; the module ``wolfbot.one_night`` is returned."""
    sys.path.insert(0, str(checkout))
    sys.argv = sys.argv[:1]
    from wolfbot import const, one_night  # noqa: PLC0415
    from wolfbot.log import logger  # noqa: PLC0415

    const.USE_REG_WOLF = reg_wolves
    logger.set_level(logging.WARNING)
    if tuple(role_name(role.value) for role in const.ROLES) != DECK:
        raise SystemExit("wolfbot_games: wolfbot's const.ROLES is not its default deck")
    return one_night


class Night:
    """Every player object wolfbot's night made, by seat (a doppelganger's second one, the
    role it acts as, included), and the cards as dealt and at dawn."""

    def __init__(self, one_night: Any) -> None:
        from wolfbot import roles  # noqa: PLC0415

        self.made: list[Any] = []
        self.dealt: tuple[Any, ...] = ()
        self.dawn: tuple[Any, ...] = ()
        self.players: tuple[Any, ...] = ()
        for name in roles.__all__:
            kind = getattr(roles, name)
            if isinstance(kind, type) and "awake_init" in vars(kind):
                self._watch(kind)
        night_falls = one_night.night_falls

        def watched(original_roles: Any) -> Any:
            self.made.clear()
            self.dealt = tuple(original_roles)
            players, game_roles = night_falls(original_roles)
            self.players, self.dawn = tuple(players), tuple(game_roles)
            self.copied = {
                seat: (player.choice_ind, player.new_role)
                for seat, player in enumerate(players)
                if type(player).__name__ == "Doppelganger"
            }
            return players, game_roles

        one_night.night_falls = watched

    def _watch(self, kind: type) -> None:
        awake = vars(kind)["awake_init"].__func__

        def wrapper(cls: type, player_index: int, game_roles: Any) -> Any:
            player = awake(cls, player_index, game_roles)
            self.made.append(player)
            return player

        kind.awake_init = classmethod(wrapper)  # type: ignore[attr-defined]

    def acted_as(self, seat: int) -> Any | None:
        """The object of the role a doppelganger at ``seat`` (0-based) acted as."""
        first = self.players[seat]
        return next((p for p in self.made if p.player_index == seat and p is not first), None)


def choice_of(player: Any) -> list[int | str]:
    """A wolfbot player's night choice as our slots (see ``night.py``'s powers)."""
    kind = type(player).__name__
    if kind == "Seer":
        looked = [player.choice_1[0], player.choice_2[0]]
        return [slot_name(i) for i in sorted(i for i in looked if i is not None)]
    if kind in ("Robber", "Drunk"):
        return [slot_name(player.choice_ind)]
    if kind == "Troublemaker":
        return [slot_name(i) for i in sorted((player.choice_ind1, player.choice_ind2))]
    if kind == "Wolf" and player.center_index is not None:
        return [slot_name(player.center_index)]
    return []


def choices_of(night: Night) -> dict[str, list[int | str]]:
    out: dict[str, list[int | str]] = {}
    for seat, player in enumerate(night.players):
        if seat in night.copied:
            target, _ = night.copied[seat]
            acted = night.acted_as(seat)
            rest = choice_of(acted) if acted is not None and type(acted).__name__ != "Wolf" else []
            out[str(seat + 1)] = [slot_name(target), *rest]
        else:
            out[str(seat + 1)] = choice_of(player)
    return out


def cards(roles: Any, copied: dict[int, Any]) -> dict[str, str]:
    """Every slot's card; the doppelganger card read as the role a player copied."""
    became = {role_name(role.value) for _, role in copied.values()}
    out = {}
    for index, role in enumerate(roles):
        name = role_name(role.value)
        if name == "doppelganger" and became:
            [name] = became
        out[str(slot_name(index))] = name
    return out


def guesses(statements: Any, said: str | None) -> list[dict[str, str]]:
    """wolfbot's public guess, then :data:`SAMPLES` more."""
    from wolfbot.predictions import make_prediction  # noqa: PLC0415
    from wolfbot.solvers import switching_solver  # noqa: PLC0415

    solutions = tuple(switching_solver(tuple(statements)))
    out = []
    for _ in range(SAMPLES + 1):
        guess = {
            str(slot_name(i)): role_name(r.value) for i, r in enumerate(make_prediction(solutions))
        }
        out.append(
            {
                slot: said if card == "doppelganger" and said else card
                for slot, card in guess.items()
            }
        )
    return out


def play(one_night: Any, night: Night, game: int, seed: int) -> dict[str, Any]:
    """One game, seeded, as a line of the file."""
    random.seed(seed + game)
    result = one_night.play_one_night_werewolf(save_replay=False)
    claims, lossy = [], []
    for seat, statement in enumerate(result.statements):
        claim, note = claim_of(seat + 1, statement.sentence)
        claims.append(claim)
        lossy += [note] if note else []
    from wolfbot import const  # noqa: PLC0415

    honest = [
        seat + 1
        for seat, (player, statement) in enumerate(
            zip(night.players, result.statements, strict=True)
        )
        if night.dealt[seat] in const.VILLAGE_ROLES
        and statement.sentence in {s.sentence for s in player.statements}
    ]
    found = guesses(result.statements, copied_said(lossy))
    record = {
        "game": "onuw",
        "edition": "official",
        "players": const.NUM_PLAYERS,
        "deck": list(DECK),
        "claims": claims,
    }
    return {
        "game": game,
        "record": record,
        "lossy": lossy,
        "truth": {
            "dealt": cards(night.dealt, {}),
            "dawn": cards(night.dawn, night.copied),
            "winner": result.winning_team.name.lower(),
        },
        "wolfbot": {"guess": found[0], "samples": found[1:]},
        "check": {"choices": choices_of(night), "honest": honest},
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--wolfbot", type=Path, required=True, help="a checkout of wolfbot")
    parser.add_argument("--wolves", choices=("random", "reg"), required=True)
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=0, help="game n is seeded SEED + n")
    args = parser.parse_args(argv)
    one_night = load_wolfbot(args.wolfbot, args.wolves == "reg")
    night = Night(one_night)
    for game in range(args.games):
        print(json.dumps(play(one_night, night, game, args.seed)), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
