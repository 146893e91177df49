#!/usr/bin/env python3
"""Dead-stone estimation vs GNU Go on GNU Go self-play games played to the end.

GNU Go (at --play-level, default 10) plays itself to two passes; a fresh GNU Go at level 10 then
gives `final_status_list dead` and `final_score`; `tengen gtp` is given the same moves
and asked the same. A game agrees when both dead-stone sets and both results are equal.

    cargo build --release -p tengen
    python3 bench/engine/deadstones_gnugo.py --size 9 --games 20 --jobs 2

Disagreeing games are written as SGF to --out (default target/engine-dead/) with both lists.
"""
import argparse
import json
import os
import random
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))  # bench/, for benchlib
from benchlib.gtp import GNUGO, Gtp  # noqa: E402
from benchlib.points import gtp_to_sgf  # noqa: E402


def sgf_text(s):
    """Escapes an SGF Text value."""
    return s.replace("\\", "\\\\").replace("]", "\\]")


def self_play(k, a):
    """GNU Go plays itself after a few random moves; the moves, or None when it resigned."""
    rnd = random.Random(k)
    player = Gtp(GNUGO + ["--level", str(a.play_level), "--seed", str(rnd.randrange(1, 10 ** 6))])
    moves = []
    try:
        player.cmd(f"boardsize {a.size}")
        player.cmd("clear_board")
        player.cmd(f"komi {a.komi}")
        color, passes = "b", 0
        # A few random opening moves make the games differ.
        for _ in range(a.random_moves):
            while True:
                v = "ABCDEFGHJKLMNOPQRST"[rnd.randrange(a.size)] + str(rnd.randrange(1, a.size + 1))
                try:
                    player.cmd(f"play {color} {v}")
                    break
                except RuntimeError:
                    continue
            moves.append((color, v))
            color = "w" if color == "b" else "b"
        while passes < 2 and len(moves) < a.size * a.size * 3:
            v = player.cmd(f"genmove {color}")
            if v.lower() == "resign":
                return None
            moves.append((color, v))
            passes = passes + 1 if v.lower() == "pass" else 0
            color = "w" if color == "b" else "b"
    finally:
        player.close()
    return moves


def cached_self_play(k, a):
    """Self-play games are kept in --games-dir (GNU Go is seeded, so a game never changes) so
    that judging again after an estimator change does not replay them."""
    path = os.path.join(a.games_dir, f"selfplay-{a.size}-l{a.play_level}-r{a.random_moves}-{k:03d}.json")
    if os.path.exists(path):
        with open(path) as f:
            return json.load(f)
    moves = self_play(k, a)
    os.makedirs(a.games_dir, exist_ok=True)
    with open(path, "w") as f:
        json.dump(moves, f)
    return moves


def one(k, a):
    moves = cached_self_play(k, a)
    if moves is None:
        return k, None
    judge = Gtp(GNUGO + ["--level", "10"])
    tengen = Gtp(a.engine.split())
    try:
        for e in (judge, tengen):
            e.cmd(f"boardsize {a.size}")
            e.cmd("clear_board")
            e.cmd(f"komi {a.komi}")
            for c, v in moves:
                e.cmd(f"play {c} {v}")
        g_dead = set(judge.cmd("final_status_list dead").split())
        g_score = judge.cmd("final_score")
        t_dead = set(tengen.cmd("final_status_list dead").split())
        t_score = tengen.cmd("final_score")
    finally:
        judge.close()
        tengen.close()
    agree = g_dead == t_dead and g_score == t_score
    if not agree:
        os.makedirs(a.out, exist_ok=True)
        with open(os.path.join(a.out, f"dead-{a.size}-{k:03d}.sgf"), "w") as f:
            comment = (f"gnugo {g_score} dead {' '.join(sorted(g_dead))}\n"
                       f"tengen {t_score} dead {' '.join(sorted(t_dead))}")
            f.write(f"(;GM[1]FF[4]SZ[{a.size}]KM[{a.komi}]C[{sgf_text(comment)}]")
            f.write("".join(f";{c.upper()}[{gtp_to_sgf(v, a.size)}]" for c, v in moves) + ")\n")
    return k, (agree, g_dead, t_dead, g_score, t_score, len(moves))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--size", type=int, default=9)
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--komi", type=float, default=7.5)
    ap.add_argument("--play-level", type=int, default=10,
                    help="GNU Go level of the self-play (1 is fast but leaves fights open)")
    ap.add_argument("--random-moves", type=int, default=4)
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--first", type=int, default=0)
    ap.add_argument("--engine", default="target/release/tengen gtp --threads 1 --seed 1")
    ap.add_argument("--out", default="target/engine-dead")
    ap.add_argument("--games-dir", default="target/engine-dead/games",
                    help="where self-play games are kept and reused")
    a = ap.parse_args()
    agree = n = 0
    with ThreadPoolExecutor(max_workers=a.jobs) as ex:
        for f in [ex.submit(one, k, a) for k in range(a.first, a.first + a.games)]:
            k, r = f.result()
            if r is None:
                print(f"game {k}: resigned, skipped", flush=True)
                continue
            ok, gd, td, gs, ts, nm = r
            n += 1
            agree += ok
            extra = "" if ok else f"  gnugo-only {sorted(gd - td)} tengen-only {sorted(td - gd)}"
            print(f"game {k:3d}: {nm:3d} moves, gnugo {gs:8s} tengen {ts:8s} "
                  f"{'agree' if ok else 'DIFFER'}{extra}", flush=True)
    print(f"RESULT {a.size}x{a.size}: {agree}/{n} games agree ({agree / max(n, 1):.0%})")


if __name__ == "__main__":
    main()
