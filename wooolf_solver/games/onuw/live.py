"""A live ONUW table: one deal played by people and bots, as a pure state machine.

The deal itself (cards, night, claims, ballots, the outcome) is a :class:`.state.OnuwState`,
the same the lab plays with bots; the table adds the clock and the people's forms.
The web server (:mod:`wooolf_solver.server`) keeps one :class:`LiveTable` per table,
stores it as JSON (:meth:`LiveTable.to_json`, :meth:`LiveTable.from_json`) and feeds
it moves and the clock; the table never reads the clock or any global state itself.

- **lobby**: the cards are dealt and the night waits. Each person joins
  (``{"join": {"name": "Eva"}}``); the night starts when the host starts it
  (:meth:`LiveTable.start`, once every person has joined) or when every person has
  said ``{"ready": true}``.
- **night**: the roles of the deck wake in the rules' order, one *step* per role. A
  step lasts exactly its duration (``step_seconds``, or a time drawn at the deal from
  :data:`STEP`, step by step, whether its card is held by a person, by a bot or lies in
  the centre). A woken person's move is taken whenever it comes within the step; at
  the step's end a person who has not acted is given "do nothing" (or, where the role
  may not pass, a random legal move) and is told so (``timed_out``). Bots act at once.
- **day**: ``day_seconds`` of talk; people claim (at most once each) and say they have
  heard enough; a majority of the people ends the day early. Bots never claim.
- **vote**: one secret ballot each, within ``vote_seconds`` (a person who has not voted
  by then votes "nobody" where the edition has that ballot, else a random legal one);
  a bot's ballot comes from :func:`.bots.bot_ballot` (the solver; it is asked by the server,
  off the request path: :meth:`LiveTable.bots_to_vote`, :meth:`LiveTable.bot_vote`).
  When every ballot is in, the deal is resolved: **over**.

The host may pause and resume the clock, hand a seat to a bot, end a deal at once (every
missing move taken as if its time had run out) and deal again with the same seats
(:meth:`LiveTable.again`: the scores add up over the session).

A move that is not the seat's now raises :class:`~wooolf_solver.core.errors.OutOfTurnError`
(HTTP 409); an illegal move raises :class:`~wooolf_solver.core.errors.IllegalMoveError`
(HTTP 422) with one line naming the field.

>>> table = LiveTable.new({"players": 3, "bots": [2, 3], "seed": 1, "step_seconds": 5}, now=0.0)
>>> table.act(1, {"join": {"name": "Eva"}}, now=0.0).view(1)["lobby"]
{'joined': [1], 'ready': [], 'waiting': []}
>>> table.start(now=0.0).advance(15.0)  # three steps pass: the werewolves (bots), 2 in the centre
True
>>> view = table.view(1, now=16.0)
>>> view["phase"], view["card"], view["turn"], view["options"], view["seconds_left"]
('night', 'troublemaker', True, [{}, {'swapped': [2, 3]}], 4)
>>> table.act(1, {"swapped": [2, 3]}, now=17.0).phase  # taken; the step lasts all the same
'night'
>>> table.advance(20.0), table.phase
(True, 'day')
>>> table.act(1, {"heard_enough": True}, now=21.0).phase
'vote'
"""

from __future__ import annotations

import json
import secrets
from collections.abc import Callable, Mapping
from dataclasses import asdict, dataclass, field
from random import Random
from typing import Any, ClassVar, Literal

from ...core.errors import IllegalMoveError, InvalidRecordError, OutOfTurnError
from ...core.play import RandomBot
from .bots import bot_ballot
from .night import NOTHING, Choice, NightEntry, NightState, power_of
from .record import read_record
from .rules import Layout, Rules, Seat, load_rules
from .state import Night, OnuwState, Say, Vote
from .win import Ballot

Phase = Literal["lobby", "night", "day", "vote", "over"]
Move = Mapping[str, Any]

PAUSE = (12.0, 18.0)
"""The default range of a night step's duration, in seconds (drawn step by step, long
enough for a person to read the step and choose)."""

DAY_SECONDS = (10, 3600)
"""The range of a day's length."""

STEP_SECONDS = (1, 120)
"""The range of ``step_seconds``, a night step's fixed duration."""

VOTE_SECONDS = (10, 3600)
"""The range of ``vote_seconds``, the vote's time limit."""

VOTE_DEFAULT = 120
"""The vote's time limit when the table does not set one."""

NAME = 30
"""Characters of a name chosen on joining, at most."""

GRACE = 60.0
"""Seconds the clock may be late: within them the next step starts when the last one
was due to end (every length exact, however seldom the clock is looked at); past them
(a server stopped for a while and started again) it starts now."""

STORED = ("day_seconds", "seed", "phase", "step", "step_started", "heard", "day_ends", "version")
"""The clock's fields of a table, stored beside its state (:meth:`LiveTable.to_json`)."""

SESSION: dict[str, Any] = {
    "names": {},
    "ready": [],
    "step_seconds": None,
    "vote_seconds": None,
    "vote_ends": 0.0,
    "paused": None,
    "timed_out": {},
    "deal": 1,
    "totals": {},
    "copying": {},
    "woke_again": [],
}
"""The lobby's, the host's and the session's fields, with their values in a table
stored before they existed (a table read back gets these when they are missing)."""

