#!/usr/bin/env python3
"""Tengen (the shipped `tengen gtp`) against GNU Go: Chinese rules, positional superko, komi
7.5, GNU Go scores each game. Where Tengen's dead stones (`final_status_list dead`) differ
from GNU Go's, the record keeps both (`GC[the dead lists differ ...]`).

Usage (from the repository root, after `cargo build --release -p tengen`):

    python3 bench/engine/match_gnugo.py --size 9 --games 20 --level 10

Game k starts from opening k // 2 of --openings (default bench/engine/openings-<size>.txt when
it exists: balanced two-move openings, see bench/engine/README.md) with Tengen Black when k is
even and White when k is odd, so each opening is played with both colors. Tengen gets
`--seed <1000 + k>` (a seed per game) and GNU Go `--seed <k + 1>`. --main-time M gives Tengen a
clock (`time_settings M 0 0`, then `time_left` before each of its moves, measured here), so it
searches by time; otherwise it plays its level's playout budget. With --opponent (another GTP
engine, e.g. an older tengen build) and --opponent-clock the opponent gets the same clock, so
two builds meet at equal time; --opponent-main-time M gives it M seconds instead (what more
time is worth, the same build on both sides).

--owl-oracle N is an experiment, not a measure of Tengen: a second GNU Go follows the game,
and before each of Tengen's moves, where GNU Go's owl calls a dragon of N stones or more
critical (`dragon_status`), Tengen plays GNU Go's vital point instead of searching (the saving
point of its own dragon, the killing point of the opponent's, the largest dragon first). It
bounds what reading life and death as well as GNU Go would give; those moves' time is not
counted.

Prints each game and finally: the win rate with a 95% Wilson interval, the number of distinct
games (different move sequences), the average seconds per move of each side (wall time of
`genmove`, measured here), the losses by more than 20 points and the games whose dead lists
differ. SGF files (`C[gnugo dead: ...]` names the stones the count took off, `GC[the dead
lists differ ...]` each player's list where they differ) and Tengen's stderr
(one line per move with --log) go to --sgf-dir (default target/engine-match/), with each
side's seconds per move in order (game-<size>-<k>.times.json, for time profiles).
"""
import argparse
import json
import os
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # bench/, for benchlib
from benchlib.gtp import GNUGO, Gtp  # noqa: E402
from benchlib.points import gtp_to_sgf  # noqa: E402
from benchlib.stats import wilson  # noqa: E402


def load_openings(path):
    """Lines of moves, Black first, then an optional win rate (`C3 C4  0.526`); `#` starts a
    comment."""
    if not path or not os.path.exists(path):
        return [[]]
    out = []
    with open(path) as f:
        for line in f:
            words = [w for w in line.split("#")[0].split() if w[0].isalpha()]
            if len(words) >= 2:
                out.append(words)
    return out or [[]]


def load_positions(path):
    """Lines of `B` or `W` (Tengen's color) and the moves to the position, Black first (`W D5
    E5 ...`); `#` starts a comment."""
    out = []
    with open(path) as f:
        for line in f:
            words = line.split("#")[0].split()
            if words and words[0].upper() in ("B", "W"):
                out.append((words[0].upper(), words[1:]))
    if not out:
        raise SystemExit(f"{path}: no positions")
    return out


def margin(result):
    """The winner's margin of `B+3.5` (None for resignations and odd results)."""
    try:
        return float(result.split("+", 1)[1])
    except (IndexError, ValueError):
        return None


def oracle_move(oracle, tengen_color, min_stones):
    """GNU Go's vital point for the largest critical dragon of `min_stones` or more (saving it
    when it is Tengen's, killing it when it is the opponent's), or None."""
    best = None
    for line in oracle.cmd("dragon_status").splitlines():
        head, _, rest = line.partition(":")
        words = rest.split()
        if len(words) < 3 or words[0] != "critical":
            continue
        stones = len(oracle.cmd(f"dragon_stones {head.strip()}").split())
        if stones < min_stones or (best and best[0] >= stones):
            continue
        own = oracle.cmd(f"color {head.strip()}")[0] == tengen_color
        point = words[2] if own else words[1]
        if point.lower() != "pass":
            best = (stones, point)
    return best and best[1]


