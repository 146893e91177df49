//! Handicap: 2–9 black stones on the standard points before White's first move.
//!
//! The placement is GTP's fixed placement (the one GNU Go and most servers use): the corner
//! star points (third line on boards smaller than 13×13, fourth line from 13×13 up) first, then
//! the centre for an odd count, the side points for six and more. Boards of 7×7 and 8×8, and
//! boards of even size, take at most four stones (no centre and side points there); boards
//! smaller than 7×7 none. A handicap game starts with White to move, and its komi is usually
//! [`HANDICAP_KOMI`]: the handicap stones are the compensation, so no points are added for them.

use crate::point::Point;
use crate::rules::Komi;
use thiserror::Error;

/// The komi of a handicap game unless the players choose another: half a point, so that there
/// is no draw.
pub const HANDICAP_KOMI: Komi = Komi::HALF;

/// Why a handicap cannot be placed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Error)]
pub enum HandicapError {
    /// Fewer than two stones (one stone is no handicap: Black simply moves first).
    #[error("a handicap is 2 or more stones, not {0}")]
    TooFew(u32),
    /// More stones than the board has standard points for.
    #[error("at most {max} handicap stones fit on {size}x{size}, not {stones}")]
    TooMany {
        /// Stones asked for.
        stones: u32,
        /// The board size.
        size: u8,
        /// The largest fixed handicap on this board.
        max: u32,
    },
}

/// The largest fixed handicap on a board of side `size`: 9 on odd sizes from 9×9, 4 on 7×7,
/// 8×8 and even sizes, 0 below 7×7.
pub fn max_fixed_handicap(size: u8) -> u32 {
    match size {
        0..=6 => 0,
        7 | 8 => 4,
        s if s % 2 == 1 => 9,
        _ => 4,
    }
}

/// The standard points of a `stones`-stone handicap on a board of side `size`, in GTP's order.
pub fn fixed_handicap(size: u8, stones: u32) -> Result<Vec<Point>, HandicapError> {
    if stones < 2 {
        return Err(HandicapError::TooFew(stones));
    }
    let max = max_fixed_handicap(size);
    if stones > max {
        return Err(HandicapError::TooMany { stones, size, max });
    }
    let edge = if size >= 13 { 3 } else { 2 };
    let (lo, hi, mid) = (edge, size - 1 - edge, size / 2);
    let p = |c: u8, r: u8| Point::new(c, r);
    let corners = [p(lo, lo), p(hi, hi), p(lo, hi), p(hi, lo)];
    let sides = [p(lo, mid), p(hi, mid)];
    let ends = [p(mid, lo), p(mid, hi)];
    let centre = p(mid, mid);
    let mut out: Vec<Point> = corners
        .iter()
        .copied()
        .take(stones.min(4) as usize)
        .collect();
    if stones >= 6 {
        out.extend(sides);
    }
    if stones >= 8 {
        out.extend(ends);
    }
    if stones % 2 == 1 && stones >= 5 {
        out.push(centre);
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn gtp(points: &[Point]) -> Vec<String> {
        let mut v: Vec<String> = points.iter().map(|p| p.to_gtp()).collect();
        v.sort();
        v
    }

    fn sorted(s: &str) -> Vec<String> {
        let mut v: Vec<String> = s.split_whitespace().map(String::from).collect();
        v.sort();
        v
    }

    #[test]
    fn placements_match_gnu_go_on_nine_thirteen_and_nineteen() {
        // `fixed_handicap N` of GNU Go 3.8.
        let expected = [
            (9, 2, "G7 C3"),
            (9, 3, "C7 G7 C3"),
            (9, 5, "C7 G7 E5 C3 G3"),
            (9, 6, "C7 G7 C5 G5 C3 G3"),
            (9, 9, "C7 E7 G7 C5 E5 G5 C3 E3 G3"),
            (13, 4, "D10 K10 D4 K4"),
            (13, 7, "D10 K10 D7 G7 K7 D4 K4"),
            (19, 3, "D16 Q16 D4"),
            (19, 8, "D16 K16 Q16 D10 Q10 D4 K4 Q4"),
            (19, 9, "D16 K16 Q16 D10 K10 Q10 D4 K4 Q4"),
            (7, 4, "C5 E5 C3 E3"),
            (10, 2, "H8 C3"),
        ];
        for (size, n, points) in expected {
            assert_eq!(
                gtp(&fixed_handicap(size, n).unwrap()),
                sorted(points),
                "{size}x{size}, {n} stones"
            );
        }
    }

    #[test]
    fn every_count_places_that_many_different_stones() {
        for size in 7..=25u8 {
            for n in 2..=max_fixed_handicap(size) {
                let mut points = fixed_handicap(size, n).unwrap();
                assert_eq!(points.len(), n as usize);
                points.sort_by_key(|p| (p.row, p.col));
                points.dedup();
                assert_eq!(points.len(), n as usize, "{size}x{size} {n}");
            }
        }
    }

    #[test]
    fn too_few_or_too_many_stones_are_refused() {
        assert_eq!(fixed_handicap(19, 1), Err(HandicapError::TooFew(1)));
        assert_eq!(
            fixed_handicap(8, 5),
            Err(HandicapError::TooMany {
                stones: 5,
                size: 8,
                max: 4
            })
        );
        assert!(fixed_handicap(5, 2).is_err());
        assert!(fixed_handicap(19, 10).is_err());
    }
}
