"""The peer yardstick: our exact ONUW posterior against TylerYep/wolfbot's own guesses,
on games that wolfbot's bots played, in one run.

Each line of a games file (``games-random.jsonl``, ``games-reg.jsonl``; the format is
in the data's README) holds a public deal record (7 players, the official edition,
every player's claim), the truth (every slot's dealt and dawn card) and wolfbot's
guesses (one assignment of dawn cards, and 40 samples of it). For every game and every
player seat, each method gives a distribution over the dawn card:

- ``free`` and ``mimic`` (and any other speech model): our exact posterior, the record
  read with ``model: {speech: MODEL}``, public view;
- ``wolfbot guess``: wolfbot's one guess (probability 1 on the card it names);
- ``wolfbot frequency``: the share of wolfbot's samples naming each card.

The measures (the data's README; public view, dawn cards, the player seats):

- **seat top-1**: the share of seats whose most likely card is the true one (``k`` cards
  tied at the top, the true one among them, count ``1/k``);
- **log-loss**: the mean of ``-log2(0.99·p + 0.01/R)``, ``p`` the probability of the true
  card and ``R`` the deck's distinct roles (6 here);
- **Brier**: the mean over seats of ``Σ_role (p(role) - [role is true])²``;
- **calibration**: ``P(werewolf at dawn)`` per seat in the lab's 10 equal bins of the forecast
  (:mod:`wooolf_solver.lab.calibration`):
  each bin's mean forecast, observed share and count, and the **calibration error**, the
  count-weighted mean of ``|forecast - observed|`` over the bins.

    python benchmarks/bench_peer.py                          # both files, all methods
    python benchmarks/bench_peer.py --data DIR --games 100   # the first 100 games of each
    python benchmarks/bench_peer.py --skip 200               # the second half of each
    python benchmarks/bench_peer.py --json                   # one JSON object on stdout
    python benchmarks/bench_peer.py --by claim --by liars    # where each Brier score comes from
    python benchmarks/bench_peer.py --limit 60 benchmarks/data/wolfbot13/games-reg.jsonl
    python benchmarks/bench_peer.py --merge part-1.json part-2.json  # runs in parts, pooled

``--by`` splits each method's Brier score into shares by kind of seat (:data:`GROUPS`):
the shares of one method add up to its Brier score, so the difference between two
methods is located where their shares differ.

The games live beside the project (``../shared/data/wolfbot`` from the project's root);
``--data`` names another folder, and files named on the command line are read instead
(``benchmarks/data/wolfbot13/*.jsonl``: wolfbot's default 13-player deck, made by
``benchmarks/wolfbot_games.py``). ``--limit SECONDS`` leaves out, for every method alike,
a game whose forecasts take more processor time than that; a game that a model finds
contradictory (no world fits: an honest claim false in every world) is left out too (the
report lists both).
Progress goes to standard error. A long run may be made in parts (``--skip``/``--games``,
each with ``--json``): ``--merge`` pools their reports into the tables one run gives (the
measures pooled by seats, the calibration bins summed; ``--by`` splits are not pooled).

>>> scores = Scores.of([({"seer": 0.5, "werewolf": 0.5}, "werewolf")], roles=6)
>>> scores.top1, round(scores.log_loss, 4), scores.brier
(0.5, 1.0097, 0.5)
"""

from __future__ import annotations

import argparse
import json
import math
import signal
import sys
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.table import Table

from wooolf_solver.core.speech import SPEECH_MODELS
from wooolf_solver.games.onuw.engines import find_engine
from wooolf_solver.games.onuw.model import knowledge_of
from wooolf_solver.games.onuw.posterior import OnuwPosterior
from wooolf_solver.games.onuw.record import read_record
from wooolf_solver.lab.calibration import BINS, Calibration, bin_of

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT.parent / "shared" / "data" / "wolfbot"
"""Where the peer's games are, by default."""

FILES = ("games-random.jsonl", "games-reg.jsonl")
WEREWOLF = "werewolf"

Forecast = Mapping[str, float]
"""A distribution over a seat's dawn card (cards left out have probability 0)."""


def _brier(forecast: Forecast, truth: str) -> float:
    """``Σ_card (p(card) - [card is true])²``, a true card left out counting 1."""
    return sum((p - (card == truth)) ** 2 for card, p in forecast.items()) + (truth not in forecast)


