"""Classic Werewolf (The Werewolves of Millers Hollow + New Moon): rules as data, game
records, the moderator, bots, the exact model and balance.

The modules follow the pipeline: :mod:`.rules` (the data of ``werewolf.toml``) →
:mod:`.events` and :mod:`.record` (game records) → :mod:`.powers`, :mod:`.bots` and
:mod:`.engine` (the moderator playing a whole game) → :mod:`.validate` (a full
record checked against the rules) → :mod:`.model` (the exact model
as a core knowledge) → :mod:`.brute` (the brute-force reference) and :mod:`.counter` (the fast exact
engine, the default) → :mod:`.explain` (why a fact is certain) → :mod:`.review` (a full record's
ballots judged from each voter's knowledge) → :mod:`.balance`
(card points and the random-lynch baseline) → :mod:`.plugin` (the game for the
registry).

>>> GAME
<game werewolf: Werewolf (The Werewolves of Millers Hollow)>
"""

from __future__ import annotations

from .plugin import GAME, Werewolf

__all__ = ["GAME", "Werewolf"]
