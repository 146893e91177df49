#!/usr/bin/env python3
"""Varied openings for GNU Go's games against itself (data for the move head, `policy_data.py`).

GNU Go repeats itself from the same position, so its games from the 81 balanced two-move
openings are half repeats. This extends each opening of a list by `--moves` random moves on
the third line or higher (each on an empty point, not touching a stone), `--variants` times,
and prints the longer openings for `match_gnugo.py --openings`.

    python3 bench/engine/extend_openings.py bench/engine/openings-9.txt --variants 6 --moves 2 > /tmp/openings-4.txt
"""

import argparse
import random

LETTERS = "ABCDEFGHJKLMNOPQRST"


def points(size):
    """Every point on the third line or higher, as GTP vertices."""
    return [f"{LETTERS[c]}{r + 1}" for c in range(2, size - 2) for r in range(2, size - 2)]


def neighbours(vertex, size):
    c, r = LETTERS.index(vertex[0]), int(vertex[1:]) - 1
    return {f"{LETTERS[x]}{y + 1}" for x, y in ((c - 1, r), (c + 1, r), (c, r - 1), (c, r + 1))
            if 0 <= x < size and 0 <= y < size}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("openings")
    ap.add_argument("--size", type=int, default=9)
    ap.add_argument("--variants", type=int, default=6)
    ap.add_argument("--moves", type=int, default=2)
    ap.add_argument("--seed", type=int, default=1)
    a = ap.parse_args()
    rng = random.Random(a.seed)
    candidates = points(a.size)
    seen = set()
    print(f"# {a.openings} extended by {a.moves} random moves, {a.variants} variants each (seed {a.seed})")
    for line in open(a.openings):
        base = [w for w in line.split("#")[0].split() if w[0].isalpha()]
        if len(base) < 2:
            continue
        for _ in range(a.variants):
            moves = list(base)
            for _ in range(a.moves):
                taken = set(moves)
                near = set().union(*(neighbours(m, a.size) for m in moves))
                moves.append(rng.choice([p for p in candidates if p not in taken and p not in near]))
            if tuple(moves) not in seen:
                seen.add(tuple(moves))
                print(" ".join(moves))


if __name__ == "__main__":
    main()
