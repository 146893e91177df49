#!/usr/bin/env python3
"""The positions where Tengen's searches found a game lost, from match records, as a
`match_gnugo.py --positions` file: how many points Tengen loses from there on is then
measured again and again, by one build against another, without waiting for the rare games
that reach them (docs/ENGINE.md, "Behind").

Usage (from the repository root):

    python3 bench/engine/lost_positions.py target/p9s54sw target/p9s55a > /tmp/lost.txt
    python3 bench/engine/match_gnugo.py --positions /tmp/lost.txt --games 80 --main-time 4 ...

Each folder holds `match_gnugo.py`'s `game-*.sgf` with the `--log` lines of Tengen's searches
(`game-*.stderr`, one line per `genmove`). For each game Tengen lost (all games with --all),
the position before its first search in "Behind" (a log line with `behind:`), or with
--below W before its first search whose win rate is under W from its --from-move-th search
on, or --earlier N of its searches before either, is written as Tengen's color and the moves to it, with a comment naming the game, the
search's win rate and mean margin for Tengen, and the result. Games whose log does not have
a line per Tengen move are skipped (and counted on stderr).
"""
import argparse
import re
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # bench/, for benchlib
from benchlib.points import sgf_to_gtp  # noqa: E402

SEARCH = re.compile(r"win rate ([0-9.]+), score ([-+0-9.]+)")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("dirs", nargs="+")
    ap.add_argument("--below", type=float, default=None, metavar="W",
                    help="the first search whose win rate is under W, instead of the first in Behind")
    ap.add_argument("--from-move", type=int, default=8, metavar="N",
                    help="with --below, only from Tengen's N-th search on (counting from 0)")
    ap.add_argument("--earlier", type=int, default=0, metavar="N",
                    help="N of Tengen's searches before the one found (not before its first)")
    ap.add_argument("--opening", type=int, default=2, help="moves of each game's opening")
    ap.add_argument("--all", action="store_true", help="games Tengen won too")
    a = ap.parse_args()
    skipped = 0
    for d in a.dirs:
        for sgf in sorted(Path(d).glob("game-*.sgf")):
            text = sgf.read_text()
            size = int(re.search(r"SZ\[(\d+)\]", text).group(1))
            result = re.search(r"RE\[([^\]]*)\]", text).group(1)
            tengen = "B" if "PB[Tengen]" in text else "W"
            if not a.all and result[:1] == tengen:
                continue
            moves = [(c, sgf_to_gtp(p, size)) for c, p in re.findall(r";([BW])\[([a-z]*)\]", text)]
            mine = [j for j, (c, _) in enumerate(moves) if c == tengen and j >= a.opening]
            log = sgf.with_suffix(".stderr")
            searches = [m for m in map(SEARCH.search, log.read_text().splitlines()) if m] \
                if log.exists() else []
            lines = [l for l in log.read_text().splitlines() if SEARCH.search(l)] if searches else []
            if len(searches) != len(mine):
                skipped += 1
                continue
            at = None
            for i, (m, line) in enumerate(zip(searches, lines)):
                if a.below is None and "behind:" in line:
                    at = i
                    break
                if a.below is not None and i >= a.from_move and "behind:" not in line \
                        and float(m.group(1)) < a.below:
                    at = i
                    break
            if at is None:
                continue
            at = max(0, at - a.earlier)
            win, score = float(searches[at].group(1)), float(searches[at].group(2))
            mean_for_tengen = score if tengen == "B" else -score
            before = [v for _, v in moves[:mine[at]]]
            print(f"{tengen} {' '.join(before)}  # {sgf.parent.name}/{sgf.stem} search {at}: "
                  f"win rate {win:.3f}, mean margin {mean_for_tengen:+.1f}; result {result}")
    if skipped:
        print(f"{skipped} game(s) skipped: their log has not one search per Tengen move",
              file=sys.stderr)


if __name__ == "__main__":
    main()