@dataclass(frozen=True)
class Scores:
    """The measures of one method on one file (see the module)."""

    seats: int
    top1: float
    log_loss: float
    brier: float
    bins: tuple[tuple[float, float, int], ...]
    """Per bin of ``P(werewolf)``: mean forecast, observed share, count (empty bins
    left out)."""

    @classmethod
    def of(cls, forecasts: Iterable[tuple[Forecast, str]], roles: int) -> Scores:
        """The measures of ``(forecast, true card)`` pairs, ``roles`` cards possible."""
        top1 = log_loss = brier = 0.0
        seats = 0
        wolves: list[tuple[float, bool]] = []
        for forecast, truth in forecasts:
            seats += 1
            best = max(forecast.values())
            tied = [card for card, p in forecast.items() if p == best]
            top1 += (truth in tied) / len(tied)
            log_loss -= math.log2(0.99 * forecast.get(truth, 0.0) + 0.01 / roles)
            brier += _brier(forecast, truth)
            wolves.append((forecast.get(WEREWOLF, 0.0), truth == WEREWOLF))
        bins = Calibration.of(wolves).bins
        return cls(
            seats,
            top1 / seats,
            log_loss / seats,
            brier / seats,
            tuple((b.forecast or 0.0, b.observed or 0.0, b.count) for b in bins if b.count),
        )

    @property
    def calibration_error(self) -> float:
        """The count-weighted mean distance between forecast and observed share."""
        total = sum(count for _, _, count in self.bins)
        return sum(abs(f - o) * count for f, o, count in self.bins) / total

    @classmethod
    def pooled(cls, parts: Sequence[Scores]) -> Scores:
        """The measures of the seats of every part together (parts of one file scored in
        separate runs): means weighted by seats, the calibration bins summed.

        >>> a = Scores.of([({"seer": 1.0}, "seer")], 6)
        >>> b = Scores.of([({"seer": 0.5, "werewolf": 0.5}, "werewolf")], 6)
        >>> Scores.pooled([a, b]) == Scores.of([({"seer": 1.0}, "seer"),
        ...     ({"seer": 0.5, "werewolf": 0.5}, "werewolf")], 6)
        True
        """
        seats = sum(part.seats for part in parts)
        forecast, observed, counts = [0.0] * BINS, [0.0] * BINS, [0] * BINS
        for part in parts:
            for mean, share, count in part.bins:
                k = bin_of(mean)
                forecast[k] += mean * count
                observed[k] += share * count
                counts[k] += count

        def mean_of(measure: str) -> float:
            return sum(getattr(part, measure) * part.seats for part in parts) / seats

        return cls(
            seats,
            mean_of("top1"),
            mean_of("log_loss"),
            mean_of("brier"),
            tuple(
                (forecast[k] / counts[k], observed[k] / counts[k], counts[k])
                for k in range(BINS)
                if counts[k]
            ),
        )

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Scores:
        """The measures as :meth:`to_dict` wrote them."""
        bins = tuple((b["forecast"], b["observed"], b["count"]) for b in data["bins"])
        return cls(data["seats"], data["top1"], data["log_loss"], data["brier"], bins)

    def to_dict(self) -> dict[str, Any]:
        return {
            "seats": self.seats,
            "top1": self.top1,
            "log_loss": self.log_loss,
            "brier": self.brier,
            "calibration_error": self.calibration_error,
            "bins": [{"forecast": f, "observed": o, "count": count} for f, o, count in self.bins],
        }


# -- the methods ---------------------------------------------------------------------------

Method = Callable[[Mapping[str, Any]], dict[int, Forecast]]
"""A method: a game's line -> each player seat's forecast."""


IMPOSSIBLE: dict[str, Callable[[int, int], dict[str, Any]]] = {
    "seer": lambda seat, players: {"saw": {str(seat): "seer"}},
    "troublemaker": lambda seat, players: {"swapped": [seat, seat % players + 1]},
}
"""By role, the night keys of one claim no honest player of that role could make (a seer
looking at itself, a troublemaker swapping itself), for the seat ``seat`` of ``players``."""


