"""The statistics the bench scripts report with every measurement: the project's benchmarks
give a win rate with its confidence interval and the number of distinct games played."""
import hashlib
import json
import math


def wilson(wins, n, z=1.96):
    """The Wilson score interval (lo, hi) of the win rate wins / n, 95% for z = 1.96.

    Unlike the normal approximation it stays inside [0, 1] and is sensible for small n and
    rates near 0 or 1; with no games it is the whole range (0, 1).
    """
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    d = 1 + z * z / n
    c = p + z * z / (2 * n)
    m = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    return ((c - m) / d, (c + m) / d)


def actions_digest(actions):
    """A fingerprint of a game record's `actions` (the JSON list `tengen replay` reads): two
    games are the same game exactly when their digests are equal, so a set of digests counts
    the distinct games."""
    return hashlib.sha256(json.dumps(actions, sort_keys=True).encode()).hexdigest()
