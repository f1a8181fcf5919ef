#!/usr/bin/env bash
# The whole check: set-up, ruff, mypy --strict, then the test suite.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
echo "== ruff"
dirs=(src tests)
[ -d benchmarks ] && dirs+=(benchmarks)
.venv/bin/ruff check "${dirs[@]}"
.venv/bin/ruff format --check "${dirs[@]}"
echo "== mypy --strict"
.venv/bin/mypy
echo "== lint-imports (the layers of pyproject.toml, no import cycle)"
.venv/bin/lint-imports --no-cache
bash scripts/check-native.sh
echo "== pytest"
bash scripts/install-browser.sh
.venv/bin/python -m pytest -n 2 "$@"
bash scripts/postgres.sh  # the server tests again, on a real PostgreSQL
