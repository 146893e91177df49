#!/usr/bin/env python3
"""Time per move of the TimeGo player at each level, through the shipped binary.

Usage (from the repository root, after `cargo build --release -p tengen`):

    nice -n 10 python3 bench/timego/move_time.py --size 9 --positions 6
    nice -n 10 python3 bench/timego/move_time.py --size 19 --positions 4

First one self-play game of `tengen gtp --variant timego --playouts 300 --seed 7` (both colors,
time moves and Locks included) gives a fixed set of positions spread over the game: the
positions after 10%, ..., 90% of its turns (`--positions` of them, at most --max-turns turns
played). Then, for each level, a fresh `tengen gtp --variant timego --level L --seed 11 --log`
is warmed up (one untimed `reg_genmove`: the first search of a process builds its tables),
then brought to each position in turn (clear_board, then play / timego-time / timego-lock) and
asked `genmove` once: the wall time of that command is what a player waits for. The engine's own log line gives its
playouts. Printed: per level, the mean and the longest time per move and the playouts per
second over the positions.
"""
import argparse
import re
import statistics
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # bench/, for benchlib
from benchlib.gtp import Gtp  # noqa: E402

BINARY = "target/release/tengen"
LOG = re.compile(r"(\d+) playouts, ([\d.]+)s")


def relay(color, answer):
    words = answer.split()
    if words[0] in ("timego-time", "timego-lock"):
        return " ".join([words[0], color] + words[1:])
    return f"play {color} {answer}"


def self_play(a):
    """The commands of one self-play game (relayed form), at most a.max_turns turns."""
    e = Gtp([a.binary, "gtp", "--variant", "timego", "--playouts", "300", "--seed", "7"],
            stderr=subprocess.PIPE)
    e.cmd(f"boardsize {a.size}")
    e.cmd("clear_board")
    e.cmd(f"komi {a.komi}")
    lines = []
    passes = 0
    color = "b"
    while len(lines) < a.max_turns:
        answer = e.cmd(f"genmove {color}")
        if answer.lower() == "resign":
            break
        lines.append(relay(color, answer))
        passes = passes + 1 if answer.lower() == "pass" else 0
        if passes == 2:
            lines = lines[:-2]
            break
        color = "w" if color == "b" else "b"
    e.close()
    return lines


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--size", type=int, default=9)
    ap.add_argument("--komi", type=float, default=7.5)
    ap.add_argument("--positions", type=int, default=6)
    ap.add_argument("--levels", default="1-10", help="e.g. 1-10 or 1,5,10")
    ap.add_argument("--max-turns", type=int, default=None, help="default: 2 x size x size")
    ap.add_argument("--binary", default=BINARY)
    a = ap.parse_args()
    if a.max_turns is None:
        a.max_turns = 2 * a.size * a.size
    if "-" in a.levels:
        lo, hi = a.levels.split("-")
        levels = list(range(int(lo), int(hi) + 1))
    else:
        levels = [int(x) for x in a.levels.split(",")]
    lines = self_play(a)
    n = len(lines)
    cuts = sorted({max(1, round(n * (k + 1) / (a.positions + 1))) for k in range(a.positions)})
    times = sum(l.startswith("timego-time") for l in lines)
    locks = sum(l.startswith("timego-lock") for l in lines)
    print(f"# {a.size}x{a.size}, komi {a.komi}: positions after turns {cuts} of a {n}-turn "
          f"self-play game ({times} time moves, {locks} locks)", flush=True)
    print("level | mean s/move | longest s/move | playouts/s", flush=True)
    for level in levels:
        secs = []
        playouts = 0
        engine_secs = 0.0
        e = Gtp([a.binary, "gtp", "--variant", "timego", "--level", str(level),
                 "--seed", "11", "--log"], stderr=subprocess.PIPE)
        e.cmd(f"boardsize {a.size}")
        e.cmd(f"komi {a.komi}")
        # The first search of a process builds its tables: warm up, not timed.
        e.cmd("clear_board")
        e.cmd("reg_genmove b")
        e.log_line()
        for cut in cuts:
            e.cmd("clear_board")
            for line in lines[:cut]:
                e.cmd(line)
            color = "b" if cut % 2 == 0 else "w"
            t = time.perf_counter()
            e.cmd(f"genmove {color}")
            secs.append(time.perf_counter() - t)
            m = LOG.search(e.log_line())
            if m:
                playouts += int(m.group(1))
                engine_secs += float(m.group(2))
        e.close()
        rate = playouts / engine_secs if engine_secs > 0 else 0.0
        print(f"{level:5d} | {statistics.mean(secs):11.3f} | {max(secs):14.3f} | {rate:10.0f}",
              flush=True)


if __name__ == "__main__":
    main()
