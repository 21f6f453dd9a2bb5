"""``wooolf serve``: the web table and the live assistants (the optional ``server`` extra)."""

from __future__ import annotations

import argparse

from .session import Session, UsageError, command


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


@command(
    "serve", "the web table: play with people and bots, each on their own phone", serve_options
)
def serve_command(args: argparse.Namespace, session: Session) -> int:
    """Start the web server: a page to set up a table and share its private links, each
    player's page, the JSON API (described at /docs) and the live assistant pages.
    Stop it with Ctrl-C; started again on the same --db, it continues every table."""
    if not 0 < args.port < 65536:
        raise UsageError(f"--port: a port in 1..65535, not {args.port}")
    import uvicorn  # noqa: PLC0415 (the optional `server` extra, imported on use)

    from ..server.app import create_app  # noqa: PLC0415

    app = create_app(args.db)
    host = f"[{args.host}]" if ":" in args.host else args.host
    print(f"wooolf: serving on http://{host}:{args.port}/ (tables in {args.db})", flush=True)
    if args.host in ("0.0.0.0", "::"):
        print(
            f"wooolf: open it by this computer's address on the network "
            f"(http://ADDRESS:{args.port}/), so that the links it gives work on the phones",
            flush=True,
        )
    uvicorn.run(
        app, host=args.host, port=args.port, log_level="warning", timeout_graceful_shutdown=3
    )
    return 0
