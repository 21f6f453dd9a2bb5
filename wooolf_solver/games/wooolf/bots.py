"""Bots: players for the game engine, each one class, named in reports by a spec string.

A bot is any object with a ``name`` and ``act(view, legal, rng)`` (:class:`~.table.Bot`,
the generic :class:`wooolf_solver.core.play.Bot`): ``view`` is the bot's own knowledge
(:class:`~.table.TurnView`), ``legal`` its legal moves (:class:`~.state.Moves`). The
library's bots are players (:class:`Player`): in a turn, ``choose(view, rng)`` picks a peek or
a question (an :class:`~.hints.Action`) or :class:`~.table.Declaring` to declare
early; at the end of the round, ``declare(view, rng)`` picks the final declaration
(``None``: none, played as :class:`~.table.Pass`).

Two bots come with the library; ``--bots`` names them with options, ``NAME`` or
``NAME:OPTION=VALUE:OPTION=VALUE`` (:func:`make_bot`):

- ``random``: acts at random. When it may declare early it does so with chance
  ``declare`` (0.3); otherwise it asks one of its questions with chance ``ask`` (0.4)
  to a random player, or peeks at a random seat. Its pointers are random seats or
  nobody; it skips the final declaration with chance ``skip`` (0.3).
- ``greedy``: reasons with the solver (:func:`~wooolf_solver.games.wooolf.hints.hint`). It declares
  early when its best declaration's chance reaches ``early`` (0.9), or on a forced
  guess (no action open to it can change its chances) whose early declaration is worth
  something on average; otherwise it takes the hint's most informative action (with
  chance ``follow``, 1.0; otherwise a random action). It solves first and scores the
  actions only when that decision reads them (a certain or likely enough best
  declaration needs no hint). At the end of the round it makes
  its best declaration when that is worth something on average. **Worth**, the reading
  used: a right declaration scores its points (2 early, 1 final); a wrong one scores
  nothing and takes a mistake marker, counted as ``mistake`` points lost (1.0: two
  markers end the game and markers break ties, so a marker weighs about as much as a
  point). So the final declaration is made when ``p - (1 - p) * mistake > 0``, that is
  ``p > 1/2`` by default, and a forced guess is declared early when
  ``2p - (1 - p) * mistake > 0`` (``p > 1/3``).

>>> make_bot("greedy:early=0.8")
GreedyBot(name='greedy:early=0.8', early=0.8, mistake=1.0, follow=1.0, engine='fast')
>>> make_bot("random").name
'random'
>>> make_bot("greedy:eraly=0.8")
Traceback (most recent call last):
...
wooolf_solver.core.errors.UnknownNameError: bot 'greedy:eraly=0.8': unknown option 'eraly' ...
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from typing import Any, ClassVar

from ...core.errors import InvalidArgumentError, InvalidRecordError, UnknownNameError, did_you_mean
from ...core.play import Legal
from .engines.solver import solve
from .hints import Action, Advice, hint
from .posterior import Declaration, RoundPosterior
from .table import Bot, Declaring, Move, Pass, TurnView


def random_action(view: TurnView, rng: random.Random, ask: float = 0.4) -> Action:
    """A random question (with chance ``ask``, when the bot still holds one) to a
    random player, else a peek at a random seat."""
    questions = view.round.questions or ()
    if questions and rng.random() < ask:
        question = rng.choice(questions)
        return Action("ask", rng.choice(view.others(askable=True)), question)
    return Action("peek", rng.choice(view.others()))


def random_targets(view: TurnView, rng: random.Random) -> tuple[int, ...]:
    """One random pointer per target: another seat, or nobody (0)."""
    identity = view.round.identity(view.seat)
    return tuple(rng.choice([0, *view.others()]) for _ in identity.targets)


class Player:
    """A bot made of two decisions: a turn's move, and the final declaration."""

    name: str

    def act(self, view: TurnView, legal: Legal[Move], rng: random.Random) -> Move:
        """The move: :meth:`choose` in a turn, :meth:`declare` at the end."""
        if view.final:
            return self.declare(view, rng) or Pass()
        return self.choose(view, rng)

    def choose(self, view: TurnView, rng: random.Random) -> Move:
        """A turn's move."""
        raise NotImplementedError

    def declare(self, view: TurnView, rng: random.Random) -> Declaring | None:
        """The final declaration, or ``None``."""
        raise NotImplementedError


