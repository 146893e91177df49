#!/usr/bin/env python3
"""GNU Go 3.8 level 10's thinking time per move on this machine, on a fixed 9×9 self-play.

Time parity against GNU Go is a property of the machine as much as of the engines: GNU Go
reads to a fixed depth and takes less time on a faster processor, while `tengen gtp` spends
its clock's share. To run a parity match on another machine, time GNU Go on both and scale
the main time by the ratio (`match_gnugo.py --main-time`).

    python3 bench/engine/gnugo_speed.py              # 9×9, level 10, 40 moves, three seeds
    python3 bench/engine/gnugo_speed.py --moves 20 --seeds 1
"""
import argparse
import os
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))
from benchlib.gtp import GNUGO, Gtp  # noqa: E402

OPENING = ["b e5", "w c4"]


def seconds_per_move(level, moves, seed):
    """Mean seconds per genmove of GNU Go playing both sides from `OPENING`."""
    gnugo = Gtp(GNUGO + ["--level", str(level), "--seed", str(seed)])
    try:
        for c in ["boardsize 9", "clear_board", "komi 7.5"] + ["play " + m for m in OPENING]:
            gnugo.cmd(c)
        spent, played = 0.0, 0
        for k in range(moves):
            start = time.perf_counter()
            answer = gnugo.cmd("genmove " + ("b" if k % 2 == 0 else "w"))
            spent += time.perf_counter() - start
            played += 1
            if answer.lower() in ("pass", "resign"):
                break
        return spent / played
    finally:
        gnugo.close()


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--level", type=int, default=10)
    ap.add_argument("--moves", type=int, default=40)
    ap.add_argument("--seeds", type=int, default=3)
    a = ap.parse_args()
    rates = [seconds_per_move(a.level, a.moves, s + 1) for s in range(a.seeds)]
    for s, r in enumerate(rates):
        print(f"seed {s + 1}: {r:.4f} s a move")
    print(f"GNU Go level {a.level}: {sum(rates) / len(rates):.4f} s a move")


if __name__ == "__main__":
    main()
