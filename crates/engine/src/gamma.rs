//! The learned move model: a strength (gamma) per move feature, fitted by minorization-
//! maximization on games generated here (Coulom 2007, "Computing Elo ratings of move
//! patterns"), and the strength of a move as the product of its features' gammas.
//!
//! The shipped tables are `gammas-9.txt` (fitted on 9×9 games, for boards up to 11×11) and
//! `gammas-19.txt` (19×19 games, for 12×12 and up) beside this file, written by
//! `cargo run --release -p tengen-engine --example fit_patterns` (docs/ENGINE.md, "Learned
//! patterns"); a feature missing from a table has gamma 1.

use crate::board::{BLACK, WHITE};
use crate::features::{canonical_shape, Feature, MoveFeatures, FAR};
use crate::spatial::{self, SpatialDict};
use std::sync::OnceLock;
use tengen_rules::HashMap64;
use thiserror::Error;

/// A line of a gamma file that cannot be read.
#[derive(Debug, Error, PartialEq)]
pub enum GammaError {
    /// Not `kind value gamma`.
    #[error("line {line}: expected `kind value gamma`, got {text:?}")]
    Malformed {
        /// The line number (from 1).
        line: usize,
        /// The line.
        text: String,
    },
    /// A kind or value the features do not have, or a gamma that is not a positive number.
    #[error("line {line}: unknown feature or bad gamma in {text:?}")]
    Unknown {
        /// The line number (from 1).
        line: usize,
        /// The line.
        text: String,
    },
}

/// A gamma for every feature (1 where none was learned).
#[derive(Debug, Clone, PartialEq)]
pub struct Gammas {
    shape: Vec<f32>,
    capture: [f32; 4],
    saves: f32,
    self_atari: [f32; 4],
    atari: [f32; 3],
    last_move: [f32; FAR as usize + 1],
    own_move: [f32; FAR as usize + 1],
    line: [f32; 6],
    extends: [f32; 3],
    presses: [f32; 3],
    connects: [f32; 3],
    cuts: [f32; 3],
    /// The learned large shapes (lines `large CELLS gamma`) and their gammas by key.
    spatial: SpatialDict,
    large: HashMap64<f32>,
}

impl Default for Gammas {
    fn default() -> Gammas {
        Gammas {
            shape: vec![1.0; 1 << 16],
            capture: [1.0; 4],
            saves: 1.0,
            self_atari: [1.0; 4],
            atari: [1.0; 3],
            last_move: [1.0; FAR as usize + 1],
            own_move: [1.0; FAR as usize + 1],
            line: [1.0; 6],
            extends: [1.0; 3],
            presses: [1.0; 3],
            connects: [1.0; 3],
            cuts: [1.0; 3],
            spatial: SpatialDict::default(),
            large: HashMap64::default(),
        }
    }
}

impl Gammas {
    /// Reads lines `kind value gamma` (`#` starts a comment); a large shape's value is its
    /// cells as [`spatial::to_text`] writes them.
    pub fn parse(text: &str) -> Result<Gammas, GammaError> {
        let mut g = Gammas::default();
        for (k, raw, words) in table_lines(text) {
            let malformed = || GammaError::Malformed {
                line: k + 1,
                text: raw.to_string(),
            };
            let unknown = || GammaError::Unknown {
                line: k + 1,
                text: raw.to_string(),
            };
            let [kind, value, gamma] = words[..] else {
                return Err(malformed());
            };
            let gamma: f32 = gamma.parse().map_err(|_| malformed())?;
            if !(gamma.is_finite() && gamma > 0.0) {
                return Err(unknown());
            }
            if kind == "large" {
                let cells = spatial::from_text(value).ok_or_else(unknown)?;
                let key = g.spatial.insert(&cells);
                g.large.insert(u64::from(key), gamma);
                continue;
            }
            let value: u32 = value.parse().map_err(|_| malformed())?;
            let f = Feature::from_key(kind, value).ok_or_else(unknown)?;
            *g.slot(f).ok_or_else(unknown)? = gamma;
        }
        Ok(g)
    }

    /// The gamma of one feature (1 where none was learned or the value is out of range).
    pub fn get(&self, f: Feature) -> f32 {
        match f {
            Feature::Shape(c) => self.shape[c as usize],
            Feature::Capture(v) => *self.capture.get(v as usize).unwrap_or(&1.0),
            Feature::Saves => self.saves,
            Feature::SelfAtari(v) => *self.self_atari.get(v as usize).unwrap_or(&1.0),
            Feature::Atari(v) => *self.atari.get(v as usize).unwrap_or(&1.0),
            Feature::LastMove(v) => *self.last_move.get(v as usize).unwrap_or(&1.0),
            Feature::OwnMove(v) => *self.own_move.get(v as usize).unwrap_or(&1.0),
            Feature::Line(v) => *self.line.get(v as usize).unwrap_or(&1.0),
            Feature::Extends(v) => *self.extends.get(v as usize).unwrap_or(&1.0),
            Feature::Presses(v) => *self.presses.get(v as usize).unwrap_or(&1.0),
            Feature::Connects(v) => *self.connects.get(v as usize).unwrap_or(&1.0),
            Feature::Cuts(v) => *self.cuts.get(v as usize).unwrap_or(&1.0),
            Feature::Large(k) => *self.large.get(&u64::from(k)).unwrap_or(&1.0),
        }
    }

