#!/usr/bin/env python3
"""A life-and-death suite for the playouts, from Tengen's own games against GNU Go: positions
with the groups whose fate is known, to measure how often the heavy playouts get it wrong.

    python3 bench/engine/playout_accuracy.py extract --out target/playout-accuracy-9.txt target/p9s25 ...
    cargo run --release -p tengen-engine --example playout_accuracy -- target/playout-accuracy-9.txt

`extract` reads the SGF files that `match_gnugo.py` writes. In every game it takes the position
before every --step-th move (from --from to the last --tail moves) and asks GNU Go 3.8
(`dragon_status`) for the status of each group of --min-stones or more. A group is labelled
only when GNU Go's status and the game agree: `alive` when GNU Go calls it alive and its first
stone still stands at the end of the game (not in GNU Go's final dead list), `dead` when GNU Go
calls it dead and it did not survive. Groups GNU Go calls critical or unknown, and those the
game contradicts, are left out (counted in the summary). The playouts know nothing of this;
the example runs them from each position and counts how often a `dead` group lives and an
`alive` group dies.

Suite lines: `rows to_move last | P:alive:N P:dead:N ... # source`, `rows` the board's rows
from the top separated by commas (`X` black, `O` white, `.` empty), `to_move` `b` or `w`,
`last` the move just played (GTP point; the playouts answer it), `P` a stone of the group (GTP
point) and `N` its stones.
"""
import argparse
import glob
import os
import re
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # bench/, for benchlib
from benchlib.gtp import GNUGO, Gtp  # noqa: E402
from benchlib.points import COLS, sgf_to_gtp  # noqa: E402

MOVE = re.compile(r";([BW])\[([a-z]{0,2})\]")
SIZE = re.compile(r"SZ\[(\d+)\]")


def rows_of(gnugo, size):
    """The current board as rows from the top (`X`, `O`, `.`)."""
    grid = [["."] * size for _ in range(size)]
    for color, ch in (("black", "X"), ("white", "O")):
        for v in gnugo.cmd(f"list_stones {color}").split():
            c = COLS.index(v[0].upper())
            r = int(v[1:])
            grid[size - r][c] = ch
    return ",".join("".join(row) for row in grid)


def survivors(gnugo, path):
    """The stones standing at the end of the game that GNU Go does not call dead."""
    gnugo.cmd(f"loadsgf {path}")
    stones = set(gnugo.cmd("list_stones black").split()) | set(gnugo.cmd("list_stones white").split())
    dead = set(gnugo.cmd("final_status_list dead").split())
    return stones - dead


def extract(a):
    gnugo = Gtp(GNUGO + ["--level", "10"])
    counts = {"alive": 0, "dead": 0, "critical/unknown": 0, "contradicted": 0}
    lines = []
    files = sorted(f for d in a.dirs
                   for f in ([d] if d.endswith(".sgf") else glob.glob(os.path.join(d, "*.sgf"))))
    for path in files:
        text = Path(path).read_text()
        size = int(SIZE.search(text).group(1))
        moves = MOVE.findall(text)
        end = survivors(gnugo, path)
        for n in range(a.start, len(moves) - a.tail, a.step):
            last = sgf_to_gtp(moves[n - 1][1], size)
            if last == "pass":
                continue  # the playouts answer the last move: a position after a pass has none
            to_move = gnugo.cmd(f"loadsgf {path} {n + 1}")
            dragons = [d.split() for d in gnugo.cmd("dragon_stones").splitlines() if d.strip()]
            labels = []
            for stones in dragons:
                if len(stones) < a.min_stones:
                    continue
                status = gnugo.cmd(f"dragon_status {stones[0]}").split()[0]
                if status not in ("alive", "dead"):
                    counts["critical/unknown"] += 1
                    continue
                lives = stones[0] in end
                if (status == "alive") != lives:
                    counts["contradicted"] += 1
                    continue
                counts[status] += 1
                labels.append(f"{stones[0]}:{status}:{len(stones)}")
            if labels:
                rows = rows_of(gnugo, size)
                color = "b" if to_move.lower().startswith("b") else "w"
                lines.append(f"{rows} {color} {last} | {' '.join(labels)} # {path} before move {n + 1}")
    gnugo.close()
    Path(a.out).write_text("".join(line + "\n" for line in lines))
    print(f"{len(lines)} positions from {len(files)} games written to {a.out}; groups: "
          + ", ".join(f"{k} {v}" for k, v in counts.items()))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = ap.add_subparsers(dest="command", required=True)
    ex = sub.add_parser("extract", help="build a suite from match directories")
    ex.add_argument("dirs", nargs="+", help="directories of match_gnugo.py's SGF files")
    ex.add_argument("--out", required=True)
    ex.add_argument("--start", type=int, default=10, help="first move number (0-based) to take")
    ex.add_argument("--step", type=int, default=4, help="take every step-th move")
    ex.add_argument("--tail", type=int, default=6, help="leave out the game's last moves")
    ex.add_argument("--min-stones", type=int, default=3, help="smallest group labelled")
    a = ap.parse_args()
    if a.command == "extract":
        extract(a)


if __name__ == "__main__":
    main()
