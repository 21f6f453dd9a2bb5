"""The moderator's assistant: a whole game by scripted answers, stopped and resumed,
undo, refusals."""

from __future__ import annotations

import json
import random
import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from wooolf_solver.core.errors import InvalidRecordError
from wooolf_solver.games.werewolf.moderate import Assistant, resume
from wooolf_solver.games.werewolf.record import dump_record, read_record
from wooolf_solver.games.werewolf.rules import Variants
from wooolf_solver.games.werewolf.state import WerewolfState
from wooolf_solver.games.werewolf.validate import check_game

DECK = (
    ("cupid", 1), ("defender", 1), ("hunter", 1), ("little-girl", 1), ("piper", 1),
    ("seer", 1), ("thief", 1), ("village-idiot", 1), ("villager", 2), ("werewolf", 2),
    ("witch", 1),
)  # fmt: skip


GRIEF = re.compile(r"[Ss]eat (\d+)(?: \([a-z-]+\))? dies of grief")


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
    assert lines[0] == "Night 1 falls: everyone, close your eyes."
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
    assert (
        assistant.lines()[1] == "The thief (seat 1) now plays the werewolf. Thief, close your eyes."
    )


def test_a_word_answer_by_its_first_letters() -> None:
    assistant = Assistant(DECK)
    for typed in ["th", "c", "DEF", "se", "wi", "p", "h", "villager", "villager"]:
        assistant.answer(typed)
    with pytest.raises(InvalidRecordError, match=r"^answer: 'vil' begins more than one answer: "):
        assistant.answer("vil")  # village-idiot or villager
    for typed in ["villager", "villager", "village-", "l"]:
        assistant.answer(typed)
    assert assistant.answers[:4] == ["thief", "cupid", "defender", "seer"]
    assert assistant.answers[-2:] == ["village-idiot", "little-girl"]
    assistant.answer("w")  # the thief takes a werewolf
    assistant.answer("1")  # cupid names himself first
    with pytest.raises(InvalidRecordError, match=r"^answer: '1' is not one of 2, 3,"):
        assistant.answer("1")  # a seat's number is never completed (to 10, 11, 12 or 13)
    saved = json.loads(json.dumps(assistant.to_dict()))
    assert resume(saved).answers == assistant.answers


def test_a_bad_session_is_refused() -> None:
    with pytest.raises(InvalidRecordError, match=r"^session.answers.1: not an answer"):
        resume({"game": "werewolf", "roles": dict(DECK), "answers": ["wizard"]})
    with pytest.raises(InvalidRecordError, match=r"^session: unknown field 'x'"):
        resume({"game": "werewolf", "roles": dict(DECK), "x": 1})


def test_the_witch_is_shown_the_victim_first_and_grief_is_named() -> None:
    """Issue 26's gaps: with the healing potion spent the witch's question still names
    the victim and her potions, before her answer; a lover's death of grief is
    announced as such; the cues close and open the players' eyes."""
    assistant = Assistant((("cupid", 1), ("villager", 2), ("werewolf", 1), ("witch", 1)))
    night_1 = ["cupid", "witch", "werewolf", "villager", "villager", "4", "5", "4", "yes", "none"]
    day_1 = ["1"] * 5 + ["1", "1", "1", "4", "4", "2"]  # seat 1, the sheriff, is lynched
    for answer in [*night_1, *day_1, "4"]:
        assistant.answer(answer)
    question = assistant.question()
    assert question is not None and question.text == (
        "Witch (seat 2), wake up: show her the victim, seat 4. Potions left: poison. "
        "Poison whom? (3, 4, 5, none)"
    )
    assistant.answer("none")
    lines = assistant.lines()
    assert "Night 2 falls: everyone, close your eyes." in lines
    assert "The werewolves eat seat 4. Werewolves, close your eyes." in lines
    assert lines[-2:] == [
        "The witch uses no potion. Witch, close your eyes.",
        "Everyone, wake up. Dawn 2: dead: seat 4 (villager). "
        "Seat 5 (villager) dies of grief (the lover of seat 4).",
    ]


def test_names_in_every_line() -> None:
    assistant = Assistant(
        (("seer", 1), ("villager", 1), ("werewolf", 1)), names=("Ann", "Bo", "Cy")
    )
    for answer in ["seer", "villager", "werewolf", "2"]:
        assistant.answer(answer)
    assert assistant.lines()[1:] == [
        "Show the seer (Ann, seat 1) Bo (seat 2)'s card: villager. Seer, close your eyes.",
        "The werewolves are Cy (seat 3).",
    ]
    assert resume(json.loads(json.dumps(assistant.to_dict()))).names == ("Ann", "Bo", "Cy")


@given(st.integers(0, 10**6), st.booleans())
def test_grief_is_announced_exactly_when_the_engine_adds_it(seed: int, reveal: bool) -> None:
    """Each death the engine adds for a lover's grief (seen by wrapping
    ``WerewolfState.grief``) is the one the lines name as a death of grief, at dawn, at
    the hunter's shot or at a lynch; no other death is."""
    added: list[int] = []
    grief = WerewolfState.grief

    def counted(state: WerewolfState, dead: list[int]) -> list[int]:
        out = grief(state, dead)
        added.extend(seat for seat in out if seat not in dead)
        return out

    rng = random.Random(seed)
    deck = (("cupid", 1), ("hunter", 1), ("villager", 2), ("werewolf", 2), ("witch", 1))
    assistant = Assistant(deck, Variants(reveal=reveal), seed=seed)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(WerewolfState, "grief", counted)
        while assistant.question() is not None:
            assistant.answer(pick(rng, assistant))
        added.clear()
        assistant.replay()  # the whole game once
    named = [int(m) for line in assistant.lines() for m in GRIEF.findall(line)]
    assert sorted(named) == sorted(added)
