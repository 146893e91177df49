//! Move features for the learned move model (`gamma`): the 3×3 shape around the move (up to
//! symmetry, seen from the side to move) and its tactics — capture, saving a chain in atari,
//! self-atari, atari, distance to the last two moves and to the edge.
//!
//! The same extraction serves the fit (`examples/fit_patterns.rs`, on games generated here)
//! and the search's priors, so what was learned is what is used.

use crate::board::{other, PlayoutBoard, BLACK, EMPTY, PASS, WHITE};
use crate::nakade::is_nakade_self_atari;
use crate::pattern;
use crate::prior::{escapes, Escapes};
use std::sync::OnceLock;

/// Distances to a previous move are capped here (Coulom's `|dx| + |dy| + max(|dx|, |dy|)`;
/// 17 and more, or no such move, is "far").
pub const FAR: u8 = 17;

/// One feature of a move. Each move has at most one value per kind.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Feature {
    /// The canonical 3×3 neighbourhood code (see [`canonical_shape`]).
    Shape(u16),
    /// Captures: 1 = one stone, 2 = two to five, 3 = six or more.
    Capture(u8),
    /// Saves an own chain in atari (extends to two or more liberties, or captures an attacker).
    Saves,
    /// Self-atari: 1 = one stone, 2 = two or more stones that kill as a nakade, 3 = two or more
    /// stones otherwise.
    SelfAtari(u8),
    /// Puts an opponent chain in atari: 1 = one stone, 2 = two or more stones.
    Atari(u8),
    /// Distance to the opponent's last move, 2..=[`FAR`].
    LastMove(u8),
    /// Distance to the side to move's previous move, 2..=[`FAR`].
    OwnMove(u8),
    /// The line from the edge (1..=4, 5 for the fifth and inwards).
    Line(u8),
}

impl Feature {
    /// The feature as it is written in the gamma file: kind and value.
    pub fn key(self) -> (&'static str, u32) {
        match self {
            Feature::Shape(c) => ("shape", c as u32),
            Feature::Capture(v) => ("capture", v as u32),
            Feature::Saves => ("saves", 1),
            Feature::SelfAtari(v) => ("self-atari", v as u32),
            Feature::Atari(v) => ("atari", v as u32),
            Feature::LastMove(v) => ("last-move", v as u32),
            Feature::OwnMove(v) => ("own-move", v as u32),
            Feature::Line(v) => ("line", v as u32),
        }
    }

    /// The feature written as `kind value` (None for an unknown kind).
    pub fn from_key(kind: &str, value: u32) -> Option<Feature> {
        let v = u8::try_from(value).ok();
        Some(match kind {
            "shape" => Feature::Shape(u16::try_from(value).ok()?),
            "capture" => Feature::Capture(v?),
            "saves" => Feature::Saves,
            "self-atari" => Feature::SelfAtari(v?),
            "atari" => Feature::Atari(v?),
            "last-move" => Feature::LastMove(v?),
            "own-move" => Feature::OwnMove(v?),
            "line" => Feature::Line(v?),
            _ => return None,
        })
    }
}

/// The features of one move (at most eight).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct MoveFeatures {
    items: [Option<Feature>; 8],
}

impl MoveFeatures {
    fn push(&mut self, f: Feature) {
        if let Some(slot) = self.items.iter_mut().find(|s| s.is_none()) {
            *slot = Some(f);
        }
    }

    /// The features present.
    pub fn iter(&self) -> impl Iterator<Item = Feature> + '_ {
        self.items.iter().flatten().copied()
    }
}

/// The canonical code of a 3×3 neighbourhood ([`pattern::code`]) with `me` to move: colors
/// swapped so the side to move is Black, then the smallest code over the eight symmetries.
pub fn canonical_shape(code: usize, me: u8) -> u16 {
    static TABLE: OnceLock<Vec<u16>> = OnceLock::new();
    let table = TABLE.get_or_init(|| (0..1 << 16).map(canonical_of).collect());
    let code = if me == WHITE { swap_colors(code) } else { code };
    table[code]
}

fn swap_colors(code: usize) -> usize {
    let mut out = 0;
    for k in 0..8 {
        let c = (code >> (2 * k)) & 3;
        let c = match c as u8 {
            BLACK => WHITE as usize,
            WHITE => BLACK as usize,
            _ => c,
        };
        out |= c << (2 * k);
    }
    out
}

fn canonical_of(code: usize) -> u16 {
    let mut cells = [EMPTY; 8];
    for (k, c) in cells.iter_mut().enumerate() {
        *c = ((code >> (2 * k)) & 3) as u8;
    }
    (0..8)
        .map(|sym| pattern::code_of_cells(&pattern::transform_cells(&cells, sym)))
        .min()
        .unwrap_or(code) as u16
}

/// What the features of every move in one position share, computed once.
#[derive(Debug)]
pub struct Context {
    me: u8,
    escapes: Escapes,
}

impl Context {
    /// The context for `me` to move on `board`.
    pub fn new(board: &mut PlayoutBoard, me: u8) -> Context {
        Context {
            me,
            escapes: escapes(board, me),
        }
    }

    /// The context with escapes already computed (the tree's expansion).
    pub(crate) fn with_escapes(me: u8, escapes: Escapes) -> Context {
        Context { me, escapes }
    }