    fn slot(&mut self, f: Feature) -> Option<&mut f32> {
        match f {
            Feature::Shape(c) => self.shape.get_mut(c as usize),
            Feature::Capture(v) => self.capture.get_mut(v as usize),
            Feature::Saves => Some(&mut self.saves),
            Feature::SelfAtari(v) => self.self_atari.get_mut(v as usize),
            Feature::Atari(v) => self.atari.get_mut(v as usize),
            Feature::LastMove(v) => self.last_move.get_mut(v as usize),
            Feature::OwnMove(v) => self.own_move.get_mut(v as usize),
            Feature::Line(v) => self.line.get_mut(v as usize),
            Feature::Extends(v) => self.extends.get_mut(v as usize),
            Feature::Presses(v) => self.presses.get_mut(v as usize),
            Feature::Connects(v) => self.connects.get_mut(v as usize),
            Feature::Cuts(v) => self.cuts.get_mut(v as usize),
            Feature::Large(k) => self.large.get_mut(&u64::from(k)),
        }
    }

    /// Whether any contact feature (extends, presses, connects, cuts) has a gamma other than
    /// 1: without one they change no strength, and the search need not compute them.
    pub fn uses_contact(&self) -> bool {
        [self.extends, self.presses, self.connects, self.cuts]
            .iter()
            .flatten()
            .any(|&g| g != 1.0)
    }

    /// The learned large shapes, if the table has any ([`crate::features::Context::with_spatial`]).
    pub fn spatial(&self) -> Option<&SpatialDict> {
        (!self.spatial.is_empty()).then_some(&self.spatial)
    }

    /// The strength of a move: the product of its features' gammas.
    pub fn strength(&self, features: &MoveFeatures) -> f32 {
        features.iter().map(|f| self.get(f)).product()
    }
}

/// The lines of a table file that say something, as `(index from 0, the line, its words)`:
/// `#` starts a comment, and blank lines are skipped. Shared by the tables' readers.
pub(crate) fn table_lines(text: &str) -> impl Iterator<Item = (usize, &str, Vec<&str>)> {
    text.lines().enumerate().filter_map(|(k, raw)| {
        let words: Vec<&str> = raw
            .split('#')
            .next()
            .unwrap_or("")
            .split_whitespace()
            .collect();
        (!words.is_empty()).then_some((k, raw, words))
    })
}

/// The largest board that uses the table fitted on small boards.
pub(crate) const SMALL_BOARD: usize = 11;

/// The shipped table for a board of `size`: fitted on 9×9 games up to 11×11, on 19×19 games
/// above. Tests check that both parse; were one not to, its gammas would all be 1 and the
/// learned priors neutral.
pub fn shipped(size: usize) -> &'static Gammas {
    static SMALL: OnceLock<Gammas> = OnceLock::new();
    static LARGE: OnceLock<Gammas> = OnceLock::new();
    if size <= SMALL_BOARD {
        SMALL.get_or_init(|| Gammas::parse(include_str!("gammas-9.txt")).unwrap_or_default())
    } else {
        LARGE.get_or_init(|| Gammas::parse(include_str!("gammas-19.txt")).unwrap_or_default())
    }
}

