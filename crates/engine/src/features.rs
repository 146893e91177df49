//! Move features for the learned move model (`gamma`): the 3×3 shape around the move (up to
//! symmetry, seen from the side to move) and its tactics — capture, saving a chain in atari,
//! self-atari, atari, extending a chain with two liberties, pressing one with three,
//! connecting and cutting, distance to the last two moves and to the edge.
//!
//! The same extraction serves the fit (`examples/fit_patterns.rs`, on games generated here)
//! and the search's priors, so what was learned is what is used.

use crate::board::{other, PlayoutBoard, BLACK, EMPTY, PASS, WHITE};
use crate::nakade::is_nakade_self_atari;
use crate::pattern;
use crate::prior::{escapes, Escapes};
use crate::spatial::SpatialDict;
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
    /// Gives an own chain with two liberties three or more: 1 = a chain of one stone, 2 = of
    /// two or more.
    Extends(u8),
    /// Takes an opponent chain from three liberties to two: 1 = a chain of one stone, 2 = of
    /// two or more.
    Presses(u8),
    /// Joins two or more own chains: 1 = all with three liberties or more, 2 = one with two or
    /// fewer.
    Connects(u8),
    /// Touches two or more opponent chains (a cut or a wedge): 1 = all with three liberties
    /// or more, 2 = one with two or fewer.
    Cuts(u8),
    /// The largest learned large shape around the move (radius 2 to 4, [`crate::spatial`]),
    /// by its key; only for a table or fit that has such shapes.
    Large(u32),
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
            Feature::Extends(v) => ("extends", v as u32),
            Feature::Presses(v) => ("presses", v as u32),
            Feature::Connects(v) => ("connects", v as u32),
            Feature::Cuts(v) => ("cuts", v as u32),
            Feature::Large(k) => ("large", k),
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
            "extends" => Feature::Extends(v?),
            "presses" => Feature::Presses(v?),
            "connects" => Feature::Connects(v?),
            "cuts" => Feature::Cuts(v?),
            "large" => Feature::Large(value),
            _ => return None,
        })
    }
}

/// The kinds of features a move can have.
pub const KINDS: usize = 13;

/// The features of one move (at most one of each kind).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct MoveFeatures {
    items: [Option<Feature>; KINDS],
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
    /// Per board index, the liberties (up to 4) of the chain whose head is there; empty when
    /// the contact features are not wanted.
    libs: Vec<u8>,
    /// The learned large shapes, when the table or fit has them.
    spatial: Option<&'static SpatialDict>,
}

impl Context {
    /// The context for `me` to move on `board`, with every feature, the contact ones included
    /// (what the fit wants; the search asks for them only when its table weighs them).
    pub fn new(board: &mut PlayoutBoard, me: u8) -> Context {
        let escapes = escapes(board, me);
        Context::with_escapes(board, me, escapes, true)
    }

    /// The context with escapes already computed (the tree's expansion); without `contact`,
    /// moves get no contact features (extends, presses, connects, cuts), which then cost
    /// nothing (for a gamma table that has none: [`crate::gamma::Gammas::uses_contact`]).
    pub(crate) fn with_escapes(
        board: &mut PlayoutBoard,
        me: u8,
        escapes: Escapes,
        contact: bool,
    ) -> Context {
        if !contact {
            return Context {
                me,
                escapes,
                libs: Vec::new(),
                spatial: None,
            };
        }
        let libs = (0..board.len())
            .map(|i| {
                let c = board.cell(i);
                if (c == BLACK || c == WHITE) && board.chain(i) == i {
                    board.count_libs(i, 4) as u8
                } else {
                    0
                }
            })
            .collect();
        Context {
            me,
            escapes,
            libs,
            spatial: None,
        }
    }

    /// The context that also gives each move its largest shape in `spatial` (none without a
    /// dictionary, or with an empty one).
    pub fn with_spatial(mut self, spatial: Option<&'static SpatialDict>) -> Context {
        self.spatial = spatial.filter(|d| !d.is_empty());
        self
    }

