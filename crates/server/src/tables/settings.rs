//! What a table is created with: variant, size, scoring, komi, ko, review time, game clock, the
//! creator's color and name — checked, with the defaults of the online table rules (seed 003).

use serde::{Deserialize, Serialize};
use tengen_rules::{Color, KoRule, Komi, ReviewProtocol, Rules, Scoring, Variant};
use thiserror::Error;

/// The longest display name, in characters.
pub const MAX_NAME_CHARS: usize = 40;

/// Why a table could not be created with these settings.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum SettingsError {
    /// Only the three standard sizes are offered at a table.
    #[error("board size must be 9, 13 or 19")]
    Size,
    /// Komi must be a multiple of 0.5.
    #[error("komi must be a multiple of 0.5 between -1000 and 1000")]
    Komi,
    /// The review timer is out of range.
    #[error("review time must be 5 to 3600 seconds")]
    ReviewTime,
    /// The game clock is out of range.
    #[error("game clock: {0}")]
    Clock(&'static str),
    /// The name is too long or has control characters.
    #[error("names must be at most 40 characters, without control characters")]
    Name,
}

/// A game clock.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "lowercase", deny_unknown_fields)]
pub enum ClockSettings {
    /// Main time, then `periods` periods of `period_seconds`; a move within a period keeps it.
    Byoyomi {
        /// Main time.
        main_seconds: u32,
        /// Number of byo-yomi periods.
        periods: u32,
        /// Length of one period.
        period_seconds: u32,
    },
    /// Main time plus `increment_seconds` after every move.
    Fischer {
        /// Main time.
        main_seconds: u32,
        /// Added after each move.
        increment_seconds: u32,
    },
}

impl ClockSettings {
    fn check(self) -> Result<ClockSettings, SettingsError> {
        let ok = match self {
            ClockSettings::Byoyomi {
                main_seconds,
                periods,
                period_seconds,
            } => {
                main_seconds <= 86_400
                    && periods <= 100
                    && period_seconds <= 3_600
                    && (main_seconds > 0 || periods > 0 && period_seconds > 0)
                    && (periods == 0) == (period_seconds == 0)
            }
            ClockSettings::Fischer {
                main_seconds,
                increment_seconds,
            } => main_seconds > 0 && main_seconds <= 86_400 && increment_seconds <= 3_600,
        };
        if ok {
            Ok(self)
        } else {
            Err(SettingsError::Clock(
                "main time up to 24 h, up to 100 periods of up to 1 h, increment up to 1 h, \
                 and some time to play",
            ))
        }
    }
}

/// The creator's color choice.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum ColorChoice {
    /// Black.
    #[default]
    Black,
    /// White.
    White,
    /// Drawn at random.
    Random,
}

/// `POST /api/tables` body.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CreateTable {
    /// Go or TimeGo.
    #[serde(default)]
    pub variant: Variant,
    /// 9, 13 or 19.
    #[serde(default = "default_size")]
    pub size: u8,
    /// Territory (Japanese) or area (Chinese); TimeGo is always area.
    #[serde(default = "default_scoring")]
    pub scoring: Scoring,
    /// Komi; default 6.5 territory, 7.5 area.
    #[serde(default)]
    pub komi: Option<f64>,
    /// Ko rule; default simple for territory, superko for area.
    #[serde(default)]
    pub ko: Option<KoRule>,
    /// Each player's review timer.
    #[serde(default = "default_review_seconds")]
    pub review_seconds: u32,
    /// An optional game clock.
    #[serde(default)]
    pub clock: Option<ClockSettings>,
    /// The creator's color.
    #[serde(default)]
    pub color: ColorChoice,
    /// The creator's display name.
    #[serde(default)]
    pub name: Option<String>,
}

fn default_size() -> u8 {
    9
}
fn default_scoring() -> Scoring {
    Scoring::Territory
}
fn default_review_seconds() -> u32 {
    120
}

/// The settings a table keeps (stored as JSON with the table).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct TableSettings {
    /// Go or TimeGo.
    pub variant: Variant,
    /// Board size.
    pub size: u8,
    /// Scoring.
    pub scoring: Scoring,
    /// Komi.
    pub komi: Komi,
    /// Ko rule.
    pub ko: KoRule,
    /// Each player's review timer, seconds.
    pub review_seconds: u32,
    /// The game clock, if any.
    pub clock: Option<ClockSettings>,
}

