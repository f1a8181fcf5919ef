"""Server settings: database URL, request limits, bot pacing; one frozen record.

Every limit a deployment may want to change is listed once in :data:`TUNABLE`; that one
table gives ``amath serve`` its options (``--seat-rate 10``) and the environment its
variables (``AMATH_SEAT_RATE=10``), an option winning over the environment.
"""

from __future__ import annotations

import math
import os
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, fields, replace
from typing import Any

from amath.core.errors import AmathError

DEFAULT_DB = "sqlite:///amath.sqlite3"
DB_ENV = "AMATH_DB"


class SettingsError(AmathError):
    """A server setting (an option or an ``AMATH_*`` variable) that cannot be used."""

    default_code = "bad_setting"


def default_db_url() -> str:
    """The database URL: ``$AMATH_DB`` when set, else an SQLite file in the working directory."""
    return os.environ.get(DB_ENV) or DEFAULT_DB


@dataclass(frozen=True, slots=True)
class LoginLimits:
    """Login and sign-up attempts, as (a second, at once): per login name, per address, and sign-ups per address.

    A class signing up together behind one school address is 40 sign-ups and logins at
    once: the per-address bursts allow that; guessing one account's password is held to
    one try a minute after five.
    """

    per_name: tuple[float, int] = (1 / 60, 5)
    per_address: tuple[float, int] = (1.0, 60)
    signups_per_address: tuple[float, int] = (1 / 10, 60)


@dataclass(frozen=True, slots=True)
class Settings:
    """Everything the app can be tuned by; tests shrink the delays and limits.

    ``rate``/``burst`` limit requests per second from one client address that carry no
    seat token; ``seat_rate``/``seat_burst`` limit requests per seat token (game actions),
    so a classroom behind one address is not throttled as one client;
    ``bot_factory`` replaces the bot registry (tests), given a level name and a seed;
    ``seeds`` gives each new game's seed (tests, for reproducible deals);
    ``db_threads`` is how many worker threads run the database's work (off the event loop),
    and how many writers commit the moves in batches (:class:`amath.apps.server.writers.Writers`);
    ``send_timeout`` is how long one websocket may take to take a view before it is dropped;
    ``idle_seconds``: a game nobody watched or asked for that long leaves memory (not the database);
    ``login``: the login and sign-up limits (:class:`LoginLimits`);
    ``abandon_seconds``: how long the side to move of a rated game may be away (no screen open, no move) before the other may claim the win;
    ``header_timeout``: how long a connection may take to send a request's headers (``amath serve``'s transport closes it after);
    ``read_only``: serve a database that cannot be written (watch and replay only; every change refused with 503);
    ``collector``: the server's collector policy, :func:`amath.apps.server.collector.tune` at start and
    :func:`~amath.apps.server.collector.keep_young` while it runs (``amath serve`` does: it owns the process).
    """

    db_url: str = field(default_factory=default_db_url)
    max_body: int = 16 * 1024
    max_ws_message: int = 4 * 1024
    rate: float = 20.0
    burst: int = 60
    seat_rate: float = 10.0
    seat_burst: int = 40
    sockets_per_address: int = 100
    sockets_per_game: int = 60
    body_timeout: float = 10.0
    header_timeout: float = 10.0
    waiting_ttl: float = 3600.0
    waiting_per_address: int = 5
    max_waiting: int = 200
    bot_delay: float = 0.6
    db_threads: int = 4
    idle_seconds: float = 900.0
    send_timeout: float = 10.0
    bot_factory: Callable[[str, int], Any] | None = None
    seeds: Callable[[], int] | None = None
    collector: bool = False
    login: LoginLimits = field(default_factory=LoginLimits)
    abandon_seconds: float = 120.0
    read_only: bool = False


TUNABLE: dict[str, str] = {
    "rate": "requests a second from one address without a seat token (lobby, create, join)",
    "burst": "requests one address may send at once before --rate applies",
    "seat_rate": "requests a second per seat token (moves, previews, views of one player)",
    "seat_burst": "requests one seat token may send at once before --seat-rate applies",
    "sockets_per_address": "open websockets from one address",
    "sockets_per_game": "open websockets watching one game (players and spectators)",
    "body_timeout": "seconds a request body may take to arrive before the answer is 408",
    "header_timeout": "seconds a client may take to send a request's headers before its connection is closed",
    "waiting_ttl": "seconds a waiting room stays open for players to join",
    "waiting_per_address": "waiting rooms one address may have open at once",
    "max_waiting": "waiting rooms open at once on the whole server",
    "db_threads": "worker threads for database work, and as many writers of the moves (connections)",
}
"""Setting name -> what it limits; the option is ``--name-with-dashes``, the variable ``AMATH_NAME``."""


def env_name(name: str) -> str:
    """The environment variable of a tunable setting."""
    return f"AMATH_{name.upper()}"


def _kinds() -> dict[str, type]:
    defaults = Settings(db_url="")
    return {f.name: type(getattr(defaults, f.name)) for f in fields(Settings) if f.name in TUNABLE}


def settings_from(values: Mapping[str, str | None], base: Settings | None = None, environ: Mapping[str, str] | None = None) -> Settings:
    """``base`` with each tunable taken from ``values`` (options), else ``environ``; a bad value is a :class:`SettingsError`."""
    environ = os.environ if environ is None else environ
    changes: dict[str, Any] = {}
    for name, kind in _kinds().items():
        text, source = values.get(name), "--" + name.replace("_", "-")
        if text is None:
            text, source = environ.get(env_name(name)), env_name(name)
        if text is None or text == "":
            continue
        try:
            value = kind(text)
        except ValueError:
            if kind is int:
                raise SettingsError(
                    f"{source} must be a whole number, not {text!r}", code="setting_not_whole", setting=source, value=text
                ) from None
            raise SettingsError(f"{source} must be a number, not {text!r}", code="setting_not_number", setting=source, value=text) from None
        if not (math.isfinite(value) and value > 0):
            raise SettingsError(f"{source} must be more than 0, not {text!r}", code="setting_not_positive", setting=source, value=text)
        changes[name] = value
    return replace(base or Settings(), **changes)
