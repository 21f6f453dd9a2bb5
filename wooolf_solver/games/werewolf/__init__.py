"""Classic Werewolf (The Werewolves of Millers Hollow + New Moon): rules as data, game
records, the moderator, bots, the exact model and balance.

The rooms, as in every game:

- :mod:`.rules`: the rules as data (``werewolf.toml``);
- :mod:`.events`, :mod:`.record`: game records, read, checked and written;
- :mod:`.model`: the exact model as a core knowledge, and :mod:`.posterior`, the one
  answer read off any engine's tally;
- :mod:`.state` (with :mod:`.asks` and :mod:`.powers`): the game on the play-state
  protocol; :mod:`.bots`, the players' interface and the random bot; :mod:`.play`, a
  whole game played by bots through the state;
- :mod:`.engines`: the game's own fast exact counter (the default; the generic engines
  are the reference);
- :mod:`.words`: the game in sentences (events, conflicts, the outcome);
- :mod:`.render`: the command line's tables.

And the verbs' own modules: :mod:`.moderate` (the moderator's assistant at a real table),
:mod:`.validate` (a full record checked against the rules), :mod:`.explain` and
:mod:`.review` (why a fact is certain; a full record's ballots judged from each voter's
knowledge), :mod:`.solver_bots` and :mod:`.lab` (bots deciding from their own exact
knowledge; win rates of many games), :mod:`.balance` (card points and the exact
random-lynch baseline) and :mod:`.plugin` (the game for the registry).

>>> GAME
<game werewolf: Werewolf (The Werewolves of Millers Hollow)>
"""

from __future__ import annotations

from .plugin import GAME, Werewolf

__all__ = ["GAME", "Werewolf"]
