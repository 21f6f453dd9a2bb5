"""The web server of ``wooolf serve`` (the optional ``server`` extra: FastAPI, uvicorn, segno).

- :mod:`.app`: the ASGI app: the JSON API of ``docs/server.md``, the pages, pushes;
- :mod:`.games`: the games it seats and the game pages it mounts (the only module that
  names them);
- :mod:`.storage`: the tables in SQLite; :mod:`.tokens`: the seats' secrets;
- :mod:`.pushing`: server-sent events, each seat only its own view;
- :mod:`.limits`: the bounds on bodies, fields, tables and analyses (413/422 at once);
- :mod:`.workers`: the solver off the event loop, in processes that die with the server;
- :mod:`.running`: uvicorn on a socket bound first, "serving on" once it listens.
"""
