#!/usr/bin/env python3
"""The learned evaluation's chance for Tengen at its own moves, in the games it lost by more
than `--big` points and in those it won, averaged over each ten of its moves: how often the
network rates a collapse as a win (docs/ENGINE.md, "Fourteen moves in").

    cargo build --release -p tengen-engine --example value_probe
    python3 bench/engine/net_on_losses.py bench/data/games-9/p9s5[789]*.sgfs.xz bench/data/games-9/p9s6*.sgfs.xz

Reads kept corpus files (or SGF files); each game goes through the `value_probe` example, which
prints the shipped network's chance for the side to move at every position. With `--weights
W.txt` a weight file written by `fit_value.py` gives the chances instead (PyTorch, the same
network the Rust reader builds from that file), so that a fit can be judged before it is
built in (docs/ENGINE.md, "Who is playing").
"""
import argparse
import os
import tempfile
from pathlib import Path

from bimodal import RESULT
from corpus import games
from net_vs_search import network


def tengen_values(probe, text, tengen_black):
    """{moves played: the network's chance for Tengen} at each position where Tengen is to move
    (`net_vs_search.network` on the game written to a temporary file)."""
    with tempfile.NamedTemporaryFile("w", suffix=".sgf", delete=False) as f:
        f.write(text)
    try:
        return network(probe, f.name, tengen_black)
    finally:
        os.unlink(f.name)


def weight_file_values(net, name, text):
    """{moves played: the chance for Tengen} at each position where Tengen is to move, from
    the network `net` of a weight file (PyTorch) rather than the shipped one."""
    # PyTorch is imported only here, so that the shipped network's path does not need it.
    import numpy as np
    import torch

    import value_data
    from fit_value import NAMED_PLANES

    board_planes, size = NAMED_PLANES[0], value_data.SIZE
    rows = list(value_data.positions(Path(name), text))
    # The first named plane says whether the side to move is Tengen.
    tengen_to_move = [i for i, (x, _, _, _) in enumerate(rows) if x[NAMED_PLANES[0], 0] == 1]
    if not tengen_to_move:
        return {}
    x = np.stack([rows[i][0][:board_planes] for i in tengen_to_move]).reshape(-1, board_planes, size, size)
    with torch.no_grad():
        win, _ = net(torch.from_numpy(x))
    return dict(zip(tengen_to_move, torch.sigmoid(win).tolist()))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("files", nargs="+")
    ap.add_argument("--big", type=float, default=20.0)
    ap.add_argument("--above", type=float, default=0.6)
    ap.add_argument("--probe", default="target/release/examples/value_probe")
    ap.add_argument("--weights", help="a weight file of fit_value.py to use instead of the shipped network")
    args = ap.parse_args()
    net = None
    if args.weights:
        from fit_value import load_net

        net = load_net(args.weights)
    groups = {"lost by more": {}, "won": {}}
    counts = {"lost by more": 0, "won": 0}
    for name, text in games(args.files):
        result = RESULT.search(text)
        if not result:
            continue
        tengen_black = "PB[Tengen]" in text
        won = (result.group(1) == "B") == tengen_black
        big = result.group(2) == "R" or float(result.group(2)) > args.big
        group = "won" if won else "lost by more" if big else None
        if group is None:
            continue
        counts[group] += 1
        values = (weight_file_values(net, name, text) if net is not None
                  else tengen_values(args.probe, text, tengen_black))
        for moves, v in values.items():
            groups[group].setdefault(moves // 10 * 10, []).append(v)
    for group, by_ten in groups.items():
        label = f"{group} than {args.big:g}" if group != "won" else "won"
        print(f"{label} ({counts[group]} games): mean chance for Tengen (share above {args.above:g})")
        for ten in sorted(by_ten):
            v = by_ten[ten]
            above = sum(x > args.above for x in v) / len(v)
            print(f"  moves {ten}-{ten + 9}: {sum(v) / len(v):.2f} ({above:.2f}), {len(v)} positions")


if __name__ == "__main__":
    main()
