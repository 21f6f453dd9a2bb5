"""The designer's workshop at ``/workshop`` (``wooolf serve``): a deck editor for every
game with a lab, whose figures follow the deck as it is edited.

Each edit starts a **job** (``POST /workshop/api/jobs``) and the page drops the last
one (``replaces``, or ``DELETE``). The mix's exact figures (the game's ``balance``
hook, whatever its ``to_dict()`` gives, when the game has one) are computed in a thread
beside the games: the answer holds them when they take less than :data:`EXACT_WAIT`,
later views otherwise (``exact_pending`` until then). The lab's bots play the mix in
batches in the server's workers (:func:`~wooolf_solver.core.hosting.offload`), and after
a batch the job's figures are the lab's report of every game so far with its verdict
(:func:`~wooolf_solver.lab.verdict.judged`), which the page reads
(``GET /workshop/api/jobs/ID``). The games are the lab runner's tasks, cut in batches
and played in order, so after ``N`` games the figures are those of
``wooolf compare --json --games N`` for the same mix, bots and seed. A new edit
cancels the running job between two batches; the first batch is small (a first
interval soon), the next ones sized to last about :data:`BATCH_SECONDS`.

>>> mix_of({"roles": {"b": 2, "a": 1, "c": 0}})
'a=1,b=2'
>>> mix_of({"mix": "../secret"})
Traceback (most recent call last):
...
wooolf_solver.core.errors.InvalidArgumentError: mix: letters, digits, '=', ',', '-' and '_' \
only, not '../secret'
"""

from __future__ import annotations

import asyncio
import contextlib
import re
import secrets
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from fastapi import APIRouter, Body, Request
from fastapi.responses import FileResponse, HTMLResponse, JSONResponse, Response

from ..core import fields
from ..core.documents import parse_toml, shown
from ..core.errors import InvalidArgumentError, SolverError
from ..core.hosting import offload
from ..core.i18n import page_context
from ..core.pages import render_page
from ..games import available, find_game
from ..games.base import AnyGame
from ..lab.decks import checked, stem_of, toml_text, written
from ..lab.runner import Hooks, Task, bot_names, play_task, table_size, tasks
from ..lab.verdict import judged, shares_text
from .limits import one_line
from .workers import BusyError

router = APIRouter(prefix="/workshop", tags=["workshop"])

PACKAGE = "wooolf_solver.server"
SCRIPT = Path(__file__).with_name("static") / "workshop.js"
MOST_DECK = 100_000
"""The longest deck file the page may send, in characters."""
MIX = re.compile(r"[A-Za-z0-9=,_-]{1,300}")
"""A mix the page may name: an edition, or ``NAME=COPIES,...`` (never a file's path)."""
GAMES = 200
"""The games a job plays unless told."""
MOST_GAMES = 5000
FIRST_BATCH = 2
"""The games of a job's first batch (one a worker: a first interval after one game's
time)."""
BATCH_SECONDS = 0.3
"""What a later batch should last (a new edit's games wait for the last job's batch)."""
EXACT_WAIT = 0.15
"""Seconds the answer to an edit waits for the exact figures."""
MOST_BATCH = 400
RUNNING = 4
"""Jobs running at once (past it, a new one is refused ``503``: the workers are shared)."""
BUSY_TRIES = 20
BUSY_PAUSE = 0.5
"""A batch the workers refuse (busy) is tried again after this many seconds."""
REPORTING = 3
"""The figures are made again once this many times as long as they last to make have
passed (a long job's report grows; making it must not crowd out the games)."""
KEPT = 32
"""Jobs kept (running or not): beyond, the oldest is cancelled and forgotten."""
PLAYERS_TRIED = (5, 8, 6, 4, 10)
"""Player counts tried for a game's default mix when it implies none."""


def play_batch(batch: Sequence[Task[Any, Any, Any]]) -> list[Any]:
    """Play a batch of the runner's tasks, in order (in a worker): their summaries."""
    return [play_task(task).summary for task in batch]


def warm(game: str) -> str:
    """Load a game's lab (in a worker, so that its first batch need not)."""
    find_game(game).lab()
    return game