def playable(engine, color, v):
    """Plays `v` on `engine`, or returns False when the engine refuses it (a ko GNU Go's owl
    did not weigh, for instance)."""
    try:
        engine.cmd(f"play {color} {v}")
        return True
    except RuntimeError:
        return False


def dead_set(engine):
    """The stones `engine` calls dead (`final_status_list dead`), as upper-case vertices."""
    return {v.upper() for v in engine.cmd("final_status_list dead").split()}


def score_ended_game(tengen, gnugo, scorer):
    """GNU Go's result and dead stones for a game both players ended by passing, and each
    player's own dead list where they differ from the scorer's (None where all agree).

    GNU Go 3.8 level 10 scores, as in every figure of docs/ENGINE.md. The players' lists are
    recorded beside it because a count is only as good as its dead stones: where Tengen's
    differs, one of the two has misread a group ("Scoring a finished game")."""
    result = scorer.cmd("final_score")
    dead = scorer.cmd("final_status_list dead")
    lists = {"Tengen": dead_set(tengen), "GNU Go": {v.upper() for v in dead.split()}}
    if gnugo is not scorer:
        lists["opponent"] = dead_set(gnugo)
    if len({frozenset(d) for d in lists.values()}) == 1:
        return result, dead, None
    return result, dead, {k: " ".join(sorted(v)) for k, v in lists.items()}


