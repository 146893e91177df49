#!/usr/bin/env bash
# Each strength level against GNU Go at one fixed level, so the levels can be seen to form a
# ladder. Usage (from the repository root, after
# `cargo build --release -p tengen`):
#
#     bench/engine/levels_gnugo.sh [games per level] [board size] [GNU Go level] [jobs]
#
# Defaults: 10 games per level, 9x9, GNU Go level 1, 1 job. Prints one RESULT line per level.
set -euo pipefail
games=${1:-10}
size=${2:-9}
gnugo_level=${3:-1}
jobs=${4:-1}
for level in 1 2 3 4 5 6 7 8 9 10; do
    printf 'level %2d: ' "$level"
    python3 "$(dirname "$0")/match_gnugo.py" --size "$size" --games "$games" --level "$level" \
        --gnugo-level "$gnugo_level" --jobs "$jobs" --first 300 \
        --sgf-dir "target/engine-levels/level-$level" | grep '^RESULT'
done
