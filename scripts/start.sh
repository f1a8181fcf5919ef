#!/usr/bin/env bash
# Set up (first time) and start the web app on SQLite: open the printed address to play.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
exec .venv/bin/amath serve "$@"
