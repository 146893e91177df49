#!/usr/bin/env python3
"""The learned evaluation's chance for Tengen at its own moves, in the games it lost by more
than `--big` points and in those it won, averaged over each ten of its moves: how often the
network rates a collapse as a win (docs/ENGINE.md, "Fourteen moves in").

    cargo build --release -p tengen-engine --example value_probe
    python3 bench/engine/net_on_losses.py bench/data/games-9/p9s5[789]*.sgfs.xz bench/data/games-9/p9s6*.sgfs.xz

Reads kept corpus files (or SGF files); each game goes through the `value_probe` example, which
prints the shipped network's chance for the side to move at every position.
"""
import argparse
import os
import tempfile

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


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("files", nargs="+")
    ap.add_argument("--big", type=float, default=20.0)
    ap.add_argument("--above", type=float, default=0.6)
    ap.add_argument("--probe", default="target/release/examples/value_probe")
    args = ap.parse_args()
    groups = {"lost by more": {}, "won": {}}
    counts = {"lost by more": 0, "won": 0}
    for _, text in games(args.files):
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
        for moves, v in tengen_values(args.probe, text, tengen_black).items():
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
