"""Every result's ``to_dict()`` is exactly what its command prints with ``--json``.

For each golden command line of ``golden_outputs.py`` that prints JSON and succeeds
(every verb of every game on every example, under each speech model), the same
question is asked of the library (:mod:`wooolf_solver.api`, the game's lab for
``simulate`` and ``compare``) and ``json.dumps(result.to_dict())``, as the command line
prints it (:meth:`wooolf_solver.cli.session.Session.json`), must be the golden stdout
byte for byte. ``test_golden_outputs.py`` checks that the command line still prints
the golden files, so the two together say: the library's result and the ``--json``
output are one object.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from contextlib import chdir
from dataclasses import dataclass
from typing import Any

import pytest
from golden_outputs import CASES, ROOT, Golden

from wooolf_solver import api
from wooolf_solver.games import find_game
from wooolf_solver.games.base import Lab
from wooolf_solver.lab.verdict import judged

LAB_VERBS = ("simulate", "compare")


@dataclass(frozen=True)
class Command:
    """A command line taken apart: its verb, its positional arguments (the record
    first, or the mixes), and its options (``--flag`` -> its value, ``""`` for a flag)."""

    verb: str
    positional: tuple[str, ...]
    options: dict[str, str]

    @classmethod
    def parse(cls, argv: Sequence[str]) -> Command:
        verb, *rest = argv
        positional: list[str] = []
        options: dict[str, str] = {}
        words = iter(rest)
        for word in words:
            if not word.startswith("--"):
                positional.append(word)
            elif word in ("--json", "--not", "--quick"):
                options[word] = ""
            else:
                options[word] = next(words)
        return cls(verb, tuple(positional), options)


def answer(command: Command) -> Any:
    """The library's result for a record verb, or its ``--json`` object for the lab."""
    if command.verb in LAB_VERBS:
        return lab_answer(command)
    path, *fact = command.positional
    record = api.read(path, command.verb)
    if "--speech" in command.options:
        game, _ = api.game_of(record)
        record = game.with_speech(record, command.options["--speech"])
    engine = command.options.get("--engine")
    if command.verb == "why":
        seat, identity = fact
        return api.why(record, int(seat), identity, "--not" not in command.options, engine)
    verbs = {"solve": api.solve, "hint": api.hint, "vote": api.vote, "review": api.review}
    return verbs[command.verb](record, engine)


def lab_answer(command: Command) -> dict[str, Any]:
    """``simulate``'s report or ``compare``'s reports, as the command puts them in JSON."""
    lab: Lab = find_game(command.options.get("--game", "wooolf")).lab()
    options = command.options
    mixes = list(command.positional) or [
        options.get("--deck") or options.get("--edition") or lab.default_mix
    ]
    bots = tuple(options.get("--bots", lab.default_bots).split(","))
    simulations = lab.simulations(
        mixes, int(options["--players"]), bots, options["--seed"], "--quick" not in options
    )
    reports = lab.run(simulations, int(options["--games"]), None, None, lambda _: None)
    if command.verb == "simulate":
        (report,) = reports
        return report.to_dict()
    mixes_json = {lab.label(report.simulation): judged(report.to_dict()) for report in reports}
    return {"version": 1, "mixes": mixes_json}


JSON_CASES = [
    case for case in CASES if "--json" in case.argv and Golden.load(case.path).status == 0
]


def test_every_verb_of_every_game_is_covered() -> None:
    """The cases reach every verb with a JSON answer in every game."""
    reached = {(case.name.split("-")[0], case.argv[0]) for case in JSON_CASES}
    verbs = {verb for _, verb in reached}
    assert verbs == {"solve", "hint", "vote", "why", "review", "simulate", "compare"}
    assert {"onuw", "werewolf"} <= {game for game, _ in reached}


@pytest.mark.parametrize("case", JSON_CASES, ids=[case.name for case in JSON_CASES])
def test_to_dict_is_the_json_output(case: Any) -> None:
    golden = Golden.load(case.path)
    with chdir(ROOT):
        result = answer(Command.parse(case.argv))
    data = result if isinstance(result, dict) else result.to_dict()
    assert json.dumps(data, ensure_ascii=False) + "\n" == golden.stdout
