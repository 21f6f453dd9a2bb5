"""``wooolf serve``: the web table and the live assistants (the optional ``server`` extra).

Everything that can be refused is checked before the line "serving on …": the extra
installed, the database usable (``--db``), the address and port bound (``--host``,
``--port``); that line is printed once the server listens. Exit 2 for a bad option,
74 for a port already in use.
"""

from __future__ import annotations

import argparse
import errno
import socket

from .session import SYSTEM_ERROR, Session, UsageError, command

EXTRA = "pip install 'wooolf-solver[server]'"


def serve_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--host",
        default="127.0.0.1",
        help="the address to listen on (0.0.0.0: every network of this computer, so that "
        "phones on the same network reach it); default 127.0.0.1",
    )
    parser.add_argument("--port", type=int, default=8765, help="the port (default 8765)")
    parser.add_argument(
        "--db",
        default="wooolf-tables.sqlite",
        metavar="PATH",
        help="the SQLite database of the tables (default: wooolf-tables.sqlite here); "
        "a server started again on it continues every table",
    )
    parser.add_argument(
        "--public-url",
        metavar="URL",
        help="the start of the private links (for example https://wooolf.example.org "
        "behind a proxy); default: the address each setup page was opened at, as this "
        "server saw its connection (never the request's Host header)",
    )
    parser.add_argument(
        "--max-tables",
        type=int,
        default=1000,
        metavar="N",
        help="tables held at once (default 1000); past it, finished tables make room, "
        "then new tables wait; a table nobody moved for a day is dropped",
    )


def public_url(text: str | None) -> str | None:
    """A checked ``--public-url`` (a :class:`UsageError` names what is wrong).

    >>> public_url("https://wooolf.example.org/"), public_url(None)
    ('https://wooolf.example.org', None)
    """
    if text is None:
        return None
    url = text.strip().rstrip("/")
    scheme, _, rest = url.partition("://")
    if (
        scheme not in ("http", "https")
        or not rest
        or len(url) > 200
        or any(mark in url for mark in "#? \t\n")
    ):
        raise UsageError("--public-url: an http:// or https:// address without ? or #")
    return url


def bind(host: str, port: int) -> socket.socket:
    """A socket listening on ``host:port`` (a :class:`UsageError` for a bad host, an
    :class:`OSError` with one line for a port in use)."""
    try:
        family, kind, proto, _, address = socket.getaddrinfo(
            host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE
        )[0]
    except (socket.gaierror, UnicodeError):
        raise UsageError(f"--host: {host[:100]!r} is not an address or name") from None
    sock = socket.socket(family, kind, proto)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind(address)
        sock.listen(2048)
    except OSError as error:
        sock.close()
        if error.errno == errno.EADDRINUSE:
            raise OSError(f"--port: {port} is already in use on {host}") from None
        if error.errno == errno.EACCES:
            raise UsageError(
                f"--port: {port} needs privileges here; choose one above 1023"
            ) from None
        raise UsageError(f"--host: cannot listen on {host[:100]} ({error.strerror})") from None
    return sock


@command(
    "serve", "the web table: play with people and bots, each on their own phone", serve_options
)
def serve_command(args: argparse.Namespace, session: Session) -> int:
    """Start the web server: a page to set up a table and share its private links, each
    player's page, the host's page, the JSON API (described at /openapi.json) and the
    live assistant pages.
    Stop it with Ctrl-C; started again on the same --db, it continues every table."""
    if not 0 < args.port < 65536:
        raise UsageError(f"--port: a port in 1..65535, not {args.port}")
    if args.max_tables < 1:
        raise UsageError(f"--max-tables: at least 1, not {args.max_tables}")
    url = public_url(args.public_url)
    try:
        # the optional `server` extra, imported on use
        from ..server.app import create_app, local_only  # noqa: PLC0415
        from ..server.limits import Limits  # noqa: PLC0415
        from ..server.running import serve_on  # noqa: PLC0415
        from ..server.storage import StorageError  # noqa: PLC0415
    except ImportError as error:
        raise UsageError(
            f"serve needs the optional extra `server`: {EXTRA} "
            f"(cannot load {error.name or 'a module'})"
        ) from None
    try:
        app = create_app(args.db, limits=Limits(tables=args.max_tables), public_url=url)
    except StorageError as error:
        raise UsageError(str(error)) from None
    try:
        sock = bind(args.host, args.port)
    except UsageError:
        app.state.tables.close()
        raise
    except OSError as error:
        app.state.tables.close()
        session.fail(str(error), SYSTEM_ERROR)
        return SYSTEM_ERROR
    host = f"[{args.host}]" if ":" in args.host else args.host
    lines = [f"wooolf: serving on http://{host}:{args.port}/ (tables in {args.db})"]
    if url is not None:
        lines.append(f"wooolf: private links begin with {url}/")
    elif args.host in ("0.0.0.0", "::"):
        lines.append(
            f"wooolf: open it by this computer's address on the network "
            f"(http://ADDRESS:{args.port}/), so that the links it gives work on the phones"
        )
    elif local_only(f"http://{host}:{args.port}") is not None:
        lines.append(
            "wooolf: only this computer reaches it: for phones, serve with --host 0.0.0.0 "
            "(or give --public-url)"
        )
    serve_on(app, sock, lines)
    return 0
