#!/usr/bin/env python3
"""A blunder suite from Tengen's own games against GNU Go: the positions just before Tengen's
win rate fell, each with GNU Go's answer, and how many of them the shipped `tengen gtp` now
answers the same way.

    python3 bench/engine/blunders.py extract --out bench/engine/blunders-19.txt target/m19 ...
    python3 bench/engine/blunders.py run bench/engine/blunders-19.txt --playouts 5000

`extract` reads the match directories of `match_gnugo.py` (SGF files and the per-move logs of
`tengen gtp --log`, one line per `genmove`). Wherever Tengen's win rate at one of its moves is
at least --from and its next move's is lower by --drop or more, the opponent's reply found
something Tengen had missed: the position before that move of Tengen's goes into the suite
with GNU Go 3.8 level 10's answer there (`reg_genmove`, then `top_moves`: every move valued
at least 80% of the best), when GNU Go values it at --min-value points or more and Tengen
played something else. GNU Go is the reference, not an oracle: the suite measures whether a
change makes Tengen see what a stronger tactical reader sees, quickly, without a match.

`run` asks the binary (`--binary`, default target/release/tengen) for a move in each position
at a fixed playout budget, with each of --seeds seeds (the search's answer in a close position
varies with the seed), and counts the answers GNU Go also gave, with a 95% Wilson interval.

Suite lines: `size komi color moves... | accepted... # source`, each move `B:Q16` (color and
GTP point), `color` the side to move.
"""
import argparse
import glob
import os
import re
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # bench/, for benchlib
from benchlib.gtp import GNUGO, Gtp  # noqa: E402
from benchlib.points import sgf_to_gtp  # noqa: E402
from benchlib.stats import wilson  # noqa: E402

GNUGO_10 = GNUGO + ["--level", "10"]
WIN_RATE = re.compile(r"playouts in [\d.]+s, win rate ([\d.]+)")


def read_game(path):
    """(size, komi, Tengen's color 'B'/'W', [(color, GTP move)]) of one match SGF."""
    text = open(path).read()
    size = int(re.search(r"SZ\[(\d+)\]", text).group(1))
    komi = float(re.search(r"KM\[([-\d.]+)\]", text).group(1))
    me = "B" if "PB[Tengen]" in text else "W"
    moves = [(c, sgf_to_gtp(m, size)) for c, m in re.findall(r";([BW])\[([a-z]*)\]", text)]
    return size, komi, me, moves


def win_rates(log_path):
    """Tengen's win rate at each of its `genmove`s, in order."""
    with open(log_path) as f:
        return [float(m.group(1)) for m in map(WIN_RATE.search, f) if m]


def drops(moves, me, rates, start, drop):
    """(index in `moves` of Tengen's move, rate there, rate at its next move) wherever the rate
    fell by `drop` or more from at least `start`. The log has a line for each `genmove`, so
    Tengen's moves that came from the opening (the first two moves on 9×9) have none: they
    are the difference between its moves and the lines."""
    mine = [i for i, (c, _) in enumerate(moves) if c == me]
    skip = len(mine) - len(rates)
    if skip not in (0, 1, -1):
        return []
    searched = mine[max(skip, 0):]
    out = []
    for j in range(min(len(searched), len(rates)) - 1):
        if rates[j] >= start and rates[j] - rates[j + 1] >= drop:
            out.append((searched[j], rates[j], rates[j + 1]))
    return out


def gnugo_answer(size, komi, color, moves, ratio=0.8):
    """GNU Go level 10's moves in the position after `moves`, `color` to move: [(move, value)]
    of every move valued at least `ratio` of its best (its `top_moves`)."""
    g = Gtp(GNUGO_10)
    try:
        g.cmd(f"boardsize {size}")
        g.cmd("clear_board")
        g.cmd(f"komi {komi}")
        for c, m in moves:
            g.cmd(f"play {c} {m}")
        g.cmd(f"reg_genmove {color}")
        words = g.cmd("top_moves").split()
    finally:
        g.close()
    pairs = [(words[i].upper(), float(words[i + 1])) for i in range(0, len(words) - 1, 2)]
    if not pairs:
        return []
    best = pairs[0][1]
    return [(m, v) for m, v in pairs if v >= ratio * best]


