"""The library's one API for every game (issue 24.6): ``read`` takes a path, a mapping
or YAML/JSON text; every verb takes any of them; an unsupported verb is its own error;
a wrong argument type is the library's ``ArgumentTypeError``; and ``import
wooolf_solver`` loads no game until a record of it is read."""

from __future__ import annotations

import ast
import doctest
import json
import subprocess
import sys
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import pytest

import wooolf_solver
from wooolf_solver import (
    ArgumentTypeError,
    InvalidRecordError,
    Posterior,
    SolverError,
    UnsupportedVerbError,
    api,
    find_game,
    read,
)
from wooolf_solver.core.documents import dump_yaml, read_document

ROOT = Path(__file__).resolve().parent.parent
GAMES: dict[str, tuple[str, str]] = {
    "wooolf": ("examples/worked-example.yaml", "examples/game-6p-basic.yaml"),
    "onuw": ("examples/onuw/robber-5p.yaml", "examples/onuw/game-table-4p.yaml"),
    "werewolf": ("examples/werewolf/seer-claim-9p.yaml", "examples/werewolf/game-10p.yaml"),
}
"""Each game's record to deduce from, and its played game to review."""
HINT = {
    "onuw": "examples/onuw/night-seer-4p.yaml",
    "werewolf": "examples/werewolf/seer-night-9p.yaml",
}
"""A record whose night choice is still to make, for the night hints of ONUW and Werewolf."""


@pytest.fixture(autouse=True)
def _at_the_root(monkeypatch: pytest.MonkeyPatch) -> None:
    """Run from the checkout's root, where the records' relative deck paths start."""
    monkeypatch.chdir(ROOT)


def document(path: str) -> dict[str, Any]:
    return dict(read_document(ROOT / path))


def sources(path: str) -> list[Any]:
    """The same record as a path (``str`` and ``Path``), a mapping, YAML text, JSON text,
    and a record already read."""
    data = document(path)
    return [path, ROOT / path, data, dump_yaml(data), json.dumps(data), read(path)]


@pytest.mark.parametrize("game", GAMES)
def test_read_gives_the_same_record_from_every_source(game: str) -> None:
    path = GAMES[game][0]
    records = [read(source) for source in sources(path)]
    assert {type(record).game_name for record in records} == {game}
    assert len({type(record) for record in records}) == 1
    deals = {find_game(game).solve(record).deals for record in records}
    assert len(deals) == 1


@pytest.mark.parametrize("game", GAMES)
def test_every_verb_of_a_game_takes_a_mapping(game: str) -> None:
    path, played = GAMES[game]
    data = document(path)
    verbs = find_game(game).verbs
    posterior = api.solve(data)
    assert isinstance(posterior, Posterior)
    assert posterior.roles and posterior.to_dict()
    for verb, source in (("hint", document(HINT.get(game, path))), ("vote", data)):
        if verb in verbs:
            assert isinstance(getattr(api, verb)(source).to_dict(), dict)
        else:
            with pytest.raises(UnsupportedVerbError):
                getattr(api, verb)(source)
    fact = posterior.certain[0]
    reason = api.why(data, fact.seat, fact.identity, fact.holds)
    assert reason.holds
    assert isinstance(reason.to_dict(), dict)
    review = api.review(document(played))
    assert isinstance(review.to_dict(), dict)


def test_an_unsupported_verb_names_the_game_and_its_verbs() -> None:
    with pytest.raises(UnsupportedVerbError) as caught:
        api.vote(GAMES["wooolf"][0])
    message = str(caught.value)
    assert message.startswith("game: Wooolf!! (狼來了) has no `vote` (its verbs: solve, hint, why")
    assert caught.value.verb == "vote"
    assert "vote" not in caught.value.verbs
    assert isinstance(caught.value, SolverError)
    assert not isinstance(caught.value, InvalidRecordError)


@pytest.mark.parametrize(
    "source",
    [5, None, 2.5, ["game: wooolf"], b"game: wooolf\n", object()],
    ids=lambda value: type(value).__name__,
)
def test_a_source_of_the_wrong_type_is_the_librarys_type_error(source: object) -> None:
    for call in (read, api.solve, api.hint, api.review, api.explanations):
        with pytest.raises(ArgumentTypeError, match=r"^record: must be a record, a path"):
            call(source)  # type: ignore[operator]


@pytest.mark.parametrize(
    ("source", "message"),
    [
        ({"players": 5}, "game: required"),
        ({"game": "chess"}, "game: unknown game 'chess'"),
        ("game: onuw\nplayers: [\n", "<text>: "),
        ("[1, 2]\n", "<text>: the document must be a mapping of fields, not a list"),
        ('{"game": "onuw", "game": "onuw"}', "<text>: duplicate key 'game'"),
        ("no-such-record.yaml", "no-such-record.yaml: cannot read"),
    ],
)
def test_a_bad_source_is_one_line(source: Any, message: str) -> None:
    with pytest.raises(InvalidRecordError) as caught:
        read(source)
    assert str(caught.value).startswith(message)
    assert "\n" not in str(caught.value)


def test_a_record_already_read_is_itself() -> None:
    record = read(GAMES["onuw"][0])
    assert read(record) is record


def test_every_public_name_resolves_and_is_listed() -> None:
    for name in wooolf_solver.__all__:
        assert getattr(wooolf_solver, name) is not None, name
    assert set(wooolf_solver.__all__) <= set(dir(wooolf_solver))
    assert wooolf_solver.WooolfError is SolverError
    assert wooolf_solver.why is wooolf_solver.explain
    with pytest.raises(AttributeError, match="no attribute 'nothing'"):
        wooolf_solver.nothing  # type: ignore[attr-defined]  # noqa: B018