def play_game(k, a, openings):
    if a.positions:
        color, opening = a.positions[k % len(a.positions)]
        tengen_black = color == "B"
    else:
        tengen_black = k % 2 == 0
        opening = openings[(k // 2) % len(openings)]
    os.makedirs(a.sgf_dir, exist_ok=True)
    log = open(os.path.join(a.sgf_dir, f"game-{a.size}-{k:03d}.stderr"), "w")
    tengen = Gtp(a.engine.split() + ["--seed", str(1000 + k)], stderr=log)
    if a.opponent:
        gnugo = Gtp(a.opponent.split() + ["--seed", str(2000 + k)], stderr=log)
    else:
        gnugo = Gtp(GNUGO + ["--level", str(a.gnugo_level), "--seed", str(k + 1)], stderr=log)
    oracle = Gtp(GNUGO + ["--level", "10"]) if a.owl_oracle else None
    followers = [e for e in (tengen, gnugo, oracle) if e]
    oracle_moves = 0
    try:
        for e in followers:
            e.cmd(f"boardsize {a.size}")
            e.cmd("clear_board")
            e.cmd(f"komi {a.komi}")
        if a.main_time:
            tengen.cmd(f"time_settings {a.main_time} 0 0")
            if a.opponent_clock:
                gnugo.cmd(f"time_settings {a.opponent_main_time or a.main_time} 0 0")
        clock = float(a.main_time or 0)
        opponent_clock = float(a.opponent_main_time or clock)
        tengen_color = "b" if tengen_black else "w"
        players = {"b": tengen if tengen_black else gnugo, "w": gnugo if tengen_black else tengen}
        moves = []
        spent = {"tengen": [], "gnugo": []}
        color = "b"
        for v in opening:
            for e in followers:
                e.cmd(f"play {color} {v}")
            moves.append((color, v))
            color = "w" if color == "b" else "b"
        passes = 0
        result = None
        t0 = time.time()
        while len(moves) < a.size * a.size * 3:
            me, other = players[color], players["w" if color == "b" else "b"]
            if me is tengen and a.main_time:
                tengen.cmd(f"time_left {color} {max(0, int(clock))} 0")
            if me is gnugo and a.main_time and a.opponent_clock:
                gnugo.cmd(f"time_left {color} {max(0, int(opponent_clock))} 0")
            vital = oracle_move(oracle, color, a.owl_oracle) if oracle and me is tengen else None
            if vital and playable(tengen, color, vital):
                v = vital
                oracle_moves += 1
            else:
                started = time.time()
                v = me.cmd(f"genmove {color}")
                took = time.time() - started
                spent["tengen" if me is tengen else "gnugo"].append(took)
                if me is tengen:
                    clock -= took
                else:
                    opponent_clock -= took
            if v.lower() == "resign":
                result = ("W" if color == "b" else "B") + "+R"
                break
            other.cmd(f"play {color} {v}")
            if oracle:
                oracle.cmd(f"play {color} {v}")
            moves.append((color, v))
            passes = passes + 1 if v.lower() == "pass" else 0
            if passes >= 2:
                break
            color = "w" if color == "b" else "b"
        differ = None
        if result is None:
            scorer = gnugo if not a.opponent else Gtp(GNUGO + ["--level", "10"])
            if a.opponent:
                scorer.cmd(f"boardsize {a.size}")
                scorer.cmd("clear_board")
                scorer.cmd(f"komi {a.komi}")
                for c, v in moves:
                    scorer.cmd(f"play {c} {v}")
            result, dead, differ = score_ended_game(tengen, gnugo, scorer)
            if a.opponent:
                scorer.close()
        else:
            dead = ""
        winner = result[0].upper() if result and result[0] in "BWbw" else "?"
        won = winner == tengen_color.upper()
        sgf = f"(;GM[1]FF[4]SZ[{a.size}]KM[{a.komi}]RU[Chinese]PB[{'Tengen' if tengen_black else 'GNU Go'}]" \
              f"PW[{'GNU Go' if tengen_black else 'Tengen'}]RE[{result}]C[gnugo dead: {dead}]"
        if differ:
            said = "; ".join(f"{k}: {v}" for k, v in differ.items())
            sgf += f"GC[the dead lists differ ({said})]"
        sgf += "".join(f";{c.upper()}[{gtp_to_sgf(v, a.size)}]" for c, v in moves) + ")\n"
        with open(os.path.join(a.sgf_dir, f"game-{a.size}-{k:03d}.sgf"), "w") as f:
            f.write(sgf)
        with open(os.path.join(a.sgf_dir, f"game-{a.size}-{k:03d}.times.json"), "w") as f:
            json.dump(spent, f)  # each side's seconds per move, in order (time profiles)
        return {
            "k": k, "color": tengen_color.upper(), "result": result, "won": won,
            "moves": tuple(v.upper() for _, v in moves), "secs": time.time() - t0,
            "spent": spent,
            "lists_differ": bool(differ),
            "opening": f"position {k % len(a.positions)}, {len(opening)} moves" if a.positions else " ".join(opening), "oracle_moves": oracle_moves,
        }
    finally:
        for e in followers:
            e.close()


def mean(xs):
    return sum(xs) / len(xs) if xs else 0.0


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--size", type=int, default=9)
    ap.add_argument("--games", type=int, default=10)
    ap.add_argument("--level", type=int, default=10, help="Tengen level")
    ap.add_argument("--playouts", type=int, default=None, help="playouts per move (overrides the level)")
    ap.add_argument("--main-time", type=int, default=None,
                    help="Tengen's main time per game in seconds (searches by time)")
    ap.add_argument("--threads", type=int, default=1)
    ap.add_argument("--komi", type=float, default=7.5)
    ap.add_argument("--gnugo-level", type=int, default=10)
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--first", type=int, default=0, help="index of the first game (seeds, colors, opening)")
    ap.add_argument("--openings", default=None,
                    help="file of openings, the moves of one a line (default bench/engine/openings-<size>.txt)")
    ap.add_argument("--positions", default=None, metavar="FILE",
                    help="play on from given positions instead of openings: game k from line "
                         "k mod the lines of FILE, Tengen with that line's color (e.g. the "
                         "positions of lost games, bench/engine/lost_positions.py)")
    ap.add_argument("--binary", default="target/release/tengen")
    ap.add_argument("--engine", default=None, help="the whole Tengen GTP command line")
    ap.add_argument("--opponent", default=None,
                    help="another GTP engine's command line instead of GNU Go (given --seed; "
                         "GNU Go level 10 still scores the games), e.g. an older tengen binary")
    ap.add_argument("--opponent-clock", action="store_true",
                    help="give the --opponent the same main time as Tengen (time_settings and "
                         "time_left): an A/B of two builds at equal time on a clock")
    ap.add_argument("--opponent-main-time", type=int, default=None, metavar="M",
                    help="give the --opponent a clock of M seconds instead of Tengen's (implies "
                         "--opponent-clock): what more time is worth, the same binary both sides")
    ap.add_argument("--sgf-dir", default="target/engine-match")
    ap.add_argument("--resign", action="store_true",
                    help="let Tengen resign hopeless games (GNU Go 3.8 resigns hopeless games by default)")
    ap.add_argument("--owl-oracle", type=int, default=None, metavar="N",
                    help="experiment: Tengen plays GNU Go's vital point of any critical dragon "
                         "of N stones or more instead of searching (see the module doc)")
    a = ap.parse_args()
    if a.opponent_main_time:
        a.opponent_clock = True
    if a.opponent_clock and not a.main_time:
        ap.error("--opponent-clock gives the opponent Tengen's clock: it needs --main-time")
    if a.openings is None:
        a.openings = os.path.join(os.path.dirname(__file__), f"openings-{a.size}.txt")
    openings = load_openings(a.openings)
    a.positions = load_positions(a.positions) if a.positions else None
    if a.engine is None:
        a.engine = f"{a.binary} gtp --level {a.level} --threads {a.threads} --log"
        if a.playouts:
            a.engine += f" --playouts {a.playouts}"
        if a.resign:
            a.engine += " --resign"
    rival = a.opponent or f"GNU Go level {a.gnugo_level}"
    if a.opponent_clock:
        rival += f", main time {a.opponent_main_time or a.main_time}s"
    print(f"# Tengen ({a.engine}{f', main time {a.main_time}s' if a.main_time else ''}) vs {rival}, "
          f"{a.size}x{a.size}, komi {a.komi}, "
          + (f"{len(a.positions)} position(s), " if a.positions else f"{len(openings)} opening(s), ")
          + f"games {a.first}..{a.first + a.games - 1}", flush=True)
    wins = n = failed = differed = 0
    games = set()
    spent = {"tengen": [], "gnugo": []}
    big_losses = []
    oracle_moves = 0
    with ThreadPoolExecutor(max_workers=a.jobs) as ex:
        futs = [ex.submit(play_game, k, a, openings) for k in range(a.first, a.first + a.games)]
        for f in futs:
            try:
                g = f.result()
            except Exception as e:  # a crashed engine voids the game, loudly
                print(f"game failed (not counted): {e}", flush=True)
                failed += 1
                continue
            n += 1
            wins += g["won"]
            games.add(g["moves"])
            differed += g["lists_differ"]
            oracle_moves += g["oracle_moves"]
            for side in spent:
                spent[side] += g["spent"][side]
            m = margin(g["result"])
            if not g["won"] and (m is None or m > 20):
                big_losses.append(f"{g['k']}:{g['result']}")
            lo, hi = wilson(wins, n)
            print(f"game {g['k']:3d}: [{g['opening']:7s}] Tengen {g['color']} {g['result']:8s} "
                  f"{'win ' if g['won'] else 'loss'} {len(g['moves']):3d} moves {g['secs']:5.0f}s "
                  f"(s/move Tengen {mean(g['spent']['tengen']):.2f}, GNU Go {mean(g['spent']['gnugo']):.2f}) "
                  f"| {wins}/{n} = {wins / n:.0%} (95% CI {lo:.0%}-{hi:.0%})"
                  + (" [the players' dead lists differ]" if g["lists_differ"] else ""), flush=True)
    lo, hi = wilson(wins, n)
    print(f"RESULT {a.size}x{a.size}: Tengen won {wins}/{n} = {wins / max(n, 1):.1%}, "
          f"95% CI {lo:.1%}-{hi:.1%}; {len(games)} distinct games; seconds per move: "
          f"Tengen {mean(spent['tengen']):.2f}, GNU Go {mean(spent['gnugo']):.2f}; "
          f"losses by more than 20 points or resigned: {len(big_losses)} {' '.join(big_losses)}"
          + (f"; {differed} with the players' dead lists different (GNU Go's count kept)" if differed else "")
          + (f" ({failed} failed games not counted)" if failed else "")
          + (f"; {oracle_moves} of Tengen's moves were the owl oracle's" if a.owl_oracle else ""),
          flush=True)


if __name__ == "__main__":
    main()
