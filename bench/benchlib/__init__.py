"""Shared helpers of the bench scripts (plain standard-library Python 3).

The scripts under bench/ each used to carry their own copy of the GTP client and of the
Wilson interval; one copy lives here so a fix reaches every script. A script run from the
repository root (`python3 bench/engine/match_gnugo.py ...`) finds this package by putting
the bench folder first on sys.path:

    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
    from benchlib.gtp import Gtp

- `gtp`: `Gtp`, a minimal client that drives one GTP program over its stdin/stdout.
- `board`: a Go board as a flat list (`neighbours`, `chain_and_liberties`, `play` with
  captures), for the scripts that replay SGF games.
- `stats`: `wilson` (95% confidence interval of a win rate) and `actions_digest` (a record's
  fingerprint, to count distinct games).
"""
