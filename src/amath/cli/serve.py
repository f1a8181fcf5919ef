"""``amath serve``: start the web app (lobby, games vs the bot, hot seat, online rooms)."""

from __future__ import annotations

import argparse
import logging

from amath.server.config import DB_ENV, Settings, default_db_url

HELP = "start the web server: play in the browser against the bot or with friends"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Address, port and database URL."""
    parser.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1; 0.0.0.0 for everyone)")
    parser.add_argument("--port", type=int, default=8000, help="port (default 8000)")
    parser.add_argument("--db", default=None, help=f"SQLAlchemy database URL (default ${DB_ENV} or sqlite:///amath.sqlite3)")


def run(args: argparse.Namespace) -> int:
    """Serve until interrupted; prints the address to open."""
    import uvicorn

    from amath.server import create_app

    settings = Settings(db_url=args.db or default_db_url())
    app = create_app(settings)
    shown = "localhost" if args.host in ("127.0.0.1", "0.0.0.0", "::") else args.host
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(name)s: %(message)s")
    print(f"amath: open http://{shown}:{args.port}/ in a browser (database: {settings.db_url})", flush=True)
    uvicorn.run(app, host=args.host, port=args.port, log_level="warning", ws_max_size=settings.max_ws_message * 4)
    return 0
