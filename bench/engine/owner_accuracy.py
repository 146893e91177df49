#!/usr/bin/env python3
"""How well the learned evaluation's ownership head tells which stones will die.

    python3 bench/engine/owner_accuracy.py crates/engine/src/value-9.txt /tmp/test.npz

Reads a weight file (`fit_value.py`'s) and positions from `value_data.py` (held-out games:
each position's planes and the final owner of every point, GNU Go's dead stones taken off)
and prints, by move number, how many stones on the board end the game in the opponent's
area, and for the head's verdict "the opponent gets this stone" at three confidences (its
tanh at or under 0, -0.5 and -0.8 from the stone's side): how many stones it names, the
share of them that do die (precision) and the share of the dying stones it names (recall).
Needs PyTorch (`pip install numpy torch`).
"""
import argparse

import numpy as np
import torch

from fit_value import load_net

MOVES = [(10, 20), (20, 30), (30, 40), (40, 60), (60, 200)]
CONFIDENCES = [0.0, -0.5, -0.8]


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("weights", help="a weight file written by fit_value.py")
    ap.add_argument("positions", help="positions written by value_data.py (held-out games)")
    a = ap.parse_args()
    net = load_net(a.weights)
    planes = net.convs[0].in_channels
    net.eval()
    data = np.load(a.positions)
    x, final, game = data["x"][:, :planes], data["owner"], data["game"]
    with torch.no_grad():
        _, owner = net(torch.from_numpy(x))
    owner = owner.numpy()
    move = np.zeros(len(game), dtype=int)
    for i in range(1, len(game)):
        move[i] = move[i - 1] + 1 if game[i] == game[i - 1] else 0
    print("moves | stones | die | confidence | named | precision | recall")
    for lo, hi in MOVES:
        at = (move >= lo) & (move < hi)
        # +1 for the side to move's stones, -1 for its opponent's: ownership from the stone's side.
        side = np.where(x[at, 0] > 0.5, 1.0, np.where(x[at, 1] > 0.5, -1.0, 0.0))
        stones = side != 0
        head = (owner[at] * side)[stones]
        dies = (final[at] * side)[stones] < 0
        for c in CONFIDENCES:
            named = head <= c if c < 0 else head < c
            hit = int((named & dies).sum())
            print(f"{lo}-{hi - 1} | {int(stones.sum())} | {int(dies.sum())} | {c} | {int(named.sum())} | "
                  f"{hit / max(int(named.sum()), 1):.2f} | {hit / max(int(dies.sum()), 1):.2f}")


if __name__ == "__main__":
    main()
