#!/usr/bin/env python3
"""Positions of finished 9x9 games with their outcome, for fitting a learned evaluation.

Reads SGF files written by `match_gnugo.py` (every game played to the end and scored by GNU Go,
its dead stones in the root comment `C[gnugo dead: ...]`), replays each, and writes one row per
position: the board from the side to move's view, whose move it is, the last move, whether the
side to move won, and the final owner of every point (from the side to move's view: 1 its own,
-1 the opponent's, 0 neither). Also, where the game's `.stderr` log of Tengen's moves sits beside
the SGF, Tengen's own win rate at each of its moves, so that the fit can be compared with the
search's judgement on the same positions.

    python3 bench/engine/value_data.py [--named] OUT.npz target/p9s45t12/*.sgf ...
    python3 bench/engine/value_data.py OUT.npz bench/data/games-9/*.sgfs.xz   # the kept corpus

The twelve planes describe the board; with `--named`, two more say whether the side to move
and its opponent are Tengen (both in the A/B matches of directories named `ab-*`, where
Tengen plays another Tengen build), GNU Go otherwise.
"""

import re
import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # bench/, for benchlib
from benchlib.board import area_owner, chain_and_liberties, play  # noqa: E402
from benchlib.points import gtp_to_sgf, sgf_to_index  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parent))
import corpus  # noqa: E402

SIZE = 9


def sgf_point(text):
    """The flat 9×9 index of an SGF point, or None for a pass."""
    return sgf_to_index(text, SIZE)


def final_owner(board, dead):
    """1 black, 2 white or 0 for every point once the dead stones are taken off."""
    return area_owner(board, SIZE, dead)


PLANES = 14


def planes(board, to_move, last, tengen_to_move, tengen_waits):
    """The network's input for `board` with `to_move` to play (see docs/ENGINE.md); the last
    two planes say whether the side to move and its opponent are Tengen (GNU Go otherwise)."""
    x = np.zeros((PLANES, SIZE * SIZE), dtype=np.float32)
    own, opp = to_move, 3 - to_move
    done = {}
    for p in range(SIZE * SIZE):
        v = board[p]
        if v == 0:
            x[2, p] = 1
            continue
        if p not in done:
            stones, libs = chain_and_liberties(board, p, SIZE)
            for s in stones:
                done[s] = len(libs)
        libs = min(done[p], 3)
        base = 3 if v == own else 6
        x[0 if v == own else 1, p] = 1
        x[base + libs - 1, p] = 1
    if last is not None:
        x[9, last] = 1
    x[10, :] = 1
    if to_move == 1:
        x[11, :] = 1
    if tengen_to_move:
        x[12, :] = 1
    if tengen_waits:
        x[13, :] = 1
    return x


def tengen_win_rates(sgf_path):
    """Tengen's win rate at each of its moves, from the `--log` beside an SGF file (none for a
    game read from a corpus file)."""
    log = Path(sgf_path).with_suffix(".stderr")
    if not log.is_file():
        return []
    return [float(m.group(1)) for m in re.finditer(r"win rate ([0-9.]+)", log.read_text())]


def positions(path, text):
    """The rows of one finished game; `path` names it (its folder says how it was played)."""
    result = re.search(r"RE\[([BW])\+", text)
    dead_text = re.search(r"gnugo dead:([^\]]*)\]", text)
    if not result or dead_text is None:
        return
    winner = 1 if result.group(1) == "B" else 2
    dead = [sgf_point(gtp_to_sgf(t, SIZE)) for t in dead_text.group(1).split()]
    tengen = 1 if "PB[Tengen]" in text else 2
    # The A/B matches play Tengen against another Tengen build (named GNU Go in the record).
    both_tengen = path.parent.name.startswith("ab-") or ("PW[Tengen" in text and "PB[Tengen" in text)
    moves = re.findall(r";([BW])\[([a-z]*)\]", text)
    rates = tengen_win_rates(path)
    board = [0] * (SIZE * SIZE)
    rows = []
    last = None
    tengen_moves = 0
    for color_text, point_text in moves:
        color = 1 if color_text == "B" else 2
        rate = -1.0
        if color == tengen and not both_tengen:
            if tengen_moves < len(rates):
                rate = rates[tengen_moves]
            tengen_moves += 1
        rows.append((list(board), color, last, rate))
        p = sgf_point(point_text)
        if p is not None and play(board, p, color, SIZE) is None:
            return
        last = p
    owner = final_owner(board, dead)
    for b, color, last, rate in rows:
        own = [0 if o == 0 else (1 if o == color else -1) for o in owner]
        me, them = both_tengen or color == tengen, both_tengen or color != tengen
        yield planes(b, color, last, me, them), float(winner == color), own, rate


def main():
    args = sys.argv[1:]
    named = "--named" in args
    args = [a for a in args if a != "--named"]
    out = args[0]
    planes_kept = PLANES if named else PLANES - 2
    xs, values, owners, rates, games = [], [], [], [], []
    for g, (name, text) in enumerate(corpus.games(args[1:])):
        for x, v, own, rate in positions(name, text):
            xs.append(x[:planes_kept])
            values.append(v)
            owners.append(own)
            rates.append(rate)
            games.append(g)
    np.savez_compressed(
        out,
        x=np.stack(xs).reshape(-1, planes_kept, SIZE, SIZE),
        value=np.array(values, dtype=np.float32),
        owner=np.array(owners, dtype=np.float32).reshape(-1, SIZE, SIZE),
        tengen_rate=np.array(rates, dtype=np.float32),
        game=np.array(games, dtype=np.int32),
    )
    print(f"{len(xs)} positions from {len(set(games))} games")


if __name__ == "__main__":
    main()
