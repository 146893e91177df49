//! Adaptive playouts (after Graf and Platzner's online policy adaptation): during one search,
//! each point gets a weight per color, raised when that color's playouts that played it were
//! won more often than the search's average and lowered when they were lost, and the heavy
//! policy's random step prefers the points with higher weights. A fight the fixed policy
//! misreads — the attacker's vital point left to chance, so a dead group lives in half the
//! playouts — can then be read better as the search goes on, because the playouts that
//! found the vital point won.
//!
//! A table belongs to one search thread and lives for one search (one `genmove`), like the
//! last good replies (module `reply`): fixed-size arrays indexed by padded board point.

use crate::board::{color_index, PlayoutBoard, PASS};
use crate::pattern;
use crate::rng::FastRng;

/// How many points the random step draws before choosing among them by weight: the most a
/// weight can raise a point's chance over the uniform draw.
pub const DRAWS: usize = 4;

/// The largest weight, either way (a point is then at most e³ ≈ 20 times as likely as another
/// among the drawn ones).
const MAX_WEIGHT: f32 = 3.0;

/// Entries per color of a table keyed by point and 3×3 neighbourhood (hashed, collisions
/// shared).
const CONTEXT_ENTRIES: usize = 1 << 16;

/// What a weight belongs to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Key {
    /// The point alone.
    Point,
    /// The point and its 3×3 neighbourhood when the move is drawn or played.
    PointAndShape,
}

/// The weights of both colors, the running result they are measured against, and the moves
/// of the playout under way.
#[derive(Debug, Clone)]
pub struct Adaptation {
    key: Key,
    /// Entries per color.
    entries: usize,
    /// `[color][entry]`: the log-weight of an entry for the color's random step.
    weights: Vec<f32>,
    /// How far one playout moves a weight.
    rate: f32,
    /// Playouts learned from, and how many Black won: the baseline.
    playouts: u32,
    black_wins: u32,
    /// Per weight, the playout in which it was last counted (each counts once a playout).
    stamp: Vec<u32>,
    /// The entries played in the playout under way (index into `weights`).
    played: Vec<u32>,
}

impl Adaptation {
    /// Empty weights for a board with `len` cells (`PlayoutBoard::len`); `rate` is the step a
    /// playout moves a weight by, times its result's distance from the average.
    pub fn new(len: usize, rate: f32, key: Key) -> Adaptation {
        let entries = match key {
            Key::Point => len,
            Key::PointAndShape => CONTEXT_ENTRIES,
        };
        Adaptation {
            key,
            entries,
            weights: vec![0.0; 2 * entries],
            rate,
            playouts: 0,
            black_wins: 0,
            stamp: vec![0; 2 * entries],
            played: Vec::with_capacity(3 * len),
        }
    }

    /// The index into `weights` of `stone` playing `point` on `board`.
    #[inline]
    fn index(&self, board: &PlayoutBoard, stone: u8, point: usize) -> usize {
        let entry = match self.key {
            Key::Point => point,
            Key::PointAndShape => {
                let h = (point as u64) << 16 | pattern::code(board, point) as u64;
                (h.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 48) as usize
            }
        };
        color_index(stone) * self.entries + entry
    }

    /// The weight of `stone` playing `point` on `board` (0 when nothing is learned).
    #[inline]
    pub fn weight(&self, board: &PlayoutBoard, stone: u8, point: usize) -> f32 {
        self.weights[self.index(board, stone, point)]
    }

    /// Notes a playout move of `stone` at `point`, before it is played.
    #[inline]
    pub fn note(&mut self, board: &PlayoutBoard, stone: u8, point: usize) {
        if point != PASS {
            let i = self.index(board, stone, point);
            self.played.push(i as u32);
        }
    }

    /// Forgets the moves noted so far (a new playout starts).
    pub fn start_playout(&mut self) {
        self.played.clear();
    }

    /// Learns from the finished playout whose moves were noted: each weight a color's moves
    /// used counts once, moving by the rate times the color's result (1 won, 0 lost) less the
    /// color's average result in the playouts before (a half before the first).
    pub fn update(&mut self, black_won: bool) {
        let average = if self.playouts == 0 {
            0.5
        } else {
            self.black_wins as f32 / self.playouts as f32
        };
        self.playouts += 1;
        self.black_wins += u32::from(black_won);
        let mark = self.playouts;
        let black_gain = self.rate * (f32::from(u8::from(black_won)) - average);
        for &i in &self.played {
            let i = i as usize;
            if self.stamp[i] == mark {
                continue;
            }
            self.stamp[i] = mark;
            let gain = if i < self.entries {
                black_gain
            } else {
                -black_gain
            };
            self.weights[i] = (self.weights[i] + gain).clamp(-MAX_WEIGHT, MAX_WEIGHT);
        }
        self.played.clear();
    }