    /// The contact features of the move at `m`: extending, pressing, connecting, cutting.
    fn contact_features(&self, board: &mut PlayoutBoard, m: usize, out: &mut MoveFeatures) {
        let me = self.me;
        let own = Touching::of(board, &self.libs, m, me);
        let theirs = Touching::of(board, &self.libs, m, other(me));
        if own.n > 0 && board.libs_after(m, me, 3) >= 3 {
            if let Some(size) = own.largest_with(2) {
                out.push(Feature::Extends(size));
            }
        }
        if let Some(size) = theirs.largest_with(3) {
            out.push(Feature::Presses(size));
        }
        if own.n >= 2 {
            out.push(Feature::Connects(own.pressure()));
        }
        if theirs.n >= 2 {
            out.push(Feature::Cuts(theirs.pressure()));
        }
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
        if !self.libs.is_empty() {
            self.contact_features(board, m, &mut out);
        }
        if let Some(key) = self.spatial.and_then(|d| d.lookup(board, m, me)) {
            out.push(Feature::Large(key));
        }
        out
    }
}

/// The chains next to a point: each distinct head once, with its liberties (counted up to 4)
/// and stones.
struct Touching {
    n: usize,
    chains: [(usize, u32, u32); 4],
}

impl Touching {
    fn of(board: &PlayoutBoard, libs: &[u8], m: usize, color: u8) -> Touching {
        let mut t = Touching {
            n: 0,
            chains: [(PASS, 0, 0); 4],
        };
        for q in board.neighbours(m) {
            if board.cell(q) != color {
                continue;
            }
            let h = board.chain(q);
            if t.chains[..t.n].iter().any(|c| c.0 == h) {
                continue;
            }
            t.chains[t.n] = (h, libs[h] as u32, board.chain_stones(h));
            t.n += 1;
        }
        t
    }

