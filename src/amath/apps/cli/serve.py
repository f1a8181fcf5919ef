"""``amath serve``: start the web app (lobby, games vs the bot, hot seat, online rooms)."""

from __future__ import annotations

import argparse
import logging
import sys

from amath.apps.cli.lang import explain, say
from amath.apps.server.config import DB_ENV, TUNABLE, Settings, default_db_url, env_name, settings_from
from amath.core.errors import AmathError

HELP = "start the web server: play in the browser against the bot or with friends"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Address, port, database URL, and one option per limit of :data:`amath.apps.server.config.TUNABLE`."""
    parser.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1; 0.0.0.0 for everyone)")
    parser.add_argument("--port", type=int, default=8000, help="port (default 8000)")
    parser.add_argument("--db", default=None, help=say("SQLAlchemy database URL (default ${env} or sqlite:///amath.sqlite3)", env=DB_ENV))
    defaults = Settings(db_url="")
    limits = parser.add_argument_group("limits", "each also read from its environment variable; an option wins")
    for name, what in TUNABLE.items():
        default = getattr(defaults, name)
        option = f"--{name.replace('_', '-')}"
        limits.add_argument(
            option,
            dest=name,
            metavar="N",
            default=None,
            help=say("{what} (default {default:g}; ${env})", what=say(what), default=default, env=env_name(name)),
        )


def run(args: argparse.Namespace) -> int:
    """Serve until interrupted; prints the address to open, or one line saying what is wrong."""
    import uvicorn
    from sqlalchemy.engine import make_url

    from amath.apps.server import create_app

    try:
        base = Settings(db_url=args.db or default_db_url(), collector=True)
        settings = settings_from({name: getattr(args, name, None) for name in TUNABLE}, base)
        app = create_app(settings)
    except AmathError as exc:  # one line, in the language chosen
        print(f"amath serve: {explain(exc)}", file=sys.stderr)
        return 2
    shown = "localhost" if args.host in ("127.0.0.1", "0.0.0.0", "::") else args.host
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(name)s: %(message)s")
    database = make_url(settings.db_url).render_as_string(hide_password=True)
    print(say("amath: open {url} in a browser (database: {database})", url=f"http://{shown}:{args.port}/", database=database), flush=True)
    # no per-message deflate: a view is a few KB, and compressing two of them per move cost more CPU than the move
    uvicorn.run(
        app,
        host=args.host,
        port=args.port,
        log_level="warning",
        access_log=False,
        ws_max_size=settings.max_ws_message * 4,
        ws_per_message_deflate=False,
        timeout_graceful_shutdown=3,  # the lobby's event streams never end by themselves: a stop waits 3 s for them, no more
    )
    return 0
