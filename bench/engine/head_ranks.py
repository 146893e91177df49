#!/usr/bin/env python3
"""Where a blunder suite's answers stand in the learned move head (docs/ENGINE.md, "Where the
move head knows better"): for each position of a 9x9 suite written by `blunders.py extract`,
the rank and chance the shipped head (`crates/engine/src/value-9.txt`) gives GNU Go's answer
and the move Tengen played in the game, and the count of positions where GNU Go's answer is
the head's first choice or in its first three.

    python3 bench/engine/head_ranks.py bench/engine/blunders-9.txt [--weights FILE]
    python3 bench/engine/head_ranks.py --games target/p9s58b target/p9s58c ...

With --games, over every move of Tengen's in the match folders' games instead: by how sure
the head is of its first choice, how often Tengen played that choice, and how often a move
the head gives under 0.05.
"""

import argparse
import glob
import re
import sys
from pathlib import Path

import torch

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # bench/, for benchlib
from benchlib.board import play  # noqa: E402
from benchlib.points import gtp_to_sgf, sgf_to_gtp, sgf_to_index  # noqa: E402

import value_data  # noqa: E402
from blunders import load_suite  # noqa: E402
from fit_policy import load_head, trunk  # noqa: E402
from fit_value import load_net  # noqa: E402

PLAYED = re.compile(r"Tengen played (\S+)")


def index(point):
    """The flat index (rows from the top, as the fit's planes) of a 9x9 GTP point."""
    return sgf_to_index(gtp_to_sgf(point, 9), 9)


def chances(net, head, moves, color):
    """The head's chance of each point for `color` ("B" or "W") after `moves`."""
    board = [0] * 81
    last = None
    for move in moves:
        c, point = move.split(":")
        last = index(point)
        play(board, last, 1 if c == "B" else 2, 9)
    x = value_data.planes(board, 1 if color == "B" else 2, last, False, False)[:12]
    x = torch.from_numpy(x.reshape(1, 12, 9, 9))
    with torch.no_grad():
        return torch.softmax(head(trunk(net, x), x[:, 2]), dim=1)[0]


MOVE = re.compile(r";([BW])\[([a-z]*)\]")


def games_report(net, head, folders):
    """Prints, by the head's chance of its first choice, how Tengen's moves agree with it."""
    bins = [0.0, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 1.01]
    rows = []
    for folder in folders:
        for path in sorted(glob.glob(f"{folder}/*.sgf")):
            text = open(path).read()
            tengen = "B" if "PB[Tengen]" in text else "W"
            moves = []
            for color, sgf in MOVE.findall(text):
                if not sgf:
                    break
                point = sgf_to_gtp(sgf, 9)
                if color == tengen:
                    p = chances(net, head, moves, color)
                    m = index(point)
                    rows.append((float(p.max()), int(p.argmax()) == m, float(p[m])))
                moves.append(f"{color}:{point}")
    for lo, hi in zip(bins, bins[1:]):
        sel = [r for r in rows if lo <= r[0] < hi]
        if sel:
            print(f"head's first choice at {lo:.1f}-{min(hi, 1):.1f}: {len(sel)} of Tengen's moves, "
                  f"{sum(r[1] for r in sel) / len(sel):.0%} that choice, "
                  f"{sum(r[2] < 0.05 for r in sel) / len(sel):.0%} a move under 0.05")
    sure = [r for r in rows if r[0] >= 0.5]
    print(f"RESULT {len(rows)} moves; where the head is 0.5 or more sure ({len(sure)}), Tengen "
          f"played a move it gives under 0.05 in {sum(r[2] < 0.05 for r in sure)}")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("suite", nargs="?")
    ap.add_argument("--games", nargs="+", metavar="DIR", help="match folders instead of a suite")
    ap.add_argument("--weights", default="crates/engine/src/value-9.txt")
    a = ap.parse_args()
    net, head = load_net(a.weights), load_head(a.weights)
    if a.games:
        games_report(net, head, a.games)
        return
    first = top3 = n = unlikely = 0
    for size, _komi, color, moves, accepted, source in load_suite(a.suite):
        if size != 9:
            continue
        p = chances(net, head, moves, color)
        order = p.argsort(descending=True).tolist()
        rank = order.index(index(accepted[0])) + 1
        played = PLAYED.search(source)
        tengen = ""
        if played:
            m = index(played.group(1))
            tengen = f"; Tengen's {played.group(1)}: rank {order.index(m) + 1}, {float(p[m]):.3f}"
            unlikely += float(p[m]) < 0.1
        print(f"GNU Go's {accepted[0]}: rank {rank}, {float(p[index(accepted[0])]):.3f}{tengen}  # {source}")
        n += 1
        first += rank == 1
        top3 += rank <= 3
    print(f"RESULT {a.suite}: GNU Go's answer is the head's first choice in {first} of {n} positions, "
          f"in its first three in {top3}; Tengen's move had under 0.1 in {unlikely}")


if __name__ == "__main__":
    main()
