"""The moderator's assistant: a whole game by scripted answers, stopped and resumed,
undo, refusals."""

from __future__ import annotations

import json
import random

import pytest

from wooolf_solver.core.errors import InvalidRecordError
from wooolf_solver.games.werewolf.moderate import Assistant, resume
from wooolf_solver.games.werewolf.record import dump_record, read_record
from wooolf_solver.games.werewolf.rules import Variants
from wooolf_solver.games.werewolf.validate import check_game

DECK = (
    ("cupid", 1), ("defender", 1), ("hunter", 1), ("little-girl", 1), ("piper", 1),
    ("seer", 1), ("thief", 1), ("village-idiot", 1), ("villager", 2), ("werewolf", 2),
    ("witch", 1),
)  # fmt: skip


def pick(rng: random.Random, assistant: Assistant) -> str:
    question = assistant.question()
    assert question is not None
    if question.key == "voters":
        return " ".join(rng.sample(question.options, rng.randint(1, len(question.options))))
    return rng.choice(question.options)


@pytest.mark.parametrize("seed", range(4))
def test_a_whole_scripted_game_stopped_and_resumed(seed: int) -> None:
    rng = random.Random(seed)
    assistant = Assistant(DECK, Variants(reveal=seed % 2 == 0), seed=seed)
    steps = 0
    while assistant.question() is not None:
        assistant.answer(pick(rng, assistant))
        steps += 1
        if steps % 7 == 0:  # closed mid-game, resumed from what was saved
            saved = json.dumps(assistant.to_dict())
            assistant = resume(json.loads(saved))
    record = assistant.record()
    assert read_record(dump_record(record)) == record
    check_game(record)
    lines = assistant.lines()
    assert lines[0] == "Night 1 falls."
    assert lines[-1].endswith(("win.", "wins.", "unfinished."))
    assert any(line.startswith("Show the seer") for line in lines) or "seer" not in str(record)


def test_the_script_follows_the_night_order_and_undo_takes_back() -> None:
    assistant = Assistant(DECK)
    cards = ["thief", "cupid", "defender", "seer", "witch", "piper", "hunter", "villager",
             "villager", "villager", "villager", "village-idiot", "little-girl"]  # fmt: skip
    for card in cards:
        assistant.answer(card)
    question = assistant.question()
    assert question is not None and question.text.startswith("Thief (seat 1), wake up")
    assert question.options == ("werewolf",)  # both left-over cards are werewolves
    assistant.answer("werewolf")
    assert assistant.question().text.startswith("Cupid (seat 2)")  # type: ignore[union-attr]
    assistant.answer("3")
    assistant.undo()
    assert assistant.question().text.startswith("Cupid (seat 2)")  # type: ignore[union-attr]
    assistant.answer("3")
    with pytest.raises(InvalidRecordError, match=r"^answer: '3' is not one of 1, 2, 4,"):
        assistant.answer("3")  # the second lover is another seat
    assert assistant.lines()[1] == "The thief (seat 1) now plays the werewolf."


def test_a_bad_session_is_refused() -> None:
    with pytest.raises(InvalidRecordError, match=r"^session.answers.1: not an answer"):
        resume({"game": "werewolf", "roles": dict(DECK), "answers": ["wizard"]})
    with pytest.raises(InvalidRecordError, match=r"^session: unknown field 'x'"):
        resume({"game": "werewolf", "roles": dict(DECK), "x": 1})
