#!/usr/bin/env bash
# Online tables on 1, 2 and 3 `tengen serve` nodes sharing one PostgreSQL (issue: several
# servers), then the timer takeover after a node is killed. Each load run gets a fresh database
# (the nodes load every open table at start). Needs the local PostgreSQL of
# scripts/postgres-test-db (run as root). Not a test; figures in bench/tables/README.md.
# Usage: bench/tables/nodes.sh — TABLES=1000 NODES="1 2 3" TRIALS=10 LOAD_ARGS="--seconds 60"
set -euo pipefail
cd "$(dirname "$0")/../.."
cargo build --release -q -p tengen
cargo build --release -q -p tengen-server --example table_load
cargo build --release -q -p tengen --example takeover
ulimit -n "$(ulimit -Hn)" 2>/dev/null || true

fresh_db() {
  scripts/postgres-test-db >/dev/null
  runuser -u postgres -- dropdb --if-exists tengen_load
  TENGEN_TEST_DB_NAME=tengen_load scripts/postgres-test-db
}

for n in ${NODES:-1 2 3}; do
  url=$(fresh_db)
  echo "== $n node(s) =="
  # shellcheck disable=SC2086
  nice -n 5 target/release/examples/table_load --tables "${TABLES:-1000}" --nodes "$n" \
    --database "$url" ${LOAD_ARGS:-}
done
[ "${TRIALS:-10}" -gt 0 ] || exit 0
url=$(fresh_db)
echo "== takeover =="
TENGEN_BINARY=target/release/tengen target/release/examples/takeover "$url" "${TRIALS:-10}"
