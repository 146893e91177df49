#!/usr/bin/env python3
"""Adds up the runs of one match that was played in parts (`match.py --first K --games N`).

Usage:

    python3 bench/timego/combine.py --out target/timego-match part1.log part2.log

Reads the per-game lines that match.py printed ("game  12: A B B+3.5 win ..."; a game listed
twice counts once), and the records it wrote to --out (game-012.json ...) to count the distinct
games over all parts. Prints A's wins, the win rate with its 95% Wilson interval, the wins by
color and the distinct games.
"""
import argparse
import json
import os
import re
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # bench/, for benchlib
from benchlib.stats import actions_digest, wilson  # noqa: E402

LINE = re.compile(r"game\s+(\d+): A ([BW]) \S+\s+(win|loss)")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", default="target/timego-match", help="match.py's --out folder")
    ap.add_argument("logs", nargs="+")
    a = ap.parse_args()
    games = {}
    for path in a.logs:
        with open(path) as f:
            for line in f:
                m = LINE.match(line)
                if m:
                    games[int(m.group(1))] = (m.group(2), m.group(3) == "win")
    n = len(games)
    wins = sum(w for _, w in games.values())
    by_color = {c: [sum(w for col, w in games.values() if col == c),
                    sum(1 for col, _ in games.values() if col == c)] for c in "BW"}
    digests = set()
    for k in games:
        path = os.path.join(a.out, f"game-{k:03d}.json")
        if os.path.exists(path):
            with open(path) as f:
                actions = json.load(f)["actions"]
            digests.add(actions_digest(actions))
    lo, hi = wilson(wins, n)
    print(f"A won {wins}/{n} = {wins / max(n, 1):.1%}, 95% CI {lo:.1%}-{hi:.1%}; "
          f"as Black {by_color['B'][0]}/{by_color['B'][1]}, as White {by_color['W'][0]}/{by_color['W'][1]}; "
          f"{len(digests)} distinct games among the {n} records found")


if __name__ == "__main__":
    main()