@dataclass(frozen=True)
class RandomBot(Player):
    """Plays at random (see the module docstring)."""

    name: str = "random"
    declare_early: float = 0.3
    ask: float = 0.4
    skip: float = 0.3

    OPTIONS: ClassVar[dict[str, str]] = {
        "declare": "declare_early",
        "ask": "ask",
        "skip": "skip",
    }

    def choose(self, view: TurnView, rng: random.Random) -> Move:
        if view.must_declare or (view.may_declare and rng.random() < self.declare_early):
            return Declaring(random_targets(view, rng))
        return random_action(view, rng, self.ask)

    def declare(self, view: TurnView, rng: random.Random) -> Declaring | None:
        if rng.random() < self.skip:
            return None
        return Declaring(random_targets(view, rng))


@dataclass(frozen=True)
class GreedyBot(Player):
    """Takes the most informative action and declares when it is sure enough (see the
    module docstring). Subclasses change one decision by overriding one method."""

    name: str = "greedy"
    early: float = 0.9
    mistake: float = 1.0
    follow: float = 1.0
    engine: str = "fast"

    OPTIONS: ClassVar[dict[str, str]] = {"early": "early", "mistake": "mistake", "follow": "follow"}

    def choose(self, view: TurnView, rng: random.Random) -> Move:
        if view.must_declare:
            return self.pick(view, solve(view.round, self.engine))
        if view.may_declare:  # the hint only if the decision reads the actions' scores
            posterior = solve(view.round, self.engine)
            best = best_of(posterior)
            advice = Advice(lambda: best, lambda: hint(view.round, self.engine).actions)
            if self.wants_early(view, advice):
                return self.pick(view, posterior)
        if self.follow < 1.0 and not rng.random() < self.follow:
            return random_action(view, rng)
        return hint(view.round, self.engine).actions[0].action

    def declare(self, view: TurnView, rng: random.Random) -> Declaring | None:
        posterior = solve(view.round, self.engine)
        best = best_of(posterior)
        if not self.worth(best.probability, 1):
            return None
        return self.pick(view, posterior)

    def wants_early(self, view: TurnView, advice: Advice) -> bool:
        """Declare early now: sure enough, or a forced guess worth something."""
        p = advice.best.probability
        return advice.best.certain or p >= self.early or (advice.forced_guess and self.worth(p, 2))

    def worth(self, probability: float, points: int) -> bool:
        """Whether a declaration right with ``probability`` and scoring ``points`` is
        worth something on average, a mistake marker counting ``mistake`` points lost.

        >>> bot = GreedyBot()
        >>> bot.worth(0.5, 1), bot.worth(0.51, 1), bot.worth(0.34, 2)
        (False, True, True)
        """
        return probability * points - (1 - probability) * self.mistake > 0

    def pick(self, view: TurnView, posterior: RoundPosterior) -> Declaring:
        """The declaration to make: the best one."""
        best = best_of(posterior)
        return Declaring(best.targets, f"{best.probability:.0%} sure")


def best_of(posterior: RoundPosterior) -> Declaration:
    """The best declaration of a bot's posterior (its view holds its own hand)."""
    best = posterior.best_declaration()
    if best is None:
        raise InvalidRecordError("viewpoint: a bot's view needs its own hand")
    return best


BOTS: dict[str, type[RandomBot] | type[GreedyBot]] = {"random": RandomBot, "greedy": GreedyBot}
"""The bots ``--bots`` can name."""


def make_bot(spec: str) -> Bot:
    """The bot a spec names: ``NAME`` or ``NAME:OPTION=VALUE:...`` (values are numbers;
    chances between 0 and 1). Its ``name`` is the spec, tidied.

    >>> make_bot("random:skip=0:ask=1").name
    'random:skip=0:ask=1'
    """
    name, *parts = [part.strip() for part in spec.strip().split(":")]
    kind = BOTS.get(name.lower())
    if kind is None:
        near = did_you_mean(name, BOTS)
        raise UnknownNameError(f"unknown bot {name!r}{near}; bots: {', '.join(BOTS)}")
    options: dict[str, Any] = {}
    shown = [name.lower()]
    for part in parts:
        key, equals, text = (piece.strip() for piece in part.partition("="))
        key = key.lower()
        if key not in kind.OPTIONS:
            near, known = did_you_mean(key, kind.OPTIONS), ", ".join(kind.OPTIONS)
            raise UnknownNameError(f"bot {spec!r}: unknown option {key!r}{near}; options: {known}")
        try:
            value = float(text) if equals else float("nan")
        except ValueError:
            value = float("nan")
        field = kind.OPTIONS[key]
        top = float("inf") if field == "mistake" else 1.0
        if not 0.0 <= value <= top:
            limits = "a number of at least 0" if top > 1 else "a number from 0 to 1"
            raise InvalidArgumentError(f"bot {spec!r}: {key} must be {limits}, got {text!r}")
        options[field] = value
        shown.append(f"{key}={value:g}")
    return replace(kind(), name=":".join(shown), **options)
