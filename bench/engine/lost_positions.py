#!/usr/bin/env python3
"""The positions where Tengen's searches found a game lost, from match records, as a
`match_gnugo.py --positions` file: how many points Tengen loses from there on is then
measured again and again, by one build against another, without waiting for the rare games
that reach them (docs/ENGINE.md, "Behind" and "The mix, again").

Usage (from the repository root):

    python3 bench/engine/lost_positions.py target/p9s54sw target/p9s55a > /tmp/lost.txt
    python3 bench/engine/match_gnugo.py --positions /tmp/lost.txt --games 156 --main-time 4 ...

Reads the match directories of `match_gnugo.py` (SGF files and the per-move `--log` lines
beside them, through `bimodal.game_record` and `found_lost.first_shifted_search`). For each
game Tengen lost (all games with --all), the position before its first search in "Behind"
(the komi shifted), or with --below W before its first search whose win rate is under W from
its --from-move-th search on (W of 0.2 or more always comes before "Behind", which starts
after a search under 0.2), or --earlier N of its searches before either, is written as
Tengen's color and the moves to it, with a comment naming the game, the search's win rate
and mean margin for Tengen, and the result.
"""
import argparse
import glob
import os
import re
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # bench/, for benchlib
from benchlib.points import sgf_to_gtp  # noqa: E402
from bimodal import game_record  # noqa: E402
from found_lost import first_shifted_search  # noqa: E402

MOVE = re.compile(r";([BW])\[([a-z]*)\]")


def chosen_search(a, sgf, searches):
    """The index (from 0) of the search whose position is written, or None."""
    if a.below is None:
        k = first_shifted_search(sgf[: -len(".sgf")] + ".stderr")
        at = None if k is None else k - 1
    else:
        at = next((i for i, (win, _) in enumerate(searches)
                   if i >= a.from_move and win < a.below), None)
    return None if at is None else max(0, at - a.earlier)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("dirs", nargs="+", help="directories of match_gnugo.py games")
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
        for sgf in sorted(glob.glob(os.path.join(d, "*.sgf"))):
            record = game_record(sgf)
            if record is None or (record[1] and not a.all):
                continue
            black, _, _, searches = record
            text = Path(sgf).read_text()
            size = int(re.search(r"SZ\[(\d+)\]", text).group(1))
            tengen = "B" if black else "W"
            moves = [(c, sgf_to_gtp(p, size)) for c, p in MOVE.findall(text)]
            mine = [j for j, (c, _) in enumerate(moves) if c == tengen and j >= a.opening]
            if len(searches) != len(mine):
                skipped += 1
                continue
            at = chosen_search(a, sgf, searches)
            if at is None:
                continue
            win, margin = searches[at]
            result = re.search(r"RE\[([^\]]*)\]", text).group(1)
            before = " ".join(v for _, v in moves[:mine[at]])
            print(f"{tengen} {before}  # {Path(sgf).parent.name}/{Path(sgf).stem} search {at}: "
                  f"win rate {win:.3f}, mean margin {margin:+.1f}; result {result}")
    if skipped:
        print(f"{skipped} game(s) skipped: their log has not one search per Tengen move",
              file=sys.stderr)


if __name__ == "__main__":
    main()
