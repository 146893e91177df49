//! Rule settings as data: variant, board size, komi, ko rule, scoring, review protocol.

use std::fmt;
use thiserror::Error;

/// Which game is played.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
pub enum Variant {
    /// Standard Go.
    #[default]
    Go,
    /// TimeGo: moves may change the placement order of the past.
    #[cfg_attr(feature = "serde", serde(rename = "timego"))]
    TimeGo,
}

/// Which repetitions are forbidden.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
pub enum KoRule {
    /// Forbids recreating the position before the opponent's last move.
    Simple,
    /// Forbids any placement that recreates any earlier position of the game.
    #[default]
    #[cfg_attr(
        feature = "serde",
        serde(rename = "superko", alias = "positional-superko")
    )]
    PositionalSuperko,
}

/// How the final position is counted.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
pub enum Scoring {
    /// Chinese: living stones plus surrounded empty points.
    #[default]
    Area,
    /// Japanese: surrounded empty points plus prisoners; seki eyes not counted.
    Territory,
}

/// How players agree on dead stones after two passes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
pub enum ReviewProtocol {
    /// One shared board: toggle marks, each color confirms in turn (Same device, Vs computer).
    #[default]
    Shared,
    /// Two sequential proposals that must match (Online tables).
    Table,
}

/// Komi in half points, so 7.5 is exact and a draw is possible with integer komi.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Komi(i32);

/// The largest komi, in points, either way.
pub const MAX_KOMI: f64 = 1000.0;

/// Komi was not a multiple of 0.5 or was absurdly large.
#[derive(Debug, Clone, Copy, PartialEq, Error)]
pub enum KomiError {
    /// 7.25, 6.1, NaN: komi counts in half points.
    #[error("komi must be a multiple of 0.5 (got {0})")]
    NotHalfPoints(f64),
    /// Beyond ±[`MAX_KOMI`].
    #[error("komi must be between -1000 and 1000 (got {0})")]
    OutOfRange(f64),
}

impl Komi {
    /// Half a point: the usual komi of a handicap game (no draw, no other compensation).
    pub const HALF: Komi = Komi(1);

    /// Komi from a number of points, which must be a multiple of 0.5 within ±[`MAX_KOMI`].
    pub fn from_points(points: f64) -> Result<Komi, KomiError> {
        let halves = points * 2.0;
        if !halves.is_finite() || halves.fract() != 0.0 {
            return Err(KomiError::NotHalfPoints(points));
        }
        if points.abs() > MAX_KOMI {
            return Err(KomiError::OutOfRange(points));
        }
        Ok(Komi(halves as i32))
    }

    /// Komi in half points.
    pub fn halves(self) -> i32 {
        self.0
    }

    /// Komi in points.
    pub fn points(self) -> f64 {
        self.0 as f64 / 2.0
    }
}

impl Default for Komi {
    fn default() -> Komi {
        Komi(15)
    }
}

impl fmt::Display for Komi {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.points())
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for Komi {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_f64(self.points())
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for Komi {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Komi, D::Error> {
        let v = <f64 as serde::Deserialize>::deserialize(d)
            .map_err(|_| serde::de::Error::custom("komi must be a number such as 7.5"))?;
        Komi::from_points(v).map_err(serde::de::Error::custom)
    }
}

/// The complete rule settings of a game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(default, deny_unknown_fields))]
pub struct Rules {
    /// Go or TimeGo.
    pub variant: Variant,
    /// Board side, 2..=25.
    #[cfg_attr(feature = "serde", serde(deserialize_with = "board_size"))]
    pub size: u8,
    /// Points given to White.
    pub komi: Komi,
    /// Repetition rule (standard Go only; TimeGo has its own).
    pub ko: KoRule,
    /// Counting method (TimeGo always uses area).
    pub scoring: Scoring,
    /// Dead-stone agreement protocol (standard Go only).
    pub review: ReviewProtocol,
}

/// Reads a board size, refusing anything but a whole number from 2 to 25 in the player's words.
#[cfg(feature = "serde")]
fn board_size<'de, D: serde::Deserializer<'de>>(d: D) -> Result<u8, D::Error> {
    use crate::point::{MAX_SIZE, MIN_SIZE};
    let v = <f64 as serde::Deserialize>::deserialize(d)
        .map_err(|_| serde::de::Error::custom("board size must be a number from 2 to 25"))?;
    if v.fract() != 0.0 || v < MIN_SIZE as f64 || v > MAX_SIZE as f64 {
        return Err(serde::de::Error::custom(format!(
            "board size must be 2 to 25 (got {v})"
        )));
    }
    Ok(v as u8)
}

impl Default for Rules {
    /// The Same-device default: 9x9, area scoring, positional superko, 7.5 komi.
    fn default() -> Rules {
        Rules::same_device(9)
    }
}

/// A preset name was not recognised.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("unknown rules preset '{0}' (chinese, japanese, same-device, timego)")]
pub struct PresetError(pub String);

impl Rules {
    /// Same device: area scoring, positional superko, komi 7.5, shared review.
    pub fn same_device(size: u8) -> Rules {
        Rules {
            variant: Variant::Go,
            size,
            komi: Komi::default(),
            ko: KoRule::PositionalSuperko,
            scoring: Scoring::Area,
            review: ReviewProtocol::Shared,
        }
    }

    /// Chinese rules: area scoring, positional superko, komi 7.5.
    pub fn chinese(size: u8) -> Rules {
        Rules::same_device(size)
    }

    /// Japanese rules: territory scoring, simple ko, komi 6.5.
    pub fn japanese(size: u8) -> Rules {
        Rules {
            ko: KoRule::Simple,
            scoring: Scoring::Territory,
            komi: Komi(13),
            ..Rules::same_device(size)
        }
    }

    /// TimeGo: area scoring, komi 7.5, its own repetition rules.
    pub fn timego(size: u8) -> Rules {
        Rules {
            variant: Variant::TimeGo,
            ..Rules::same_device(size)
        }
    }

    /// A preset by name: `chinese`, `japanese`, `same-device`, `timego` (9x9).
    pub fn preset(name: &str) -> Result<Rules, PresetError> {
        match name.to_ascii_lowercase().as_str() {
            "chinese" => Ok(Rules::chinese(9)),
            "japanese" => Ok(Rules::japanese(9)),
            "same-device" | "same_device" | "default" => Ok(Rules::same_device(9)),
            "timego" => Ok(Rules::timego(9)),
            _ => Err(PresetError(name.to_string())),
        }
    }

    /// The rules with another komi.
    pub fn with_komi(self, komi: Komi) -> Rules {
        Rules { komi, ..self }
    }
}
