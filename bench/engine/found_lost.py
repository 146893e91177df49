#!/usr/bin/env python3
"""How far behind Tengen already was when its search first found a lost game: for each game
Tengen lost, GNU Go 3.8's `estimate_score` (level 10) at the position of Tengen's first search
with the komi shifted ("behind: komi shifted" in its `--log` line, docs/ENGINE.md "Behind"),
beside the final result.

    python3 bench/engine/found_lost.py target/p9s50a target/p9s50ab ...

Reads the match directories of `match_gnugo.py` (SGF files and the per-move `--log` lines beside
them). Tengen's k-th search (from 1) plays move 2k + 1 as Black and 2k + 2 as White (the game's
first two moves are the balanced opening); `loadsgf FILE N` gives GNU Go the position before
move N. Prints a line a lost game, then how many losses by more than 20 points GNU Go already
counted lost by more than 20 when the search found them lost.
"""
import argparse
import glob
import os
import re
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # bench/, for benchlib
from benchlib.gtp import GNUGO, Gtp  # noqa: E402
from bimodal import game_record  # noqa: E402

SEARCH = re.compile(r"^\d+ playouts")


def first_shifted_search(log_path):
    """The number (from 1) of Tengen's first search with the komi shifted, or None."""
    k = 0
    with open(log_path) as log:
        for line in log:
            if SEARCH.match(line):
                k += 1
                if "behind: komi shifted" in line:
                    return k
    return None


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("dirs", nargs="+", help="directories of match_gnugo.py games")
    a = ap.parse_args()
    gnugo = Gtp(GNUGO + ["--level", "10", "--komi", "7.5"])
    big = already = 0
    for d in a.dirs:
        for sgf in sorted(glob.glob(os.path.join(d, "*.sgf"))):
            record = game_record(sgf)
            if record is None or record[1]:
                continue
            black, _, margin, _ = record
            k = first_shifted_search(sgf[: -len(".sgf")] + ".stderr")
            if k is None:
                print(f"{sgf}: lost by {margin}, never found lost")
                continue
            move = 2 * k + 1 if black else 2 * k + 2
            gnugo.cmd(f"loadsgf {sgf} {move}")
            m = re.match(r"([BW])\+([\d.]+)", gnugo.cmd("estimate_score"))
            estimate = float(m.group(2)) * (1 if (m.group(1) == "B") == black else -1)
            print(f"{sgf}: lost by {margin}, found lost at move {move}, GNU Go's estimate for "
                  f"Tengen then {estimate:+.1f}")
            if margin is None or margin > 20:
                big += 1
                already += estimate <= -20
    print(f"losses by more than 20 points found lost: {big}; GNU Go already counted {already} of "
          f"them lost by more than 20 at that move")


if __name__ == "__main__":
    main()
