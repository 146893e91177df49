#!/usr/bin/env python3
"""GNU Go's value of game positions: labels for the fit of the balanced playouts
(`examples/balance_playouts.rs --values FILE`, docs/ENGINE.md "Simulation balancing").

For every distinct game of the SGF directories (a game repeated move for move is read once),
the positions every `--every` moves from move `--from` to `--to` are set up in GNU Go 3.8 and
scored with its `estimate_score` (its static judgement: dragons' life and death, influence);
the estimate, Black's margin with komi, becomes Black's value `1 / (1 + exp(-margin / scale))`.
Prints `file<TAB>move<TAB>value<TAB>margin` lines, `move` being the number of moves played
before the position.

    python3 bench/patterns/gnugo_values.py --jobs 2 target/selfplay-9 target/selfplay-9r > target/gnugo-values.tsv
"""
import argparse
import math
import re
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # bench/, for benchlib
from benchlib.gtp import GNUGO, Gtp  # noqa: E402
from benchlib.points import sgf_to_gtp  # noqa: E402

MOVE = re.compile(r";([BW])\[([a-z]*)\]")
ESTIMATE = re.compile(r"^([BW])\+([0-9.]+)")


def values(path, a):
    text = open(path).read()
    size = int(re.search(r"SZ\[(\d+)\]", text).group(1))
    komi = float(re.search(r"KM\[([-0-9.]+)\]", text).group(1))
    moves = MOVE.findall(text)
    g = Gtp(GNUGO + ["--level", str(a.level)])
    out = []
    try:
        g.cmd(f"boardsize {size}")
        g.cmd("clear_board")
        g.cmd(f"komi {komi}")
        for k, (color, point) in enumerate(moves):
            if a.start <= k <= a.to and (k - a.start) % a.every == 0:
                m = ESTIMATE.match(g.cmd("estimate_score"))
                if m:
                    margin = float(m.group(2)) * (1 if m.group(1) == "B" else -1)
                    value = 1 / (1 + math.exp(-margin / a.scale))
                    out.append(f"{path}\t{k}\t{value:.4f}\t{margin:.1f}")
            if k >= a.to:
                break
            v = sgf_to_gtp(point, size) if point else "pass"
            g.cmd(f"play {color.lower()} {v}")
    finally:
        g.close()
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("dirs", nargs="+")
    ap.add_argument("--every", type=int, default=2)
    ap.add_argument("--from", dest="start", type=int, default=6)
    ap.add_argument("--to", type=int, default=60)
    ap.add_argument("--scale", type=float, default=5.0, help="points for odds of e to 1")
    ap.add_argument("--level", type=int, default=10)
    ap.add_argument("--jobs", type=int, default=1)
    a = ap.parse_args()
    seen, files = set(), []
    for d in a.dirs:
        for f in sorted(Path(d).glob("*.sgf")):
            text = f.read_text()
            key = text[text.find(";B["):]
            if key not in seen:
                seen.add(key)
                files.append(str(f))
    with ThreadPoolExecutor(a.jobs) as pool:
        for lines in pool.map(lambda f: values(f, a), files):
            for line in lines:
                print(line, flush=True)


if __name__ == "__main__":
    main()
