"""Server settings: database URL, request limits, bot pacing; one frozen record."""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

DEFAULT_DB = "sqlite:///amath.sqlite3"
DB_ENV = "AMATH_DB"


def default_db_url() -> str:
    """The database URL: ``$AMATH_DB`` when set, else an SQLite file in the working directory."""
    return os.environ.get(DB_ENV) or DEFAULT_DB


@dataclass(frozen=True, slots=True)
class Settings:
    """Everything the app can be tuned by; tests shrink the delays and limits.

    ``rate`` is requests per second per client address (with a burst of ``burst``);
    ``bot_factory`` replaces the bot registry (tests), given a level name and a seed;
    ``seeds`` gives each new game's seed (tests, for reproducible deals);
    ``db_threads`` is how many worker threads run the database's work (off the event loop);
    ``send_timeout`` is how long one websocket may take to take a view before it is dropped.
    """

    db_url: str = field(default_factory=default_db_url)
    max_body: int = 16 * 1024
    max_ws_message: int = 4 * 1024
    rate: float = 20.0
    burst: int = 60
    bot_delay: float = 0.6
    db_threads: int = 4
    send_timeout: float = 10.0
    bot_factory: Callable[[str, int], Any] | None = None
    seeds: Callable[[], int] | None = None