def test_the_lazy_names_are_those_the_type_checker_sees() -> None:
    """The root's ``if TYPE_CHECKING:`` imports, its table of lazy names and its
    ``__all__`` list the same names, from the same modules."""
    tree = ast.parse((ROOT / "wooolf_solver" / "__init__.py").read_text(encoding="utf-8"))
    checked: dict[str, str] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.level == 1 and node.module != "core.version":
            for alias in node.names:
                checked[alias.asname or alias.name] = f".{node.module}"
    lazy: Mapping[str, str] = wooolf_solver._MODULE_OF
    assert checked == dict(lazy)
    assert set(wooolf_solver.__all__) == {*lazy, "__version__"}


GAME_MODULES = """
import json, sys
names = {m.split('.')[2] for m in sys.modules if m.startswith('wooolf_solver.games.')}
print(json.dumps(sorted(names)))
"""
"""Code that prints the game modules imported so far (``base``: the game protocol)."""


def games_imported(code: str) -> list[str]:
    """The games whose modules ``code`` imports, run in a fresh interpreter."""
    done = subprocess.run(
        [sys.executable, "-c", code + GAME_MODULES],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    )
    names: list[str] = json.loads(done.stdout.splitlines()[-1])
    return names


def test_importing_the_library_imports_no_game() -> None:
    assert games_imported("import wooolf_solver") == []


def test_a_room_is_reached_from_the_root() -> None:
    code = "import wooolf_solver\nassert wooolf_solver.api.solve is wooolf_solver.solve\n"
    assert games_imported(code) == ["base"]


@pytest.mark.parametrize("game", ["onuw", "werewolf"])
def test_solving_a_game_imports_no_other_game(game: str) -> None:
    code = f"from wooolf_solver import solve\nsolve({GAMES[game][0]!r})"
    assert games_imported(code) == ["base", game]


@pytest.mark.parametrize("game", ["onuw", "werewolf"])
def test_the_command_line_imports_no_other_game(game: str) -> None:
    code = (
        "import contextlib, io\nfrom wooolf_solver.cli import main\n"
        f"with contextlib.redirect_stdout(io.StringIO()):\n    main(['solve', {GAMES[game][0]!r}])"
    )
    assert games_imported(code) == ["base", game]


@pytest.mark.parametrize(
    "call",
    [
        lambda posterior: posterior.declarations("5"),
        lambda posterior: posterior.declarations(True),
        lambda posterior: posterior.declaration(5),
        lambda posterior: posterior.declaration("61"),
        lambda posterior: posterior.declaration(["a"]),
        lambda posterior: posterior.declaration([2.5]),
    ],
)
def test_a_posteriors_methods_check_their_argument_types(call: Any) -> None:
    posterior = api.solve(GAMES["wooolf"][0])
    with pytest.raises(ArgumentTypeError):
        call(posterior)


def test_the_library_page_runs_as_written(monkeypatch: pytest.MonkeyPatch) -> None:
    """``docs/library.md``'s examples, as doctests from the repository's root."""
    monkeypatch.chdir(ROOT)
    flags = doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE
    page = ROOT / "docs" / "library.md"
    result = doctest.testfile(str(page), module_relative=False, optionflags=flags)
    assert result.attempted > 20
    assert result.failed == 0


def test_balance_of_an_edition_for_a_player_count(tmp_path: Path) -> None:
    # an edition's deck for N players has the figures of the same cards given as a mix
    from wooolf_solver.games.onuw.rules import load_rules as onuw_rules  # noqa: PLC0415
    from wooolf_solver.games.werewolf.rules import load_rules as werewolf_rules  # noqa: PLC0415

    cards = onuw_rules().deck("official", 5)
    listed = "\n".join(f"{name} = {cards.count(name)}" for name in sorted(set(cards)))
    deck = tmp_path / "official-5.toml"
    deck.write_text(f'edition = "official"\n[cards]\n{listed}\n', encoding="utf-8")
    onuw = api.balance("onuw", "official", players=5).to_dict()
    assert onuw == api.balance("onuw", deck=deck).to_dict() and onuw["players"] == 5
    mix = ",".join(f"{name}={n}" for name, n in werewolf_rules().table_deck(12))
    werewolf = api.balance("werewolf", "table", players=12).to_dict()
    assert werewolf == api.balance("werewolf", mix).to_dict()
    every = api.balance("wooolf", "basic").to_dict()
    six = api.balance("wooolf", "basic", players=6).to_dict()
    assert six["rows"] == [row for row in every["rows"] if row["players"] == 6] != []
    with pytest.raises(SolverError, match=r"needs --players N"):
        api.balance("onuw", "official")
    with pytest.raises(SolverError, match=r"needs the number of players \(--players N"):
        api.balance("werewolf", "table")
    with pytest.raises(SolverError, match=r"^--players: 5, but the mix .* is for 4 players"):
        api.balance("onuw", "werewolf=2,seer=1,robber=1,troublemaker=1,villager=1", players=5)
    with pytest.raises(SolverError, match=r"^--players: 12, but the basic edition is for 4..8"):
        api.balance("wooolf", "basic", players=12)
    with pytest.raises(ArgumentTypeError, match=r"^players: must be a count"):
        api.balance("wooolf", "basic", players="6")  # type: ignore[arg-type]
