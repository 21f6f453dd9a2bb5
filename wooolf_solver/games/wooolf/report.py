"""The review as one self-contained HTML page, in the one design of every game.

:func:`frame` puts a :class:`~wooolf_solver.games.wooolf.review.Review` in the generic
review frame (:mod:`wooolf_solver.core.review`) with Wooolf!!'s words: per round, each
seat's best-declaration chance after each event (the plot), its declaration, the
points, mistakes and the shepherd's bonus, the notable moments in plain sentences and
the timeline of events (the shepherd's lies marked); :func:`html_report` renders it
(:func:`wooolf_solver.core.review_page.review_page`).

>>> from wooolf_solver.games.wooolf.game import GameRecord
>>> from wooolf_solver.games.wooolf.review import review
>>> page = html_report(review(GameRecord.load("examples/game-4p-advanced.yaml")))
>>> page.startswith("<!DOCTYPE html>"), page.count("<svg "), "<script" in page
(True, 2, False)
"""

from __future__ import annotations

from dataclasses import replace
from types import MappingProxyType

from ...core.review import Entry, Note, Part, ReviewFrame, SeatLine, Step, Tone, Words
from ...core.review_page import review_page
from ...core.words import exact_percent, plural, seats_in_words
from .game import GameRound
from .record import Ask, Declare, Peek
from .review import Moment, Review, RoundReview
from .rules import Seat
from .words import event_in_words, events_in_words, pointers_in_words

# -- the moments ---------------------------------------------------------------------------


def moment_sentence(round_: GameRound, moment: Moment) -> str:
    """A notable moment in plain sentences (plain text, to be escaped).

    >>> from wooolf_solver.games.wooolf.game import GameRecord
    >>> from wooolf_solver.games.wooolf.review import review
    >>> first = review(GameRecord.load("examples/game-6p-basic.yaml")).rounds[0]
    >>> print(moment_sentence(first.round, first.moments[0]))
    At event 4, seat 3, the shepherd, looked at a hound card of seat 1 and cried “wolf”.
    It misled seats 2, 4 and 5, who pointed at seat 1 as the wolf.
    """
    when = f"At event {moment.event}" if moment.event is not None else "At the end"
    who = f"seat {moment.seat}, the {moment.identity},"
    if moment.kind == "shepherd-lie":
        fooled = (
            f"It misled {seats_in_words(moment.misled)}, who pointed at seat {moment.target} "
            f"as the {moment.said}."
            if moment.misled
            else "Nobody fell for it."
        )
        return (
            f"{when}, {who} looked at a {moment.card} card of seat {moment.target} and cried "
            f"“{moment.said}”. {fooled}"
        )
    targets = round_.game.characters[moment.identity].targets
    made = pointers_in_words(moment.targets, targets)
    outcome = {None: "", True: " It was right.", False: " It was wrong."}[moment.right]
    if moment.kind == "gamble":
        return (
            f"{when}, {who} declared early ({made}) with a {exact_percent(moment.probability)} "
            f"chance of being right: a gamble.{outcome}"
        )
    if moment.kind == "better-declaration":
        best = pointers_in_words(moment.best_targets, targets)
        return (
            f"{when}, {who} declared {made}, which had a {exact_percent(moment.probability)} "
            f"chance, while {best} had {exact_percent(moment.best_probability)}.{outcome}"
        )
    return (
        f"Seat {moment.seat}, the {moment.identity}, was certain of {made} "
        f"{events_in_words(moment.certain_at)}, but did not declare early at its turn "
        f"(event {moment.event})."
    )


# -- the page --------------------------------------------------------------------------------


MOMENT_LABELS: dict[str, tuple[Tone, str]] = {
    "gamble": ("risk", "gamble"),
    "better-declaration": ("missed", "better choice"),
    "unused-certainty": ("missed", "missed"),
    "shepherd-lie": ("lie", "lie"),
}

EVENT_KINDS = {Peek: "peek", Ask: "question", Declare: "declaration"}

WORDS = Words(
    kind="Game review",
    who="Identity",
    move="Declaration",
    chance="Chance then",
    best="best then",
    moments="events (the chance after event k; 0: before the first)",
    curve="best declaration right",
    caption=(
        "How sure each seat could be: the chance that its best declaration is right, from "
        "its own knowledge after each event, exactly. A dot is a declaration that was right, "
        "a cross a wrong one, at the chance it had when made. Shaded: the first go-around "
        "(no early declarations). Red dashes: the shepherd's lies."
    ),
    nothing="Nothing notable: no gamble, no lie, no certainty left unused.",
    footer=(
        "Every chance is exact: counted over every deal consistent with what the seat "
        "knew, never sampled."
    ),
    part_noun="round",
)


def html_report(result: Review) -> str:
    """The whole review as one self-contained HTML page (see the module docstring)."""
    return review_page(frame(result))