def restored(game: Mapping[str, Any]) -> dict[str, Any]:
    """The game's record with each of its ``lossy`` claims told again as a claim no honest
    player could make, where the data wrote the bare role.

    The data lost what such a claim said (which card, which centre slot twice, which
    other seat), but no posterior needs it: a claim false in every world makes its
    speaker a liar in every world, and the liar's chance ``q`` of telling it is the same
    whatever the lost part was, so it cancels. Any impossible claim of the role thus
    gives the posterior of the claim that was made; only the bare role (a claim an
    honest player could make) loses the fact that the speaker lied, which the peer's
    solver had.

    >>> game = {"record": {"players": 3, "claims": [{"seat": 2, "role": "troublemaker"}]},
    ...         "lossy": ["troublemaker claim swapping itself"]}
    >>> restored(game)["claims"]
    [{'seat': 2, 'role': 'troublemaker', 'swapped': [2, 3]}]
    """
    record = dict(game["record"])
    claims = [dict(claim) for claim in record.get("claims", [])]
    players = int(record["players"])
    for note in game.get("lossy", []):
        role = str(note).split()[0]
        bare = (c for c in claims if c["role"] == role and set(c) == {"seat", "role"})
        claim = next(bare, None)
        if claim is not None and role in IMPOSSIBLE:
            claim.update(IMPOSSIBLE[role](int(claim["seat"]), players))
    return {**record, "claims": claims}


class ContradictoryError(Exception):
    """A record no world fits under a model (an honest claim false in every world)."""


def solver(speech: str, bare: bool = False) -> Method:
    """Our exact posterior under ``speech``, public view, the lossy claims
    :func:`restored` (read as the data writes them with ``bare``)."""

    def method(game: Mapping[str, Any]) -> dict[int, Forecast]:
        data = dict(game["record"]) if bare else restored(game)
        data["model"] = {**data.get("model", {}), "speech": speech}
        knowledge = knowledge_of(read_record(data))
        tally = find_engine(None).tally(knowledge)
        if tally.deals == 0:  # not solve's search for a minimal conflict: minutes at 13
            raise ContradictoryError
        posterior = OnuwPosterior(knowledge, tally)
        players = int(data["players"])
        return {
            seat: {card: float(p) for card, p in posterior.dawn[seat].items()}
            for seat in range(1, players + 1)
        }

    return method


def wolfbot_guess(game: Mapping[str, Any]) -> dict[int, Forecast]:
    guess = game["wolfbot"]["guess"]
    return {int(seat): {card: 1.0} for seat, card in guess.items() if seat.isdigit()}


def wolfbot_frequency(game: Mapping[str, Any]) -> dict[int, Forecast]:
    samples = game["wolfbot"]["samples"]
    out: dict[int, dict[str, float]] = {}
    for sample in samples:
        for seat, card in sample.items():
            if seat.isdigit():
                seen = out.setdefault(int(seat), {})
                seen[card] = seen.get(card, 0.0) + 1 / len(samples)
    return dict[int, Forecast](out)


def methods(speeches: Sequence[str], bare: bool = False) -> dict[str, Method]:
    chosen: dict[str, Method] = {speech: solver(speech, bare) for speech in speeches}
    chosen["wolfbot guess"] = wolfbot_guess
    chosen["wolfbot frequency"] = wolfbot_frequency
    return chosen


# -- a run ---------------------------------------------------------------------------------


def read_games(path: Path, limit: int | None, skip: int = 0) -> list[dict[str, Any]]:
    """The file's games, the first ``skip`` left out, at most ``limit`` of them."""
    with path.open(encoding="utf-8") as lines:
        games = [json.loads(line) for line in lines if line.strip()][skip:]
    return games[:limit] if limit is not None else games


@dataclass(frozen=True)
class Seat:
    """One player seat of one game: every method's forecast of its dawn card, the truth."""

    game: Mapping[str, Any]
    seat: str
    truth: str
    forecasts: Mapping[str, Forecast]


class OverTimeError(BaseException):
    """A game whose methods took longer than the time limit (processor time); not an
    ``Exception``, so that no handler inside a solver takes it for its own."""


def _over_time(signum: int, frame: object) -> None:
    raise OverTimeError


def within(limit: float | None, game: Mapping[str, Any], chosen: Mapping[str, Method]) -> Any:
    """Every method's forecasts of ``game``, or ``None`` when together they take more
    than ``limit`` seconds of processor time (``None``: no limit)."""
    if limit is None:
        return {name: method(game) for name, method in chosen.items()}
    previous = signal.signal(signal.SIGPROF, _over_time)
    signal.setitimer(signal.ITIMER_PROF, limit)
    try:
        return {name: method(game) for name, method in chosen.items()}
    except OverTimeError:
        return None
    finally:
        signal.setitimer(signal.ITIMER_PROF, 0)
        signal.signal(signal.SIGPROF, previous)


