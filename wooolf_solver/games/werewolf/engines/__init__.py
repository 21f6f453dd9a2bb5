"""Classic Werewolf's own engine: :mod:`.counter`, the fast exact counter (``fast``, the
default), checked against the generic engines (:mod:`wooolf_solver.engines`: ``brute``,
``csp``, ``cpsat``), which need nothing of the game beyond its model."""
