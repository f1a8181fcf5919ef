#!/usr/bin/env bash
# Create .venv and install amath with its development tools. Safe to run again.
set -euo pipefail
cd "$(dirname "$0")/.."
PY=${PYTHON:-python3}
if [ ! -x .venv/bin/python ]; then
  "$PY" -m venv .venv
fi
.venv/bin/python -m pip install -q --upgrade pip >/dev/null 2>&1 || true
.venv/bin/python -m pip install -q -e ".[dev]" 2>&1 | grep -v -E "^(WARNING|  )" || true
.venv/bin/python -c "import amath" 
