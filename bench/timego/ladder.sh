#!/usr/bin/env bash
# The TimeGo level ladder: each level against the one below it, 9 x 9, komi 7.5, both full
# players, alternating colors, 20 games per pair (docs/TIMEGO.md, "Level ladder").
# Usage: bench/timego/ladder.sh [GAMES] [FIRST_LEVEL] [LAST_LEVEL] [JOBS]
# Writes target/timego-ladder/L-(L-1).log and the game records beside it.
set -euo pipefail
games=${1:-20}
first=${2:-2}
last=${3:-10}
jobs=${4:-1}
out=target/timego-ladder
mkdir -p "$out"
for level in $(seq "$first" "$last"); do
  below=$((level - 1))
  python3 bench/timego/match.py --games "$games" --level-a "$level" --level-b "$below" \
    --b "" --jobs "$jobs" --out "$out/$level-$below" > "$out/$level-$below.log"
  tail -n 1 "$out/$level-$below.log"
done
