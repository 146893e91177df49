#!/usr/bin/env python3
"""Where the learned evaluation and Tengen's search disagree in match games: how many won and
lost games had one of Tengen's searches (from --from to --to) rate the game --search or more
while the network (the shipped `value-9.txt`, through the `value_probe` example) gave Tengen
--net or less at the same position.

    cargo build --release -p tengen-engine --example value_probe
    python3 bench/engine/net_vs_search.py target/p9s50a target/p9s50ab ...

Reads the match directories of `match_gnugo.py` (SGF files, and the per-move logs of
`tengen gtp --log` beside them). Tengen's k-th search (from 1) is the position after 2k moves
as Black and 2k + 1 as White (the game's first two moves are the balanced opening).
Diagnostic for docs/ENGINE.md, "Trusting the network more, and fitting it again".
"""
import argparse
import glob
import subprocess

from bimodal import game_record


def network(probe, sgf, black):
    """The network's chance for Tengen at each position (moves played) where it is to move."""
    side = "b" if black else "w"
    out = subprocess.run([probe, sgf], capture_output=True, text=True, check=True).stdout
    return {int(p[1]): float(p[3]) for p in (line.split("\t") for line in out.splitlines()) if p[2] == side}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("dirs", nargs="+")
    ap.add_argument("--search", type=float, default=0.5)
    ap.add_argument("--net", type=float, default=0.35)
    ap.add_argument("--from", dest="first", type=int, default=8)
    ap.add_argument("--to", type=int, default=30)
    ap.add_argument("--probe", default="target/release/examples/value_probe")
    args = ap.parse_args()
    counts = {True: [0, 0], False: [0, 0]}
    for d in args.dirs:
        for sgf in sorted(glob.glob(f"{d}/*.sgf")):
            record = game_record(sgf)
            if record is None:
                continue
            black, won, _, searches = record
            net = network(args.probe, sgf, black)
            disagree = any(
                args.first <= k <= args.to
                and rate >= args.search
                and net.get(2 * k if black else 2 * k + 1, 1.0) <= args.net
                for k, (rate, _) in enumerate(searches, 1)
            )
            counts[won][0] += disagree
            counts[won][1] += 1
    for won, (n, total) in counts.items():
        print(f"{'won' if won else 'lost'}: {n} of {total} games had a search at {args.search} or more "
              f"where the network gave {args.net} or less (searches {args.first}-{args.to})")


if __name__ == "__main__":
    main()