def seats_of(
    games: Sequence[Mapping[str, Any]],
    chosen: Mapping[str, Method],
    progress: Callable[[int], None] = lambda done: None,
    limit: float | None = None,
    left_out: dict[int, str] | None = None,
) -> list[Seat]:
    """Every player seat of ``games``, with each method's forecast; a game over the
    time ``limit`` (seconds of processor time for all methods), or that a model finds
    contradictory, is left out of every method, its number and why set in ``left_out``."""
    seats: list[Seat] = []
    for done, game in enumerate(games, 1):
        try:
            found = within(limit, game, chosen)
            why = "over the time limit"
        except ContradictoryError:
            found, why = None, "no world fits"
        if found is None:
            if left_out is not None:
                left_out[int(game.get("game", done - 1))] = why
            progress(done)
            continue
        seats += [
            Seat(game, seat, card, {name: f[int(seat)] for name, f in found.items()})
            for seat, card in game["truth"]["dawn"].items()
            if seat.isdigit()
        ]
        progress(done)
    return seats


def scores_of(seats: Sequence[Seat]) -> dict[str, Scores]:
    """Every method's measures on ``seats``."""
    roles = len(set(seats[0].game["record"]["deck"])) if seats else 0
    names = seats[0].forecasts if seats else {}
    return {name: Scores.of(((s.forecasts[name], s.truth) for s in seats), roles) for name in names}


def score_file(
    games: Sequence[Mapping[str, Any]],
    chosen: Mapping[str, Method],
    progress: Callable[[int], None] = lambda done: None,
) -> dict[str, Scores]:
    """Every method's measures on ``games``."""
    return scores_of(seats_of(games, chosen, progress))


# -- where the Brier score comes from ----------------------------------------------------


def _dealt(seat: Seat, slot: str | None = None) -> str:
    return str(seat.game["truth"]["dealt"][slot or seat.seat])


def _claim(seat: Seat) -> Mapping[str, Any] | None:
    claims = seat.game["record"].get("claims", [])
    return next((c for c in claims if str(c["seat"]) == seat.seat), None)


def _speaker(seat: Seat) -> str:
    if "check" in seat.game:  # the seats that told their own role's truth, when written
        return "honest" if int(seat.seat) in seat.game["check"]["honest"] else "liar"
    return "liar" if _dealt(seat) == WEREWOLF else "honest"


def _claimed(seat: Seat) -> str:
    claim = _claim(seat)
    if claim is None:
        return f"silent, {_speaker(seat)}"
    told = [key for key in ("saw", "centre") if key in claim]
    return " ".join([claim["role"], *told]) + f", {_speaker(seat)}"


def _liars(seat: Seat) -> str:
    players = [slot for slot in seat.game["truth"]["dealt"] if slot.isdigit()]
    count = sum(_dealt(seat, slot) == WEREWOLF for slot in players)
    return f"{count} werewolves dealt to players"


GROUPS: dict[str, Callable[[Seat], str]] = {
    "speaker": _speaker,
    "claim": _claimed,
    "liars": _liars,
    "moved": lambda seat: "card moved" if _dealt(seat) != seat.truth else "card kept",
    "lossy": lambda seat: "lossy game" if seat.game.get("lossy") else "whole game",
}
"""The ways ``--by`` splits the seats: the speaker (a werewolf dealt, so a liar, or
honest), its claim (role, the kind of look a seer claim tells, liar or honest), how
many werewolves were dealt to players, whether the seat's card moved in the night, and
whether the game's record lost a claim no honest player could make (``lossy``)."""


