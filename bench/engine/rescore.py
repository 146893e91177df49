#!/usr/bin/env python3
"""Scores finished match games again the way `match_gnugo.py` now does: where Tengen's and GNU
Go's dead lists differ, the players settle it on the board (`kgs-genmove_cleanup`, see
`score_ended_game`), instead of GNU Go's `final_score` alone, which can miss a seki.

For games played before that rule (their SGF has no `GC[settled ...]`). Each game is replayed
into a fresh Tengen (`--engine`, seeded by the game number) and GNU Go 3.8 level 10; games
where both give the same dead list keep their result. Prints each changed game and the
sample's wins and losses by more than 20 points both ways; with `--out DIR` writes the changed
games there as SGF (the cleanup's moves appended).

    python3 bench/engine/rescore.py --engine "target/release/tengen gtp --threads 1" target/p9s57a
"""

import argparse
import os
import re
import sys
from pathlib import Path
from types import SimpleNamespace

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # bench/, for benchlib
from benchlib.gtp import GNUGO, Gtp  # noqa: E402
from benchlib.points import gtp_to_sgf, sgf_to_gtp  # noqa: E402
from match_gnugo import margin, score_ended_game  # noqa: E402


def tengen_won(text, result):
    tengen = "B" if "PB[Tengen]" in text else "W"
    return result[:1].upper() == tengen


def big_loss(text, result):
    m = margin(result)
    return not tengen_won(text, result) and (m is None or m > 20)


def rescore(path, engine, size, komi):
    """(old result, new result, the new SGF or None when the lists agreed)."""
    text = path.read_text()
    old = re.search(r"RE\[([^\]]*)\]", text).group(1)
    if "GC[settled" in text or old.endswith("+R"):
        return old, old, None
    moves = [(c.lower(), sgf_to_gtp(p, size) if p else "pass")
             for c, p in re.findall(r";([BW])\[([a-z]*)\]", text)]
    k = int(re.search(r"(\d+)\.sgf$", path.name).group(1))
    tengen = Gtp(engine.split() + ["--seed", str(1000 + k)])
    gnugo = Gtp(GNUGO + ["--level", "10", "--seed", str(k + 1)])
    try:
        for e in (tengen, gnugo):
            e.cmd(f"boardsize {size}")
            e.cmd("clear_board")
            e.cmd(f"komi {komi}")
            for c, v in moves:
                e.cmd(f"play {c} {v}")
        tengen_black = "PB[Tengen]" in text
        players = {"b": tengen if tengen_black else gnugo, "w": gnugo if tengen_black else tengen}
        a = SimpleNamespace(size=size, komi=komi, opponent=None)
        next_color = "w" if moves and moves[-1][0] == "b" else "b"
        result, dead, cleanup = score_ended_game(a, players, tengen, gnugo, gnugo, next_color, moves)
    finally:
        tengen.close()
        gnugo.close()
    if cleanup is None:
        return old, old, None
    said = "; ".join(f"{k} dead: {v}" for k, v in cleanup["lists"].items())
    head = text[: text.index(";", 2)]
    head = re.sub(r"RE\[[^\]]*\]", f"RE[{result}]", head)
    head = re.sub(r"C\[gnugo dead:[^\]]*\]", f"C[gnugo dead: {dead}]", head)
    head += f"GC[settled on the board after {len(moves) - cleanup['from']} cleanup moves ({said}); first scored {old}]"
    sgf = head + "".join(f";{c.upper()}[{gtp_to_sgf(v, size)}]" for c, v in moves) + ")\n"
    return old, result, sgf


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--engine", default="target/release/tengen gtp --threads 1")
    ap.add_argument("--size", type=int, default=9)
    ap.add_argument("--komi", type=float, default=7.5)
    ap.add_argument("--out", default=None, help="write the changed games here")
    ap.add_argument("dirs", nargs="+")
    a = ap.parse_args()
    if a.out:
        os.makedirs(a.out, exist_ok=True)
    games = wins_old = wins_new = big_old = big_new = changed = 0
    for d in a.dirs:
        for path in sorted(Path(d).glob("*.sgf")):
            text = path.read_text()
            old, new, sgf = rescore(path, a.engine, a.size, a.komi)
            games += 1
            wins_old += tengen_won(text, old)
            wins_new += tengen_won(text, new)
            big_old += big_loss(text, old)
            big_new += big_loss(text, new)
            if sgf is not None:
                changed += 1
                print(f"{path}: GNU Go scored {old}, settled on the board {new}", flush=True)
                if a.out:
                    (Path(a.out) / path.name).write_text(sgf)
    print(f"{games} games, {changed} settled on the board; Tengen won {wins_old} as GNU Go scored them, "
          f"{wins_new} as settled; losses by more than 20 points {big_old} and {big_new}")


if __name__ == "__main__":
    main()
