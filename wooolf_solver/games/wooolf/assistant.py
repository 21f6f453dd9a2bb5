"""The live Wooolf!! assistant at ``/wooolf``: a page to follow a round at a real table.

The player sets up the round (edition, players, their seat and hand), then adds each
event as it happens with a few taps; after each, the page shows the posterior table,
the best declarations, the hint and the why of every certain fact, all from
the game's verbs on a round record built as a dict (:meth:`Round.from_dict`).
The round downloads as a record file that ``wooolf solve`` reads.

It lives in the game's package, not the server's, because every word of it is
Wooolf!!'s (cards, peeks, questions, declarations), and the server stays a host that
mounts it (:attr:`Wooolf.pages <wooolf_solver.games.base.Game.pages>`). A client names only the
built-in editions (never a deck file's path: the server opens no file a client
names), and the analysis runs off the event loop, bounded, in the server's workers
(:mod:`wooolf_solver.server.workers`).

>>> analyse({"game": "wooolf", "players": 6, "viewpoint": 2, "hands": {"2": ["hunter", "sheep"]},
...          "events": [{"seat": 2, "peek": 6, "sees": "wolf"}]})["solve"]["roles"]["6"]
{'wolf': 1.0}
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from fastapi import APIRouter, Body, Request
from fastapi.responses import FileResponse, HTMLResponse, JSONResponse, Response

from ...core.errors import InconsistentRecordError, InvalidRecordError, SolverError
from ...core.hosting import offload
from ...core.i18n import negotiate, page_context, speaking, spoken, texts
from ...core.pages import render_page
from .explain import fact_words
from .plugin import GAME
from .record import Round
from .rules import base_rules

router = APIRouter(prefix="/wooolf", tags=["wooolf assistant"])

SCRIPT = Path(__file__).with_name("templates") / "assistant.js"
SAYS = ("wolf", "hunter", "hound", "sheep", "?")
"""What a peeker may announce."""


def built_in(record: Mapping[str, Any]) -> Mapping[str, Any]:
    """``record``, once its edition proves to be a built-in one (a client never names a
    file for the server to open).

    >>> built_in({"edition": "/etc/passwd.toml"})
    Traceback (most recent call last):
    ...
    wooolf_solver.core.errors.InvalidRecordError: edition: one of the built-in editions (...)
    """
    editions = list(base_rules().editions)
    edition = record.get("edition", "basic")
    if edition not in editions:
        raise InvalidRecordError(f"edition: one of the built-in editions ({', '.join(editions)})")
    return record


def setup(edition: str, players: int) -> dict[str, Any]:
    """What the page offers for a round: its seats, cards, questions and announcements.

    >>> setup("basic", 4)["neutral"], len(setup("basic", 4)["cards"])
    ([5], 7)
    """
    round_ = Round.from_dict(built_in({"game": "wooolf", "edition": edition, "players": players}))
    game, deck = round_.game, round_.setup
    return {
        "editions": list(game.editions),
        "seats": deck.seats,
        "neutral": [seat for seat in range(1, deck.seats + 1) if deck.is_neutral(seat)],
        "cards": [{"name": str(card), "copies": copies} for card, copies in deck.cards],
        "questions": [{"id": q.id, "text": q.text} for q in game.questions.values()],
        "says": list(SAYS),
        "targets": {name: list(c.targets) for name, c in game.characters.items()},
    }


def analyse(record: Mapping[str, Any]) -> dict[str, Any]:
    """Everything the page shows after an event: ``solve`` (the contract's JSON),
    ``identity`` and ``targets`` of the viewpoint, ``hint`` (or why there is none) and
    ``why``: one explanation per certain fact."""
    round_ = Round.from_dict(built_in(record))
    out: dict[str, Any] = {"identity": None, "targets": [], "hint": None, "why": []}
    try:
        posterior = GAME.solve(round_)
    except InconsistentRecordError as error:
        out["solve"] = {"consistent": False, "conflict": list(error.conflict)}
        out["message"] = str(error)
        return out
    out["solve"] = posterior.to_dict()
    viewpoint = round_.viewpoint
    if viewpoint is not None and viewpoint in round_.hands:
        identity = round_.identity(viewpoint)
        out["identity"] = identity.name
        out["targets"] = list(identity.targets)
        try:
            out["hint"] = GAME.hint(round_).to_dict()
        except SolverError as error:
            out["hint_error"] = str(error)
    for fact, explanation in GAME.explanations(round_).items():
        out["why"].append(
            {
                "fact": fact_words(fact, spoken()),
                "events": list(explanation.events),
                "sentences": list(explanation.sentences),
            }
        )
    return out


def answer(record: Mapping[str, Any], lang: str = "en") -> tuple[int, dict[str, Any]]:
    """:func:`analyse`'s answer as an HTTP status and body (plain data, whatever
    happens: it comes back from a worker process); the why's sentences in ``lang``.

    >>> answer({"game": "wooolf", "players": 1})
    (422, {'error': 'players: ...'})
    """
    try:
        with speaking(texts(PACKAGE, lang)):
            return 200, analyse(record)
    except SolverError as error:
        return 422, {"error": _line(error)}


def record_text(record: Mapping[str, Any]) -> str:
    """The round as a YAML record file (checked first: ``wooolf solve`` reads it).

    >>> print(record_text({"game": "wooolf", "players": 4, "events": []}), end="")
    game: wooolf
    players: 4
    events: []
    """
    Round.from_dict(built_in(record))
    lines = []
    for key in ("game", "edition", "players", "viewpoint", "hands", "questions", "events"):
        if key not in record:
            continue
        value = record[key]
        if key == "events":
            lines.append("events:" + ("" if value else " []"))
            lines.extend(f"  - {_flow(event)}" for event in value)
        else:
            lines.append(f"{key}: {_flow(value)}")
    return "\n".join(lines) + "\n"


def _flow(value: Any) -> str:
    """A small value in YAML's flow style (plain scalars, quoted when needed)."""
    if isinstance(value, Mapping):
        return "{" + ", ".join(f"{_flow(k)}: {_flow(v)}" for k, v in value.items()) + "}"
    if isinstance(value, list | tuple):
        return "[" + ", ".join(_flow(item) for item in value) + "]"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    text = str(value)
    if text.replace("-", "").replace("/", "").isalnum() and text not in ("yes", "no"):
        return text
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def _line(error: SolverError) -> str:
    message = " ".join(str(error).split())
    return message if len(message) <= 300 else message[:299] + "…"


