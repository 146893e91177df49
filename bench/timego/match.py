#!/usr/bin/env python3
"""TimeGo matches between two programs over GTP, through the shipped binary.

Usage (from the repository root, after `cargo build --release -p tengen`):

    python3 bench/timego/match.py --games 100 --size 9 --komi 7.5 --playouts 1000 \
        --a "" --b "--placements-only" --jobs 1

Each player is `target/release/tengen gtp --variant timego --seed S` plus its budget
(`--playouts N`, or `--level N` with --level-a/--level-b) and its extra arguments (--a, --b).
Player A takes Black in even games, White in odd ones (alternating colors). genmove answers
(`D4`, `pass`, `resign`, `timego-time D4 3`, `timego-lock`) are relayed to the other program
with the color inserted (docs/GTP.md). A game ends with two passes or a resignation; a game
that reaches --max-turns turns is scored as the board stands and reported as capped. The
result is the programs' `final_score` (both must agree). Every game's record is written as
JSON (`tengen replay` reads it) to --out, and the number of distinct games is printed with the
win rate of A and its 95% Wilson confidence interval.
"""
import argparse
import json
import os
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # bench/, for benchlib
from benchlib.gtp import Gtp  # noqa: E402
from benchlib.stats import actions_digest, wilson  # noqa: E402

BINARY = "target/release/tengen"


def relay_line(color, answer):
    """The command that tells the other program what `color` did (None for resign)."""
    words = answer.split()
    if words[0].lower() == "resign":
        return None
    if words[0] in ("timego-time", "timego-lock"):
        return " ".join([words[0], color] + words[1:])
    return f"play {color} {answer}"


def record_action(answer):
    """The JSON record action of a genmove answer."""
    words = answer.split()
    if words[0] == "timego-time":
        return {"time": {"stone": words[1].upper(), "to": int(words[2])}}
    if words[0] == "timego-lock":
        return {"lock": {}}
    if words[0].lower() == "pass":
        return {"pass": {}}
    return {"place": words[0].upper()}


def player(a, who, k):
    budget = a.level_a if who == "a" else a.level_b
    extra = a.a if who == "a" else a.b
    argv = [a.binary, "gtp", "--variant", "timego", "--seed", str((1000 if who == "a" else 5000) + k)]
    argv += ["--level", str(budget)] if budget else ["--playouts", str(a.playouts)]
    if a.resign:
        argv.append("--resign")
    return argv + extra.split()


