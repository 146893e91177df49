#!/usr/bin/env python3
"""GNU Go self-play games: the training data for the move-pattern weights
(`cargo run --release -p tengen-engine --example fit_patterns`, see docs/ENGINE.md "Learned
patterns").

Usage (from the repository root):

    python3 bench/patterns/gnugo_selfplay.py --size 9 --games 200 --level 10 --out target/selfplay-9

Game k starts from balanced opening k // 2 of bench/engine/openings-<size>.txt when it exists
(each opening twice), GNU Go seeded with k + 1, Chinese rules, komi 7.5, up to size² · 2 moves;
one GNU Go process plays both colors. Each game is written as `game-<size>-<k>.sgf` (names
GNU Go for both players), so the fit can tell its moves from anyone else's. Existing files are
kept, so an interrupted run continues where it stopped.

GNU Go at level 10 mostly ignores its seed, so two games from the same opening are often the
same game. `--random-moves N` plays N more moves after the opening, each a random empty point
off the first line (seeded by k), so that every game is a different one; the fit of the
balanced playouts (`examples/balance_playouts.rs`) wants positions, not a balanced start.
"""
import random
import argparse
import os
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # bench/, for benchlib
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "engine"))  # for match_gnugo
from benchlib.gtp import GNUGO, Gtp  # noqa: E402
from benchlib.points import gtp_to_sgf  # noqa: E402
from match_gnugo import load_openings  # noqa: E402


def play(k, a, openings):
    path = os.path.join(a.out, f"game-{a.size}-{k:04d}.sgf")
    if os.path.exists(path):
        return
    g = Gtp(GNUGO + ["--level", str(a.level), "--seed", str(k + 1)])
    try:
        g.cmd(f"boardsize {a.size}")
        g.cmd("clear_board")
        g.cmd(f"komi {a.komi}")
        moves = []
        color = "b"
        for v in openings[(k // 2) % len(openings)]:
            g.cmd(f"play {color} {v}")
            moves.append((color, v))
            color = "w" if color == "b" else "b"
        rng = random.Random(k)
        inner = [f"{'ABCDEFGHJKLMNOPQRST'[c]}{r + 1}" for c in range(1, a.size - 1) for r in range(1, a.size - 1)]
        for _ in range(a.random_moves):
            taken = {v.upper() for _, v in moves}
            choices = [v for v in inner if v not in taken]
            rng.shuffle(choices)
            for v in choices:
                try:
                    g.cmd(f"play {color} {v}")
                except RuntimeError:  # an illegal point (suicide, ko): try the next
                    continue
                moves.append((color, v))
                break
            color = "w" if color == "b" else "b"
        passes = 0
        while len(moves) < a.size * a.size * 2 and passes < 2:
            v = g.cmd(f"genmove {color}")
            if v.lower() == "resign":
                break
            moves.append((color, v))
            passes = passes + 1 if v.lower() == "pass" else 0
            color = "w" if color == "b" else "b"
        result = g.cmd("final_score")
    finally:
        g.close()
    sgf = f"(;GM[1]FF[4]SZ[{a.size}]KM[{a.komi}]RU[Chinese]PB[GNU Go]PW[GNU Go]RE[{result}]"
    sgf += "".join(f";{c.upper()}[{gtp_to_sgf(v, a.size)}]" for c, v in moves) + ")\n"
    tmp = path + ".tmp"
    with open(tmp, "w") as f:
        f.write(sgf)
    os.replace(tmp, path)
    print(f"game {k}: {len(moves)} moves, {result}", flush=True)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--size", type=int, default=9)
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--first", type=int, default=0)
    ap.add_argument("--level", type=int, default=10)
    ap.add_argument("--komi", type=float, default=7.5)
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--out", default=None)
    ap.add_argument("--random-moves", type=int, default=0,
                    help="random moves off the first line after the opening (distinct games)")
    a = ap.parse_args()
    a.out = a.out or f"target/selfplay-{a.size}"
    os.makedirs(a.out, exist_ok=True)
    openings = load_openings(f"bench/engine/openings-{a.size}.txt")
    with ThreadPoolExecutor(a.jobs) as pool:
        for f in [pool.submit(play, k, a, openings) for k in range(a.first, a.first + a.games)]:
            f.result()


if __name__ == "__main__":
    main()
