#!/usr/bin/env python3
"""How often Tengen's games pass through a "bimodal" state, and how they end: a search whose
win rate says the game is open (at least --low, under --high) while the playouts' mean margin
says Tengen is --behind points or more behind — the sign of a big group alive in some of the
playouts and dead in the rest.

    python3 bench/engine/bimodal.py target/p9s25 target/p9race ...

Reads the directories `match_gnugo.py` writes (each game's SGF, for the colors and the result,
and the `--log` lines of `tengen gtp`, for each move's win rate and mean score, Black's
margin) and prints, for each threshold of --behind, how many games won and lost passed through
such a state, and how many of the losses by more than 20 points did.
"""
import argparse
import glob
import os
import re

LOG = re.compile(r"win rate ([\d.]+), score ([-+\d.]+)")
RESULT = re.compile(r"RE\[([BW])\+([\d.]+|R)")


def game_record(sgf_path):
    """(Tengen played Black, Tengen won, margin of the result or None for a resignation, the
    (win rate, Tengen's mean margin) of each of Tengen's searches), or None when the game has
    no result or log."""
    with open(sgf_path) as f:
        sgf = f.read()
    result = RESULT.search(sgf)
    log_path = sgf_path[: -len(".sgf")] + ".stderr"
    if not result or not os.path.exists(log_path):
        return None
    tengen_black = "PB[Tengen]" in sgf
    won = (result.group(1) == "B") == tengen_black
    margin = None if result.group(2) == "R" else float(result.group(2))
    searches = []
    with open(log_path) as log:
        for line in log:
            m = LOG.search(line)
            if m:
                score = float(m.group(2))
                searches.append((float(m.group(1)), score if tengen_black else -score))
    return tengen_black, won, margin, searches


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("dirs", nargs="+", help="directories of match_gnugo.py games")
    ap.add_argument("--low", type=float, default=0.2)
    ap.add_argument("--high", type=float, default=0.5)
    ap.add_argument("--behind", type=float, nargs="+", default=[10, 15, 20])
    a = ap.parse_args()
    games = [g for d in a.dirs for f in sorted(glob.glob(os.path.join(d, "*.sgf")))
             if (g := game_record(f)) is not None]
    print(f"{len(games)} games; a state: win rate in [{a.low}, {a.high}) with the mean margin "
          f"at least N points behind")
    for behind in a.behind:
        counts = {(w, s): 0 for w in (True, False) for s in (True, False)}
        big = {True: 0, False: 0}
        for _, won, margin, searches in games:
            seen = any(a.low <= wr < a.high and mine <= -behind for wr, mine in searches)
            counts[(won, seen)] += 1
            if not won and (margin is None or margin > 20):
                big[seen] += 1
        through = counts[(True, True)] + counts[(False, True)]
        print(f"N = {behind:g}: {through} games passed through it, {counts[(False, True)]} lost "
              f"({counts[(False, True)] / max(through, 1):.0%}); losses {counts[(False, True)]} "
              f"of {counts[(False, True)] + counts[(False, False)]}, wins {counts[(True, True)]} of "
              f"{counts[(True, True)] + counts[(True, False)]}; losses by more than 20: "
              f"{big[True]} of {big[True] + big[False]}")


if __name__ == "__main__":
    main()
