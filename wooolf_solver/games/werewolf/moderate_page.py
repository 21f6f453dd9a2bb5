"""The moderator's page at ``/moderate`` (``wooolf serve``): a classic Werewolf game
moderated from one phone.

The moderator names the players and the deck (the rules' table for the player count
by default), deals here or enters the cards dealt by hand, then taps the answers the
page asks for, in the night's order; the page says what to announce and show. It is
the terminal's assistant (:class:`~.moderate.Assistant`, the same questions, the same
lines, the same state) behind a JSON API: a game is its answers, kept after every tap
in the host's store (:func:`~wooolf_solver.core.hosting.page_store`: the server's
SQLite), so a restart loses nothing and the last tap can be undone. The game's key
(random, in the page's address after ``#``: never sent in a URL, but as
``Authorization: Bearer KEY``; stored only as its digest) is the only way to it. The
record downloads as a file ``wooolf review`` reads.

>>> key, game = start({"roles": {"werewolf": 1, "villager": 2}, "deal": "hand"})
>>> view(game)["question"]["prompt"]
"Seat 1's card?"
>>> setup(8)["deck"]
{'seer': 1, 'villager': 5, 'werewolf': 2}
"""

from __future__ import annotations

import hashlib
import random
import secrets
import threading
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from fastapi import APIRouter, Body, Request
from fastapi.responses import FileResponse, HTMLResponse, JSONResponse, Response

from ...core import fields
from ...core.errors import InvalidRecordError, SolverError
from ...core.hosting import page_store
from ...core.i18n import catalogue, negotiate, page_context
from ...core.pages import render_page
from .moderate import NO, NONE, YES, Assistant, Replay, names_of, resume
from .moderator_words import Words
from .rules import Deck, load_rules, variants_of

router = APIRouter(prefix="/moderate", tags=["werewolf moderator"])

PACKAGE = "wooolf_solver.games.werewolf"
KIND = "werewolf-moderate"
"""The sessions' kind in the host's store."""
MOST = 2000
"""The games kept at most: beyond, the one longest untouched goes."""
SCRIPT = Path(__file__).with_name("templates") / "moderate_page.js"
_LOCK = threading.Lock()
"""One change at a time (read, answer, write)."""


def setup(players: int, messages: Mapping[str, str] | None = None) -> dict[str, Any]:
    """What the setup offers for ``players``: the default deck (the rules' table, or for
    a small table one werewolf, a seer and villagers), every role (``names``: each
    role's name in the page's language), the bounds."""
    rules = load_rules()
    if not rules.small_players <= players <= rules.max_players:
        raise InvalidRecordError(
            f"players: from {rules.small_players} to {rules.max_players}, not {players}"
        )
    table = players in rules.table
    deck: Deck = (
        rules.table[players] if table else (("seer", 1), ("villager", players - 2), ("werewolf", 1))
    )
    return {
        "players": players,
        "deck": dict(deck),
        "table": table,
        "roles": [
            {"name": role.name, "team": role.team, "repeat": role.repeat}
            for role in rules.roles.values()
        ],
        "names": {name: Words(messages=messages or {}).card(name) for name in rules.roles},
        "least": rules.small_players,
        "most": rules.max_players,
    }


def start(options: Mapping[str, Any]) -> tuple[str, Assistant]:
    """A new game from the setup's choices (``roles``, ``names``, ``deal``: ``shuffle``
    to deal here, ``hand`` to enter each card; ``rules``: the variants): its key."""
    raw = fields.only(options, ("roles", "names", "deal", "rules"), "game")
    rules = load_rules()
    deck = rules.check_deck(fields.required(raw, "roles", "game"), None, "roles")
    players = sum(n for _, n in deck)
    names = names_of(raw.get("names", []), players, "names")
    deal = fields.choice(raw.get("deal", "hand"), "deal", ("shuffle", "hand"))
    game = Assistant(deck, variants_of(raw.get("rules")), [], secrets.randbelow(2**31), rules,
                     names)  # fmt: skip
    if deal == "shuffle":
        cards = [name for name, n in rules.cards(deck) for _ in range(n)]
        random.SystemRandom().shuffle(cards)
        for card in cards[:players]:
            game.answer(card)
    return secrets.token_urlsafe(16), game


def view(game: Assistant) -> dict[str, Any]:
    """What the page shows: the question and its options, every line so far, the table
    (each seat's card and state, for the moderator's eyes), the winner once over."""
    replay = game.replay()
    question = replay.question
    out: dict[str, Any] = {
        "step": len(game.answers),
        "players": sum(n for _, n in game.deck),
        "names": list(game.names),
        "deck": dict(game.deck),
        "lines": game.lines(replay),
        "question": None,
        "table": _table(game, replay),
        "night": replay.state.night if replay.state is not None else 0,
        "winner": None if replay.outcome is None else replay.outcome.winner,
        "over": question is None,
    }
    if question is not None:
        out["question"] = {
            "key": question.key,
            "prompt": question.prompt,
            "options": [{"value": o, "label": _label(o, game.words)} for o in question.options],
            "many": question.key == "voters",
        }
    return out


def _label(option: str, words: Words) -> str:
    """An answer's button: a seat with its player's name, a card in the page's language."""
    if option.isdigit():
        name = words.name(int(option))
        return f"{option} · {name}" if name else option
    if option in (NONE, YES, NO):
        return words(f"answer.{option}")
    return words.card(option)


