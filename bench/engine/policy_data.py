#!/usr/bin/env python3
"""GNU Go's moves in finished 9x9 games, for fitting the learned evaluation's move head.

Reads SGF files written by `match_gnugo.py` and writes one row per move GNU Go played: the
board before it from the side to move's view (the twelve planes of `value_data.py`) and the
point it chose (0..80; passes are left out). In a game between Tengen and GNU Go only GNU Go's
moves are kept; in the files after `--both` (GNU Go playing itself: `match_gnugo.py --engine
"gnugo ..."`, whose records name the first engine Tengen) every move is, and after `--gnugo`
GNU Go's alone again. A game played again move for move counts once.

    python3 bench/engine/policy_data.py OUT.npz target/p9s48b/*.sgf ... --both target/gg-self/*.sgf
"""

import re
import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # bench/, for benchlib
from benchlib.board import play  # noqa: E402
import corpus  # noqa: E402
from value_data import SIZE, planes, sgf_point  # noqa: E402


def gnugo_moves(text, both):
    """(planes, point) for each move GNU Go played in the game `text` (every move with `both`)."""
    tengen = 1 if "PB[Tengen]" in text else 2
    board = [0] * (SIZE * SIZE)
    last = None
    for color_text, point_text in re.findall(r";([BW])\[([a-z]*)\]", text):
        color = 1 if color_text == "B" else 2
        p = sgf_point(point_text)
        if p is not None and (both or color != tengen):
            yield planes(board, color, last, False, False)[:12], p
        if p is not None and play(board, p, color, SIZE) is None:
            return
        last = p


def main():
    args = sys.argv[1:]
    out, both = args[0], False
    xs, moves, games = [], [], []
    seen = set()
    g = -1
    for arg in args[1:]:
        if arg in ("--both", "--gnugo"):
            both = arg == "--both"
            continue
        for _, text in corpus.games([arg]):
            g += 1
            # A game played again move for move (GNU Go repeats itself from the same opening)
            # would only weigh its moves twice.
            sequence = tuple(re.findall(r";[BW]\[[a-z]*\]", text))
            if sequence in seen:
                continue
            seen.add(sequence)
            for x, p in gnugo_moves(text, both):
                xs.append(x)
                moves.append(p)
                games.append(g)
    np.savez_compressed(
        out,
        x=np.stack(xs).reshape(-1, 12, SIZE, SIZE),
        move=np.array(moves, dtype=np.int64),
        game=np.array(games, dtype=np.int32),
    )
    print(f"{len(xs)} moves from {len(set(games))} distinct games")


if __name__ == "__main__":
    main()
