"""Role mixes as the command line names them: the rules' table, a ``NAME=COPIES,...`` list,
or a designer's deck file.

The spec names only ``--roles werewolf=2,seer=1,villager=5``; the deck file is this
project's own form (TOML, YAML or JSON)::

    name = "two-wolves-witch"          # optional: the label (default: the file's stem)
    roles = { werewolf = 2, seer = 1, witch = 1, villager = 5 }
    rules = { parity = true }          # optional: a record's `rules` (the variants)

``table`` (or ``table-N``) is the rules' row for the player count (``table-8.toml``, with
a suffix, is a file).

>>> mix = Mix.of("werewolf=1,villager=2", None)
>>> mix.label, mix.deck, mix.players
('werewolf1-villager2', (('villager', 2), ('werewolf', 1)), 3)
>>> Mix.of("table", 8).deck
(('seer', 1), ('villager', 5), ('werewolf', 2))
>>> Mix.of("table-²", None)
Traceback (most recent call last):
...
wooolf_solver.core.errors.InvalidDeckError: mix: table-N names a player count, not 'table-²'
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ...core import fields
from ...core.documents import read_document, shown
from ...core.errors import InvalidDeckError
from ...core.roles import is_role_list
from .balance import parse_roles
from .rules import Deck, Rules, Variants, load_rules, variants_of

TABLE = "table"


@dataclass(frozen=True)
class Mix:
    """A role mix: its label, its deck and its variants."""

    label: str
    deck: Deck
    variants: Variants = field(default_factory=Variants)

    @property
    def players(self) -> int:
        return sum(n for _, n in self.deck)

    @classmethod
    def of(cls, text: str, players: int | None, rules: Rules | None = None) -> Mix:
        """The mix ``text`` names (``players``: the table's size, when known)."""
        rules = rules or load_rules()
        text = text.strip()
        if text == TABLE or (text.startswith(f"{TABLE}-") and not Path(text).suffix):
            digits = text[len(TABLE) + 1 :]
            if text != TABLE and not (digits.isascii() and digits.isdigit()):
                raise InvalidDeckError(f"mix: table-N names a player count, not {shown(text)}")
            size = (
                players
                if text == TABLE
                else fields.count(int(digits), "mix", 1, 100, error=InvalidDeckError)
            )
            if size is None:
                raise InvalidDeckError(
                    "mix: `table` needs the number of players (--players N, or table-N)"
                )
            deck = rules.table_deck(size, "--players")
            return cls(f"{TABLE}-{size}", deck)
        if is_role_list(text):
            deck = rules.check_deck(parse_roles(text), players, "--roles", error=InvalidDeckError)
            return cls(
                "-".join(
                    f"{name}{n}"
                    for name, n in sorted(
                        dict(deck).items(), key=lambda item: item[0] != "werewolf"
                    )
                ),
                deck,
            )
        return cls.load(Path(text), players, rules)

    @classmethod
    def implied_players(cls, text: str, rules: Rules | None = None) -> int | None:
        """The players the mix ``text`` deals for (``None``: ``table``, any count).

        >>> Mix.implied_players("werewolf=2,seer=1,villager=5"), Mix.implied_players("table")
        (8, None)
        """
        if text.strip() == TABLE:
            return None
        return cls.of(text, None, rules).players

    @classmethod
    def load(cls, path: Path, players: int | None, rules: Rules | None = None) -> Mix:
        """A designer's deck file (see the module)."""
        rules = rules or load_rules()
        if not path.is_file():
            raise InvalidDeckError(
                f"mix: {path}: no such deck file (a mix is `table`, NAME=COPIES,... or a file)"
            )
        data: Any
        if path.suffix.lower() == ".toml":
            try:
                data = tomllib.loads(path.read_text(encoding="utf-8"))
            except (OSError, tomllib.TOMLDecodeError) as error:
                raise InvalidDeckError(f"{path}: cannot read: {error}") from None
        else:
            data = read_document(path, error=InvalidDeckError)
        raw = fields.only(
            data, ("game", "name", "roles", "rules"), str(path), error=InvalidDeckError
        )
        if raw.get("game", "werewolf") != "werewolf":
            raise InvalidDeckError(f'{path}.game: a Werewolf deck says `game = "werewolf"`')
        roles = fields.required(raw, "roles", str(path), error=InvalidDeckError)
        deck = rules.check_deck(roles, players, f"{path}.roles", error=InvalidDeckError)
        label = fields.string(raw.get("name", path.stem), f"{path}.name", error=InvalidDeckError)
        return cls(label, deck, variants_of(raw.get("rules"), f"{path}.rules"))

    def to_dict(self) -> dict[str, Any]:
        return {"label": self.label, "deck": dict(self.deck), "rules": self.variants.to_dict()}
