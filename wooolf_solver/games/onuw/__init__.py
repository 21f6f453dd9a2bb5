"""One Night Ultimate Werewolf: rules as data, records, the night, the table, the model.

The modules follow the pipeline: :mod:`.rules` (the data of ``onuw.toml``) →
:mod:`.night` (choices and card moves) → :mod:`.record` (deal and game records) →
:mod:`.win` (who dies, who wins, scores) → :mod:`.table` (a deal played in full) →
:mod:`.model` (the exact model: hidden variables, observations, queries) →
:mod:`.engines` (the engines that count its worlds into the one tally) →
:mod:`.posterior` (the posterior that reads it).
"""

from .plugin import GAME

__all__ = ["GAME"]
