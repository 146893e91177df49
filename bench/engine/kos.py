#!/usr/bin/env python3
"""Ko captures in Tengen's match games: how many won and lost games had one, and whether, in
a lost game, the first ko came before or after Tengen's win rate fell.

    python3 bench/engine/kos.py target/p9s40t12 target/p9s40t12b target/p9s40t14

Reads the match directories of `match_gnugo.py` (SGF files, and the per-move logs of
`tengen gtp --log` beside them). A ko capture is a move that captures exactly one stone and
leaves its own single stone with one liberty. The win rate "fell" at Tengen's first search
that rated the game under --below (0.35 by default); the game's first two moves are the
balanced opening, so Tengen's k-th search (from 0) is move 3 + 2k as Black, 4 + 2k as White.
Diagnostic for docs/ENGINE.md, "A collapse read move by move".
"""
import argparse
import glob
import os
import re
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # bench/, for benchlib
from benchlib.board import chain_and_liberties, play  # noqa: E402
from benchlib.points import sgf_to_index  # noqa: E402

SIZE = 9
WIN_RATE = re.compile(r"win rate ([\d.]+)")


def ko_captures(moves):
    """The move numbers (from 1) of the ko captures among `moves` [(color, sgf point)]."""
    board, kos = [0] * (SIZE * SIZE), []
    for k, (color, m) in enumerate(moves):
        p = sgf_to_index(m, SIZE)
        if p is None:
            continue
        captured = play(board, p, color, SIZE)
        if captured is None:
            continue
        chain, libs = chain_and_liberties(board, p, SIZE)
        if len(captured) == 1 and len(chain) == 1 and len(libs) == 1:
            kos.append(k + 1)
    return kos


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("dirs", nargs="+")
    ap.add_argument("--below", type=float, default=0.35)
    a = ap.parse_args()
    wins = wins_with_ko = 0
    losses = []
    for d in a.dirs:
        for sgf in sorted(glob.glob(os.path.join(d, "*.sgf"))):
            text = open(sgf).read()
            tengen = "W" if "PW[Tengen]" in text else "B"
            found = re.search(r"RE\[([^\]]*)\]", text)
            if not found:
                print(f"  {sgf}: no result, skipped")
                continue
            result = found.group(1)
            kos = ko_captures(re.findall(r";([BW])\[([a-z]{0,2})\]", text))
            if result.startswith(tengen):
                wins += 1
                wins_with_ko += bool(kos)
                continue
            log = sgf[: -len(".sgf")] + ".stderr"
            rates = [float(x) for x in WIN_RATE.findall(open(log).read())] if os.path.exists(log) else []
            fell = next((k for k, r in enumerate(rates) if r < a.below), None)
            fell_at = None if fell is None else (3 if tengen == "B" else 4) + 2 * fell
            losses.append((os.path.basename(sgf), result, fell_at, kos))
    print(f"wins: {wins}, with a ko capture: {wins_with_ko}")
    print(f"losses: {len(losses)}, with a ko capture: {sum(1 for l in losses if l[3])}")
    before = 0
    for name, result, fell_at, kos in losses:
        first_before = bool(kos) and fell_at is not None and kos[0] < fell_at
        before += first_before
        print(f"  {name} {result}: win rate under {a.below} from move {fell_at}; ko captures at {kos}"
              + ("  (a ko before the fall)" if first_before else ""))
    print(f"losses whose first ko came before the win rate fell: {before}")


if __name__ == "__main__":
    main()
