"""Make tests/helpers.py importable from every test module; the server tests' database."""

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))


@pytest.fixture
def db_url(tmp_path: Path) -> str:
    """A fresh, empty database for one server test (an SQLite file)."""
    return f"sqlite:///{tmp_path / 'server.db'}"