def brier_by(seats: Sequence[Seat], group: str) -> dict[str, dict[str, Any]]:
    """Per value of ``group``: its seats, and each method's **share** of the Brier score,
    its Brier sum over those seats divided by all the seats (the shares of a method add
    up to its Brier score, so two methods' shares locate the difference).

    >>> game = {"truth": {"dealt": {"1": "werewolf", "2": "seer"}}, "record": {}}
    >>> seats = [Seat(game, "1", "werewolf", {"m": {"werewolf": 0.5, "seer": 0.5}}),
    ...          Seat(game, "2", "seer", {"m": {"seer": 1.0}})]
    >>> brier_by(seats, "speaker")
    {'honest': {'seats': 1, 'brier': {'m': 0.0}}, 'liar': {'seats': 1, 'brier': {'m': 0.25}}}
    """
    label = GROUPS[group]
    out: dict[str, dict[str, Any]] = {}
    for seat in seats:
        row = out.setdefault(label(seat), {"seats": 0, "brier": dict.fromkeys(seat.forecasts, 0.0)})
        row["seats"] += 1
        for name, forecast in seat.forecasts.items():
            row["brier"][name] += _brier(forecast, seat.truth) / len(seats)
    return dict(sorted(out.items()))


MEASURES = ("top1", "log_loss", "brier", "calibration_error")
"""The measures a model is compared on; higher is better for ``top1`` only."""

PEER = ("wolfbot guess", "wolfbot frequency")


def ahead(scores: Mapping[str, Scores], model: str) -> dict[str, bool]:
    """Per measure, whether ``model`` does better than both of the peer's methods.

    >>> sure, half = Scores.of([({"seer": 1.0}, "seer")], 6), Scores.of([({"seer": 0.5,
    ...     "werewolf": 0.5}, "seer")], 6)
    >>> ahead({"mimic": sure, "wolfbot guess": half, "wolfbot frequency": half}, "mimic")
    {'top1': True, 'log_loss': True, 'brier': True, 'calibration_error': True}
    """

    def better(a: Scores, b: Scores, measure: str) -> bool:
        mine, theirs = getattr(a, measure), getattr(b, measure)
        return bool(mine > theirs if measure == "top1" else mine < theirs)

    return {
        measure: all(better(scores[model], scores[peer], measure) for peer in PEER)
        for measure in MEASURES
    }


def verdict(model: str, wins: Mapping[str, bool]) -> str:
    """One line: where ``model`` is ahead of the peer's two methods, and where not."""
    names = {"top1": "top-1", "log_loss": "log-loss", "brier": "Brier"}
    named = {m: names.get(m, m.replace("_", " ")) for m in wins}
    good = [named[m] for m, won in wins.items() if won]
    bad = [named[m] for m, won in wins.items() if not won]
    text = f"{model} against wolfbot's guess and frequency: ahead on {', '.join(good) or 'none'}"
    return text + (f"; behind on {', '.join(bad)}" if bad else " (every measure)")


def table(file: str, scores: Mapping[str, Scores]) -> Table:
    out = Table(title=f"{file}: {next(iter(scores.values())).seats} seats")
    for column in ("method", "seat top-1", "log-loss (bits)", "Brier", "calibration error"):
        out.add_column(column, justify="left" if column == "method" else "right")
    for name, s in scores.items():
        out.add_row(
            name,
            f"{s.top1:.2%}",
            f"{s.log_loss:.2f}",
            f"{s.brier:.3f}",
            f"{s.calibration_error:.3f}",
        )
    return out