def _refused(error: SolverError) -> JSONResponse:
    return JSONResponse({"error": _line(error)}, 422)


PACKAGE = "wooolf_solver.games.wooolf"


@router.get("", response_class=HTMLResponse, include_in_schema=False)
async def page(request: Request) -> HTMLResponse:
    """The page, in the request's language (``?lang=``, else the browser's)."""
    words = page_context(
        PACKAGE, request.headers.get("accept-language"), request.query_params.get("lang")
    )
    title = words["_"]("Wooolf!! (狼來了) assistant")
    return HTMLResponse(render_page(PACKAGE, "assistant.html", page_title=title, **words))


@router.get("/assistant.js", include_in_schema=False)
async def script() -> FileResponse:
    return FileResponse(SCRIPT, media_type="text/javascript")


@router.get("/api/setup")
async def setup_route(edition: str = "basic", players: int = 6) -> Response:
    """The seats, cards, questions and announcements of a round's setup (a built-in
    edition)."""
    try:
        return JSONResponse(setup(edition[:100], players))
    except SolverError as error:
        return _refused(error)


@router.post("/api/analyse")
async def analyse_route(request: Request, record: dict[str, Any] = Body()) -> Response:  # noqa: B008
    """The posterior, the best declarations, the hint and the why of a round record
    (off the event loop, bounded: ``503`` when the server is busy)."""
    lang = negotiate(request.headers.get("accept-language"), request.query_params.get("lang"))
    try:
        built_in(record)
        status, body = await offload(request, answer, record, lang)
        return JSONResponse(body, status)
    except SolverError as error:
        return _refused(error)


@router.post("/api/record")
async def record_route(record: dict[str, Any] = Body()) -> Response:  # noqa: B008
    """The round as a record file (YAML) to download."""
    try:
        text = record_text(record)
    except SolverError as error:
        return _refused(error)
    return Response(
        text,
        media_type="application/yaml",
        headers={"Content-Disposition": 'attachment; filename="round.yaml"'},
    )
