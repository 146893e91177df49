#!/usr/bin/env python3
"""The record of parity samples against GNU Go: for each sample, its games, how many were
different, Tengen's wins with their 95% interval, and its losses by more than 20 points; then
the samples together, the rate of such losses, and how often a sample of 100 games would have
none at that rate (docs/ENGINE.md, "The shipped binary on a clock").

    python3 bench/engine/parity_record.py bench/data/games-9/p9s71w-?.sgfs.xz bench/data/games-9/p9s72-?.sgfs.xz
    python3 bench/engine/parity_record.py target/p9s73-a target/p9s73-b

Reads kept corpus files (`corpus.py`) and folders of `match_gnugo.py` games; a folder's
`times.json` files, where they are, give each side's seconds a move over the sample (the
parity check: Tengen's average no more than GNU Go's). A sample is a corpus file or a folder.
Resignations count as losses by more than 20 points.
"""
import argparse
import math
import re
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # bench/, for benchlib
from benchlib.stats import wilson  # noqa: E402
from bimodal import RESULT  # noqa: E402
from clock_use import game as timed_game  # noqa: E402
from paired import records  # noqa: E402

MOVES = re.compile(r";[BW]\[[a-z]*\]")
BIG_LOSS = 20.0


def clock(arg):
    """(Tengen's seconds, its moves, the opponent's seconds, its moves) over the folder's
    finished games with their `times.json` (`clock_use.game`); None where the sample has none
    (a corpus file)."""
    path = Path(arg)
    if not path.is_dir():
        return None
    paces = [g[3] for p in sorted(path.glob("*.sgf")) if (g := timed_game(str(p)))]
    if not paces:
        return None
    # clock_use's pace: (Tengen's moves, its seconds, the opponent's moves, its seconds, margin).
    moves, seconds, their_moves, their_seconds = (sum(p[i] for p in paces) for i in range(4))
    return seconds, moves, their_seconds, their_moves


def pace(clocks):
    """Each side's seconds a move over `clocks` (from [`clock`]), each move alike, and their
    ratio, as the table prints them."""
    mine = sum(c[0] for c in clocks) / sum(c[1] for c in clocks)
    theirs = sum(c[2] for c in clocks) / sum(c[3] for c in clocks)
    return f"{mine:.2f} / {theirs:.2f} ({mine / theirs:.0%})"


def sample(arg):
    """(games, distinct games, Tengen's wins, its big losses as result strings, its clock or
    None) of one sample; a game without a result is left out."""
    played, wins, big, seen = 0, 0, [], set()
    for _, text in sorted(records(arg)):
        result = RESULT.search(text)
        if not result or "PB[Tengen]" not in text and "PW[Tengen]" not in text:
            continue
        tengen = "B" if "PB[Tengen]" in text else "W"
        played += 1
        seen.add("".join(MOVES.findall(text)))
        if result.group(1) == tengen:
            wins += 1
        elif result.group(2) == "R" or float(result.group(2)) > BIG_LOSS:
            big.append(f"{result.group(1)}+{result.group(2)}")
    return played, len(seen), wins, big, clock(arg)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("samples", nargs="+", help="corpus files or folders of match games, one a sample")
    a = ap.parse_args()
    print("sample | games (distinct) | Tengen wins | 95% CI (Wilson) | s a move: Tengen / GNU Go | lost by > 20 points")
    total_games = total_wins = total_big = samples_without = 0
    clocks = []
    for arg in a.samples:
        played, distinct, wins, big, kept = sample(arg)
        if not played:
            print(f"{arg}: no finished games", file=sys.stderr)
            continue
        lo, hi = wilson(wins, played)
        name = Path(arg).name.removesuffix(".sgfs.xz")
        time = pace([kept]) if kept else "(not kept)"
        losses = f"{len(big)}" + (f" ({', '.join(big)})" if big else "")
        print(f"{name} | {played} ({distinct}) | {wins} | {lo:.1%}–{hi:.1%} | {time} | {losses}")
        clocks.append(kept)
        total_games += played
        total_wins += wins
        total_big += len(big)
        samples_without += not big and played >= 100 and wins >= 0.95 * played
    if not total_games:
        sys.exit("no finished games")
    lo, hi = wilson(total_wins, total_games)
    blo, bhi = wilson(total_big, total_games)
    rate = total_big / total_games
    time = pace(clocks) if all(clocks) else ""
    print(
        f"together | {total_games} | {total_wins} | {lo:.1%}–{hi:.1%} | {time} | {total_big}: "
        f"{100 * rate:.1f} in 100 (Wilson {100 * blo:.1f}–{100 * bhi:.1f})"
    )
    # A sample of 100 games meets the bar's second half when it has no such loss: at this rate
    # (a Poisson count) that happens with probability exp(-100 · rate).
    print(
        f"samples of 100 or more with at least 95% won and no loss by more than 20 points: "
        f"{samples_without}; at {100 * rate:.1f} in 100 a sample of 100 has none with "
        f"probability {math.exp(-100 * rate):.2f} (from {math.exp(-100 * bhi):.2f} to "
        f"{math.exp(-100 * blo):.2f} over the rate's interval)"
    )


if __name__ == "__main__":
    main()
