#!/usr/bin/env python3
"""The life reader against GNU Go's owl module, on the lines of `examples/life_probe`.

For each group the probe read (a position of an SGF game, a stone of the group), GNU Go 3.8
answers `owl_attack` (can the attacker, moving first, kill it?) and `owl_defend` (can its owner,
moving first, make it live?) at the same position. Prints how often the reader's verdicts
agree with GNU Go's, where both decided, how often the reader could not decide, and, for the
groups both call critical, how often the reader's moves include GNU Go's vital point.

    cargo run --release -p tengen-engine --example life_probe -- target/ab-life2/*.sgf > /tmp/life.tsv
    python3 bench/engine/life_vs_gnugo.py /tmp/life.tsv   # --min-stones 6 --critical: list them
"""

import argparse
import collections
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # bench/, for benchlib
from benchlib.gtp import GNUGO, Gtp  # noqa: E402


def owl(answer):
    """GNU Go's owl answer as (works, move): a result code 0 means it does not work."""
    parts = answer.split()
    code = int(parts[0]) if parts else 0
    return code != 0, (parts[1].upper() if len(parts) > 1 else None)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("probe", help="the output of examples/life_probe")
    ap.add_argument("--min-stones", type=int, default=5,
                    help="read only groups of at least this many stones")
    ap.add_argument("--critical", action="store_true",
                    help="also list each group GNU Go calls critical, with the reader's verdicts")
    args = ap.parse_args()
    rows = [line.rstrip("\n").split("\t") for line in open(args.probe) if line.strip()]
    rows = [r for r in rows if int(r[3]) >= args.min_stones]
    gnugo = Gtp(GNUGO + ["--level", "10"])
    loaded = None
    tally = collections.Counter()
    vital = collections.Counter()
    for path, k, vertex, stones, attack, attack_moves, defence, living in rows:
        if (path, k) != loaded:
            gnugo.cmd(f"loadsgf {path} {int(k) + 1}")
            loaded = (path, k)
        g_attack, g_kill = owl(gnugo.cmd(f"owl_attack {vertex}"))
        g_defend, g_save = owl(gnugo.cmd(f"owl_defend {vertex}"))
        for side, mine, theirs in (("attack", attack, g_attack), ("defence", defence, g_defend)):
            if mine == "?":
                tally[(side, "reader unknown")] += 1
            else:
                tally[(side, "agree" if (mine == "1") == theirs else "disagree")] += 1
                tally[(side, f"reader {mine}, GNU Go {int(theirs)}")] += 1
        if attack == "1" and defence == "1" and g_attack and g_defend:
            vital["both critical"] += 1
            vital["reader's kills include GNU Go's"] += g_kill in attack_moves.split()
            vital["reader's saves include GNU Go's"] += g_save in living.split()
        if g_attack and g_defend:
            if args.critical:
                print(f"{path} before move {int(k) + 1}: {vertex} ({stones} stones) GNU Go kills at"
                      f" {g_kill}, saves at {g_save}; reader: kills {attack} {attack_moves},"
                      f" lives {defence} {living}")
            vital["GNU Go critical"] += 1
            vital["of those, reader critical"] += attack == "1" and defence == "1"
    gnugo.close()
    print(f"{len(rows)} groups of {args.min_stones} stones or more read")
    for side in ("attack", "defence"):
        decided = tally[(side, "agree")] + tally[(side, "disagree")]
        print(f"{side}: decided {decided}, agree {tally[(side, 'agree')]}"
              f" ({100 * tally[(side, 'agree')] / max(decided, 1):.1f}%), reader unknown {tally[(side, 'reader unknown')]}")
        for key in sorted(k for k in tally if k[0] == side and k[1].startswith("reader ") and "unknown" not in k[1]):
            print(f"    {key[1]}: {tally[key]}")
    for key, n in vital.items():
        print(f"{key}: {n}")


if __name__ == "__main__":
    sys.exit(main())
