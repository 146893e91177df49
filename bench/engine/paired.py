#!/usr/bin/env python3
"""Two builds (or settings) on the same games: the results of two `match_gnugo.py` folders
played with the same `--first` and `--games` (the same openings, colors and opponent seeds),
set side by side game by game.

    python3 bench/engine/paired.py target/ab-s61-pachi-03 target/ab-s61-pachi-03-sw05

A side may also be a kept corpus file (`bench/data/games-9/*.sgfs.xz`), so a new run is
compared with a kept one on a fresh machine:

    python3 bench/engine/paired.py bench/data/games-9/m9s64-d4d6-12s.sgfs.xz target/m9s68-d4d6

Prints each folder's wins (Wilson 95%) and losses by more than 20 points over the games both
finished, the games only one of them won, and the two-sided exact sign test on those (the
chance of a split at least that uneven if neither build were better). Several folders a side
(separated by `--`) are pooled: `paired.py A1 A2 -- B1 B2`.
"""
import argparse
import glob
import math
import os
import re
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # bench/, for benchlib
from benchlib.stats import wilson  # noqa: E402
from bimodal import RESULT  # noqa: E402
from corpus import CORPUS_SUFFIX, games as corpus_games  # noqa: E402

GAME = re.compile(r"game-\d+-(\d+)\.sgf$")
BIG = 20.0


def records(folder):
    """(name, SGF text) of a match folder's games, or of a kept corpus file's (`corpus.py`)."""
    if folder.endswith(CORPUS_SUFFIX):
        yield from ((str(name), text) for name, text in corpus_games([folder]))
        return
    for path in glob.glob(os.path.join(folder, "*.sgf")):
        with open(path) as f:
            yield path, f.read()


def results(folders):
    """{game index: (Tengen won, lost by more than BIG points)} over the folders' finished games."""
    out = {}
    for folder in folders:
        for path, sgf in records(folder):
            index = GAME.search(path)
            result = RESULT.search(sgf)
            if not index or not result:
                continue
            won = (result.group(1) == "B") == ("PB[Tengen]" in sgf)
            big = not won and (result.group(2) == "R" or float(result.group(2)) > BIG)
            out[int(index.group(1))] = (won, big)
    return out


def sign_test(k, n):
    """Two-sided exact binomial test of k successes in n at one half (1.0 for n = 0)."""
    if n == 0:
        return 1.0
    tail = sum(math.comb(n, i) for i in range(0, min(k, n - k) + 1)) / 2**n
    return min(1.0, 2 * tail)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("folders", nargs="+", help="A B, or A1 A2 -- B1 B2")
    a = ap.parse_args(sys.argv[1:])
    if "--" in sys.argv[1:]:
        cut = sys.argv[1:].index("--")
        sides = [sys.argv[1:][:cut], sys.argv[1:][cut + 1:]]
    elif len(a.folders) == 2:
        sides = [[a.folders[0]], [a.folders[1]]]
    else:
        ap.error("give two folders, or the folders of each side separated by --")
    first, second = results(sides[0]), results(sides[1])
    games = sorted(set(first) & set(second))
    if not games:
        sys.exit("no game index finished in both")
    n = len(games)
    for name, res in (("A", first), ("B", second)):
        wins = sum(res[g][0] for g in games)
        lo, hi = wilson(wins, n)
        big = sum(res[g][1] for g in games)
        print(f"{name} ({' '.join(sides[0 if name == 'A' else 1])}): {wins}/{n} "
              f"({100 * wins / n:.1f}%, Wilson {100 * lo:.1f}-{100 * hi:.1f}%), "
              f"{big} lost by more than {BIG:g}")
    only_a = sum(first[g][0] and not second[g][0] for g in games)
    only_b = sum(second[g][0] and not first[g][0] for g in games)
    print(f"won only by A: {only_a}, only by B: {only_b}; "
          f"sign test, two-sided: p = {sign_test(only_a, only_a + only_b):.3f}")


if __name__ == "__main__":
    main()
