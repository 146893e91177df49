//! Nakade: self-atari that kills. The playouts never put two or more stones in atari, which
//! keeps them from throwing away big chains, but it also keeps them from killing a group whose
//! only eye space is a dead shape (a square four, a bulky five, a rabbity six...): filling
//! such an eye space needs a self-atari of two or more stones, which the defender captures
//! only to be left with one eye. Without it, playouts let such groups live, and the search
//! trusts groups of ten or more stones that a strong opponent simply kills.
//!
//! A self-atari is a nakade here when the chain it makes, with its last liberty, fills an
//! area of at most six points enclosed only by opponent stones and the edge, and that area is
//! a killable eye shape.

use crate::board::{other, PlayoutBoard, BORDER, EMPTY};

/// The largest eye space checked (a rabbity six).
const MAX_EYE: usize = 6;

/// Whether `stone` playing at the empty point `i`, a self-atari of two or more stones, fills a
/// killable eye space of the opponent (see the module doc).
pub(crate) fn is_nakade_self_atari(board: &PlayoutBoard, i: usize, stone: u8) -> bool {
    let mut region = [0usize; MAX_EYE + 1];
    let mut n = 1;
    region[0] = i;
    // The stones of the chain the move makes: `i` and its own neighbouring chains.
    let mut heads = [0usize; 4];
    let mut n_heads = 0;
    for nb in board.neighbours(i) {
        if board.cell(nb) != stone {
            continue;
        }
        let h = board.chain(nb);
        if heads[..n_heads].contains(&h) {
            continue;
        }
        heads[n_heads] = h;
        n_heads += 1;
        let mut s = h;
        loop {
            if n >= MAX_EYE {
                return false;
            }
            region[n] = s;
            n += 1;
            s = board.next_stone(s);
            if s == h {
                break;
            }
        }
    }
    // The chain's last liberty (any empty neighbour other than `i`).
    let mut liberty = None;
    for &p in &region[..n] {
        for nb in board.neighbours(p) {
            if board.cell(nb) == EMPTY && nb != i {
                match liberty {
                    None => liberty = Some(nb),
                    Some(l) if l == nb => {}
                    Some(_) => return false,
                }
            }
        }
    }
    let Some(liberty) = liberty else {
        return false;
    };
    region[n] = liberty;
    n += 1;
    let region = &region[..n];
    // Enclosed by the opponent: every neighbour outside the area is an opponent stone or the
    // edge.
    let opp = other(stone);
    for &p in region {
        for nb in board.neighbours(p) {
            let c = board.cell(nb);
            if !region.contains(&nb) && c != opp && c != BORDER {
                return false;
            }
        }
    }
    killable_shape(board, region)
}

/// Whether an eye space of these points is a dead shape: any shape up to three points, the
/// square and the pyramid (T) four, the bulky and the cross five, the rabbity six.
pub(crate) fn killable_shape(board: &PlayoutBoard, region: &[usize]) -> bool {
    let mut edges = 0;
    let mut max_degree = 0;
    for &p in region {
        let degree = board
            .neighbours(p)
            .iter()
            .filter(|nb| region.contains(nb))
            .count();
        edges += degree;
        max_degree = max_degree.max(degree);
    }
    edges /= 2;
    match region.len() {
        0..=3 => true,
        4 => edges == 4 || max_degree == 3,
        5 => edges == 5 || max_degree == 4,
        6 => edges == 6 && max_degree == 4,
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::BLACK;
    use tengen_rules::{Board, Color, Point};

    /// A board from rows (top row first): `X` black, `O` white, `.` empty.
    fn board(rows: &[&str]) -> PlayoutBoard {
        let size = rows.len() as u8;
        let mut b = Board::new(size).unwrap();
        for (k, row) in rows.iter().enumerate() {
            let r = size - 1 - k as u8;
            for (c, ch) in row.chars().enumerate() {
                let color = match ch {
                    'X' => Color::Black,
                    'O' => Color::White,
                    _ => continue,
                };
                b.set_stone(Point::new(c as u8, r), color);
            }
        }
        PlayoutBoard::from_board(&b, Color::Black)
    }

    fn at(b: &PlayoutBoard, gtp: &str) -> usize {
        b.index(Point::parse_gtp(gtp).unwrap())
    }

    #[test]
    fn filling_a_square_four_is_a_nakade() {
        // White encloses the 2x2 corner A1 B1 A2 B2; Black has A2 B2 inside.
        let b = board(&[
            ".....", //
            ".....", //
            "OOO..", //
            "XXO..", //
            "..O..", //
        ]);
        let mut probe = b.clone();
        assert_eq!(probe.self_atari_size(at(&b, "B1"), BLACK), 3);
        assert!(is_nakade_self_atari(&b, at(&b, "B1"), BLACK));
        assert!(is_nakade_self_atari(&b, at(&b, "A1"), BLACK));
    }

    #[test]
    fn filling_a_straight_four_is_not_a_nakade() {
        // White encloses A1 B1 C1 D1 (a straight four: two eyes); Black has B1 C1.
        let b = board(&[
            ".....", //
            ".....", //
            ".....", //
            "OOOOO", //
            ".XX.O", //
        ]);
        let mut probe = b.clone();
        assert_eq!(probe.self_atari_size(at(&b, "D1"), BLACK), 3);
        assert!(!is_nakade_self_atari(&b, at(&b, "D1"), BLACK));
        assert!(!is_nakade_self_atari(&b, at(&b, "A1"), BLACK));
    }

    #[test]
    fn a_self_atari_next_to_open_space_is_not_a_nakade() {
        // Black C1 makes B1 C1 with the last liberty A1, which opens onto A2.
        let b = board(&[
            ".....", //
            ".....", //
            ".....", //
            ".OOO.", //
            ".X.O.", //
        ]);
        let mut probe = b.clone();
        assert_eq!(probe.self_atari_size(at(&b, "C1"), BLACK), 2);
        assert!(!is_nakade_self_atari(&b, at(&b, "C1"), BLACK));
    }

    #[test]
    fn the_killable_shapes_are_recognised() {
        let b = board(&[
            ".......", ".......", ".......", ".......", ".......", ".......", ".......",
        ]);
        let shape = |points: &[&str]| {
            let region: Vec<usize> = points.iter().map(|p| at(&b, p)).collect();
            killable_shape(&b, &region)
        };
        assert!(shape(&["C3", "D3", "E3"]), "straight three");
        assert!(shape(&["C3", "D3", "E3", "D4"]), "pyramid four");
        assert!(!shape(&["C3", "D3", "E3", "E4"]), "bent four");
        assert!(shape(&["C3", "D3", "C4", "D4", "E3"]), "bulky five");
        assert!(shape(&["D3", "C4", "D4", "E4", "D5"]), "cross five");
        assert!(!shape(&["C3", "D3", "E3", "F3", "G3"]), "straight five");
        assert!(shape(&["D5", "C4", "D4", "E4", "C3", "D3"]), "rabbity six");
        assert!(
            !shape(&["C3", "D3", "E3", "C4", "D4", "E4"]),
            "rectangular six"
        );
    }
}
