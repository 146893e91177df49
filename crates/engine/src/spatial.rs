//! Large shapes around a move (Stern, Herbrich and Graepel 2006; Pachi's spatial patterns):
//! the points within Manhattan distance 2, 3 or 4 of it, each empty, the mover's, the
//! opponent's or off the board. A dictionary of learned shapes answers, for a move, the
//! largest of its shapes that it holds, up to the eight symmetries, for the learned move model
//! (`features`, `gamma`).

use crate::board::{PlayoutBoard, EMPTY};
use std::sync::OnceLock;
use tengen_rules::HashMap64;

/// The radii of the shapes, smallest first.
pub const RADII: [usize; 3] = [2, 3, 4];

/// The points of the largest shape (radius 4).
pub const MAX_POINTS: usize = points(4);

/// The points of a shape of `radius`: the diamond's points but its centre.
pub const fn points(radius: usize) -> usize {
    2 * radius * (radius + 1)
}

/// A point's state in a shape, seen from the side to move.
const MINE: u8 = 1;
const THEIRS: u8 = 2;
const OFF: u8 = 3;

/// The shape's points as offsets `(dx, dy)` from the move, nearest first, and for each of the
/// eight symmetries the index of each offset's image, so a shape's symmetric variant is a
/// permutation of its cells.
struct Geometry {
    offsets: Vec<(i32, i32)>,
    images: [Vec<usize>; 8],
    zobrist: Vec<[u64; 4]>,
}

fn geometry() -> &'static Geometry {
    static GEOMETRY: OnceLock<Geometry> = OnceLock::new();
    GEOMETRY.get_or_init(|| {
        let mut offsets = Vec::with_capacity(MAX_POINTS);
        for d in 1..=4i32 {
            for dy in -d..=d {
                for dx in -d..=d {
                    if dx.abs() + dy.abs() == d {
                        offsets.push((dx, dy));
                    }
                }
            }
        }
        let transform = |s: usize, (dx, dy): (i32, i32)| match s {
            0 => (dx, dy),
            1 => (-dy, dx),
            2 => (-dx, -dy),
            3 => (dy, -dx),
            4 => (dx, -dy),
            5 => (-dx, dy),
            6 => (dy, dx),
            _ => (-dy, -dx),
        };
        let images = std::array::from_fn(|s| {
            offsets
                .iter()
                .map(|&o| {
                    let image = transform(s, o);
                    offsets.iter().position(|&p| p == image).unwrap_or(0)
                })
                .collect()
        });
        let mut state = 0x5EED_0F5A_71A1_u64;
        let zobrist = (0..MAX_POINTS)
            .map(|_| std::array::from_fn(|_| splitmix(&mut state)))
            .collect();
        Geometry {
            offsets,
            images,
            zobrist,
        }
    })
}

fn splitmix(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The cells of the largest shape around `m`, `me` to move, in the shape's order.
pub fn read(board: &PlayoutBoard, m: usize, me: u8) -> [u8; MAX_POINTS] {
    let g = geometry();
    let stride = board.stride();
    let size = board.size() as i32;
    let (row, col) = ((m / stride) as i32 - 1, (m % stride) as i32 - 1);
    let mut cells = [OFF; MAX_POINTS];
    for (cell, &(dx, dy)) in cells.iter_mut().zip(&g.offsets) {
        let (r, c) = (row + dy, col + dx);
        if (0..size).contains(&r) && (0..size).contains(&c) {
            let i = (r as usize + 1) * stride + c as usize + 1;
            *cell = match board.cell(i) {
                EMPTY => EMPTY,
                x if x == me => MINE,
                _ => THEIRS,
            };
        }
    }
    cells
}

/// The hash of a shape's cells (one shape per length).
fn hash(cells: &[u8]) -> u64 {
    let z = &geometry().zobrist;
    cells
        .iter()
        .zip(z)
        .fold(0, |h, (&c, keys)| h ^ keys[usize::from(c & 3)])
}

/// The shape's variant under symmetry `s`.
fn variant(cells: &[u8], s: usize) -> Vec<u8> {
    geometry().images[s][..cells.len()]
        .iter()
        .map(|&k| cells[k])
        .collect()
}

/// The smallest of a shape's eight variants: the same for every symmetric form of it.
pub fn canonical(cells: &[u8]) -> Vec<u8> {
    (0..8).map(|s| variant(cells, s)).min().unwrap_or_default()
}

/// A shape's key in a table: its canonical form's hash, cut to 32 bits.
pub fn key(cells: &[u8]) -> u32 {
    hash(&canonical(cells)) as u32
}

/// A shape written as text: `.` empty, `X` the mover's, `O` the opponent's, `-` off the board
/// (not `#`, which starts a comment in the gamma tables).
pub fn to_text(cells: &[u8]) -> String {
    cells
        .iter()
        .map(|&c| ['.', 'X', 'O', '-'][usize::from(c & 3)])
        .collect()
}

/// A shape read from [`to_text`]'s form; None unless it has the points of a radius in
/// [`RADII`] and only those four characters.
pub fn from_text(text: &str) -> Option<Vec<u8>> {
    if !RADII.iter().any(|&r| points(r) == text.len()) {
        return None;
    }
    text.chars()
        .map(|ch| match ch {
            '.' => Some(EMPTY),
            'X' => Some(MINE),
            'O' => Some(THEIRS),
            '-' => Some(OFF),
            _ => None,
        })
        .collect()
}

/// The learned shapes: each symmetric variant's hash maps to the shape's key.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct SpatialDict {
    variants: HashMap64<u32>,
}