def _table(game: Assistant, replay: Replay) -> list[dict[str, Any]]:
    state = replay.state
    players = sum(n for _, n in game.deck)
    rows = []
    for seat in range(1, players + 1):
        row: dict[str, Any] = {"seat": seat, "name": game.names[seat - 1] if game.names else ""}
        if state is None:
            row["card"] = game.answers[seat - 1] if seat <= len(game.answers) else ""
            row["shown"] = game.words.card(row["card"]) if row["card"] else ""
            rows.append(row)
            continue
        row |= {
            "card": state.roles[seat],
            "shown": game.words.card(state.roles[seat]),
            "alive": seat in state.living,
            "sheriff": state.sheriff == seat,
            "lover": seat in (state.lovers or ()),
            "charmed": seat in state.charmed,
        }
        if state.roles[seat] == "witch":
            row["potions"] = [
                potion
                for potion, spent in (("heal", state.healed), ("poison", state.poisoned))
                if seat not in spent
            ]
        rows.append(row)
    return rows


# -- the routes --------------------------------------------------------------------------


def _refused(error: SolverError, status: int = 422) -> JSONResponse:
    message = " ".join(str(error).split())
    return JSONResponse({"error": message[:300]}, status)


def _slot(request: Request) -> str:
    """Where the game of the request's key is kept: the key's digest (the key itself,
    ``Authorization: Bearer KEY``, is never stored nor put in a URL)."""
    header = request.headers.get("authorization", "")
    scheme, _, key = header.partition(" ")
    if scheme.lower() != "bearer" or not 0 < len(key.strip()) <= 100:
        raise LookupError("no key")
    return _digest(key.strip())


def _digest(key: str) -> str:
    return hashlib.sha256(key.encode()).hexdigest()


def _load(request: Request) -> tuple[str, Assistant]:
    """The request's game, in the request's language (``?lang=``, else the browser's)."""
    slot = _slot(request)
    saved = page_store(request).kept(KIND, slot)
    if saved is None:
        raise LookupError(slot)
    game = resume(saved)
    game.messages = _messages(request, request.query_params.get("lang"))
    return slot, game


def _messages(request: Request, lang: str | None) -> Mapping[str, str]:
    return catalogue(PACKAGE, negotiate(request.headers.get("accept-language"), lang))


NO_STORE = {"Cache-Control": "no-store", "Referrer-Policy": "no-referrer"}
MISSING = {"error": "game: no game with this key (Authorization: Bearer KEY)"}


@router.get("", response_class=HTMLResponse, include_in_schema=False)
def page(request: Request, lang: str | None = None) -> HTMLResponse:
    words = page_context(PACKAGE, request.headers.get("accept-language"), lang)
    title = words["_"]("Werewolf — the moderator")
    return HTMLResponse(
        render_page(PACKAGE, "moderate_page.html", page_title=title, **words), headers=NO_STORE
    )


@router.get("/moderate.js", include_in_schema=False)
def script() -> FileResponse:
    return FileResponse(SCRIPT, media_type="text/javascript")


@router.get("/api/setup")
def setup_route(request: Request, players: int = 8, lang: str | None = None) -> Response:
    """The default deck for ``players`` and every role."""
    try:
        return JSONResponse(setup(players, _messages(request, lang)))
    except SolverError as error:
        return _refused(error)


@router.post("/api/games", status_code=201)
def start_route(request: Request, options: dict[str, Any] = Body()) -> Response:  # noqa: B008
    """A new moderated game: ``roles`` (name -> copies), ``names`` (one per seat, or
    none), ``deal`` (``shuffle`` or ``hand``), ``rules`` (the variants). Its view, with
    the ``key`` that reaches it."""
    try:
        key, game = start(options)
    except SolverError as error:
        return _refused(error)
    game.messages = _messages(request, request.query_params.get("lang"))
    with _LOCK:
        page_store(request).keep(KIND, _digest(key), game.to_dict(), MOST)
    return JSONResponse({"key": key, **view(game)}, 201, headers=NO_STORE)


@router.get("/api/game")
def view_route(request: Request) -> Response:
    """The game's view now."""
    try:
        return JSONResponse(view(_load(request)[1]), headers=NO_STORE)
    except LookupError:
        return JSONResponse(MISSING, 404)


@router.post("/api/game/answer")
def answer_route(request: Request, body: dict[str, Any] = Body()) -> Response:  # noqa: B008
    """The pending question's ``answer``; ``step`` is the number of answers the page
    saw (another tab's answer since: ``409``, nothing changes)."""
    return _change(request, body, ("answer", "step"))


@router.post("/api/game/undo")
def undo_route(request: Request, body: dict[str, Any] = Body()) -> Response:  # noqa: B008
    """Take the last answer back (``step`` as for an answer)."""
    return _change(request, body, ("step",))


def _change(request: Request, body: dict[str, Any], known: tuple[str, ...]) -> Response:
    """An answer (``answer`` in ``known``) or an undo, stored before it is shown."""
    with _LOCK:
        try:
            slot, game = _load(request)
        except LookupError:
            return JSONResponse(MISSING, 404)
        try:
            raw = fields.only(body, known, "body")
            step = fields.integer(fields.required(raw, "step", "body"), "step")
            if step != len(game.answers):
                return JSONResponse({"error": "step: the game has moved on; reload"}, 409)
            if "answer" in known:
                game.answer(fields.string(fields.required(raw, "answer", "body"), "answer")[:200])
            else:
                game.undo()
        except SolverError as error:
            return _refused(error)
        page_store(request).keep(KIND, slot, game.to_dict(), MOST)
    return JSONResponse(view(game), headers=NO_STORE)


@router.get("/api/game/record")
def record_route(request: Request) -> Response:
    """The game record so far (every card, every event): ``wooolf review`` reads it."""
    try:
        game = _load(request)[1]
    except LookupError:
        return JSONResponse(MISSING, 404)
    return JSONResponse(game.record_dict(), headers=NO_STORE)
