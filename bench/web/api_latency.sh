#!/usr/bin/env bash
# API latency of POST /api/apply on a 250-move 19x19 record under many concurrent connections.
# Usage: bench/web/api_latency.sh [connections=256] [seconds=10] [moves=250]
# Needs wrk (Debian: apt-get install wrk). Builds the release server example.
# wrk keeps every connection busy (closed loop): its latency is connections / throughput.
# The open-loop runs (examples/load.rs) send a fixed rate and measure from the due time.
set -euo pipefail
cd "$(dirname "$0")/../.."
CONN=${1:-256}
SECS=${2:-10}
MOVES=${3:-250}
PORT=${PORT:-18181}
cargo build --release -q -p tengen-server --example serve --example apply_body --example load
BODY=/tmp/tengen-apply.json
target/release/examples/apply_body "$MOVES" > "$BODY"
echo "body: $(wc -c < "$BODY") bytes, $MOVES moves on 19x19"
RUST_LOG=warn target/release/examples/serve "127.0.0.1:$PORT" &
SERVER=$!
trap 'kill $SERVER 2>/dev/null; wait $SERVER 2>/dev/null || true' EXIT
for _ in $(seq 50); do
  curl -s -o /dev/null "http://127.0.0.1:$PORT/" && break
  sleep 0.1
done
STATUS=$(curl -s -o /dev/null -w '%{http_code}' -X POST -H 'Content-Type: application/json' \
  --data-binary @"$BODY" "http://127.0.0.1:$PORT/api/apply")
echo "one request: HTTP $STATUS"
[ "$STATUS" = 200 ] || { echo "the body is refused"; exit 1; }
echo "== closed loop (wrk): $CONN connections sending as fast as answered =="
BODY=$BODY wrk -t2 -c"$CONN" -d2s -s bench/web/apply.lua "http://127.0.0.1:$PORT" > /dev/null
BODY=$BODY wrk -t2 -c"$CONN" -d"${SECS}s" -s bench/web/apply.lua "http://127.0.0.1:$PORT"
for RATE in ${RATES:-1000 2000 3000 4000}; do
  echo "== open loop: $CONN connections, $RATE requests/s in all =="
  target/release/examples/load "127.0.0.1:$PORT" "$BODY" "$CONN" "$RATE" "$SECS"
done