def split_table(file: str, group: str, rows: Mapping[str, Mapping[str, Any]]) -> Table:
    """Each method's share of the Brier score by kind of seat (:func:`brier_by`)."""
    names = list(next(iter(rows.values()))["brier"]) if rows else []
    out = Table(title=f"{file}: Brier score by {group} (each method's share)")
    out.add_column(group)
    out.add_column("seats", justify="right")
    for name in names:
        out.add_column(name, justify="right")
    for value, row in rows.items():
        out.add_row(value, str(row["seats"]), *(f"{row['brier'][n]:.4f}" for n in names))
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", type=Path, default=DATA, help="the folder of the games files")
    parser.add_argument(
        "--games", type=int, default=None, help="only the first N games of each file"
    )
    parser.add_argument(
        "--skip", type=int, default=0, help="leave out the first N games of each file"
    )
    parser.add_argument(
        "--speech", default=",".join(SPEECH_MODELS), help="the speech models to score (NAME,...)"
    )
    parser.add_argument(
        "--by",
        choices=sorted(GROUPS),
        action="append",
        default=[],
        help="also split each method's Brier score by this kind of seat (repeatable)",
    )
    parser.add_argument(
        "--bare-lossy",
        action="store_true",
        help="read the lossy claims as the data writes them (bare roles), not restored",
    )
    parser.add_argument(
        "--limit",
        type=float,
        default=None,
        help="leave out a game whose methods take more than SECONDS of processor time",
    )
    parser.add_argument("--json", action="store_true", help="one JSON object on stdout")
    parser.add_argument(
        "files", nargs="*", type=Path, help="games files to read instead of --data's two"
    )
    parser.add_argument(
        "--merge",
        nargs="+",
        type=Path,
        metavar="REPORT",
        help="pool the --json reports of runs on parts of the files (--skip/--games) instead",
    )
    args = parser.parse_args(argv)
    console = Console(width=None if sys.stdout.isatty() else 120)
    if args.merge:
        try:
            report = merged([json.loads(path.read_text(encoding="utf-8")) for path in args.merge])
        except (OSError, ValueError, KeyError) as error:
            print(f"bench_peer: cannot merge the reports: {error}", file=sys.stderr)
            return 2
        return shown(report, args.json, console)
    paths = args.files or [args.data / name for name in FILES]
    missing = [str(path) for path in paths if not path.is_file()]
    if missing:
        print(f"bench_peer: no games file {missing[0]} (see --data)", file=sys.stderr)
        return 2
    chosen = methods([name for name in args.speech.split(",") if name], args.bare_lossy)
    report: dict[str, Any] = {"files": {}}
    for path in paths:
        games = read_games(path, args.games, args.skip)
        start = time.perf_counter()

        def progress(done: int, name: str = path.name, total: int = len(games)) -> None:
            if done % 50 == 0 or done == total:
                print(f"{name}: {done}/{total} games", file=sys.stderr)

        left_out: dict[int, str] = {}
        seats = seats_of(games, chosen, progress, args.limit, left_out)
        if not seats:
            print(f"bench_peer: {path.name}: every game left out", file=sys.stderr)
            continue
        split = {group: brier_by(seats, group) for group in args.by}
        report["files"][path.name] = file_report(
            len(games), left_out, time.perf_counter() - start, scores_of(seats), split
        )
    return shown(report, args.json, console)


def file_report(
    games: int,
    left_out: Mapping[int, str],
    seconds: float,
    scores: Mapping[str, Scores],
    split: Mapping[str, Any] | None = None,
) -> dict[str, Any]:
    """One file's part of the JSON report."""
    models = [name for name in scores if name not in PEER]
    return {
        "games": games,
        "left_out": dict(left_out),
        "seconds": seconds,
        "methods": {name: s.to_dict() for name, s in scores.items()},
        "ahead": {model: ahead(scores, model) for model in models},
        **({"by": dict(split)} if split else {}),
    }


def merged(reports: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
    """One report from the reports of runs on parts of the same files: each file's games,
    left-out games and seconds added up, each method's measures pooled over its seats
    (:meth:`Scores.pooled`); a split by kind of seat is not pooled."""
    names = dict.fromkeys(name for report in reports for name in report["files"])
    files: dict[str, Any] = {}
    for name in names:
        parts = [report["files"][name] for report in reports if name in report["files"]]
        methods = dict.fromkeys(method for part in parts for method in part["methods"])
        missing = [m for m in methods if any(m not in part["methods"] for part in parts)]
        if missing:
            raise ValueError(f"{name}: method {missing[0]!r} is not in every report")
        scores = {
            method: Scores.pooled([Scores.from_dict(part["methods"][method]) for part in parts])
            for method in methods
        }
        left_out = {int(n): why for part in parts for n, why in part["left_out"].items()}
        files[name] = file_report(
            sum(part["games"] for part in parts),
            dict(sorted(left_out.items())),
            sum(part["seconds"] for part in parts),
            scores,
        )
    return {"files": files}


def shown(report: Mapping[str, Any], as_json: bool, console: Console) -> int:
    """Print ``report``: as one JSON object, or each file's tables and verdicts."""
    if as_json:
        print(json.dumps(report))
        return 0
    for name, entry in report["files"].items():
        scores = {m: Scores.from_dict(data) for m, data in entry["methods"].items()}
        console.print(table(name, scores))
        for number, why in entry["left_out"].items():
            console.print(f"game {number} left out: {why}")
        for model, wins in entry["ahead"].items():
            console.print(verdict(model, wins))
        for group, rows in entry.get("by", {}).items():
            console.print(split_table(name, group, rows))
    return 0


if __name__ == "__main__":
    sys.exit(main())
