//! 3×3 shape patterns around an empty point (the MoGo set: hane, cut, edge shapes).
//!
//! A neighbourhood is coded in 16 bits, two per neighbour (NW, N, NE, W, E, SW, S, SE) with the
//! cell values of [`crate::board`]. All 65,536 codes are classified once into a table, over the
//! eight symmetries and both color assignments, so matching is one lookup.

use crate::board::{PlayoutBoard, BLACK, BORDER, EMPTY, WHITE};
use std::sync::OnceLock;

/// The MoGo/Pachi patterns, the move at the centre. `X`/`O` stones (either color assignment),
/// `.` empty, `#` edge, `x` not X, `o` not O, `?` anything.
const PATTERNS: &[&str] = &[
    // hane: enclosing hane
    "XOX...???",
    // hane: non-cutting hane
    "XO....?.?",
    // hane: magari
    "XO?X..x.?",
    // hane: thin hane
    "XOO...?.?",
    // katatsuke / diagonal attachment
    ".O.X.....",
    // cut: unprotected cut
    "XO?O.o?o?",
    // cut: peeped cut
    "XO?O.X???",
    // cut: de
    "?X?O.Oooo",
    // cut: keima
    "OX?o.O???",
    // edge: chase
    "X.?O.?##?",
    // edge: block side cut
    "OX?X.O###",
    // edge: block side connection
    "?X?x.O###",
    // edge: sagari
    "?XOx.x###",
    // edge: cut
    "?OXX.O###",
];

/// Positions in the 3×3 string (row-major from the top) of the eight neighbours in code order.
const ORDER: [usize; 8] = [0, 1, 2, 3, 5, 6, 7, 8];

fn table() -> &'static [bool] {
    static TABLE: OnceLock<Vec<bool>> = OnceLock::new();
    TABLE.get_or_init(build_table)
}

/// The 3×3 grid (row-major from the top) under one of the eight symmetries.
fn transform(grid: &[u8; 9], sym: usize) -> [u8; 9] {
    let mut out = [0u8; 9];
    for r in 0..3 {
        for c in 0..3 {
            let (mut rr, mut cc) = (r, c);
            if sym & 1 != 0 {
                cc = 2 - cc;
            }
            if sym & 2 != 0 {
                rr = 2 - rr;
            }
            if sym & 4 != 0 {
                std::mem::swap(&mut rr, &mut cc);
            }
            out[rr * 3 + cc] = grid[r * 3 + c];
        }
    }
    out
}

fn matches(pat: &[u8; 9], cells: &[u8; 8], x: u8) -> bool {
    let o = 3 - x;
    ORDER.iter().zip(cells).all(|(&k, &c)| match pat[k] {
        b'X' => c == x,
        b'O' => c == o,
        b'.' => c == EMPTY,
        b'#' => c == BORDER,
        b'x' => c != x,
        b'o' => c != o,
        _ => true,
    })
}

fn build_table() -> Vec<bool> {
    let mut pats = Vec::new();
    for p in PATTERNS {
        let grid: [u8; 9] = p.as_bytes().try_into().expect("3x3 pattern");
        for sym in 0..8 {
            pats.push(transform(&grid, sym));
        }
    }
    let mut table = vec![false; 1 << 16];
    for (code, slot) in table.iter_mut().enumerate() {
        let mut cells = [0u8; 8];
        for (k, c) in cells.iter_mut().enumerate() {
            *c = ((code >> (2 * k)) & 3) as u8;
        }
        *slot = pats
            .iter()
            .any(|p| matches(p, &cells, BLACK) || matches(p, &cells, WHITE));
    }
    table
}

/// The 16-bit code of the neighbourhood of `i`.
#[inline]
pub fn code(board: &PlayoutBoard, i: usize) -> usize {
    let s = board.stride();
    let idx = [
        i + s - 1,
        i + s,
        i + s + 1,
        i - 1,
        i + 1,
        i - s - 1,
        i - s,
        i - s + 1,
    ];
    let mut code = 0usize;
    for (k, &j) in idx.iter().enumerate() {
        code |= (board.cell(j) as usize) << (2 * k);
    }
    code
}

/// The eight neighbour cells (code order) under one of the eight symmetries.
pub(crate) fn transform_cells(cells: &[u8; 8], sym: usize) -> [u8; 8] {
    let mut grid = [0u8; 9];
    for (k, &c) in ORDER.iter().zip(cells) {
        grid[*k] = c;
    }
    let t = transform(&grid, sym);
    let mut out = [0u8; 8];
    for (o, &k) in out.iter_mut().zip(ORDER.iter()) {
        *o = t[k];
    }
    out
}

/// The 16-bit code of eight neighbour cells in code order.
pub(crate) fn code_of_cells(cells: &[u8; 8]) -> usize {
    cells
        .iter()
        .enumerate()
        .fold(0, |code, (k, &c)| code | (c as usize) << (2 * k))
}

/// Whether the empty point `i` matches one of the shape patterns.
#[inline]
pub fn matches_at(board: &PlayoutBoard, i: usize) -> bool {
    table()[code(board, i)]
}

#[cfg(test)]
mod tests {
    use super::*;
    use tengen_rules::Point;

    #[test]
    fn hane_shape_matches_in_every_orientation() {
        // X at (3,5), O at (4,5), X at (5,5); the centre (4,4) is the enclosing hane.
        for sym in 0..4 {
            let mut b = PlayoutBoard::new(9);
            let pts = [(3, 5, BLACK), (4, 5, WHITE), (5, 5, BLACK)];
            for (c, r, s) in pts {
                let (c, r) = match sym {
                    0 => (c, r),
                    1 => (r, c),
                    2 => (8 - c, 8 - r),
                    _ => (8 - r, 8 - c),
                };
                let i = b.index(Point::new(c, r));
                b.play_as(i, s);
            }
            let centre = b.index(Point::new(4, 4));
            assert!(matches_at(&b, centre), "symmetry {sym}");
        }
    }

    #[test]
    fn empty_neighbourhood_matches_nothing() {
        let b = PlayoutBoard::new(9);
        assert!(!matches_at(&b, b.index(Point::new(4, 4))));
    }
}
