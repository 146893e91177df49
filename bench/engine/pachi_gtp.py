#!/usr/bin/env python3
"""Runs Pachi (bench/engine/build_pachi.sh) as `match_gnugo.py`'s engine or opponent: the
harness adds `--seed N` to every command line, which Pachi spells `-s N`; everything else is
passed on as given (Pachi's engine arguments, e.g. `threads=2,resign_threshold=0`).

    python3 bench/engine/match_gnugo.py ... --engine "python3 bench/engine/pachi_gtp.py target/pachi/pachi threads=2"
"""

import os
import sys


def main():
    args = sys.argv[1:]
    if not args:
        sys.exit("usage: pachi_gtp.py PACHI [ARGS...] [--seed N]")
    out = []
    i = 0
    while i < len(args):
        if args[i] == "--seed" and i + 1 < len(args):
            out += ["-s", args[i + 1]]
            i += 2
        else:
            out.append(args[i])
            i += 1
    os.execv(out[0], out)


if __name__ == "__main__":
    main()
