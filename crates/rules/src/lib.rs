//! Tengen's rules: pure Go and TimeGo logic with no I/O.
//!
//! - [`Board`]: stones, chains, exact liberties, captures, Zobrist hashing.
//! - [`Rules`]: the settings as data (ko rule, scoring, komi, review protocol, variant).
//! - [`AnyGame`]: one game type over both variants (apply as a seat, view, phase).
//! - [`Game`]: the standard Go state machine (play → score review → finished).
//! - [`score`]: area and territory counting with dead stones and seki.
//! - [`TimeGame`]: TimeGo, the variant in which a move can change the past ([`timego`]).
//! - [`record`]: JSON game records and the game view; [`sgf`]: SGF FF\[4\].

pub mod action;
pub mod any_game;
pub mod board;
pub mod color;
pub mod game;
pub mod handicap;
mod nohash;
pub mod point;
pub mod review;
pub mod rules;
pub mod score;
pub mod timego;
mod zobrist;

pub use action::Action;
pub use any_game::AnyGame;
pub use board::{Board, Cell, PlaceError, Probe, SizeError};
pub use color::Color;
pub use game::{ActionError, Game, LastMove, Phase, PlayError};
pub use handicap::{fixed_handicap, HandicapError, HANDICAP_KOMI};
pub use nohash::{HashMap64, HashSet64};
pub use point::{Point, PointError, MAX_SIZE, MIN_SIZE};
pub use review::{Review, ReviewError, ReviewOutcome};
pub use rules::{KoRule, Komi, ReviewProtocol, Rules, Scoring, Variant};
pub use score::{GameResult, Score, SideScore};
pub use timego::{TargetPreview, TimeError, TimeGame};
#[cfg(feature = "serde")]
pub mod record;
#[cfg(feature = "serde")]
pub mod sgf;
#[cfg(feature = "serde")]
pub mod view;

#[cfg(feature = "serde")]
pub use record::{Record, ReplayError};
#[cfg(feature = "serde")]
pub use view::GameView;