def frame(result: Review) -> ReviewFrame:
    """The review in the generic frame, with Wooolf!!'s words.

    >>> from wooolf_solver.games.wooolf.game import GameRecord
    >>> from wooolf_solver.games.wooolf.review import review
    >>> first = frame(review(GameRecord.load("examples/game-6p-basic.yaml"))).parts[0]
    >>> first.title, len(first.moments), first.seats[5].who, first.seats[5].certain_at
    ('Round 1', 15, 'wolf', 10)
    """
    record = result.game
    game, setup = record.game, record.setup
    score = result.score
    return ReviewFrame(
        title=f"{game.title} — {game.editions[setup.edition].title}",
        facts=(
            f"{setup.players} players",
            plural(len(result.rounds), "round"),
            "the game is over" if score.over else "an unfinished game",
        ),
        winners=score.winners,
        outcome=f"with {plural(score.totals[score.winners[0]], 'point')}",
        parts=tuple(round_part(round_review) for round_review in result.rounds),
        words=WORDS,
        totals=score.totals,
        extra=MappingProxyType({"mistakes": score.mistakes}),
    )


def round_part(round_review: RoundReview) -> Part:
    """One round: every seat after every event, the notable moments, the timeline."""
    round_ = round_review.round
    score = round_review.score
    lies = {m.event for m in round_review.moments if m.kind == "shepherd-lie"}
    timeline = tuple(
        Entry(
            event.seat,
            EVENT_KINDS[type(event)],
            event_in_words(round_, event),
            lie=number in lies,
            right=score.correct.get(event.seat) if isinstance(event, Declare) else None,
        )
        for number, event in enumerate(round_.events, 1)
    )
    notes_after = [
        f"The shepherd's bonus: seat {shepherd} +{len(fooled)}, for "
        f"{seats_in_words(fooled)}, whose wolf pointer named a seat where it cried wolf."
        for shepherd, fooled in score.bonus.items()
        if fooled
    ]
    if score.red:
        notes_after.append(
            f"Red X: {seats_in_words(sorted(score.red))} may not declare early next round "
            "(a wrong early declaration)."
        )
    return Part(
        anchor=f"round-{round_.number}",
        title=f"Round {round_.number}",
        facts=tuple(round_facts(round_)),
        moments=tuple(events_in_words(k) for k in range(len(round_.events) + 1)),
        seats=tuple(seat_line(round_review, seat) for seat in round_.hands),
        notes=tuple(moment_note(round_, moment) for moment in round_review.moments),
        timeline=timeline,
        calm=round_.first_go_around,
        calm_words="first go-around",
        grey=frozenset(seat for seat in round_.hands if round_.setup.is_neutral(seat)),
        notes_after=tuple(notes_after),
    )


def seat_line(round_review: RoundReview, seat: Seat) -> SeatLine:
    """A seat's round: its identity and hand, its steps, its points and marks."""
    round_ = round_review.round
    score = round_review.score
    identity = round_.identity(seat).name
    cards = " + ".join(card.name for card in round_.hands[seat])
    review = round_review.seats.get(seat)
    if review is None:
        return SeatLine(seat, identity, f"{cards} · neutral hand")
    steps: tuple[Step[object], ...] = review.steps
    if review.declared is not None and review.declared_after is not None:
        step = steps[review.declared_after]
        if step.made is not None:
            made = replace(step.made, words=f"{review.declared.when}: {step.made.words}")
            steps = tuple(
                replace(s, made=made) if k == review.declared_after else s
                for k, s in enumerate(steps)
            )
    bonus = len(score.bonus.get(seat, ()))
    penalty = ""
    if seat in score.mistakes:
        penalty = "mistake" + (" + red X" if seat in score.red else "")
    return SeatLine(
        seat,
        identity,
        cards,
        steps,
        score.points[seat],
        (f"+{bonus} bonus",) if bonus else (),
        penalty,
    )


def moment_note(round_: GameRound, moment: Moment) -> Note:
    tone, label = MOMENT_LABELS[moment.kind]
    return Note(tone, label, moment_sentence(round_, moment), moment.seat, moment.event)


def round_facts(round_: GameRound) -> list[str]:
    """The line under a round's heading: who starts, how many events, the neutral hand."""
    facts = [f"seat {round_.start} starts", plural(len(round_.events), "event")]
    facts += [
        f"the neutral hand (seat {seat}) is the {round_.identity(seat).name}"
        for seat in round_.hands
        if round_.setup.is_neutral(seat)
    ]
    if round_.blocked:
        facts.append(
            f"red X from round {round_.number - 1}: {seats_in_words(sorted(round_.blocked))}"
        )
    return facts


__all__ = ["frame", "html_report", "moment_sentence"]
