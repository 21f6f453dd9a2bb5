"""The designer lab's game-neutral parts: the runner, where games run, the statistics, who
sits where, and how good a forecast is.

- :mod:`~wooolf_solver.lab.runner`: the one runner of every game's lab (tasks and seeds,
  record files, progress, reports in order), over the hooks a game gives.
- :mod:`~wooolf_solver.lab.executors`: where games run (serial, processes, Dask).
- :mod:`~wooolf_solver.lab.stats`: shares and means with 95% intervals.
- :mod:`~wooolf_solver.lab.seating`: ``--bots`` items by seat, role or team, with options.
- :mod:`~wooolf_solver.lab.calibration`: Brier score, log-loss and reliability bins.
- :mod:`~wooolf_solver.lab.verdict`: the one-line verdict on a mix's balance.
- :mod:`~wooolf_solver.lab.decks`: deck files as documents, written as TOML.

A game's play state, bots, lab hooks and report live in its package.
"""