OPTIONS: tuple[str, ...] = ("game", "edition", "players", "bots", "deck", "day_seconds", "seed")
OPTIONS += ("step_seconds", "vote_seconds")
"""A new table's options."""


# -- option forms ----------------------------------------------------------------------


def option_of(role: str, choice: Choice, layout: Layout) -> dict[str, Any]:
    """A night choice in the contract's form (``{"saw": 3}``, ``{"took": "c2"}``, ``{}``).

    >>> layout = Layout(5, 2)
    >>> option_of("seer", (6, 7), layout), option_of("troublemaker", (1, 4), layout)
    ({'centre': ['c1', 'c2']}, {'swapped': [1, 4]})
    """
    if not choice:
        return {}
    names = [layout.name(slot) for slot in choice]
    if role == "seer":
        return {"saw": choice[0]} if layout.is_seat(choice[0]) else {"centre": names}
    if role == "robber":
        return {"robbed": choice[0]}
    if role == "troublemaker":
        return {"swapped": list(choice)}
    if role == "drunk":
        return {"took": names[0]}
    return {"centre": names}  # a lone werewolf's look


NIGHT_KEYS = ("copied", "saw", "centre", "robbed", "swapped", "took")


def _normal(move: Move) -> dict[str, Any]:
    """A night move with seats as numbers and centre slots as lower-case names."""
    out: dict[str, Any] = {}
    for key, value in move.items():
        if isinstance(value, list):
            out[key] = sorted(
                (_slot_value(item) for item in value), key=lambda item: (str(type(item)), item)
            )
        else:
            out[key] = _slot_value(value)
    return out


def _json(data: dict[str, Any]) -> dict[str, Any]:
    """``data`` as JSON gives it back (seats as keys become text), so that the state
    is the same before and after it is stored."""
    back: dict[str, Any] = json.loads(json.dumps(data))
    return back


def _slot_value(value: Any) -> Any:
    if isinstance(value, str):
        text = value.strip().lower()
        return int(text) if text.isascii() and text.isdigit() and len(text) <= 6 else text
    return value


def _seconds(options: Mapping[str, Any], key: str, bounds: tuple[int, int], default: Any) -> Any:
    """The option ``key``, a whole number of seconds within ``bounds`` (or ``default``).

    >>> _seconds({"vote_seconds": 5}, "vote_seconds", (10, 60), 30)
    Traceback (most recent call last):
    ...
    wooolf_solver.core.errors.IllegalMoveError: vote_seconds: a number of seconds in 10..60, not 5
    """
    value = options.get(key)
    if value is None:
        return default
    low, high = bounds
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise IllegalMoveError(f"{key}: a number of seconds in {low}..{high}, not {value!r}")
    return value


def _name(raw: Any) -> str:
    """A name chosen on joining: 1 to :data:`NAME` printable characters.

    >>> _name({"name": "  Eva "}), _name({"name": "李小龍"})
    ('Eva', '李小龍')
    >>> _name({"name": ""})
    Traceback (most recent call last):
    ...
    wooolf_solver.core.errors.IllegalMoveError: join.name: a name of 1 to 30 printable characters
    """
    name = raw.get("name") if isinstance(raw, Mapping) else None
    text = name.strip() if isinstance(name, str) else ""
    if not 1 <= len(text) <= NAME or not text.isprintable() or set(raw) != {"name"}:
        raise IllegalMoveError(f"join.name: a name of 1 to {NAME} printable characters")
    return text


# -- the table -------------------------------------------------------------------------


@dataclass
class Step:
    """One role's turn at night."""

    role: str
    pause: float
    """Its least duration, in seconds."""
    seats: list[Seat]
    """The player seats dealt this role (woken now)."""


