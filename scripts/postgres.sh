#!/usr/bin/env bash
# The server tests against a real PostgreSQL: Debian's package, a throw-away cluster on a
# loopback port, the driver from amath's `postgres` extra.  Called by scripts/test.sh.
set -euo pipefail
cd "$(dirname "$0")/.."
as_pg() { if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi; }
if ! ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1; then
  echo "== installing PostgreSQL (Debian's postgresql package)"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null
fi
# the driver exactly as `pip install amath[postgres]` brings it (the extra in pyproject.toml)
driver=$(.venv/bin/python -c 'import tomllib; print(" ".join(tomllib.load(open("pyproject.toml", "rb"))["project"]["optional-dependencies"]["postgres"]))')
read -ra packages <<< "$driver"
.venv/bin/python -m pip install -q "${packages[@]}"
bin=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1)
dir=$(mktemp -d /tmp/amath-pg.XXXXXX)
[ "$(id -u)" = 0 ] && chown postgres "$dir"
port=$(.venv/bin/python -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
stop() { as_pg "$bin/pg_ctl" -D "$dir/data" -m immediate stop >/dev/null 2>&1 || true; rm -rf "$dir"; }
trap stop EXIT
as_pg "$bin/initdb" -D "$dir/data" -A trust -U amath -E UTF8 >/dev/null
as_pg "$bin/pg_ctl" -D "$dir/data" -l "$dir/log" -w -o "-c listen_addresses=127.0.0.1 -p $port -k $dir -c fsync=off" start >/dev/null
as_pg "$bin/createdb" -h 127.0.0.1 -p "$port" -U amath amath
echo "== pytest, server tests on PostgreSQL $("$bin/postgres" --version | awk '{print $3}') (127.0.0.1:$port)"
AMATH_TEST_DB="postgresql+psycopg://amath@127.0.0.1:$port/amath" .venv/bin/python -m pytest -n 2 -p no:cacheprovider tests/test_server_*.py "$@"
