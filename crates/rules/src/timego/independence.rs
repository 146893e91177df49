//! Whether a placement does the same thing with one extra stone on the board.
//!
//! The question behind the fast path of [`super::targets`]: the replay after a time move has
//! the board "old board at `k` plus the moved stone `s` at `p`" as long as every placement
//! since the arrival did exactly what it did in the old replay — the same stones captured,
//! still legal, and `s` not captured. This module answers it for one placement from the old
//! board alone, exactly where it can and "no" (replay it) where it cannot.

use super::Placement;
use crate::board::Board;
use crate::color::Color;
use crate::point::Point;

/// The on-board neighbours of `p`.
pub(crate) fn neighbours(p: Point, size: u8) -> [Option<Point>; 4] {
    let mut out = [None; 4];
    if p.col > 0 {
        out[0] = Some(Point::new(p.col - 1, p.row));
    }
    if p.col + 1 < size {
        out[1] = Some(Point::new(p.col + 1, p.row));
    }
    if p.row > 0 {
        out[2] = Some(Point::new(p.col, p.row - 1));
    }
    if p.row + 1 < size {
        out[3] = Some(Point::new(p.col, p.row + 1));
    }
    out
}

/// What the board holds around the moved stone's point `p` (which is empty on `board`).
pub(crate) struct AroundStone {
    color: Color,
    p: Point,
    /// Per neighbour of `p`: empty, or the chain there (id, color, liberties).
    cells: [Option<Option<(usize, Color, u32)>>; 4],
    points: [Option<Point>; 4],
}

impl AroundStone {
    /// Reads the neighbourhood of `p` on `board` for a stone of `color`.
    pub(crate) fn read(board: &Board, s: Placement, points: [Option<Point>; 4]) -> AroundStone {
        let cells = points.map(|n| {
            n.map(|n| {
                board.get(n).map(|c| {
                    (
                        board.chain_id(n).unwrap_or(usize::MAX),
                        c,
                        board.liberties(n),
                    )
                })
            })
        });
        AroundStone {
            color: s.color,
            p: s.point,
            cells,
            points,
        }
    }

    /// The chain `id` joins the moved stone's chain (same color, touching `p`).
    fn joins_stone(&self, id: usize) -> bool {
        self.cells
            .iter()
            .flatten()
            .flatten()
            .any(|&(c, color, _)| c == id && color == self.color)
    }

    /// The chain `id` loses the liberty `p` (other color, touching `p`).
    fn loses_liberty(&self, id: usize) -> bool {
        self.cells
            .iter()
            .flatten()
            .flatten()
            .any(|&(c, color, _)| c == id && color != self.color)
    }

    /// Whether the moved stone's chain surely keeps a liberty other than `q`.
    fn stone_chain_safe(&self, q: Point) -> bool {
        self.cells
            .iter()
            .zip(&self.points)
            .any(|(cell, n)| match cell {
                Some(None) => *n != Some(q),
                Some(Some((_, color, libs))) => *color == self.color && *libs >= 3,
                None => false,
            })
    }
}

/// Whether placing `x` on "`board` plus the moved stone" captures exactly what it captures on
/// `board`, is legal, and leaves the moved stone on the board. `false` means "not sure".
pub(crate) fn independent(board: &Board, around: &AroundStone, x: Placement) -> bool {
    let q = x.point;
    if q == around.p {
        return false;
    }
    let mut has_liberty = false;
    let mut seen = [usize::MAX; 4];
    for (k, n) in neighbours(q, board.size()).into_iter().enumerate() {
        let Some(n) = n else { continue };
        if n == around.p {
            // `q` touches the moved stone itself.
            if x.color == around.color {
                has_liberty |= around.stone_chain_safe(q);
            } else if !around.stone_chain_safe(q) {
                return false;
            }
            continue;
        }
        let Some(color) = board.get(n) else {
            has_liberty = true;
            continue;
        };
        let id = board.chain_id(n).unwrap_or(usize::MAX);
        if seen[..k].contains(&id) {
            continue;
        }
        seen[k] = id;
        let libs = board.liberties(n);
        if around.joins_stone(id) {
            if x.color == around.color {
                has_liberty |= around.stone_chain_safe(q);
            } else if libs == 1 || !around.stone_chain_safe(q) {
                return false;
            }
            continue;
        }
        let effective = libs.saturating_sub(u32::from(around.loses_liberty(id)));
        if color == x.color {
            has_liberty |= effective > 1;
        } else {
            let captured_before = libs == 1;
            let captured_now = effective == 1;
            if captured_before != captured_now {
                return false;
            }
            has_liberty |= captured_now;
        }
    }
    has_liberty
}