impl TableSettings {
    /// The rules of the table's game.
    pub fn rules(&self) -> Rules {
        Rules {
            variant: self.variant,
            size: self.size,
            komi: self.komi,
            ko: self.ko,
            scoring: self.scoring,
            review: ReviewProtocol::Table,
        }
    }
}

impl CreateTable {
    /// Checks the request and fills in the defaults.
    pub fn settings(&self) -> Result<TableSettings, SettingsError> {
        if ![9, 13, 19].contains(&self.size) {
            return Err(SettingsError::Size);
        }
        let scoring = match self.variant {
            Variant::TimeGo => Scoring::Area,
            Variant::Go => self.scoring,
        };
        let komi = match self.komi {
            Some(k) => Komi::from_points(k).map_err(|_| SettingsError::Komi)?,
            None => Komi::from_points(match scoring {
                Scoring::Territory => 6.5,
                Scoring::Area => 7.5,
            })
            .expect("default komi is valid"),
        };
        let ko = self.ko.unwrap_or(match scoring {
            Scoring::Territory => KoRule::Simple,
            Scoring::Area => KoRule::PositionalSuperko,
        });
        if !(5..=3600).contains(&self.review_seconds) {
            return Err(SettingsError::ReviewTime);
        }
        let clock = self.clock.map(ClockSettings::check).transpose()?;
        Ok(TableSettings {
            variant: self.variant,
            size: self.size,
            scoring,
            komi,
            ko,
            review_seconds: self.review_seconds,
            clock,
        })
    }

    /// The creator's color, drawing it when the choice is random.
    pub fn creator_color(&self) -> Color {
        match self.color {
            ColorChoice::Black => Color::Black,
            ColorChoice::White => Color::White,
            ColorChoice::Random => {
                if rand::random::<bool>() {
                    Color::Black
                } else {
                    Color::White
                }
            }
        }
    }
}

/// A display name: trimmed, at most [`MAX_NAME_CHARS`] characters, no control characters;
/// empty becomes None. It is always shown as text, never as markup.
pub fn clean_name(name: Option<&str>) -> Result<Option<String>, SettingsError> {
    let Some(name) = name.map(str::trim).filter(|n| !n.is_empty()) else {
        return Ok(None);
    };
    if name.chars().count() > MAX_NAME_CHARS || name.chars().any(char::is_control) {
        return Err(SettingsError::Name);
    }
    Ok(Some(name.to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn request(json: &str) -> CreateTable {
        serde_json::from_str(json).unwrap()
    }

    #[test]
    fn japanese_defaults_are_simple_ko_and_six_and_a_half() {
        let s = request(r#"{"scoring":"territory"}"#).settings().unwrap();
        assert_eq!((s.ko, s.komi.points()), (KoRule::Simple, 6.5));
    }

    #[test]
    fn chinese_defaults_are_superko_and_seven_and_a_half() {
        let s = request(r#"{"scoring":"area","size":19}"#)
            .settings()
            .unwrap();
        assert_eq!((s.ko, s.komi.points()), (KoRule::PositionalSuperko, 7.5));
    }

    #[test]
    fn timego_is_always_area() {
        let s = request(r#"{"variant":"timego","scoring":"territory"}"#)
            .settings()
            .unwrap();
        assert_eq!(s.scoring, Scoring::Area);
    }

    #[test]
    fn odd_sizes_and_quarter_komi_are_refused() {
        assert_eq!(
            request(r#"{"size":10}"#).settings(),
            Err(SettingsError::Size)
        );
        assert_eq!(
            request(r#"{"komi":6.25}"#).settings(),
            Err(SettingsError::Komi)
        );
        assert_eq!(
            request(r#"{"review_seconds":4}"#).settings(),
            Err(SettingsError::ReviewTime)
        );
    }

    #[test]
    fn names_are_trimmed_and_bounded() {
        assert_eq!(clean_name(Some("  Ann ")), Ok(Some("Ann".into())));
        assert_eq!(clean_name(Some("   ")), Ok(None));
        assert_eq!(clean_name(Some(&"x".repeat(41))), Err(SettingsError::Name));
        assert_eq!(clean_name(Some("a\u{7}b")), Err(SettingsError::Name));
    }
}