def mix_of(options: Mapping[str, Any]) -> str:
    """The mix of a job's options: ``roles`` (name -> copies, the zeros left out) or
    ``mix`` (an edition, or ``NAME=COPIES,...``); a file's path is refused."""
    roles = options.get("roles")
    if roles is not None:
        copies = fields.mapping(roles, "roles", error=InvalidArgumentError)
        parts = [
            f"{name}={fields.count(n, f'roles.{name}', error=InvalidArgumentError)}"
            for name, n in sorted(copies.items())
            if n != 0
        ]
        mix = ",".join(parts)
        if not mix:
            raise InvalidArgumentError("roles: at least one card")
    else:
        mix = fields.string(fields.required(options, "mix", "job"), "mix")
    if not MIX.fullmatch(mix) or Path(mix).exists():
        raise InvalidArgumentError(
            f"mix: letters, digits, '=', ',', '-' and '_' only, not {shown(mix[:80])}"
        )
    return mix


def lab_of(name: str) -> tuple[AnyGame, Any]:
    """The game named and its lab: a :class:`~wooolf_solver.games.base.Lab` that is also
    the runner's :class:`~wooolf_solver.lab.runner.Hooks` (so that it plays in batches)."""
    game = find_game(fields.string(name, "game", error=InvalidArgumentError))
    if "simulate" not in game.verbs:
        raise InvalidArgumentError(f"game: {game.title} has no lab")
    lab = game.lab()
    if not isinstance(lab, Hooks):
        raise InvalidArgumentError(f"game: the lab of {game.title} does not play in batches")
    return game, lab


def default_players(lab: Any, mix: str) -> int:
    """A player count the lab's default mix deals for."""
    implied = lab.players_of(mix)
    if implied is not None:
        return int(implied)
    for players in PLAYERS_TRIED:
        try:
            lab.simulations([mix], players, bot_names(lab.default_bots), "0", False)
        except SolverError:
            continue
        return players
    return PLAYERS_TRIED[0]


def roles_of(report: Mapping[str, Any]) -> dict[str, int] | None:
    """A report's deck as name -> copies (``None``: the mix is not a role list)."""
    deck = report.get("deck")
    if isinstance(deck, Mapping):
        return {str(name): int(n) for name, n in deck.items()}
    if isinstance(deck, list):
        return {str(name): deck.count(name) for name in sorted(set(map(str, deck)))}
    return None


@dataclass
class Played:
    """One mix of a job: its simulation, its games' summaries so far and their report
    (with its verdict)."""

    simulation: Any
    summaries: list[Any] = field(default_factory=list)
    figures: dict[str, Any] = field(default_factory=dict)

    def view(self, lab: Any) -> dict[str, Any]:
        """The mix's label, figures and sides (each side's rate in the labs' notation)."""
        return {
            "label": lab.label(self.simulation),
            "figures": self.figures,
            "sides": shares_text(self.figures),
        }


@dataclass
class Job:
    """The edited mix, and the mix it is compared with if any, played in batches: the
    settings, the figures so far and the state."""

    key: str
    game: str
    lab: Any
    """The game's lab (also the runner's hooks)."""
    mixes: list[Played]
    """The edited mix first, then the one it is compared with (``reference``)."""
    games: int
    settings: dict[str, Any]
    started: float = field(default_factory=time.monotonic)
    state: str = "running"
    error: str | None = None
    first: float | None = None
    """Seconds from the start to the first batch's figures."""
    history: list[dict[str, Any]] = field(default_factory=list)
    """The verdict's share each time the figures were made (games, rate, low, high),
    for the plot."""
    task: asyncio.Future[None] | None = None
    exact_task: asyncio.Future[None] | None = None
    """The exact figures' computation (kept, so that it is not collected)."""

    def view(self) -> dict[str, Any]:
        """What ``GET /workshop/api/jobs/ID`` answers."""
        edited, *others = self.mixes
        return {
            "job": self.key,
            "state": self.state,
            "done": len(edited.summaries),
            "games": self.games,
            "seconds": round(time.monotonic() - self.started, 3),
            "first_seconds": self.first,
            "error": self.error,
            **self.settings,
            **edited.view(self.lab),
            "compared": others[0].view(self.lab) if others else None,
            "history": self.history,
        }

    def cancel(self) -> None:
        if self.state == "running":
            self.state = "cancelled"
        if self.task is not None:
            self.task.cancel()


def _jobs(request: Request) -> dict[str, Job]:
    state = request.app.state
    jobs: dict[str, Job] | None = getattr(state, "workshop_jobs", None)
    if jobs is None:
        jobs = state.workshop_jobs = {}
    return jobs


def deck_of(value: Any) -> tuple[str, str]:
    """The deck file of a job's ``deck`` (its document, or its TOML text as a list of
    lines: a body's strings are short): its name and its text, the shape checked here,
    the rest by the game's reader."""
    if isinstance(value, list) and all(isinstance(line, str) for line in value):
        text = "\n".join(value)[:MOST_DECK]
        value = parse_toml(text, error=InvalidArgumentError, source="deck")
    document = checked(value)
    return f"{stem_of(document)}.toml", toml_text(document)


