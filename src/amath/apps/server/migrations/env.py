"""Alembic's environment: migrations run on the connection the server (or a test) hands over.

``amath serve`` upgrades the database itself on start (:func:`amath.apps.server.schema.prepare`);
for a new migration, ``alembic`` is pointed here by ``alembic_config`` (see docs/web.md).
Imported outside a migration (a test that imports every module), it does nothing.
"""

from __future__ import annotations

from typing import Any

from alembic import context

import amath.apps.server.storage  # noqa: F401 (declares the game tables on Base)
from amath.apps.server.schema import Base


def run(config: Any) -> None:
    """Run the migrations on ``config.attributes["connection"]``."""
    connection = config.attributes.get("connection")
    if connection is None:
        raise RuntimeError("the amath migrations run on a connection given in config.attributes['connection']")
    context.configure(connection=connection, target_metadata=Base.metadata, render_as_batch=True)
    with context.begin_transaction():
        context.run_migrations()


_config = getattr(context, "config", None)  # set only while Alembic runs this file
if _config is not None:
    run(_config)
