"""Classic Werewolf (The Werewolves of Millers Hollow + New Moon): rules as data, game
records, the moderator, bots, the exact model and balance.

The modules follow the pipeline:

- :mod:`.rules`: the rules as data (``werewolf.toml``);
- :mod:`.events`, :mod:`.record`: game records, read, checked and written;
- :mod:`.powers`, :mod:`.bots`, :mod:`.engine`: a role's power as a class, the players'
  interface and the random bot, the moderator playing a whole game;
- :mod:`.moderate`: the moderator's assistant at a real table (the script as questions,
  undo, save and resume);
- :mod:`.validate`: a full record checked against the rules;
- :mod:`.model`: the exact model as a core knowledge;
- :mod:`.counter`: the fast exact engine (the default; the generic engines are the
  reference), :mod:`.posterior`: the one answer read off any engine's tally;
- :mod:`.explain`, :mod:`.review`: why a fact is certain; a full record's ballots judged
  from each voter's knowledge;
- :mod:`.solver_bots`, :mod:`.lab`: bots deciding from their own exact knowledge; win
  rates of many games;
- :mod:`.balance`: card points and the exact random-lynch baseline;
- :mod:`.plugin`: the game for the registry.

>>> GAME
<game werewolf: Werewolf (The Werewolves of Millers Hollow)>
"""

from __future__ import annotations

from .plugin import GAME, Werewolf

__all__ = ["GAME", "Werewolf"]
