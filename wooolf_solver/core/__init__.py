"""The game-neutral core: errors, safe reading of documents, knowledge, conflicts.

Nothing here names a game: a game package (``wooolf_solver.games.<name>``) plugs its
rules, records and observations into these types.
"""