    fn iter(&self) -> impl Iterator<Item = (u32, u32)> + '_ {
        self.chains[..self.n]
            .iter()
            .map(|&(_, libs, stones)| (libs, stones))
    }

    /// The size class (1: one stone, 2: more) of the largest chain with `libs` liberties.
    fn largest_with(&self, libs: u32) -> Option<u8> {
        self.iter()
            .filter(|&(l, _)| l == libs)
            .map(|(_, s)| if s == 1 { 1 } else { 2 })
            .max()
    }

    /// 1 when every chain has three liberties or more, 2 when one has two or fewer.
    fn pressure(&self) -> u8 {
        if self.iter().any(|(l, _)| l <= 2) {
            2
        } else {
            1
        }
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

    /// The features of Black's move at (`col`, `row_from_top`) on `rows`.
    fn black_move(rows: &[&str], col: usize, row_from_top: usize) -> MoveFeatures {
        // The positions below give the top rows of a 9×9 board; the rest is empty.
        let mut b = crate::ladder::tests::top_of_nine(rows);
        b.set_to_move(BLACK);
        let cx = Context::new(&mut b, BLACK);
        let m = at(&b, col, row_from_top);
        cx.features(&mut b, m)
    }

    /// Black's D6–D5 has two liberties, D7 and E5; White's E6 has three, E7, F6 and E5.
    const SHORT_CHAIN: [&str; 6] = [
        ".........", //
        ".........", //
        ".........", //
        "..OXO....", //
        "..OX.....", //
        "...O.....", //
    ];

    /// White's D5 and E6 touch diagonally.
    const DIAGONAL: [&str; 5] = [
        ".........", //
        ".........", //
        ".........", //
        "....O....", //
        "...O.....", //
    ];

    /// Black's B8 and A7, one point apart.
    const APART: [&str; 3] = [
        ".........", //
        ".X.......", //
        "X........", //
    ];

    /// A contact feature case: why, the position, Black's move (column, row from the top),
    /// the feature kind and its value (`None`: no feature of that kind).
    type ContactCase = (
        &'static str,
        &'static [&'static str],
        (usize, usize),
        &'static str,
        Option<u32>,
    );

    #[test]
    fn contact_features_say_what_a_move_does_to_the_chains_it_touches() {
        let cases: [ContactCase; 8] = [
            (
                "E5 gives D6-D5 D7, E4 and F5",
                &SHORT_CHAIN,
                (4, 4),
                "extends",
                Some(2),
            ),
            (
                "a move far away extends nothing",
                &SHORT_CHAIN,
                (7, 7),
                "extends",
                None,
            ),
            (
                "E7 takes one of E6's three liberties",
                &SHORT_CHAIN,
                (4, 2),
                "presses",
                Some(1),
            ),
            (
                "C6-C5 has four liberties: B6 does not press",
                &SHORT_CHAIN,
                (1, 3),
                "presses",
                None,
            ),
            ("D6 separates D5 and E6", &DIAGONAL, (3, 3), "cuts", Some(1)),
            (
                "D6 joins no black chains",
                &DIAGONAL,
                (3, 3),
                "connects",
                None,
            ),
            ("B7 joins B8 and A7", &APART, (1, 2), "connects", Some(1)),
            ("B7 touches no white chain", &APART, (1, 2), "cuts", None),
        ];
        for (why, rows, (col, row), kind, value) in cases {
            let f = black_move(rows, col, row);
            let found = f.iter().map(Feature::key).find(|k| k.0 == kind);
            assert_eq!(found.map(|k| k.1), value, "{why}: {f:?}");
        }
    }

    #[test]
    fn a_context_without_contact_features_leaves_them_out() {
        let mut rows = SHORT_CHAIN.to_vec();
        rows.resize(9, ".........");
        let mut b = board(&rows);
        b.set_to_move(BLACK);
        let esc = escapes(&mut b, BLACK);
        let cx = Context::with_escapes(&mut b, BLACK, esc, false);
        let m = at(&b, 4, 4);
        let f = cx.features(&mut b, m);
        assert!(
            !f.iter().any(|f| matches!(
                f,
                Feature::Extends(_) | Feature::Presses(_) | Feature::Connects(_) | Feature::Cuts(_)
            )),
            "{f:?}"
        );
        assert!(f.iter().any(|f| matches!(f, Feature::Shape(_))), "{f:?}");
    }

    #[test]
    fn a_context_with_large_shapes_gives_a_move_its_largest_known_one() {
        // White's C7 and E7 over Black's D6: Black's D7 pushes between them.
        let rows = [".........", ".........", "..O.O....", "...X....."];
        let b = crate::ladder::tests::top_of_nine(&rows);
        let m = at(&b, 3, 2);
        let cells = crate::spatial::read(&b, m, BLACK);
        let mut dict = SpatialDict::default();
        let small = dict.insert(&cells[..crate::spatial::points(2)]);
        let large = dict.insert(&cells[..crate::spatial::points(4)]);
        let dict: &'static SpatialDict = Box::leak(Box::new(dict));
        let kinds = |cx: &Context, b: &mut PlayoutBoard, m| {
            cx.features(b, m)
                .iter()
                .filter_map(|f| match f {
                    Feature::Large(k) => Some(k),
                    _ => None,
                })
                .collect::<Vec<_>>()
        };
        let mut b = b;
        b.set_to_move(BLACK);
        let plain = Context::new(&mut b, BLACK);
        assert_eq!(kinds(&plain, &mut b, m), Vec::<u32>::new());
        let cx = Context::new(&mut b, BLACK).with_spatial(Some(dict));
        assert_eq!(kinds(&cx, &mut b, m), vec![large]);
        assert_ne!(small, large);
        // A point elsewhere has neither shape.
        let far = at(&b, 7, 7);
        assert_eq!(kinds(&cx, &mut b, far), Vec::<u32>::new());
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
            Feature::Extends(2),
            Feature::Presses(1),
            Feature::Connects(2),
            Feature::Cuts(1),
            Feature::Large(3_000_000_000),
        ] {
            let (k, v) = f.key();
            assert_eq!(Feature::from_key(k, v), Some(f));
        }
        assert_eq!(Feature::from_key("nonsense", 1), None);
    }
}