@dataclass
class LiveTable:
    """One deal at a live table: the deal's :class:`.state.OnuwState` (cards, night,
    claims, ballots) with the clock's parts (the night's steps, the day's end); every
    field is JSON (see :meth:`to_json`)."""

    examples: ClassVar[dict[str, dict[str, Any]]] = {
        "night": {"robbed": 3},
        "nothing": {},
        "claim": {"claim": {"role": "seer", "saw": {"3": "werewolf"}}},
        "heard enough": {"heard_enough": True},
        "ballot": {"ballot": "nobody"},
    }
    """A move of each kind, as the server's API description shows them."""

    state: OnuwState
    day_seconds: int
    seed: int
    steps: list[Step]
    phase: Phase = "lobby"
    step: int = 0
    step_started: float = 0.0
    heard: list[Seat] = field(default_factory=list)
    day_ends: float = 0.0
    version: int = 0
    """Bumped by every change (the server pushes views when it moves)."""
    names: dict[str, str] = field(default_factory=dict)
    """Seat (as text) -> the name it chose on joining (a seat there has joined)."""
    ready: list[Seat] = field(default_factory=list)
    step_seconds: int | None = None
    """Every night step's duration, when the table set one (else drawn step by step)."""
    vote_seconds: int | None = VOTE_DEFAULT
    vote_ends: float = 0.0
    paused: float | None = None
    """When the host paused the table (``None``: it runs)."""
    timed_out: dict[str, list[str]] = field(default_factory=dict)
    """Seat (as text) -> what time took for it (``"night"``, ``"ballot"``)."""
    deal: int = 1
    """The deal's number in the session (:meth:`again`)."""
    totals: dict[str, int] = field(default_factory=dict)
    """Seat (as text) -> its score over the session's earlier deals."""
    copying: dict[str, int] = field(default_factory=dict)
    """Seat (as text) of a person who copies a card -> the seat it copied, while the
    copied role's own choice is still to come (the copy's second step)."""
    woke_again: list[Seat] = field(default_factory=list)
    """The seats that copied a role waking later (a werewolf, a mason...) and have woken
    with it (what they see then is kept from them until that step)."""

    # -- creating -----------------------------------------------------------------------

    @classmethod
    def new(
        cls,
        options: Mapping[str, Any],
        now: float,
        pause: tuple[float, float] = PAUSE,
        rules: Rules | None = None,
    ) -> LiveTable:
        """A table from the contract's options (``players``, and optionally ``edition``,
        ``bots``, ``deck``, ``day_seconds``, ``seed``, ``step_seconds``,
        ``vote_seconds``), dealt, in its lobby; ``pause``: the range of a night step's
        duration when ``step_seconds`` is not set.

        >>> LiveTable.new({"players": 4, "bots": [5]}, 0.0)
        Traceback (most recent call last):
        ...
        wooolf_solver.core.errors.IllegalMoveError: bots: seat 5 is out of range 1..4
        """
        rules = rules or load_rules()
        try:
            return cls._new(rules, options, now, pause)
        except InvalidRecordError as error:
            raise IllegalMoveError(str(error)) from None

    @classmethod
    def _new(
        cls, rules: Rules, options: Mapping[str, Any], now: float, pause: tuple[float, float]
    ) -> LiveTable:
        for key in options:
            if key not in OPTIONS:
                raise IllegalMoveError(f"{key}: unknown option (known: {', '.join(OPTIONS)})")
        table: dict[str, Any] = {"game": "onuw", "players": options.get("players")}
        for key in ("edition", "bots", "deck"):
            if options.get(key) is not None:
                table[key] = options[key]
        record = read_record(table, rules)
        layout = record.layout
        if len(record.bots) == record.players:
            raise IllegalMoveError("bots: at least one seat must be a person")
        day = _seconds(options, "day_seconds", DAY_SECONDS, 300)
        step_seconds = _seconds(options, "step_seconds", STEP_SECONDS, None)
        vote_seconds = _seconds(options, "vote_seconds", VOTE_SECONDS, VOTE_DEFAULT)
        seed = options.get("seed")
        if seed is None:
            seed = secrets.randbits(63)
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise IllegalMoveError(f"seed: an integer, not {seed!r}")
        people = [seat for seat in layout.seats if seat not in record.bots]
        state = OnuwState(
            rules, record.edition, record.players, record.deck, record.own_deck,
            record.bots, tuple(people), passing=True,
        )  # fmt: skip
        state.chance(Random(seed))
        lengths = Random(f"{seed}:steps")  # apart from the cards: the deck alone counts steps
        steps = []
        for role in rules.wake_order:
            if role.name in record.deck:
                seats = [seat for seat in layout.seats if state.dealt[seat - 1] == role.name]
                length = lengths.uniform(*pause) if step_seconds is None else step_seconds
                steps.append(Step(role.name, length, seats))
        woken = {seat for step in steps for seat in step.seats}
        for seat in layout.seats:  # a card that does not wake: nothing to do at night
            if seat not in woken:
                state.apply(seat, Night(NOTHING))
        return cls(
            state, day, seed, steps, step_started=now,
            step_seconds=step_seconds, vote_seconds=vote_seconds,
        )  # fmt: skip

    def again(self, now: float, pause: tuple[float, float] = PAUSE) -> LiveTable:
        """The session's next deal: the same seats, names, bots and options, a new
        shuffle, the scores so far carried over; in its lobby (every name kept).

        Raises :class:`OutOfTurnError` while this deal is not over.
        """
        if self.phase != "over":
            raise OutOfTurnError("deal: this deal is not over (end it first)")
        options: dict[str, Any] = {
            "edition": self.edition,
            "players": self.players,
            "bots": self.bots,
            "day_seconds": self.day_seconds,
            "step_seconds": self.step_seconds,
            "vote_seconds": self.vote_seconds,
        }
        if self.state.own_deck:
            options["deck"] = self.deck
        following = LiveTable.new(options, now, pause, self.rules)
        following.names = dict(self.names)
        following.deal = self.deal + 1
        following.totals = self.scores()
        following.version = self.version + 1
        return following

    # -- storing ------------------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        """The whole table as JSON-ready data (secret: it holds every card)."""
        data = {name: getattr(self, name) for name in (*STORED, *SESSION)}
        data["steps"] = [asdict(step) for step in self.steps]
        return _json({"state": self.state.to_json(), **data})  # copies: the server changes copies

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> LiveTable:
        """The table :meth:`to_json` wrote (any other field is refused: a row that is
        not one of ours; the session's fields may be missing, in a row stored before
        they existed)."""
        fields = set(data) - set(SESSION)
        if fields != {"state", "steps", *STORED}:
            raise InvalidRecordError(f"table: not a stored table (fields: {', '.join(data)})")
        values = {name: data[name] for name in STORED}
        values["steps"] = [Step(**step) for step in data["steps"]]
        session = {name: data.get(name, default) for name, default in SESSION.items()}
        session["ready"] = list(session["ready"])
        session["copying"] = {seat: int(target) for seat, target in session["copying"].items()}
        session["woke_again"] = list(session["woke_again"])
        return cls(OnuwState.from_json(data["state"]), **values, **session)

    # -- the deal, as the state holds it --------------------------------------------------

    @property
    def rules(self) -> Rules:
        return self.state.rules

    @property
    def layout(self) -> Layout:
        return self.state.layout

    @property
    def edition(self) -> str:
        return self.state.edition

    @property
    def players(self) -> int:
        return self.state.players

    @property
    def deck(self) -> list[str]:
        return list(self.state.deck)

    @property
    def bots(self) -> list[Seat]:
        return sorted(self.state.bots)

    @property
    def people(self) -> list[Seat]:
        """The seats played by people (not those the host handed to a bot)."""
        return [seat for seat in self.state.talkers if seat not in self.state.bots]

    @property
    def dealt(self) -> list[str]:
        """Every slot's dealt card (index ``slot - 1``)."""
        return list(self.state.dealt)

    @property
    def now(self) -> list[str]:
        """Every slot's card as it is now (at dawn once the night is over)."""
        return list(self.state.cards)

    @property
    def acted(self) -> dict[str, dict[str, Any]]:
        """Seat (as text) -> its night entry (record form), once it has woken and acted."""
        woken = {seat for step in self.steps for seat in step.seats}
        acted = {
            str(seat): _json(self._seen(seat, entry).to_dict(self.layout))
            for seat, entry in self.state.entries.items()
            if seat in woken
        }
        for seat, target in self.copying.items():  # the copy made, its second step to come
            copied = NightEntry.of(copied=((target, self.dealt[target - 1]),))
            acted[seat] = _json(copied.to_dict(self.layout))
        return acted

    def _seen(self, seat: Seat, entry: NightEntry) -> NightEntry:
        """``entry`` as far as ``seat`` has seen it now: a copy of a role that wakes
        later shows only ``copied`` until the seat has woken with that role."""
        later = self._wakes_again(seat)
        if later is None or self.phase != "night" or self.step > later or seat in self.woke_again:
            return entry
        return NightEntry(tuple(item for item in entry.items if item[0] == "copied"))

    @property
    def claims(self) -> list[dict[str, Any]]:
        """The claims made, in the record's form."""
        said: list[dict[str, Any]] = self.state.record().to_dict().get("claims", [])
        return [_json(claim) for claim in said]

    @property
    def ballots(self) -> dict[str, Seat | None]:
        """Voter (as text) -> ballot (``None``: nobody)."""
        return {str(voter): ballot for voter, ballot in self.state.votes.items()}

    # -- the night ----------------------------------------------------------------------

    @property
    def current(self) -> Step | None:
        return self.steps[self.step] if self.phase == "night" else None

    def _begin_step(self, now: float) -> None:
        """Start the current step (bots act at once), or the day when none is left."""
        if self.step >= len(self.steps):
            self.phase = "day"
            self.state.chance(Random(f"{self.seed}:day"))  # the order does not bind people
            self.day_ends = now + self.day_seconds
            return
        self.step_started = now
        for seat in self.steps[self.step].seats:
            if seat in self.state.bots:
                self._bot_night(seat)

    def _bot_night(self, seat: Seat) -> None:
        rng = Random(f"{self.seed}:night:{seat}")
        target = self.copying.pop(str(seat), None)
        if target is not None:  # a person's copy, handed to a bot before its second step
            self.state.apply(seat, Night((target, *rng.choice(self._second(seat, target)))))
            return
        legal = self.state.legal(seat)
        self.state.apply(seat, RandomBot().act(self.state.view(seat), legal, rng))

    def _end_step(self, end: float) -> None:
        """End the current step at ``end``: whoever is still woken is given "do
        nothing" (or a random legal move where the role may not pass)."""
        for seat in self.steps[self.step].seats:
            if seat not in self.state.choices:
                target = self.copying.pop(str(seat), None)
                choices = self._second(seat, target) if target else self.night_choices(seat)
                rng = Random(f"{self.seed}:forced:{seat}")
                choice = NOTHING if NOTHING in choices else rng.choice(choices)
                self.state.apply(seat, Night((target, *choice) if target else choice))
                self.timed_out.setdefault(str(seat), []).append("night")
        for seat in self.layout.seats:  # woken with the role it copied, and time ran out
            if self._wakes_again(seat) == self.step and seat not in self.woke_again:
                self.woke_again.append(seat)
                if seat in self.people:
                    self.timed_out.setdefault(str(seat), []).append("night")
        self.step += 1
        self._begin_step(end)

    def start(self, now: float) -> LiveTable:
        """The host starts the night (every person must have joined); the table itself."""
        if self.phase != "lobby":
            raise OutOfTurnError("start: the night has already begun")
        missing = [seat for seat in self.people if str(seat) not in self.names]
        if missing:
            seats = ", ".join(map(str, missing))
            raise OutOfTurnError(
                f"start: waiting for seat(s) {seats} to join (or hand them to bots)"
            )
        self._start(now)
        return self

    def _start(self, now: float) -> None:
        self.phase = "night"
        self.step = 0
        self._begin_step(now)
        self.version += 1

    def night_choices(self, seat: Seat) -> tuple[Choice, ...]:
        """The seat's legal night choices (the people may pass where the role may)."""
        return self.state.night_options(seat)

    def _woken(self, seat: Seat) -> bool:
        step = self.current
        if step is None:
            return False
        if seat in step.seats and seat not in self.state.choices:
            return True
        again = self._wakes_again(seat) == self.step and seat not in self.woke_again
        return again and seat in self.people

    def _copies(self, seat: Seat) -> bool:
        """Whether ``seat`` was dealt a card that copies another (the doppelganger)."""
        return power_of(self.rules.roles[self.dealt[seat - 1]]).copies

    def _second(self, seat: Seat, target: Seat) -> tuple[Choice, ...]:
        """The copied role's own choices of ``seat``, once it copied ``target``."""
        return tuple(c[1:] for c in self.night_choices(seat) if c and c[0] == target)

    def _wakes_again(self, seat: Seat) -> int | None:
        """The night step at which ``seat``, having copied a role that wakes later with
        nothing to choose (a werewolf, the minion, a mason, the insomniac), wakes with
        it; ``None`` for every other seat (a copied seer or robber acts at once)."""
        if not self._copies(seat) or seat not in self.state.choices:
            return None
        choice = self.state.choices[seat]
        name = self.dealt[choice[0] - 1] if choice else None
        if name is None or self._second(seat, choice[0]) != (NOTHING,):
            return None
        steps = [index for index, step in enumerate(self.steps) if step.role == name]
        return steps[0] if steps else None

    def _moves(self, seat: Seat) -> list[tuple[dict[str, Any], Choice | None]]:
        """The woken ``seat``'s moves now, in the contract's form, each with the night
        choice it makes (``None``: a copy whose second step comes next, or a wake with
        the copied role, which chooses nothing)."""
        role = self.dealt[seat - 1]
        if seat in self.state.choices:  # woken again with the role it copied
            return [({}, None)]
        target = self.copying.get(str(seat))
        if target is not None:
            copied = self.dealt[target - 1]
            return [
                (option_of(copied, sub, self.layout), (target, *sub))
                for sub in self._second(seat, target)
            ]
        choices = self.night_choices(seat)
        if self._copies(seat):
            targets = sorted({choice[0] for choice in choices if choice})
            return [({"copied": target}, None) for target in targets]
        state = NightState(self.layout, self.state.dealt, list(self.now), self.state.copies)
        live = power_of(self.rules.roles[role]).options(seat, state, uniform=True)
        kept = [choice for choice in choices if choice in live] or list(choices)
        return [(option_of(role, choice, self.layout), choice) for choice in kept]

    def advance(self, now: float) -> bool:
        """Let time pass (not while paused): end the night steps whose time is over,
        the day when its time is up, the vote's missing people's ballots when its time
        is up. Whether anything changed."""
        if self.paused is not None:
            return False
        changed = False
        while self.phase == "night" and now >= self.step_started + self.steps[self.step].pause:
            end = self.step_started + self.steps[self.step].pause
            self._end_step(end if now - end <= GRACE else now)
            changed = True
        if self.phase == "day" and now >= self.day_ends:
            self._end_day(self.day_ends if now - self.day_ends <= GRACE else now)
            changed = True
        if self.phase == "vote" and self._voters() and now >= self.vote_ends:
            self._time_out_vote()
            changed = True
        if changed:
            self.version += 1
        return changed

    def deadline(self) -> float | None:
        """When :meth:`advance` may next change something by the clock alone."""
        step = self.current
        if self.paused is not None:
            return None
        if step is not None:
            return self.step_started + step.pause
        if self.phase == "day":
            return self.day_ends
        if self.phase == "vote" and self._voters():
            return self.vote_ends
        return None

    def seconds_left(self, now: float) -> int | None:
        """Seconds until the clock moves the table on by itself (the night's step, the
        day, the vote), the same for every seat; ``None`` when it waits for no clock."""
        deadline = self.deadline() if self.paused is None else self._frozen()
        if deadline is None:
            return None
        return max(0, round(deadline - (now if self.paused is None else self.paused)))

    def _frozen(self) -> float | None:
        """The deadline the table had when it was paused."""
        self.paused, paused = None, self.paused
        try:
            return self.deadline()
        finally:
            self.paused = paused

    # -- the host -----------------------------------------------------------------------

    def pause(self, now: float) -> LiveTable:
        """Stop the clock (moves wait too, joining aside); the table itself."""
        if self.phase in ("lobby", "over"):
            raise OutOfTurnError(f"pause: nothing runs in the {self.phase}")
        if self.paused is not None:
            raise OutOfTurnError("pause: the table is already paused")
        self.advance(now)
        self.paused = now
        self.version += 1
        return self

    def resume(self, now: float) -> LiveTable:
        """Let the clock run again, every deadline moved on by the pause's length."""
        if self.paused is None:
            raise OutOfTurnError("resume: the table is not paused")
        gone = max(0.0, now - self.paused)
        self.step_started += gone
        self.day_ends += gone
        self.vote_ends += gone
        self.paused = None
        self.version += 1
        return self

    def hand_to_bot(self, seat: Seat, now: float) -> LiveTable:
        """A bot plays ``seat`` from now on (in this deal and the next ones)."""
        if not 1 <= seat <= self.players:
            raise IllegalMoveError(f"seat: no seat {seat} at this table")
        if seat not in self.people:
            raise OutOfTurnError(f"seat: seat {seat} is already a bot")
        self.state.bots = self.state.bots | {seat}
        if seat in self.ready:
            self.ready.remove(seat)
        step = self.current
        if step is not None and seat in step.seats and seat not in self.state.choices:
            self._bot_night(seat)
        if self.phase == "day" and 2 * len(self._heard_people()) > len(self.people):
            self._end_day(now)
        if self.phase == "lobby" and self.people and set(self.people) <= set(self.ready):
            self._start(now)
        self.version += 1
        return self

    def end(self, now: float) -> LiveTable:
        """End the deal now, every missing move taken as if its time had run out (the
        bots' ballots still come from :meth:`bot_vote`)."""
        if self.phase == "over":
            raise OutOfTurnError("end: the deal is already over")
        self.paused = None
        if self.phase == "lobby":
            self._start(now)
        while self.phase == "night":
            self._end_step(now)
        if self.phase == "day":
            self._end_day(now)
        self._time_out_vote()
        self.version += 1
        return self

    # -- moves --------------------------------------------------------------------------

    def act(self, seat: Seat, move: Move, now: float) -> LiveTable:
        """Apply one person's move (and let time pass first); the table itself.

        Raises :class:`OutOfTurnError` or :class:`IllegalMoveError`; a refused move changes nothing.
        """
        self.advance(now)
        if seat not in self.people:
            raise IllegalMoveError(f"seat: {seat} is not a person's seat")
        if not isinstance(move, Mapping):
            raise IllegalMoveError("move: a JSON object")
        if "join" in move:
            self._join(seat, move)
        elif self.paused is not None:
            raise OutOfTurnError("paused: the host has paused the table")
        elif "ready" in move:
            self._ready(seat, move, now)
        elif "claim" in move:
            self._claim(seat, move)
        elif "heard_enough" in move:
            self._heard(seat, move, now)
        elif "ballot" in move:
            self._ballot(seat, move)
        elif not move or set(move) <= set(NIGHT_KEYS):
            self._night(seat, move)
        else:
            key = next(iter(move))
            raise IllegalMoveError(
                f"{key}: not a move (join, ready, a night option, claim, heard_enough or ballot)"
            )
        self.version += 1
        self.advance(now)
        return self

    def _join(self, seat: Seat, move: Move) -> None:
        if len(move) != 1:
            raise IllegalMoveError("join: a move is one join, alone")
        self.names[str(seat)] = _name(move["join"])

    def _ready(self, seat: Seat, move: Move, now: float) -> None:
        if self.phase != "lobby":
            raise OutOfTurnError("ready: the night has already begun")
        if move.get("ready") is not True or len(move) != 1:
            raise IllegalMoveError("ready: must be true")
        if str(seat) not in self.names:
            raise OutOfTurnError(f"ready: seat {seat} has not joined (join with a name first)")
        if seat not in self.ready:
            self.ready.append(seat)
        if set(self.people) <= set(self.ready):
            self._start(now)

    def _night(self, seat: Seat, move: Move) -> None:
        if not self._woken(seat):
            raise OutOfTurnError("night: it is not this seat's turn at night")
        moves = self._moves(seat)
        wanted = _normal(move)
        for option, choice in moves:
            if _normal(option) != wanted:
                continue
            if choice is not None:
                self.copying.pop(str(seat), None)
                self.state.apply(seat, Night(choice))
            elif seat in self.state.choices:
                self.woke_again.append(seat)
            else:
                self._copy(seat, int(option["copied"]))
            return
        key = next(iter(move), "move")
        legal = "; ".join(str(option) for option, _ in moves)
        raise IllegalMoveError(
            f"{key}: {move[key] if move else '{}'!r} is not a legal move ({legal})"
        )

    def _copy(self, seat: Seat, target: Seat) -> None:
        """The copy's first step: ``seat`` sees ``target``'s card; the copied role's
        choice follows at once when it has one, else the copy is complete."""
        second = self._second(seat, target)
        if len(second) == 1:
            self.state.apply(seat, Night((target, *second[0])))
        else:
            self.copying[str(seat)] = target

    def _claim(self, seat: Seat, move: Move) -> None:
        if self.phase != "day":
            raise OutOfTurnError("claim: claims are made during the day")
        if any(claim.seat == seat for claim in self.state.claims):
            raise OutOfTurnError(f"claim: seat {seat} has already claimed")
        if len(move) != 1:
            raise IllegalMoveError("claim: a move is one claim, alone")
        raw = move["claim"]
        if not isinstance(raw, Mapping):
            raise IllegalMoveError("claim: a mapping {role, ...night keys}")
        if "seat" in raw and raw["seat"] != seat:
            raise IllegalMoveError(f"claim.seat: a seat claims for itself ({seat})")
        claim = {"seat": seat, **{k: v for k, v in raw.items() if k != "seat"}}
        try:
            (said,) = self.state.read_claims([claim])
        except InvalidRecordError as error:
            raise IllegalMoveError(str(error).replace("claim 1", "claim", 1)) from None
        self.state.apply(seat, Say(said))

    def _heard(self, seat: Seat, move: Move, now: float) -> None:
        if self.phase != "day":
            raise OutOfTurnError("heard_enough: only during the day")
        if move.get("heard_enough") is not True or len(move) != 1:
            raise IllegalMoveError("heard_enough: must be true")
        if seat in self.heard:
            raise OutOfTurnError(f"heard_enough: seat {seat} has already said so")
        self.heard.append(seat)
        if 2 * len(self._heard_people()) > len(self.people):
            self._end_day(now)

    def _heard_people(self) -> list[Seat]:
        """Those who said they heard enough and are still people (not handed to bots)."""
        return [seat for seat in self.heard if seat in self.people]

    def _end_day(self, now: float) -> None:
        """The vote begins: whoever has not spoken keeps quiet."""
        turn = self.state.current
        for seat in () if isinstance(turn, str) or self.state.phase != "day" else turn:
            self.state.apply(seat, Say(None))
        self.phase = "vote"
        self.vote_ends = now + (self.vote_seconds or 0)

    def _voters(self) -> list[Seat]:
        """The people whose ballot the vote's time limit would take (none without one)."""
        if self.vote_seconds is None:
            return []
        return [seat for seat in self.people if seat not in self.state.votes]

    def _time_out_vote(self) -> None:
        """Every person's missing ballot: nobody where the edition has that ballot, else
        a random legal one."""
        nobody = self.rules.edition(self.edition).vote.nobody
        for seat in self.people:
            if self.phase == "vote" and seat not in self.state.votes:
                others = [other for other in self.layout.seats if other != seat]
                ballot = None if nobody else Random(f"{self.seed}:ballot:{seat}").choice(others)
                self._cast(seat, ballot)
                self.timed_out.setdefault(str(seat), []).append("ballot")

    def _ballot(self, seat: Seat, move: Move) -> None:
        if self.phase != "vote":
            raise OutOfTurnError(
                "ballot: the vote has not started"
                if self.phase != "over"
                else "ballot: the vote is over"
            )
        if seat in self.state.votes:
            raise OutOfTurnError(f"ballot: seat {seat} has already voted")
        if len(move) != 1:
            raise IllegalMoveError("ballot: a move is one ballot, alone")
        self._cast(seat, self._read_ballot(seat, move["ballot"]))

    def _read_ballot(self, seat: Seat, raw: Any) -> Ballot:
        if isinstance(raw, str) and raw.strip().lower() == "nobody":
            if not self.rules.edition(self.edition).vote.nobody:
                raise IllegalMoveError(f"ballot: the {self.edition} edition has no `nobody` ballot")
            return None
        try:
            target = self.layout.parse(raw, "ballot", seat=True)
        except InvalidRecordError as error:
            raise IllegalMoveError(str(error)) from None
        if target == seat:
            raise IllegalMoveError(f"ballot: seat {seat} cannot vote for itself")
        return target

    def _cast(self, seat: Seat, ballot: Ballot) -> None:
        self.state.apply(seat, Vote(ballot))
        if self.state.is_terminal:
            self.phase = "over"

    # -- bots' ballots ------------------------------------------------------------------

    def bots_to_vote(self) -> list[tuple[Seat, dict[str, Any]]]:
        """The bots that still have to vote, each with its own deal record (what it
        knows: its card, its night, every claim) for :func:`.bots.bot_ballot`."""
        if self.phase != "vote":
            return []
        return [(seat, self.knowledge(seat)) for seat in self.bots if seat not in self.state.votes]

    def bot_vote(self, seat: Seat, ballot: Ballot) -> None:
        """Cast a bot's ballot (from :func:`.bots.bot_ballot`); ignored when not due."""
        if self.phase == "vote" and seat in self.state.bots and seat not in self.state.votes:
            self._cast(seat, ballot)
            self.version += 1

    def knowledge(self, seat: Seat) -> dict[str, Any]:
        """The deal record of what ``seat`` knows now (its view of the state)."""
        return _json(self.state.view(seat).record.to_dict())

    # -- what a seat sees ---------------------------------------------------------------

    def turn(self, seat: Seat) -> bool:
        """Whether ``seat`` must (or may) move now."""
        if self.phase == "night":
            return self._woken(seat)
        if self.phase == "vote":
            return str(seat) not in self.ballots
        return False

    def options(self, seat: Seat) -> list[dict[str, Any]]:
        """The seat's legal moves now, in the contract's forms (claims and heard enough
        are open to every person all day, and are not listed)."""
        if seat in self.bots:
            return []
        if self.phase == "night" and self._woken(seat):
            return [option for option, _ in self._moves(seat)]
        if self.phase == "vote" and str(seat) not in self.ballots:
            ballots: list[dict[str, Any]] = [
                {"ballot": other} for other in self.layout.seats if other != seat
            ]
            if self.rules.edition(self.edition).vote.nobody:
                ballots.append({"ballot": "nobody"})
            return ballots
        return []

    def public(self, now: float | None = None) -> dict[str, Any]:
        """What every seat (and the host) may know now: nothing of any seat's card,
        night or ballot before the deal is over."""
        step = self.current
        public: dict[str, Any] = {
            "phase": self.phase,
            "players": self.players,
            "edition": self.edition,
            "deck": list(self.deck),
            "bots": list(self.bots),
            "people": len(self.people),
            "waking": step.role if step is not None else None,
            "claims": [dict(claim) for claim in self.claims],
            "heard_enough": len(self._heard_people()),
            "seconds_left": None if now is None else self.seconds_left(now),
            "ballots_cast": len(self.ballots) if self.phase in ("vote", "over") else 0,
            "result": self.result() if self.phase == "over" else None,
            "names": dict(self.names),
            "lobby": self._lobby() if self.phase == "lobby" else None,
            "paused": self.paused is not None,
            "deal": self.deal,
            "scores": self.scores(),
            "roles": self.roles_in_play(),
        }
        if now is None and self.phase == "day":
            public["seconds_left"] = 0
        return public

    def view(self, seat: Seat, now: float | None = None) -> dict[str, Any]:
        """Everything ``seat`` may know now, and nothing else."""
        own = self.ballots.get(str(seat), NOTHING)
        return {
            **self.public(now),
            "seat": seat,
            "card": self.dealt[seat - 1],
            "turn": self.turn(seat),
            "options": self.options(seat),
            "night": self.acted.get(str(seat)),
            "claimed": any(claim["seat"] == seat for claim in self.claims),
            "said_heard_enough": seat in self.heard,
            "ballot": None if own == NOTHING else ("nobody" if own is None else own),
            "timed_out": list(self.timed_out.get(str(seat), [])),
        }

    def roles_in_play(self) -> dict[str, dict[str, Any]]:
        """Each role of the deck: when it wakes (the rules' number: the lower, the
        earlier; ``None``: it does not wake) and its team (the pages explain with them).

        >>> roles = LiveTable.new({"players": 3, "seed": 1}, 0.0).roles_in_play()
        >>> roles["werewolf"]["wakes"] < roles["robber"]["wakes"], roles["robber"]["team"]
        (True, 'village')
        """
        return {
            name: {"wakes": self.rules.roles[name].wakes, "team": self.rules.team(name)}
            for name in sorted(set(self.deck))
        }

    def _lobby(self) -> dict[str, list[Seat]]:
        """Who has joined, who is ready, whom the night waits for (public)."""
        joined = [seat for seat in self.people if str(seat) in self.names]
        return {
            "joined": joined,
            "ready": [seat for seat in self.people if seat in self.ready],
            "waiting": [seat for seat in self.people if seat not in joined],
        }

    def scores(self) -> dict[str, int]:
        """Seat (as text) -> its score over the session so far (this deal's once over)."""
        totals = {str(seat): self.totals.get(str(seat), 0) for seat in self.layout.seats}
        if self.phase == "over":
            for seat, points in self.state.result().scores.items():
                totals[str(seat)] += points
        return totals

    # -- the end ------------------------------------------------------------------------

    def result(self) -> dict[str, Any]:
        """The reveal: every dawn (and dealt) card, every night and ballot, the dead,
        the winners, every dawn team and the scores (only once the deal is over)."""
        if self.phase != "over":
            raise OutOfTurnError("result: the deal is not over")
        layout, played, acted = self.layout, self.state.result(), self.acted
        votes = played.record.votes or {}
        return {
            "dawn": {layout.name(slot): played.dawn[slot - 1] for slot in layout.slots},
            "dealt": {layout.name(slot): self.dealt[slot - 1] for slot in layout.slots},
            "night": {str(seat): acted.get(str(seat), {}) for seat in layout.seats},
            "votes": {str(v): "nobody" if b is None else b for v, b in votes.items()},
            "dead": list(played.dead),
            "winners": list(played.winners),
            "teams": {str(seat): team for seat, team in played.teams.items()},
            "scores": {str(seat): points for seat, points in played.scores.items()},
        }

    def record(self) -> dict[str, Any]:
        """The deal's game record (``onuw.md``)."""
        if self.phase != "over":
            raise OutOfTurnError("record: the deal is not over")
        return self.state.result().record.to_dict()


def play_bots(table: LiveTable, solver: Callable[[Mapping[str, Any]], Ballot] = bot_ballot) -> None:
    """Cast every due bot ballot at once with ``solver`` (for tests and scripts)."""
    for seat, knowledge in table.bots_to_vote():
        table.bot_vote(seat, solver(knowledge))
