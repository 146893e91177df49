#!/usr/bin/env python3
"""Gathers the distinct SGF games of several match directories into one, for the fit of the
move-pattern weights (`fit_patterns`, docs/ENGINE.md "Contact features").

Two runs of the same games (the same openings and GNU Go seeds against two builds) repeat
some games move for move; a repeated game would count its moves twice in the fit. This keeps
the first copy of each move sequence and links it into OUT as g00000.sgf, g00001.sgf, ... in
the order of the directories and their sorted file names (the fit holds out every tenth).

Usage (from the repository root):

    python3 bench/patterns/distinct_games.py --out target/fit-m target/p9s36t14 target/p500-tp0
"""
import argparse
import os
import sys


def moves_of(sgf: str) -> str:
    """The game's moves: the text from its first move node on (the header and comments left out)."""
    starts = [i for i in (sgf.find(";B["), sgf.find(";W[")) if i >= 0]
    return sgf[min(starts):] if starts else ""


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--out", required=True, help="a new directory for the links")
    p.add_argument("dirs", nargs="+", help="directories of SGF games")
    a = p.parse_args()
    if os.path.exists(a.out) and os.listdir(a.out):
        print(f"{a.out} is not empty", file=sys.stderr)
        return 2
    os.makedirs(a.out, exist_ok=True)
    seen, kept, repeated = set(), 0, 0
    for d in a.dirs:
        for name in sorted(os.listdir(d)):
            if not name.endswith(".sgf"):
                continue
            path = os.path.join(d, name)
            with open(path, encoding="utf-8") as f:
                key = moves_of(f.read())
            if not key or key in seen:
                repeated += 1
                continue
            seen.add(key)
            os.symlink(os.path.abspath(path), os.path.join(a.out, f"g{kept:05d}.sgf"))
            kept += 1
    print(f"{kept} distinct games, {repeated} repeated or empty left out")
    return 0


if __name__ == "__main__":
    sys.exit(main())
