#!/usr/bin/env bash
# Set up (first time) and start a game.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
exec .venv/bin/amath play "$@"
