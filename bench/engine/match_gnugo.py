#!/usr/bin/env python3
"""Tengen vs GNU Go match: Chinese rules, komi 7.5, alternating colors, GNU Go scores each game.

Usage (from the repository root, after
`cargo build --release -p tengen-engine --example gtp`):

    python3 bench/engine/match_gnugo.py --size 9 --games 20 --playouts 10000 --jobs 2

GNU Go gets `--seed <game number + 1>` so that its games vary too (GNU Go is otherwise
deterministic, and a deterministic opponent makes many games identical). Prints each game and
the win rate with a 95% Wilson confidence interval. SGF files of the games
go to --sgf-dir (default target/engine-match/) for the dead-stone comparison.
"""
import argparse
import math
import os
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor

COLS = "ABCDEFGHJKLMNOPQRSTUVWXYZ"


class Gtp:
    def __init__(self, argv, stderr=None):
        self.p = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  stderr=stderr or subprocess.DEVNULL, text=True, bufsize=1)

    def cmd(self, line):
        self.p.stdin.write(line + "\n")
        self.p.stdin.flush()
        out = []
        while True:
            l = self.p.stdout.readline()
            if l == "":
                raise RuntimeError("engine died on: " + line)
            if l.strip() == "" and out:
                break
            if l.strip() == "" and not out:
                continue
            out.append(l.rstrip("\n"))
        text = "\n".join(out)
        if text.startswith("?"):
            raise RuntimeError(f"{line!r} failed: {text}")
        return text[1:].strip()

    def close(self):
        try:
            self.cmd("quit")
        except Exception:
            pass
        self.p.kill()
        self.p.wait()


def wilson(wins, n, z=1.96):
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    d = 1 + z * z / n
    c = p + z * z / (2 * n)
    m = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    return ((c - m) / d, (c + m) / d)


def to_sgf(v, size):
    if v.lower() == "pass":
        return ""
    col = COLS.index(v[0].upper())
    row = int(v[1:])
    return chr(ord("a") + col) + chr(ord("a") + size - row)


def play_game(k, a):
    tengen_black = k % 2 == 0
    os.makedirs(a.sgf_dir, exist_ok=True)
    log = open(os.path.join(a.sgf_dir, f"game-{a.size}-{k:03d}.stderr"), "w")
    tengen = Gtp(a.engine.split() + ["--seed", str(1000 + k)], stderr=log)
    gnugo = Gtp(["/usr/games/gnugo", "--mode", "gtp", "--chinese-rules", "--positional-superko",
                 "--level", str(a.gnugo_level), "--seed", str(k + 1)], stderr=log)
    try:
        for e in (tengen, gnugo):
            e.cmd(f"boardsize {a.size}")
            e.cmd("clear_board")
            e.cmd(f"komi {a.komi}")
        players = {"b": tengen if tengen_black else gnugo, "w": gnugo if tengen_black else tengen}
        moves = []
        color = "b"
        passes = 0
        result = None
        t0 = time.time()
        while len(moves) < a.size * a.size * 3:
            me, other = players[color], players["w" if color == "b" else "b"]
            v = me.cmd(f"genmove {color}")
            if v.lower() == "resign":
                result = ("W" if color == "b" else "B") + "+R"
                break
            other.cmd(f"play {color} {v}")
            moves.append((color, v))
            passes = passes + 1 if v.lower() == "pass" else 0
            if passes >= 2:
                break
            color = "w" if color == "b" else "b"
        if result is None:
            result = gnugo.cmd("final_score")
            dead = gnugo.cmd("final_status_list dead")
        else:
            dead = ""
        winner = result[0].upper() if result and result[0] in "BWbw" else "?"
        tengen_color = "B" if tengen_black else "W"
        won = winner == tengen_color
        os.makedirs(a.sgf_dir, exist_ok=True)
        sgf = f"(;GM[1]FF[4]SZ[{a.size}]KM[{a.komi}]RU[Chinese]PB[{'Tengen' if tengen_black else 'GNU Go'}]" \
              f"PW[{'GNU Go' if tengen_black else 'Tengen'}]RE[{result}]C[gnugo dead: {dead}]"
        sgf += "".join(f";{c.upper()}[{to_sgf(v, a.size)}]" for c, v in moves) + ")\n"
        with open(os.path.join(a.sgf_dir, f"game-{a.size}-{k:03d}.sgf"), "w") as f:
            f.write(sgf)
        return k, tengen_color, result, won, len(moves), time.time() - t0
    finally:
        tengen.close()
        gnugo.close()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--size", type=int, default=9)
    ap.add_argument("--games", type=int, default=10)
    ap.add_argument("--playouts", type=int, default=10000)
    ap.add_argument("--level", type=int, default=None, help="Tengen level instead of --playouts")
    ap.add_argument("--threads", type=int, default=1)
    ap.add_argument("--komi", type=float, default=7.5)
    ap.add_argument("--gnugo-level", type=int, default=10)
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--first", type=int, default=0, help="index of the first game (seeds, colors)")
    ap.add_argument("--engine", default=None, help="Tengen GTP command line")
    ap.add_argument("--sgf-dir", default="target/engine-match")
    ap.add_argument("--resign", action="store_true",
                    help="let Tengen resign hopeless games (GNU Go never resigns)")
    a = ap.parse_args()
    if a.engine is None:
        budget = f"--level {a.level}" if a.level else f"--playouts {a.playouts}"
        a.engine = f"target/release/examples/gtp {budget} --threads {a.threads}"
        if a.resign:
            a.engine += " --resign"
    print(f"# Tengen ({a.engine}) vs GNU Go level {a.gnugo_level}, {a.size}x{a.size}, komi {a.komi}",
          flush=True)
    wins = n = failed = 0
    with ThreadPoolExecutor(max_workers=a.jobs) as ex:
        futs = [ex.submit(play_game, k, a) for k in range(a.first, a.first + a.games)]
        for f in futs:
            try:
                k, col, res, won, nmoves, secs = f.result()
            except Exception as e:  # a crashed engine voids the game, loudly
                print(f"game failed (not counted): {e}", flush=True)
                failed += 1
                continue
            n += 1
            wins += won
            lo, hi = wilson(wins, n)
            print(f"game {k:3d}: Tengen {col} {res:10s} {'win ' if won else 'loss'} {nmoves:3d} moves "
                  f"{secs:6.0f}s | {wins}/{n} = {wins / n:.0%} (95% CI {lo:.0%}-{hi:.0%})", flush=True)
    lo, hi = wilson(wins, n)
    print(f"RESULT {a.size}x{a.size}: Tengen won {wins}/{n} = {wins / max(n, 1):.1%}, "
          f"95% CI {lo:.1%}-{hi:.1%}" + (f" ({failed} failed games not counted)" if failed else ""))


if __name__ == "__main__":
    main()