    /// Moves that save own chains in atari, and ladder runs, for the hand-made priors.
    pub(crate) fn escapes(&self) -> &Escapes {
        &self.escapes
    }

    /// The features of the legal move `m`.
    pub fn features(&self, board: &mut PlayoutBoard, m: usize) -> MoveFeatures {
        let me = self.me;
        let mut out = MoveFeatures::default();
        out.push(Feature::Shape(canonical_shape(pattern::code(board, m), me)));
        let captured = captured_stones(board, m, me);
        if captured > 0 {
            out.push(Feature::Capture(match captured {
                1 => 1,
                2..=5 => 2,
                _ => 3,
            }));
        }
        if self.escapes.saves(m) {
            out.push(Feature::Saves);
        }
        let sa = board.self_atari_size(m, me);
        if sa == 1 {
            out.push(Feature::SelfAtari(1));
        } else if sa >= 2 {
            let nakade = is_nakade_self_atari(board, m, me);
            out.push(Feature::SelfAtari(if nakade { 2 } else { 3 }));
        }
        if let Some(size) = atari_given(board, m, me) {
            out.push(Feature::Atari(if size == 1 { 1 } else { 2 }));
        }
        out.push(Feature::LastMove(distance(board, m, board.last_move())));
        out.push(Feature::OwnMove(distance(board, m, board.last_move2())));
        let stride = board.stride();
        let size = board.size();
        let (r, c) = (m / stride - 1, m % stride - 1);
        let line = r.min(c).min(size - 1 - r).min(size - 1 - c) + 1;
        out.push(Feature::Line(line.min(5) as u8));
        out
    }
}

/// Stones the move `m` by `me` captures.
fn captured_stones(board: &PlayoutBoard, m: usize, me: u8) -> u32 {
    let opp = other(me);
    let mut seen = [PASS; 4];
    let mut total = 0;
    for (k, n) in board.neighbours(m).into_iter().enumerate() {
        if board.cell(n) == opp {
            let h = board.chain(n);
            if board.in_atari(h) && !seen[..k].contains(&h) {
                total += board.chain_stones(h);
            }
            seen[k] = h;
        }
    }
    total
}

/// The size of the largest opponent chain with two liberties next to `m` that the move puts
/// in atari, if any.
fn atari_given(board: &mut PlayoutBoard, m: usize, me: u8) -> Option<u32> {
    let opp = other(me);
    let mut best = None;
    for n in board.neighbours(m) {
        if board.cell(n) == opp {
            let h = board.chain(n);
            if !board.in_atari(h) && board.count_libs(h, 3) == 2 {
                let s = board.chain_stones(h);
                best = Some(best.map_or(s, |b: u32| b.max(s)));
            }
        }
    }
    best
}

/// Coulom's distance between two points, capped at [`FAR`] (also for a pass or no move).
fn distance(board: &PlayoutBoard, a: usize, b: usize) -> u8 {
    if b == PASS {
        return FAR;
    }
    let s = board.stride();
    let dx = (a % s).abs_diff(b % s);
    let dy = (a / s).abs_diff(b / s);
    (dx + dy + dx.max(dy)).min(FAR as usize) as u8
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ladder::tests::{at, board};

    #[test]
    fn shapes_equal_under_symmetry_and_color_swap() {
        // A black stone north-west of the point, seen by Black, is the same shape as a white
        // stone south-east of it seen by White.
        let nw_black = BLACK as usize; // NW is the first neighbour in the code
        let se_white = (WHITE as usize) << 14; // SE is the last
        assert_eq!(
            canonical_shape(nw_black, BLACK),
            canonical_shape(se_white, WHITE)
        );
        assert_ne!(
            canonical_shape(nw_black, BLACK),
            canonical_shape(nw_black, WHITE)
        );
    }

    #[test]
    fn capture_of_a_stone_in_atari_is_seen() {
        let mut b = board(&[
            ".........", //
            "...X.....", //
            "..XO.....", //
            ".........", //
            ".........", //
            ".........", //
            ".........", //
            ".........", //
            ".........", //
        ]);
        b.set_to_move(BLACK);
        // White D7 has liberties E7 and D6; put it in atari first.
        let m = at(&b, 4, 2);
        b.play_as(m, BLACK);
        let cx = Context::new(&mut b, BLACK);
        let capture = at(&b, 3, 3);
        let f = cx.features(&mut b, capture);
        assert!(f.iter().any(|f| f == Feature::Capture(1)), "{f:?}");
        let elsewhere = at(&b, 7, 7);
        let f = cx.features(&mut b, elsewhere);
        assert!(!f.iter().any(|f| matches!(f, Feature::Capture(_))));
        assert!(f.iter().any(|f| f == Feature::Line(2)), "{f:?}");
    }

    #[test]
    fn keys_round_trip() {
        for f in [
            Feature::Shape(1234),
            Feature::Capture(2),
            Feature::Saves,
            Feature::SelfAtari(3),
            Feature::Atari(1),
            Feature::LastMove(5),
            Feature::OwnMove(FAR),
            Feature::Line(5),
        ] {
            let (k, v) = f.key();
            assert_eq!(Feature::from_key(k, v), Some(f));
        }
        assert_eq!(Feature::from_key("nonsense", 1), None);
    }
}
