"""Board points as GTP writes them (`Q16`, columns without I) and as SGF does (`qd`, from the
top-left), for the scripts that turn one into the other."""

COLS = "ABCDEFGHJKLMNOPQRSTUVWXYZ"


def gtp_to_sgf(vertex, size):
    """GTP's `Q16` on a board of `size` as SGF's `qd`; `pass` as the empty SGF move."""
    if vertex.lower() == "pass":
        return ""
    col = COLS.index(vertex[0].upper())
    row = int(vertex[1:])
    return chr(ord("a") + col) + chr(ord("a") + size - row)


def sgf_to_index(point, size):
    """SGF's `qd` on a board of `size` as an index into a flat board, row by row from the top
    (as `benchlib.board` keeps it); None for a pass ('' or a point off the board, e.g. `tt`)."""
    if len(point) != 2:
        return None
    col, row = ord(point[0]) - 97, ord(point[1]) - 97
    return row * size + col if col < size and row < size else None


def sgf_to_gtp(point, size):
    """SGF's `qd` on a board of `size` as GTP's `Q16`; '' (or `tt` up to 19×19) is a pass."""
    if point == "" or (point == "tt" and size <= 19):
        return "pass"
    return COLS[ord(point[0]) - 97] + str(size - (ord(point[1]) - 97))