def create(options: Mapping[str, Any]) -> Job:
    """A job from the page's options (``game``, ``deck`` or ``roles`` or ``mix``,
    ``players``, ``bots``, ``seed``, ``games``, ``quick``, ``reference``: a mix to
    compare with), checked at once; not started."""
    known = ("game", "deck", "roles", "mix", "players", "bots", "seed", "games", "quick",
             "replaces", "reference")  # fmt: skip
    raw = fields.only(options, known, "job", error=InvalidArgumentError)
    game, lab = lab_of(fields.required(raw, "game", "job", error=InvalidArgumentError))
    if raw.get("deck") is None:
        return _create(game, lab, raw, mix_of(raw))
    name, text = deck_of(raw["deck"])
    with written(text, name.removesuffix(".toml")) as path:
        try:
            return _create(game, lab, raw, str(path), name)
        except SolverError as error:  # the reader names the file: by its name only
            told = str(error).replace(str(path), name).replace(f"{path.parent}/", "")
            raise InvalidArgumentError(f"deck: {told}") from None


def _create(game: AnyGame, lab: Any, raw: Mapping[str, Any], mix: str, file: str = "") -> Job:
    """A job of ``mix`` (``file``: the name of the deck file ``mix`` is the path of)."""
    asked = raw.get("players")
    wanted = None if asked is None else fields.integer(asked, "players", 1, 99)
    players = table_size(lab, mix, wanted)
    spec = fields.string(raw.get("bots", lab.default_bots), "bots")[:200]
    seed = fields.string(raw.get("seed", "0"), "seed")[:40]
    games = fields.integer(raw.get("games", GAMES), "games", 1, MOST_GAMES)
    quick = fields.boolean(raw.get("quick", True), "quick")
    reference = raw.get("reference") or None
    mixes = [mix]
    if reference is not None:
        mixes.append(mix_of({"mix": reference}))
        table_size(lab, mixes[1], players)
    simulations = lab.simulations(mixes, players, bot_names(spec), seed, not quick)
    labels = [lab.label(simulation) for simulation in simulations]
    if len(set(labels)) < len(labels):
        raise InvalidArgumentError(f"reference: the same mix as the deck ({labels[0]})")
    settings: dict[str, Any] = {
        "game": game.name,
        "mix": file or mix,
        "reference": mixes[1] if reference is not None else None,
        "players": players,
        "bots": spec,
        "seed": seed,
        "quick": quick,
    }
    settings["command"] = _command(settings, lab.role_lists, games)
    played = [Played(simulation) for simulation in simulations]
    for one in played:
        one.figures = judged(lab.report(one.simulation, ()).to_dict())
    job = Job(secrets.token_urlsafe(9), game.name, lab, played, games, settings)
    settings["roles"] = roles_of(played[0].figures)
    settings |= deck_file(game, lab, simulations[0], file)
    return job


def deck_file(game: AnyGame, lab: Any, simulation: Any, file: str = "") -> dict[str, Any]:
    """The deck (``deck``: the deck file's document, ``null`` when the game has none),
    the file the page saves (``deck_file``: ``name`` and ``text``; ``file``: the name it
    was given) and the command that gives its exact figures (``balance_command``)."""
    document = lab.deck_document(simulation)
    if document is None:
        return {"deck": None, "deck_file": None, "balance_command": None}
    name = file or f"{stem_of(document)}.toml"
    command = f"wooolf balance --game {game.name} {name} --json"
    return {
        "deck": document,
        "deck_file": {"name": name, "text": toml_text(document)},
        "balance_command": command if "balance" in game.verbs else None,
    }


def _command(settings: Mapping[str, Any], roles: bool, games: int) -> str:
    """The command line that gives the job's figures (``roles``: the lab takes role lists)."""
    named = " ".join(
        f"--roles {mix}" if roles and "=" in mix else mix
        for mix in (settings["mix"], settings["reference"])
        if mix is not None
    )
    line = f"wooolf compare --game {settings['game']} {named} --players {settings['players']} "
    line += f"--bots {settings['bots']} --seed {settings['seed']} --games {games}"
    return line + (" --quick" if settings["quick"] else "") + " --json"