def extract(a):
    out = []
    for d in a.dirs:
        for sgf in sorted(glob.glob(os.path.join(d, "*.sgf"))):
            log = sgf[:-4] + ".stderr"
            if not os.path.exists(log):
                continue
            size, komi, me, moves = read_game(sgf)
            for i, before, after in drops(moves, me, win_rates(log), a.start, a.drop):
                answer = gnugo_answer(size, komi, me, moves[:i])
                if not answer or answer[0][1] < a.min_value:
                    continue
                accepted = [m for m, _ in answer]
                played = moves[i][1].upper()
                if played in accepted:
                    continue
                source = (f"{sgf} move {i + 1}: Tengen played {played} at {before:.2f}, "
                          f"{after:.2f} at its next move; GNU Go {answer[0][0]} "
                          f"({answer[0][1]:.1f} points)")
                line = (f"{size} {komi} {me} {' '.join(f'{c}:{m}' for c, m in moves[:i])} | "
                        f"{' '.join(accepted)} # {source}")
                print(line, flush=True)
                out.append(line)
    with open(a.out, "w") as f:
        f.write("# Blunder suite: size komi color-to-move moves (B:Q16 ...) | GNU Go's answers # source\n")
        f.write("# Written by bench/engine/blunders.py extract; see its docstring.\n")
        for line in out:
            f.write(line + "\n")
    print(f"{len(out)} positions written to {a.out}")


def load_suite(path):
    """[(size, komi, color, [moves], [accepted], source)] from a suite file."""
    out = []
    with open(path) as f:
        for line in f:
            body, _, source = line.partition("#")
            if "|" not in body:
                continue
            left, right = body.split("|", 1)
            words = left.split()
            size, komi, color, moves = int(words[0]), float(words[1]), words[2], words[3:]
            out.append((size, komi, color, moves, right.split(), source.strip()))
    return out


def run(a):
    suite = load_suite(a.suite)
    solved = 0
    seconds = 0.0
    for seed in range(a.seed, a.seed + a.seeds):
        s, t = run_seed(a, suite, seed)
        solved += s
        seconds += t
    n = len(suite) * a.seeds
    lo, hi = wilson(solved, n)
    print(f"RESULT {a.suite}: {solved}/{n} = {solved / max(n, 1):.1%} answered as GNU Go "
          f"(95% CI {lo:.1%}-{hi:.1%}; {len(suite)} positions, {a.seeds} seed(s)) at "
          f"{a.playouts} playouts, {a.threads} thread(s), {seconds / max(n, 1):.2f} s a position")


def run_seed(a, suite, seed):
    """(answers GNU Go also gave, seconds spent) over `suite` with one engine seed."""
    argv = [a.binary, "gtp", "--playouts", str(a.playouts), "--threads", str(a.threads),
            "--log", "--seed", str(seed)] + a.engine_args.split()
    t = Gtp(argv, stderr=subprocess.PIPE)
    solved = 0
    seconds = 0.0
    try:
        for k, (size, komi, color, moves, accepted, source) in enumerate(suite):
            t.cmd(f"boardsize {size}")
            t.cmd("clear_board")
            t.cmd(f"komi {komi}")
            for move in moves:
                c, m = move.split(":")
                t.cmd(f"play {c} {m}")
            start = time.time()
            answer = t.cmd(f"genmove {color}").upper()
            seconds += time.time() - start
            log = t.log_line()
            rate = WIN_RATE.search(log)
            ok = answer in accepted
            solved += ok
            print(f"seed {seed} {k:3d} {'solved' if ok else 'missed'} {answer:5} "
                  f"(win rate {rate.group(1) if rate else '?'}; GNU Go {' '.join(accepted)}) "
                  f"{source}", flush=True)
    finally:
        t.close()
    return solved, seconds


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = p.add_subparsers(dest="command", required=True)
    e = sub.add_parser("extract", help="build a suite from match directories")
    e.add_argument("dirs", nargs="+")
    e.add_argument("--out", required=True)
    e.add_argument("--drop", type=float, default=0.15, help="win-rate fall between two moves")
    e.add_argument("--start", type=float, default=0.3, help="lowest win rate before the fall")
    e.add_argument("--min-value", type=float, default=5.0,
                   help="GNU Go's value of its answer, in points")
    r = sub.add_parser("run", help="ask the binary for a move in each position of a suite")
    r.add_argument("suite")
    r.add_argument("--binary", default="target/release/tengen")
    r.add_argument("--playouts", type=int, default=5000)
    r.add_argument("--threads", type=int, default=1)
    r.add_argument("--seed", type=int, default=1, help="the first engine seed")
    r.add_argument("--seeds", type=int, default=1,
                   help="play each position with this many seeds (the answers vary)")
    r.add_argument("--engine-args", default="",
                   help="more `tengen gtp` flags, e.g. the network's defaults, which a "
                        "--playouts budget leaves off: --value-prior 20 --move-prior 50 "
                        "--value-mix 0.25 --score-weight 0.2")
    a = p.parse_args()
    extract(a) if a.command == "extract" else run(a)


if __name__ == "__main__":
    main()
