"""Wooolf!! (狼來了): two hidden cards per player, peeks announced by public icon (the
shepherd lies), yes/no question cards, declarations of target identities.

>>> GAME
<game wooolf: Wooolf!! (狼來了)>
>>> GAME.engines
('fast', 'cpsat', 'csp', 'brute')
"""

from __future__ import annotations

from .plugin import GAME, Wooolf

__all__ = ["GAME", "Wooolf"]
