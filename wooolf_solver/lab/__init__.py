"""The designer lab's game-neutral parts: where games run, and the statistics.

- :mod:`~wooolf_solver.lab.executors`: where games run (serial, processes, Dask).
- :mod:`~wooolf_solver.lab.stats`: shares and means with 95% intervals.

A game's own table engine, bots and report live in its package.
"""
