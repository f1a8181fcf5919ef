#!/usr/bin/env bash
# The compiled move generator's checks: cargo fmt, clippy, test; then a wheel built the
# standard way, installed into a fresh venv, must run `amath check` and `amath moves`
# and carry a working amath.engine.movegen._native equal to the Python generator on one position.
set -euo pipefail
cd "$(dirname "$0")/.."
if ! command -v cargo >/dev/null 2>&1; then
  echo "== native: no Rust toolchain here, the package uses the pure-Python generator (nothing to check)"
  exit 0
fi
echo "== cargo fmt / clippy / test"
(cd native && cargo fmt --check && cargo clippy --quiet --all-targets -- -D warnings && cargo clippy --quiet --all-targets --features python -- -D warnings && cargo test --quiet)
echo "== wheel into a fresh venv"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
.venv/bin/python -m pip wheel . -q -w "$work/dist" --no-deps 2>&1 | grep -v -E "^(WARNING|  )" || true
wheel=$(ls "$work"/dist/amath-*.whl)
.venv/bin/python -c "import sys, zipfile; sys.exit(not any(n.startswith('amath/engine/movegen/_native') for n in zipfile.ZipFile(sys.argv[1]).namelist()))" "$wheel" \
  || { echo "the wheel has no amath.engine.movegen._native"; exit 1; }
.venv/bin/python -m venv "$work/venv"
"$work/venv/bin/python" -m pip install -q "$wheel" 2>&1 | grep -v -E "^(WARNING|  )" || true
cd "$work"
out=$("$work/venv/bin/amath" check 1 + 1 = 2)
[ "$out" = "true" ] || { echo "amath check 1 + 1 = 2 printed: $out"; exit 1; }
cat > pos.json <<'JSON'
{"variant": "a-math", "board": [{"square": "G8", "tile": "1"}, {"square": "H8", "tile": "+"},
 {"square": "I8", "tile": "2"}, {"square": "J8", "tile": "="}, {"square": "K8", "tile": "3"}],
 "rack": ["1", "2", "=", "+", "3", "4", "*/", "5"], "scores": [10, 0], "to_move": 1}
JSON
AMATH_LANG=en "$work/venv/bin/amath" moves pos.json --limit 3 >moves.txt 2>summary.txt
[ "$(wc -l <moves.txt)" -eq 3 ] || { echo "amath moves printed:"; cat moves.txt; exit 1; }
grep -q -E "^(the )?[0-9]+ (best )?moves in" summary.txt || { echo "amath moves said:"; cat summary.txt; exit 1; }
"$work/venv/bin/python" - <<'PY'
from pathlib import Path

from amath.formats.view import position_from_json
from amath.engine.movegen import fast, native

assert native.available(), native.load_error()
pos = position_from_json(Path("pos.json").read_text(encoding="utf-8"))
board, rack = pos.board(), list(pos.rack)
mine, twin = native.generate(board, rack, pos.rules), fast.generate(board, rack, pos.rules)
assert mine == twin and len(mine) > 100, (len(mine), len(twin))
best = Path("moves.txt").read_text(encoding="utf-8").split()[0]
assert int(best) == mine[0].score, (best, mine[0].score)
print(f"wheel: amath.engine.movegen._native lists the same {len(mine)} moves as the Python generator")
PY
