#!/usr/bin/env python3
"""Search speed of the shipped binary by thread count: playouts per second of `tengen gtp`.

Plays a fixed opening (9×9 or 19×19), then lets the engine generate moves for both sides at a fixed
playout budget and seed, once per thread count, and prints the playouts per second of the
searches (from the engine's `--log` line) and their ratio to the first count. The machine
should be otherwise idle: the figure is the search's speed, so a match beside it halves it.

    python3 bench/engine/threads.py                    # 9×9, threads 1 and 2, three rounds
    python3 bench/engine/threads.py --size 19 --playouts 5000
    python3 bench/engine/threads.py --binary target/bench-bin/tengen-old --threads 1 2 4
    python3 bench/engine/threads.py --threads 2 --engine-args "--liberty-scan true"
"""
import argparse
import os
import re
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))
from benchlib.gtp import Gtp  # noqa: E402

OPENINGS = {
    9: ["b e5", "w c4", "b g4", "w d7", "b f7", "w c6", "b g6", "w e3", "b d3", "w f3"],
    19: ["b q16", "w d4", "b q3", "w d16", "b c14", "w f17", "b o17", "w r5", "b r9", "w k3"],
}
LOG = re.compile(r"^(\d+) playouts in ([0-9.]+)s")


def rate(binary, size, threads, playouts, moves, seed, extra=()):
    """Playouts and seconds summed over `moves` searches from the fixed opening; `extra` are
    more `tengen gtp` switches (e.g. `--liberty-scan true`)."""
    engine = Gtp([binary, "gtp", "--threads", str(threads), "--playouts", str(playouts),
                  "--seed", str(seed), "--log", *extra], stderr=subprocess.PIPE)
    try:
        setup = [f"boardsize {size}", "clear_board", "komi 7.5"]
        for c in setup + ["play " + m for m in OPENINGS[size]]:
            engine.cmd(c)
        total, seconds = 0, 0.0
        for k in range(moves):
            engine.cmd("genmove " + ("b" if k % 2 == 0 else "w"))
            m = LOG.match(engine.log_line(timeout=60.0))
            if m is None:
                raise RuntimeError("no search log line after genmove")
            total += int(m.group(1))
            seconds += float(m.group(2))
        return total, seconds
    finally:
        engine.close()


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--binary", default="target/release/tengen")
    ap.add_argument("--size", type=int, choices=sorted(OPENINGS), default=9)
    ap.add_argument("--threads", type=int, nargs="+", default=[1, 2])
    ap.add_argument("--playouts", type=int, default=20000)
    ap.add_argument("--moves", type=int, default=12)
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--engine-args", default="",
                    help="more tengen gtp switches, e.g. '--liberty-scan true'")
    args = ap.parse_args()
    extra = args.engine_args.split()
    sums = {t: [0, 0.0] for t in args.threads}
    for r in range(args.rounds):
        for t in args.threads:
            n, s = rate(args.binary, args.size, t, args.playouts, args.moves, seed=r + 1,
                        extra=extra)
            sums[t][0] += n
            sums[t][1] += s
            print(f"round {r + 1}, {t} thread(s): {n} playouts in {s:.2f} s, {n / s:,.0f}/s",
                  flush=True)
    base = sums[args.threads[0]][0] / sums[args.threads[0]][1]
    for t in args.threads:
        n, s = sums[t]
        print(f"{t} thread(s): {n / s:,.0f} playouts/s, {n / s / base:.2f}x")


if __name__ == "__main__":
    main()
