#!/usr/bin/env python3
"""Where Tengen's losses gather: its games against GNU Go counted by opening and by Tengen's
color, the pairs with the most losses by more than 20 points first (docs/ENGINE.md, "Where
the collapses gather: one opening").

    python3 bench/engine/openings.py bench/data/games-9/p9s5[789]*.sgfs.xz bench/data/games-9/p9s63*.sgfs.xz
    python3 bench/engine/openings.py target/p9s63a/*.sgf --top 5

Reads kept corpus files (`corpus.py`) and single SGF files. The opening is a game's first two
moves; each pair prints its games, losses, losses by more than 20 points (resignations
counted with them) and Tengen's mean margin, with a Poisson tail: how likely that many big
losses are in that many games at the rate of the whole set.
"""
import argparse
import math
import re
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # bench/, for benchlib
from benchlib.points import sgf_to_gtp  # noqa: E402
from bimodal import RESULT  # noqa: E402
from corpus import finished, games  # noqa: E402

MOVE = re.compile(r";([BW])\[([a-s]{0,2})\]")
SIZE = re.compile(r"SZ\[(\d+)\]")
BIG_LOSS = 20.0


def poisson_tail(k, mean):
    """P(X ≥ k) for X Poisson with the given mean."""
    return 1.0 - sum(math.exp(-mean) * mean**i / math.factorial(i) for i in range(k))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("files", nargs="+", help="corpus files (.sgfs.xz) or SGF files")
    ap.add_argument("--top", type=int, default=10, help="pairs to print")
    a = ap.parse_args()

    played, lost, big, points = Counter(), Counter(), Counter(), Counter()
    for _, text in games(a.files):
        result = RESULT.search(text)
        if not finished(text) or not result or "Tengen" not in text:
            continue
        size = int(SIZE.search(text).group(1)) if SIZE.search(text) else 19
        moves = MOVE.findall(text)[:2]
        tengen = "B" if "PB[Tengen]" in text else "W"
        pair = (tengen, " ".join(sgf_to_gtp(m, size) for _, m in moves))
        margin = math.inf if result.group(2) == "R" else float(result.group(2))
        played[pair] += 1
        if result.group(1) == tengen:
            points[pair] += margin if math.isfinite(margin) else 0.0
        else:
            lost[pair] += 1
            points[pair] -= margin if math.isfinite(margin) else 0.0
            if margin > BIG_LOSS:
                big[pair] += 1

    total = sum(played.values())
    if not total:
        raise SystemExit("no finished games with Tengen")
    rate = sum(big.values()) / total
    for color in "BW":
        games_c = sum(n for (c, _), n in played.items() if c == color)
        print(f"Tengen {color}: {games_c} games, {sum(n for (c, _), n in lost.items() if c == color)} lost, "
              f"{sum(n for (c, _), n in big.items() if c == color)} by more than {BIG_LOSS:g}")
    print(f"{total} games, {len(played)} (color, opening) pairs; "
          f"{sum(big.values())} losses by more than {BIG_LOSS:g} ({100 * rate:.1f}%)")
    ranked = sorted(played, key=lambda p: (-big[p], -lost[p], p))
    for pair in ranked[: a.top]:
        n = played[pair]
        print(f"Tengen {pair[0]}, {pair[1]}: {n} games, {lost[pair]} lost, {big[pair]} by more than "
              f"{BIG_LOSS:g}, mean margin {points[pair] / n:+.1f}; "
              f"P(at least {big[pair]} at the set's rate) = {poisson_tail(big[pair], rate * n):.2g}")


if __name__ == "__main__":
    main()
