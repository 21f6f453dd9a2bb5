"""Wooolf!! (狼來了): two hidden cards per player, peeks announced by public icon (the
shepherd lies), yes/no question cards, declarations of target identities.

The rooms, as in every game:

- :mod:`.rules`: the rules as data (``wooolf.toml`` and designer decks);
- :mod:`.record`: round records, read, checked and written; :mod:`.game`, a whole game's
  rounds with every hand revealed;
- :mod:`.model`: what one seat knows of a round, as a core knowledge; :mod:`.posterior`,
  the answer read off a tally, with the declarations;
- :mod:`.words`: the game's phrases (hands, declarations, actions, events);
- :mod:`.state`: a game in play on the play-state protocol; :mod:`.bots`, its players;
  :mod:`.table`, what a seat sees at its turn and whole games played;
- :mod:`.engines`: the game's own engines (the counter and its loops, its CP-SAT model,
  ``solve``);
- :mod:`.render`: the command line's tables.

And the verbs' own modules: :mod:`.hints`, :mod:`.explain` (why), :mod:`.review` with
:mod:`.report` (its HTML page) and :mod:`.scoring`, :mod:`.lab` with :mod:`.measure`,
:mod:`.designs` and :mod:`.plots` (the designer lab), :mod:`.assistant` (the live page)
and :mod:`.plugin` (the game for the registry).

>>> GAME
<game wooolf: Wooolf!! (狼來了)>
>>> GAME.engines
('fast', 'cpsat', 'csp', 'brute')
"""

from __future__ import annotations

from .plugin import GAME, Wooolf

__all__ = ["GAME", "Wooolf"]
