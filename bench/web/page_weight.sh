#!/usr/bin/env bash
# Page weight of the first load, measured with curl: every file the page loads, compressed
# (brotli/gzip as a browser asks), and the total. The browser measurement with time to first
# board is `cargo run --release -p tengen-server --example first_load`.
# Usage: bench/web/page_weight.sh [base-url]   (default: starts the release server on :18182)
set -euo pipefail
cd "$(dirname "$0")/../.."
BASE=${1:-}
if [ -z "$BASE" ]; then
  cargo build --release -q -p tengen-server --example serve
  RUST_LOG=warn target/release/examples/serve 127.0.0.1:18182 &
  SERVER=$!
  trap 'kill $SERVER 2>/dev/null; wait $SERVER 2>/dev/null || true' EXIT
  BASE=http://127.0.0.1:18182
  for _ in $(seq 50); do curl -s -o /dev/null "$BASE/" && break; sleep 0.1; done
fi
HTML=$(curl -s "$BASE/")
FILES="/ $(grep -oE '(href|src)="/[^"]+"' <<< "$HTML" | sed -E 's/^(href|src)="//; s/"$//' | sort -u | tr '\n' ' ')"
total=0
raw=0
for f in $FILES; do
  n=$(curl -s -o /dev/null -H 'Accept-Encoding: br, gzip' -w '%{size_download}' "$BASE$f")
  r=$(curl -s -o /dev/null -w '%{size_download}' "$BASE$f")
  printf '%8d %8d  %s\n' "$n" "$r" "$f"
  total=$((total + n))
  raw=$((raw + r))
done
echo "total: $total bytes compressed ($raw uncompressed), $(wc -w <<< "$FILES") files"