def exact(game: AnyGame, deck: Mapping[str, str] | None) -> dict[str, Any] | None:
    """The exact figures of a deck file (``deck``: its ``name`` and ``text``) from the
    game's ``balance`` hook, as ``wooolf balance --game GAME FILE`` gives them, with
    their verdict when they give teams' chances (``None``: the game has no such hook
    or no deck file; a failure is told as ``{"error": ...}``)."""
    if "balance" not in game.verbs or deck is None:
        return None
    with written(deck["text"], deck["name"].removesuffix(".toml")) as path:
        try:
            return judged(game.balance(None, path).to_dict())
        except Exception as error:  # a mix the hook refuses (or fails on) keeps its games
            told = str(error).replace(str(path), deck["name"]).replace(f"{path.parent}/", "")
            return {"error": one_line(told or type(error).__name__)}


async def exactly(job: Job, game: AnyGame) -> None:
    """The job's exact figures, in a thread, kept in its settings when done."""
    figures = await asyncio.to_thread(exact, game, job.settings["deck_file"])
    job.settings |= {"exact": figures, "exact_pending": False}


async def _played(request: Any, parts: Sequence[Sequence[Task[Any, Any, Any]]]) -> list[Any]:
    """The batch's parts played at once in the workers; while they are busy (other
    pages' analyses), tried again a little later, :data:`BUSY_TRIES` times at most."""
    for attempt in range(BUSY_TRIES + 1):
        try:
            return list(await asyncio.gather(*(offload(request, play_batch, p) for p in parts)))
        except BusyError:
            if attempt == BUSY_TRIES:
                raise
            await asyncio.sleep(BUSY_PAUSE)
    raise AssertionError("unreachable")


async def _report(job: Job) -> None:
    """Every mix's report of its games so far, with its verdict (in a thread)."""
    for one in job.mixes:
        summaries = tuple(one.summaries)
        report = await asyncio.to_thread(job.lab.report, one.simulation, summaries)
        one.figures = judged(report.to_dict())
    share = job.mixes[0].figures.get("verdict", {}).get("share")
    job.history.append({"games": len(job.mixes[0].summaries), **(share or {})})
    if job.first is None:
        job.first = round(time.monotonic() - job.started, 3)


async def run(job: Job, request: Any) -> None:
    """Play the job's games batch after batch until done or cancelled, two parts at
    once (the two halves of the edited mix's batch, or one batch of each mix when it
    is compared with another); after a batch, the report of every game so far (after
    the last batch, and after others when :data:`REPORTING` allows)."""
    planned = [tasks(job.lab, [one.simulation], job.games) for one in job.mixes]
    edited = job.mixes[0]
    size = FIRST_BATCH
    reported = reporting = 0.0  # when the figures were last made, and how long it took
    try:
        while len(edited.summaries) < job.games and job.state == "running":
            began, done = time.monotonic(), len(edited.summaries)
            parts = [
                (one, games[done : done + size])
                for one, games in zip(job.mixes, planned, strict=True)
            ]
            if len(parts) == 1:  # one mix: its batch in two halves
                batch = parts[0][1]
                half = (len(batch) + 1) // 2
                parts = [(edited, batch[:half]), (edited, batch[half:])]
            parts = [(one, part) for one, part in parts if part]
            results = await _played(request, [part for _, part in parts])
            for (one, _), summaries in zip(parts, results, strict=True):
                one.summaries.extend(summaries)
            per_game = (time.monotonic() - began) / (len(edited.summaries) - done)
            size = max(2, min(MOST_BATCH, int(BATCH_SECONDS / max(per_game, 1e-4))))
            last = len(edited.summaries) >= job.games
            if last or time.monotonic() - reported >= REPORTING * reporting:
                began = time.monotonic()
                await _report(job)
                reported, reporting = time.monotonic(), time.monotonic() - began
        if job.state == "running":
            job.state = "done"
    except asyncio.CancelledError:
        job.state = "cancelled"
    except Exception as error:  # a bot's or a worker's failure ends this job only
        job.state, job.error = "failed", one_line(str(error) or type(error).__name__)


# -- the routes --------------------------------------------------------------------------


def _refused(error: Exception, status: int = 422) -> JSONResponse:
    return JSONResponse({"error": one_line(str(error))}, status)


NO_STORE = {"Cache-Control": "no-store"}
MISSING = {"error": "job: no such job (it ended long ago, or never was)"}


@router.get("", response_class=HTMLResponse, include_in_schema=False)
def page(request: Request, lang: str | None = None) -> HTMLResponse:
    words = page_context(PACKAGE, request.headers.get("accept-language"), lang)
    title = words["_"]("The designer's workshop")
    return HTMLResponse(render_page(PACKAGE, "workshop.html", page_title=title, **words))


