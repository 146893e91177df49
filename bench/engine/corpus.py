#!/usr/bin/env python3
"""The kept corpus of finished match games: pack match folders into one compressed file, list it.

`target/` does not outlive a machine, and the learned evaluation needs far more games than one
session plays ("Learned evaluation" in docs/ENGINE.md), so the games of each session's matches
are kept in the repository under `bench/data/games-9/`, one xz file per match folder: one game a
line, `<folder>/<file>` then a tab then the SGF (with GNU Go's dead list in its root comment).
`value_data.py` and `policy_data.py` read these files as well as single SGF files.

    python3 bench/engine/corpus.py pack bench/data/games-9/p9s57a.sgfs.xz target/p9s57a
    python3 bench/engine/corpus.py list bench/data/games-9/*.sgfs.xz
"""

import lzma
import sys
from pathlib import Path, PurePosixPath

CORPUS_SUFFIX = ".sgfs.xz"


def games(names):
    """(name, SGF text) for each game in `names`: SGF files, or corpus files read line by line.

    A corpus game's name is a relative path (`p9s57a/game-9-7450.sgf`), so that the folder
    name (e.g. `ab-` for Tengen against Tengen) still says how the game was played."""
    for name in names:
        path = Path(name)
        if path.name.endswith(CORPUS_SUFFIX):
            with lzma.open(path, "rt", encoding="utf-8") as lines:
                for line in lines:
                    game_name, sep, text = line.rstrip("\n").partition("\t")
                    if sep:
                        yield PurePosixPath(game_name), text
        else:
            yield path, path.read_text()


def finished(text):
    """Whether a record is a scored game: a result and GNU Go's dead list."""
    return "RE[" in text and "gnugo dead:" in text


def pack(out, folders):
    """Writes every finished game of `folders` (sorted by name) to the corpus file `out`."""
    count = 0
    with lzma.open(out, "wt", encoding="utf-8", preset=9) as sink:
        for folder in folders:
            folder = Path(folder)
            for sgf in sorted(folder.glob("*.sgf")):
                text = sgf.read_text()
                if not finished(text):
                    continue
                # One line a game: SGF takes any whitespace between its nodes.
                one_line = " ".join(text.split())
                sink.write(f"{folder.name}/{sgf.name}\t{one_line}\n")
                count += 1
    print(f"{count} games written to {out}")


def main():
    args = sys.argv[1:]
    if len(args) >= 3 and args[0] == "pack" and args[1].endswith(CORPUS_SUFFIX):
        pack(args[1], args[2:])
    elif len(args) >= 2 and args[0] == "list":
        total = 0
        for name in args[1:]:
            count = sum(1 for _ in games([name]))
            total += count
            print(f"{name}: {count} games")
        print(f"{total} games in all")
    else:
        sys.exit(__doc__)


if __name__ == "__main__":
    main()