    /// The random step's point for `me`: [`DRAWS`] empty points drawn uniformly, one of them
    /// chosen in proportion to e^weight. The caller checks that it is playable (and falls back
    /// to the uniform scan where it is not). None on a full board.
    pub fn draw(&self, board: &PlayoutBoard, rng: &mut FastRng, me: u8) -> Option<usize> {
        let empties = board.empties();
        if empties.is_empty() {
            return None;
        }
        let mut points = [0usize; DRAWS];
        let mut odds = [0f32; DRAWS];
        let mut total = 0.0;
        for k in 0..DRAWS {
            let p = empties[rng.below(empties.len())] as usize;
            points[k] = p;
            odds[k] = self.weight(board, me, p).exp();
            total += odds[k];
        }
        let mut r = rng.unit() as f32 * total;
        for k in 0..DRAWS {
            r -= odds[k];
            if r <= 0.0 {
                return Some(points[k]);
            }
        }
        Some(points[DRAWS - 1])
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::{BLACK, WHITE};
    use tengen_rules::{Board, Color, Point};

    fn nine() -> PlayoutBoard {
        PlayoutBoard::from_board(&Board::new(9).expect("9×9"), Color::Black)
    }

    /// One playout in which each `(point, stone)` was played, with its result.
    fn learn(a: &mut Adaptation, b: &PlayoutBoard, moves: &[(usize, u8)], black_won: bool) {
        a.start_playout();
        for &(m, stone) in moves {
            a.note(b, stone, m);
        }
        a.update(black_won);
    }

    #[test]
    fn a_point_played_in_won_playouts_gains_weight_and_in_lost_ones_loses_it() {
        for key in [Key::Point, Key::PointAndShape] {
            let b = nine();
            let e5 = b.index(Point::new(4, 4));
            let c3 = b.index(Point::new(2, 2));
            let mut a = Adaptation::new(b.len(), 0.1, key);
            // Black plays E5 in the playouts it wins and C3 in those it loses.
            for k in 0..20 {
                if k % 2 == 0 {
                    learn(&mut a, &b, &[(e5, BLACK)], true);
                } else {
                    learn(&mut a, &b, &[(c3, BLACK)], false);
                }
            }
            assert!(a.weight(&b, BLACK, e5) > 0.3, "{}", a.weight(&b, BLACK, e5));
            assert!(
                a.weight(&b, BLACK, c3) < -0.3,
                "{}",
                a.weight(&b, BLACK, c3)
            );
            // White's weights are its own.
            assert_eq!(a.weight(&b, WHITE, e5), 0.0);
        }
    }

    #[test]
    fn a_point_counts_once_a_playout_and_weights_stay_bounded() {
        let b = nine();
        let e5 = b.index(Point::new(4, 4));
        let mut a = Adaptation::new(b.len(), 1.0, Key::Point);
        learn(&mut a, &b, &[(e5, WHITE), (e5, WHITE), (e5, WHITE)], false);
        // One count: the gain of one playout (White won; its average before the first is a half).
        assert!((a.weight(&b, WHITE, e5) - 0.5).abs() < 1e-6);
        for _ in 0..100 {
            learn(&mut a, &b, &[(e5, WHITE)], false);
        }
        assert!(a.weight(&b, WHITE, e5) <= MAX_WEIGHT);
    }

    #[test]
    fn a_shaped_weight_belongs_to_the_point_in_that_neighbourhood_only() {
        let empty = nine();
        let mut beside = nine();
        let e5 = empty.index(Point::new(4, 4));
        beside.play(empty.index(Point::new(4, 5)));
        let mut a = Adaptation::new(empty.len(), 0.5, Key::PointAndShape);
        learn(&mut a, &empty, &[(e5, BLACK)], true);
        assert!(a.weight(&empty, BLACK, e5) > 0.2);
        assert_eq!(a.weight(&beside, BLACK, e5), 0.0);
    }

    /// The share of `n` draws for `stone` that give `point`.
    fn share_drawn(a: &Adaptation, b: &PlayoutBoard, stone: u8, point: usize, n: u32) -> f64 {
        let mut rng = FastRng::new(9);
        let hits = (0..n)
            .filter(|_| a.draw(b, &mut rng, stone) == Some(point))
            .count();
        hits as f64 / f64::from(n)
    }

    #[test]
    fn the_draw_prefers_the_heavier_point() {
        let b = nine();
        let e5 = b.index(Point::new(4, 4));
        let mut a = Adaptation::new(b.len(), 0.0, Key::Point);
        a.weights[e5] = MAX_WEIGHT;
        // Uniform would give 1 in 81; four draws with e³ odds give close to 4 in 81.
        let black = share_drawn(&a, &b, BLACK, e5, 20_000);
        assert!(black > 3.0 / 81.0 && black < 4.2 / 81.0, "{black}");
        // White's draw is uniform.
        let white = share_drawn(&a, &b, WHITE, e5, 20_000);
        assert!(white < 1.6 / 81.0, "{white}");
    }
}