@router.get("/workshop.js", include_in_schema=False)
def script() -> FileResponse:
    return FileResponse(SCRIPT, media_type="text/javascript")


@router.get("/api/games")
async def games_route(request: Request) -> Response:
    """Every game with a lab: its default mix, players and bots; the workers are
    warmed for the first (its lab loaded)."""
    out = []
    for name in available():
        game = find_game(name)
        if "simulate" not in game.verbs:
            continue
        lab = game.lab()
        out.append(
            {
                "name": name,
                "title": game.title,
                "mix": lab.default_mix,
                "players": default_players(lab, lab.default_mix),
                "bots": lab.default_bots,
                "role_lists": lab.role_lists,
                "balance": "balance" in game.verbs,
            }
        )
    warming = _warming(request)  # the workers' processes started, each lab loaded
    for entry in out:
        future = asyncio.ensure_future(_quietly(offload(request, warm, entry["name"])))
        warming.add(future)
        future.add_done_callback(warming.discard)
    return JSONResponse({"games": out})


def _warming(request: Request) -> set[asyncio.Future[None]]:
    """The warm-ups under way (kept, so that none is collected before it is done)."""
    state = request.app.state
    warming: set[asyncio.Future[None]] | None = getattr(state, "workshop_warming", None)
    if warming is None:
        warming = state.workshop_warming = set()
    return warming


async def _quietly(work: Any) -> None:
    try:
        await work
    except Exception:  # a warm-up that fails (busy workers) costs nothing
        return


@router.get("/api/deck")
def deck_route(game: str, mix: str, players: int | None = None) -> Response:
    """A mix's deck (name -> copies; ``null`` when the mix is not a role list), its
    label and players (by default a count the mix deals for): what the editor starts
    from."""
    try:
        found, lab = lab_of(game)
        mix = mix_of({"mix": mix})
        count = table_size(lab, mix, players if players else default_players(lab, mix))
        (simulation,) = lab.simulations([mix], count, bot_names(lab.default_bots), "0", False)
        report = lab.report(simulation, ()).to_dict()
    except (SolverError, LookupError) as error:
        return _refused(error)
    label, roles = lab.label(simulation), roles_of(report)
    return JSONResponse(
        {"game": found.name, "mix": mix, "label": label, "players": count, "roles": roles}
        | deck_file(found, lab, simulation)
    )


@router.post("/api/jobs", status_code=201)
async def start_route(request: Request, options: dict[str, Any] = Body()) -> Response:  # noqa: B008
    """Start a job (``game``; ``roles``: name -> copies, or ``mix``; ``players``,
    ``bots``, ``seed``, ``games``, ``quick``; ``replaces``: the job it cancels). The
    answer: the job's view, with the mix's exact figures (``exact``) when they come
    soon (``exact_pending``: not yet)."""
    jobs = _jobs(request)
    replaced = jobs.get(str(options.get("replaces", "")))
    if replaced is not None:
        replaced.cancel()
    running = sum(job.state == "running" for job in jobs.values())
    if running >= RUNNING:
        busy = f"workshop: {running} decks are being played, the most at once; try again soon"
        return JSONResponse({"error": busy}, 503, headers={"Retry-After": "5"})
    try:
        job = await asyncio.to_thread(create, options)
    except (SolverError, LookupError) as error:
        return _refused(error)
    jobs[job.key] = job
    while len(jobs) > KEPT:
        jobs.pop(next(iter(jobs))).cancel()
    job.settings |= {"exact": None, "exact_pending": True}
    figures = job.exact_task = asyncio.ensure_future(exactly(job, find_game(job.game)))
    with contextlib.suppress(TimeoutError):  # the games wait that long for the CPU
        await asyncio.wait_for(asyncio.shield(figures), EXACT_WAIT)
    job.task = asyncio.ensure_future(run(job, request))
    return JSONResponse(job.view(), 201, headers=NO_STORE)


@router.get("/api/jobs/{key}")
def job_route(request: Request, key: str) -> Response:
    """A job's state, progress (``done`` of ``games``) and figures so far."""
    job = _jobs(request).get(key)
    if job is None:
        return JSONResponse(MISSING, 404)
    return JSONResponse(job.view(), headers=NO_STORE)


@router.delete("/api/jobs/{key}")
def cancel_route(request: Request, key: str) -> Response:
    """Cancel a job (its figures so far stay readable)."""
    job = _jobs(request).get(key)
    if job is None:
        return JSONResponse(MISSING, 404)
    job.cancel()
    return JSONResponse(job.view(), headers=NO_STORE)
