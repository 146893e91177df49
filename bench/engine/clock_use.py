#!/usr/bin/env python3
"""How Tengen used its clock in match games, and how many moves a 9×9 game still had to go.

    python3 bench/engine/clock_use.py target/p9s51a target/p9s51b ...

Reads the directories `match_gnugo.py --main-time` writes (each game's SGF and its
`times.json`) and prints two tables:

- by the empty points on the board before Tengen's move (in fives): how many moves Tengen
  still played in that game, the mean and the 50th, 90th and 98th percentiles — what
  `time::moves_left` should expect;
- by the length of the game in Tengen's moves: the games, how many Tengen lost, and the
  seconds of its clock it spent on average;
- by the result (won, lost by up to 20 points, lost by more): the games, and each side's
  seconds a move over all their moves (docs/ENGINE.md, "Keeping pace").
"""
import argparse
import collections
import glob
import json
import os
import re
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # bench/, for benchlib
from benchlib.board import play  # noqa: E402
from benchlib.points import sgf_to_index  # noqa: E402
from bimodal import RESULT  # noqa: E402

MOVE = re.compile(r";([BW])\[([a-z]*)\]")
SIZE_TAG = re.compile(r"SZ\[(\d+)\]")
LENGTHS = [(0, 20), (20, 25), (25, 30), (30, 35), (35, 45), (45, 1000)]


def game(sgf_path):
    """(the empty points before each of Tengen's moves, Tengen won, its seconds spent, (its
    moves, its seconds, the opponent's moves and seconds, the margin or None for a
    resignation)), or None when the game has no result or no times."""
    with open(sgf_path) as f:
        sgf = f.read()
    result = RESULT.search(sgf)
    times_path = sgf_path[: -len(".sgf")] + ".times.json"
    if not result or not os.path.exists(times_path):
        return None
    with open(times_path) as f:
        times = json.load(f)
    spent = sum(times["tengen"])
    opponent = next(v for k, v in times.items() if k != "tengen")
    margin = None if result.group(2) == "R" else float(result.group(2))
    pace = (len(times["tengen"]), spent, len(opponent), sum(opponent), margin)
    size = int(SIZE_TAG.search(sgf).group(1))
    tengen = "B" if "PB[Tengen]" in sgf else "W"
    board = [0] * (size * size)
    empties = []
    for color, text in MOVE.findall(sgf):
        if color == tengen:
            empties.append(board.count(0))
        p = sgf_to_index(text, size)
        if p is not None:
            play(board, p, color, size)
    return empties, result.group(1) == tengen, spent, pace


def percentile(sorted_values, q):
    return sorted_values[min(len(sorted_values) - 1, int(len(sorted_values) * q))]


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("dirs", nargs="+", help="directories of match_gnugo.py games")
    a = ap.parse_args()
    games = [g for d in a.dirs for p in sorted(glob.glob(os.path.join(d, "*.sgf"))) if (g := game(p))]
    left = collections.defaultdict(list)
    for empties, *_ in games:
        for i, e in enumerate(empties):
            left[e // 5 * 5].append(len(empties) - i)
    print(f"{len(games)} games\n\nempty points | Tengen's moves | moves still to play: mean | p50 | p90 | p98")
    for e in sorted(left):
        v = sorted(left[e])
        print(f"{e}-{e + 4} | {len(v)} | {sum(v) / len(v):.1f} | {percentile(v, 0.5)} | "
              f"{percentile(v, 0.9)} | {percentile(v, 0.98)}")
    print("\nTengen's moves in the game | games | lost | seconds spent (mean)")
    for lo, hi in LENGTHS:
        rows = [g for g in games if lo <= len(g[0]) < hi]
        if rows:
            lost = sum(not won for _, won, *_ in rows)
            print(f"{lo}-{hi - 1} | {len(rows)} | {lost} | {sum(g[2] for g in rows) / len(rows):.2f}")
    print("\nresult | games | seconds a move: Tengen | opponent | Tengen's share")
    classes = [
        ("won", lambda won, m: won),
        ("lost by up to 20", lambda won, m: not won and m is not None and m <= 20),
        ("lost by more than 20", lambda won, m: not won and (m is None or m > 20)),
    ]
    for label, keep in classes:
        rows = [g[3] for g in games if keep(g[1], g[3][4])]
        if rows:
            own = sum(r[1] for r in rows) / sum(r[0] for r in rows)
            other = sum(r[3] for r in rows) / sum(r[2] for r in rows)
            print(f"{label} | {len(rows)} | {own:.3f} | {other:.3f} | {own / other:.0%}")


if __name__ == "__main__":
    main()