impl SpatialDict {
    /// Adds a shape (cells of a radius in [`RADII`]) and answers its key.
    pub fn insert(&mut self, cells: &[u8]) -> u32 {
        let key = key(cells);
        for s in 0..8 {
            self.variants.insert(hash(&variant(cells, s)), key);
        }
        key
    }

    /// Whether no shape is known.
    pub fn is_empty(&self) -> bool {
        self.variants.is_empty()
    }

    /// The key of the largest known shape around `m`, `me` to move.
    pub fn lookup(&self, board: &PlayoutBoard, m: usize, me: u8) -> Option<u32> {
        if self.variants.is_empty() {
            return None;
        }
        let cells = read(board, m, me);
        let z = &geometry().zobrist;
        let mut prefix = [0u64; RADII.len()];
        let mut h = 0u64;
        let mut r = 0;
        for (k, (&c, keys)) in cells.iter().zip(z).enumerate() {
            h ^= keys[usize::from(c)];
            if k + 1 == points(RADII[r]) {
                prefix[r] = h;
                r += 1;
            }
        }
        prefix
            .iter()
            .rev()
            .find_map(|h| self.variants.get(h).copied())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::{BLACK, WHITE};
    use crate::ladder::tests::{at, top_of_nine};

    #[test]
    fn shapes_have_twelve_twenty_four_and_forty_points() {
        assert_eq!(RADII.map(points), [12, 24, 40]);
        assert_eq!(geometry().offsets.len(), MAX_POINTS);
        for s in 0..8 {
            let mut image = geometry().images[s].clone();
            image.sort_unstable();
            assert_eq!(image, (0..MAX_POINTS).collect::<Vec<_>>(), "symmetry {s}");
        }
    }

    /// Black stones at C7 and E7 around D8 on an otherwise empty 9×9 board, and the same
    /// turned a quarter: G5 and G3 around H4.
    #[test]
    fn a_shape_is_found_in_every_orientation_and_for_either_color() {
        let top = top_of_nine(&[".........", ".........", "..X.X...."]);
        let (empty, stone) = (".........", "......O..");
        let right = top_of_nine(&[empty, empty, empty, empty, stone, empty, stone]);
        let mut dict = SpatialDict::default();
        let cells = read(&top, at(&top, 3, 1), BLACK);
        let small = dict.insert(&cells[..points(2)]);
        assert_eq!(dict.lookup(&top, at(&top, 3, 1), BLACK), Some(small));
        // White's stones seen by White, turned a quarter.
        assert_eq!(dict.lookup(&right, at(&right, 7, 5), WHITE), Some(small));
        // Seen by Black, they are the opponent's: another shape.
        assert_eq!(dict.lookup(&right, at(&right, 7, 5), BLACK), None);
        // The larger shape wins when both are known.
        let large = dict.insert(&cells[..points(3)]);
        assert_ne!(large, small);
        assert_eq!(dict.lookup(&top, at(&top, 3, 1), BLACK), Some(large));
        // A point two lines lower has the edge out of reach at radius 2 but not its stones.
        assert_eq!(dict.lookup(&top, at(&top, 3, 3), BLACK), None);
    }

    #[test]
    fn text_round_trips_and_refuses_other_lengths_and_characters() {
        let top = top_of_nine(&["X........", ".O......."]);
        let cells = read(&top, at(&top, 1, 0), BLACK);
        for r in RADII {
            let text = to_text(&cells[..points(r)]);
            assert_eq!(from_text(&text).as_deref(), Some(&cells[..points(r)]));
        }
        assert!(
            to_text(&cells[..12]).contains('-'),
            "the edge is off the board"
        );
        assert_eq!(from_text("...."), None);
        assert_eq!(from_text(&"?".repeat(12)), None);
    }
}