/// The shipped table's 3×3 shape gamma of every raw neighbourhood code ([`crate::pattern::code`])
/// for each side to move, index `code | (me == WHITE) << 16`: the playouts' learned pattern
/// steps (`PlayoutShapes::Weighted` and `Learned`) look shapes up in one step.
pub(crate) fn shape_weights(size: usize) -> &'static [f32] {
    static SMALL: OnceLock<Vec<f32>> = OnceLock::new();
    static LARGE: OnceLock<Vec<f32>> = OnceLock::new();
    let build = || {
        let table = shipped(size);
        let mut w = Vec::with_capacity(2 << 16);
        for me in [BLACK, WHITE] {
            for code in 0..1usize << 16 {
                w.push(table.get(Feature::Shape(canonical_shape(code, me))));
            }
        }
        w
    };
    if size <= SMALL_BOARD {
        SMALL.get_or_init(build)
    } else {
        LARGE.get_or_init(build)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check_shipped(text: &str) {
        let g = Gammas::parse(text).expect("the shipped gamma table parses");
        let learned = g.shape.iter().filter(|&&x| x != 1.0).count();
        assert!(learned > 100, "only {learned} shapes learned");
        // In any sensible fit, saving a chain in atari is a strong move feature and a
        // self-atari of two or more stones that is no nakade a very weak one.
        assert!(g.get(Feature::Saves) > 2.0);
        assert!(g.get(Feature::SelfAtari(3)) < 0.1);
    }

    #[test]
    fn shipped_small_board_table_parses_and_is_sensible() {
        check_shipped(include_str!("gammas-9.txt"));
        assert_eq!(
            shipped(9),
            &Gammas::parse(include_str!("gammas-9.txt")).unwrap()
        );
    }

    #[test]
    fn shipped_large_board_table_parses_and_is_sensible() {
        check_shipped(include_str!("gammas-19.txt"));
        assert_eq!(
            shipped(19),
            &Gammas::parse(include_str!("gammas-19.txt")).unwrap()
        );
    }

    #[test]
    fn a_bad_line_is_refused_with_its_number() {
        assert!(matches!(
            Gammas::parse("capture 1 2.0\ncapture one 2.0"),
            Err(GammaError::Malformed { line: 2, .. })
        ));
        assert!(matches!(
            Gammas::parse("capture 1 -2.0"),
            Err(GammaError::Unknown { line: 1, .. })
        ));
        assert!(matches!(
            Gammas::parse("wormhole 1 2.0"),
            Err(GammaError::Unknown { line: 1, .. })
        ));
        assert!(matches!(
            Gammas::parse("line 99 2.0"),
            Err(GammaError::Unknown { line: 1, .. })
        ));
    }

    #[test]
    fn a_large_shape_line_gives_its_gamma_to_the_moves_with_that_shape() {
        use crate::ladder::tests::{at, top_of_nine};
        // Black's D9, between Black's C8 and E8 on the top edge.
        let b = top_of_nine(&[".........", "..X.X...."]);
        let m = at(&b, 3, 0);
        let cells = spatial::read(&b, m, BLACK);
        let text = spatial::to_text(&cells[..spatial::points(3)]);
        let g = Gammas::parse(&format!("large {text} 3.5 # seen\nline 1 0.5")).expect("parses");
        let dict = g.spatial().expect("the table has a large shape");
        let key = dict.lookup(&b, m, BLACK).expect("D9 has it");
        assert_eq!(g.get(Feature::Large(key)), 3.5);
        assert_eq!(g.get(Feature::Line(1)), 0.5);
        // For White the stones are the opponent's: another shape, which the table lacks.
        assert_eq!(dict.lookup(&b, m, WHITE), None);
        assert!(Gammas::parse("line 1 0.5").unwrap().spatial().is_none());
    }

    #[test]
    fn a_large_shape_of_the_wrong_length_or_characters_is_refused() {
        for line in ["large X.O 2.0", "large XXXXXXXXXXX? 2.0", "large 12 2.0"] {
            assert!(
                matches!(
                    Gammas::parse(line),
                    Err(GammaError::Unknown { line: 1, .. })
                ),
                "{line}"
            );
        }
    }

    #[test]
    fn only_a_table_with_contact_gammas_asks_for_the_contact_features() {
        assert!(!Gammas::parse("capture 1 2.0\nline 1 0.5")
            .unwrap()
            .uses_contact());
        assert!(Gammas::parse("cuts 2 4.0").unwrap().uses_contact());
        assert!(!shipped(19).uses_contact());
    }

    #[test]
    fn strength_multiplies_the_gammas_of_present_features() {
        let g = Gammas::parse("capture 1 4.0\nline 1 0.5 # the edge").expect("parses");
        assert_eq!(g.get(Feature::Capture(1)), 4.0);
        assert_eq!(g.get(Feature::Line(1)), 0.5);
        assert_eq!(g.get(Feature::Line(3)), 1.0);
        assert_eq!(g.get(Feature::Shape(77)), 1.0);
    }

    #[test]
    fn shape_weights_see_each_side_to_move_as_black() {
        for size in [9, 19] {
            let table = shipped(size);
            let weights = shape_weights(size);
            // A white stone above, a black one below: for Black, White's stone is the
            // opponent's; swapping the colors and the side to move gives the same shape.
            let code = (WHITE as usize) << 2 | (BLACK as usize) << 12;
            let swapped = (BLACK as usize) << 2 | (WHITE as usize) << 12;
            assert_eq!(weights[code], weights[swapped | 1 << 16]);
            assert_eq!(
                weights[code],
                table.get(Feature::Shape(canonical_shape(code, BLACK)))
            );
        }
    }
}
