#!/usr/bin/env bash
# The Go level ladder: each level of the shipped `tengen gtp` against the level below it, 9 x 9,
# komi 7.5, balanced openings with both colors, one thread each, GNU Go level 10 scores
# (docs/ENGINE.md, "Level ladder").
# Usage (from the repository root, after `cargo build --release -p tengen`):
#
#     bench/engine/ladder.sh [GAMES] [FIRST_LEVEL] [LAST_LEVEL] [JOBS]
#
# Defaults: 20 games a pair, levels 2..10 (each against the one below), 1 job. Writes
# target/engine-ladder/L-(L-1).log and the game records beside it; prints one RESULT line a pair.
set -euo pipefail
games=${1:-20}
first=${2:-2}
last=${3:-10}
jobs=${4:-1}
binary=${TENGEN:-target/release/tengen}
out=target/engine-ladder
mkdir -p "$out"
for level in $(seq "$first" "$last"); do
  below=$((level - 1))
  printf 'level %2d vs %2d: ' "$level" "$below"
  python3 "$(dirname "$0")/match_gnugo.py" --size 9 --games "$games" --level "$level" \
    --binary "$binary" --opponent "$binary gtp --level $below --threads 1" --jobs "$jobs" \
    --sgf-dir "$out/$level-$below" > "$out/$level-$below.log"
  grep '^RESULT' "$out/$level-$below.log"
done
