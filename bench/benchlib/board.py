"""A Go board for the scripts that replay SGF games: a flat list of `size * size` points,
row by row from the top as in SGF, each 0 when empty or the color of its stone (any other
value, e.g. 1 and 2 or "B" and "W")."""


def neighbours(p, size):
    """The points beside point `p` on a board of `size`."""
    r, c = divmod(p, size)
    if r > 0:
        yield p - size
    if r < size - 1:
        yield p + size
    if c > 0:
        yield p - 1
    if c < size - 1:
        yield p + 1


def chain_and_liberties(board, p, size):
    """The stones joined to the stone at `p`, and their liberties."""
    color = board[p]
    stones, libs, todo = {p}, set(), [p]
    while todo:
        for q in neighbours(todo.pop(), size):
            if not board[q]:
                libs.add(q)
            elif board[q] == color and q not in stones:
                stones.add(q)
                todo.append(q)
    return stones, libs


def play(board, p, color, size):
    """Places a stone of `color` at `p` and takes off the opponent chains it leaves without a
    liberty; returns the points taken, or None (the board unchanged) when `p` is occupied or
    the move would be suicide."""
    if board[p]:
        return None
    board[p] = color
    captured = set()
    for q in neighbours(p, size):
        if board[q] and board[q] != color:
            stones, libs = chain_and_liberties(board, q, size)
            if not libs:
                captured |= stones
    for q in captured:
        board[q] = 0
    if not captured and not chain_and_liberties(board, p, size)[1]:
        board[p] = 0
        return None
    return captured


def area_owner(board, size, dead=()):
    """The owner of every point by area once the stones at `dead` are taken off: a stone's
    color, or the one color an empty region touches (0 where it touches both or none)."""
    b = list(board)
    for p in dead:
        b[p] = 0
    owner = list(b)
    seen = set()
    for p in range(size * size):
        if b[p] or p in seen:
            continue
        region, borders, todo = {p}, set(), [p]
        while todo:
            for n in neighbours(todo.pop(), size):
                if not b[n] and n not in region:
                    region.add(n)
                    todo.append(n)
                elif b[n]:
                    borders.add(b[n])
        seen |= region
        who = borders.pop() if len(borders) == 1 else 0
        for q in region:
            owner[q] = who
    return owner
