//! The game view: the JSON snapshot that `tengen replay` prints and the server sends.

use crate::color::Color;
use crate::game::{Game, Phase};
use crate::point::Point;
use crate::rules::{ReviewProtocol, Rules, Variant};
use crate::score::{GameResult, Score};
use serde::Serialize;
use std::collections::BTreeMap;

/// Captures per color.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct PerColor<T> {
    /// Black's value.
    pub black: T,
    /// White's value.
    pub white: T,
}

impl<T: Copy> PerColor<T> {
    /// From an array indexed by [`Color::index`].
    pub fn from_array(a: [T; 2]) -> PerColor<T> {
        PerColor {
            black: a[0],
            white: a[1],
        }
    }
}

/// The last move as the client shows it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct LastMoveView {
    /// Who moved.
    pub color: Color,
    /// Where, if a placement.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub point: Option<Point>,
    /// True for a pass.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub pass: bool,
}

/// Score review as the client shows it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ReviewView {
    /// Which protocol.
    pub protocol: ReviewProtocol,
    /// Stones marked dead now.
    pub dead: Vec<Point>,
    /// The estimator's suggestion (filled by the server; empty when none).
    pub suggested_dead: Vec<Point>,
    /// Shared: which colors have confirmed.
    pub confirmed: PerColor<bool>,
    /// Shared: the color whose confirmation is next.
    pub next_confirm: Color,
    /// Table: whose proposal is awaited.
    pub reviewer: Color,
    /// Table: the proposals so far.
    pub proposals: PerColor<Option<Vec<Point>>>,
    /// Who moves first if play resumes.
    pub resume_color: Color,
}

/// A snapshot of a game for clients.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct GameView {
    /// Go or TimeGo.
    pub variant: Variant,
    /// The rule settings.
    pub rules: Rules,
    /// Board side.
    pub size: u8,
    /// Rows, top first: `X` black, `O` white, `.` empty.
    pub board: Vec<String>,
    /// The color to play.
    pub to_move: Color,
    /// playing / review / finished.
    pub phase: Phase,
    /// Moves of play so far.
    pub move_number: u32,
    /// Stones captured by each color during play.
    pub captures: PerColor<u32>,
    /// The last move, if any.
    pub last_move: Option<LastMoveView>,
    /// The point the side to move may not retake because of ko.
    pub ko_point: Option<Point>,
    /// Passes in a row.
    pub consecutive_passes: u32,
    /// Empty points the side to move may not play, with the reason.
    pub illegal: BTreeMap<Point, &'static str>,
    /// The review in progress.
    pub review: Option<ReviewView>,
    /// The provisional (review) or final count.
    pub score: Option<Score>,
    /// The result once finished.
    pub result: Option<GameResult>,
    /// TimeGo state (placement order, lock boundary, turns), for TimeGo games.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub timego: Option<crate::timego::TimeGoView>,
}

impl Game {
    /// The view of this game.
    pub fn view(&self) -> GameView {
        let review = self.review().map(|r| ReviewView {
            protocol: r.protocol(),
            dead: r.dead().iter().copied().collect(),
            suggested_dead: Vec::new(),
            confirmed: PerColor::from_array(r.confirmed()),
            next_confirm: r.next_confirm(),
            reviewer: r.reviewer(),
            proposals: PerColor {
                black: r.proposals()[0]
                    .as_ref()
                    .map(|s| s.iter().copied().collect()),
                white: r.proposals()[1]
                    .as_ref()
                    .map(|s| s.iter().copied().collect()),
            },
            resume_color: r.resume_color(),
        });
        let phase = self.phase();
        GameView {
            variant: Variant::Go,
            rules: *self.rules(),
            size: self.board().size(),
            board: self.board().rows(),
            to_move: self.to_move(),
            phase,
            move_number: self.move_number(),
            captures: PerColor::from_array(self.captures()),
            last_move: self.last_move().map(|m| LastMoveView {
                color: m.color,
                point: m.point,
                pass: m.point.is_none(),
            }),
            ko_point: if phase == Phase::Playing {
                self.ko_point()
            } else {
                None
            },
            consecutive_passes: self.consecutive_passes(),
            illegal: self
                .illegal_points()
                .into_iter()
                .map(|(p, e)| (p, e.reason()))
                .collect(),
            review,
            score: self.current_score(),
            result: self.result(),
            timego: None,
        }
    }
}
