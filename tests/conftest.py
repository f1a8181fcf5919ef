"""Make tests/helpers.py importable from every test module; the server tests' database; the generator backends."""

import os
import sys
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).parent))

from backends import BACKENDS, Generate
from webtools import CHROMIUM

os.environ["AMATH_LANG"] = "en"
"""The suite reads the command's English texts: the machine's locale must not turn them into Thai
(tests/test_cli_lang.py clears this in the tests about the language rule)."""

TEST_DB_ENV = "AMATH_TEST_DB"
"""A PostgreSQL URL here runs the server tests against it (scripts/postgres.sh sets it); unset, SQLite files."""


def fresh_db_url(folder: Path) -> str:
    """An empty database: an SQLite file in ``folder``, or a new schema of ``$AMATH_TEST_DB``."""
    base = os.environ.get(TEST_DB_ENV)
    if not base:
        return f"sqlite:///{folder / 'server.db'}"
    from sqlalchemy import create_engine
    from sqlalchemy.engine import make_url

    schema = f"t_{uuid.uuid4().hex[:16]}"
    engine = create_engine(base)
    try:
        with engine.begin() as conn:
            conn.exec_driver_sql(f"CREATE SCHEMA {schema}")
    finally:
        engine.dispose()
    url = make_url(base).update_query_dict({"options": f"-csearch_path={schema}"})
    return url.render_as_string(hide_password=False)


@pytest.fixture
def db_url(tmp_path: Path) -> str:
    """A fresh, empty database for one server test."""
    return fresh_db_url(tmp_path)


@pytest.fixture(params=list(BACKENDS), scope="module")
def movegen(request: pytest.FixtureRequest) -> Generate:
    """Each move generator backend in turn (tests/backends.py)."""
    return BACKENDS[request.param]


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """One headless Chromium per browser-test module, driven by Playwright."""
    from playwright import sync_api

    with sync_api.sync_playwright() as p:
        b = p.chromium.launch(
            executable_path=CHROMIUM, headless=True, args=["--no-sandbox", "--disable-gpu", "--disable-background-networking"]
        )
        yield b
        b.close()
