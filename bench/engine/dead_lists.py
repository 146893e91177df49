#!/usr/bin/env python3
"""Where Tengen's dead stones differ from GNU Go's in finished match games.

Each game of the folders (SGF from `match_gnugo.py`, GNU Go's dead list in the root comment)
is loaded into Tengen (`loadsgf`), which gives its own `final_status_list dead` and
`final_score`; the games where the lists differ are printed with both counts and the stones
only one of them calls dead. One of the two has misread a group there ("Scoring a finished
game" in docs/ENGINE.md: in game 7488 it was Tengen).

    python3 bench/engine/dead_lists.py --binary target/release/tengen target/p9s57a target/p9s57b
"""

import argparse
import re
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # bench/, for benchlib
from benchlib.gtp import Gtp  # noqa: E402
from match_gnugo import dead_set  # noqa: E402


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--binary", default="target/release/tengen")
    ap.add_argument("dirs", nargs="+")
    a = ap.parse_args()
    tengen = Gtp([a.binary, "gtp", "--threads", "1"])
    games = differ = 0
    try:
        for d in a.dirs:
            for path in sorted(Path(d).glob("*.sgf")):
                text = path.read_text()
                listed = re.search(r"gnugo dead:([^\]]*)\]", text)
                if listed is None or "+R" in text:
                    continue
                games += 1
                tengen.cmd(f"loadsgf {path}")
                ours = dead_set(tengen)
                theirs = set(listed.group(1).split())
                if ours == theirs:
                    continue
                differ += 1
                result = re.search(r"RE\[([^\]]*)\]", text).group(1)
                print(f"{path}: GNU Go {result}, Tengen {tengen.cmd('final_score')}; "
                      f"dead for Tengen only: {' '.join(sorted(ours - theirs)) or '-'}; "
                      f"for GNU Go only: {' '.join(sorted(theirs - ours)) or '-'}", flush=True)
    finally:
        tengen.close()
    print(f"{games} games scored at the end, {differ} with different dead lists")


if __name__ == "__main__":
    main()