def play_game(k, a):
    a_black = k % 2 == 0
    os.makedirs(a.out, exist_ok=True)
    log = open(os.path.join(a.out, f"game-{k:03d}.stderr"), "w")
    pa = Gtp(player(a, "a", k), stderr=log)
    pb = Gtp(player(a, "b", k), stderr=log)
    try:
        for e in (pa, pb):
            e.cmd(f"boardsize {a.size}")
            e.cmd("clear_board")
            e.cmd(f"komi {a.komi}")
        players = {"b": pa if a_black else pb, "w": pb if a_black else pa}
        actions = []
        color = "b"
        passes = 0
        result = None
        capped = False
        stats = {"time": [0, 0], "lock": [0, 0]}  # per player (A, B)
        seconds = [0.0, 0.0]
        t0 = time.time()
        while True:
            if len(actions) >= a.max_turns:
                capped = True
                break
            me, other = players[color], players["w" if color == "b" else "b"]
            who = 0 if (color == "b") == a_black else 1
            t = time.time()
            answer = me.cmd(f"genmove {color}")
            seconds[who] += time.time() - t
            if answer.lower() == "resign":
                result = ("W" if color == "b" else "B") + "+R"
                actions.append({"resign": "black" if color == "b" else "white"})
                break
            other.cmd(relay_line(color, answer))
            actions.append(record_action(answer))
            if answer.startswith("timego-time"):
                stats["time"][who] += 1
            if answer.startswith("timego-lock"):
                stats["lock"][who] += 1
            passes = passes + 1 if answer.lower() == "pass" else 0
            if passes >= 2:
                break
            color = "w" if color == "b" else "b"
        if result is None:
            result = pa.cmd("final_score")
            other = pb.cmd("final_score")
            if other != result:
                raise RuntimeError(f"the programs disagree on the score: {result} vs {other}")
        winner = result[0].upper() if result and result[0] in "BWbw" else "?"
        a_color = "B" if a_black else "W"
        record = {
            "rules": {"variant": "timego", "size": a.size, "komi": a.komi},
            "players": {"black": "A" if a_black else "B", "white": "B" if a_black else "A"},
            "actions": actions,
        }
        with open(os.path.join(a.out, f"game-{k:03d}.json"), "w") as f:
            json.dump(record, f)
        digest = actions_digest(actions)
        return {
            "k": k, "a_color": a_color, "result": result, "won": winner == a_color,
            "turns": len(actions), "secs": time.time() - t0, "capped": capped,
            "stats": stats, "digest": digest, "move_secs": seconds,
        }
    finally:
        pa.close()
        pb.close()
        log.close()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--size", type=int, default=9)
    ap.add_argument("--games", type=int, default=10)
    ap.add_argument("--playouts", type=int, default=1000)
    ap.add_argument("--level-a", type=int, default=None, help="level of A instead of --playouts")
    ap.add_argument("--level-b", type=int, default=None, help="level of B instead of --playouts")
    ap.add_argument("--komi", type=float, default=7.5)
    ap.add_argument("--a", default="", help="extra arguments of player A")
    ap.add_argument("--b", default="--placements-only", help="extra arguments of player B")
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--first", type=int, default=0, help="index of the first game (seeds, colors)")
    ap.add_argument("--max-turns", type=int, default=None, help="default: 4 x size x size")
    ap.add_argument("--resign", action="store_true", help="let both programs resign")
    ap.add_argument("--binary", default=BINARY)
    ap.add_argument("--out", default="target/timego-match")
    a = ap.parse_args()
    if a.max_turns is None:
        a.max_turns = 4 * a.size * a.size
    print(f"# A: {' '.join(player(a, 'a', 0))}\n# B: {' '.join(player(a, 'b', 0))}\n"
          f"# {a.size}x{a.size}, komi {a.komi}, {a.games} games, colors alternate", flush=True)
    wins = n = failed = capped = 0
    digests = set()
    totals = {"time": [0, 0], "lock": [0, 0]}
    move_secs = [0.0, 0.0]
    turns = 0
    with ThreadPoolExecutor(max_workers=a.jobs) as ex:
        futs = [ex.submit(play_game, k, a) for k in range(a.first, a.first + a.games)]
        for f in futs:
            try:
                g = f.result()
            except Exception as e:  # a crashed or disagreeing program voids the game, loudly
                print(f"game failed (not counted): {e}", flush=True)
                failed += 1
                continue
            n += 1
            wins += g["won"]
            capped += g["capped"]
            digests.add(g["digest"])
            turns += g["turns"]
            for key in totals:
                for i in range(2):
                    totals[key][i] += g["stats"][key][i]
            for i in range(2):
                move_secs[i] += g["move_secs"][i]
            lo, hi = wilson(wins, n)
            print(f"game {g['k']:3d}: A {g['a_color']} {g['result']:9s} {'win ' if g['won'] else 'loss'} "
                  f"{g['turns']:3d} turns{' (capped)' if g['capped'] else ''}, A {g['stats']['time'][0]} time "
                  f"moves {g['stats']['lock'][0]} locks, B {g['stats']['time'][1]}/{g['stats']['lock'][1]}, "
                  f"{g['secs']:5.0f}s | A {wins}/{n} = {wins / n:.0%} (95% CI {lo:.0%}-{hi:.0%})", flush=True)
    lo, hi = wilson(wins, n)
    print(f"RESULT {a.size}x{a.size}: A won {wins}/{n} = {wins / max(n, 1):.1%}, 95% CI {lo:.1%}-{hi:.1%}; "
          f"{len(digests)} distinct games; {capped} capped; {failed} failed; "
          f"A made {totals['time'][0]} time moves and {totals['lock'][0]} locks, "
          f"B {totals['time'][1]} and {totals['lock'][1]}; mean turns {turns / max(n, 1):.0f}; "
          f"thinking s/game A {move_secs[0] / max(n, 1):.1f}, B {move_secs[1] / max(n, 1):.1f}")


if __name__ == "__main__":
    main()
