#!/usr/bin/env bash
# Load on the online tables: many tables, two WebSocket players each, random legal moves at a
# fixed total rate, against the release `tengen serve` (SQLite in a temporary file; then
# PostgreSQL when TENGEN_TEST_POSTGRES_URL or the second argument gives a database URL).
# Usage: bench/tables/load.sh [tables=1000] [postgres://…] — other options of the tool through
# LOAD_ARGS, e.g. LOAD_ARGS="--rate 3000 --seconds 30".
# Prints accepted actions/s, move round trip p50/p99 (send → ack, send → the opponent sees it)
# and the server's memory per table. Not a test; see bench/tables/README.md.
set -euo pipefail
cd "$(dirname "$0")/../.."
TABLES=${1:-1000}
PG=${2:-${TENGEN_TEST_POSTGRES_URL:-}}
cargo build --release -q -p tengen
cargo build --release -q -p tengen-server --example table_load
# 2 sockets per player (client and server side), plus the database's files.
ulimit -n "$(ulimit -Hn)" 2>/dev/null || true
# shellcheck disable=SC2086
ARGS=(--tables "$TABLES" ${LOAD_ARGS:-})
echo "== SQLite =="
nice -n 5 target/release/examples/table_load "${ARGS[@]}"
if [ -n "$PG" ]; then
  echo "== PostgreSQL =="
  nice -n 5 target/release/examples/table_load "${ARGS[@]}" --database "$PG"
else
  echo "(no PostgreSQL: set TENGEN_TEST_POSTGRES_URL or pass a postgres:// URL)"
fi
