//! The turn record: every action taken, with what each time move cancelled.

use super::placement::Placement;
use crate::color::Color;
use crate::point::Point;

/// A placement removed from the order by a time move because it became illegal in the replay.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Cancelled {
    /// Its index in the order before the time move.
    pub index: usize,
    /// Who had placed it.
    pub color: Color,
    /// Where.
    pub point: Point,
    /// Why it became illegal.
    pub reason: CancelReason,
}

/// Why a later placement became illegal during a replay.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum CancelReason {
    /// A stone was on its point when its turn in the replay came.
    Occupied,
    /// Its group would have had no liberty.
    Suicide,
    /// It would have recreated an earlier position of the replay.
    RepeatedPosition,
}

impl CancelReason {
    /// The reason in words.
    pub fn describe(self) -> &'static str {
        match self {
            CancelReason::Occupied => "its point was occupied",
            CancelReason::Suicide => "it would have had no liberties",
            CancelReason::RepeatedPosition => "it would have repeated an earlier position",
        }
    }
}

/// What one turn did.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "serde", serde(tag = "action", rename_all = "snake_case"))]
pub enum TurnKind {
    /// A stone was placed and appended to the order at `index`.
    Place {
        /// Where.
        point: Point,
        /// Its index in the order.
        index: usize,
    },
    /// The placement of the stone at `stone` moved from index `from` to index `to`.
    Time {
        /// The stone's point.
        stone: Point,
        /// Its index before the move.
        from: usize,
        /// Its index after the move.
        to: usize,
        /// Later placements removed from the order, in order.
        cancelled: Vec<Cancelled>,
    },
    /// Every placement up to `boundary` was locked.
    Lock {
        /// The new lock boundary.
        boundary: usize,
    },
    /// A pass.
    Pass,
    /// The player resigned.
    Resign,
    /// The player ran out of time on the game clock.
    Timeout,
}

impl TurnKind {
    /// Whether this turn ended the game without a move (resignation, time).
    pub fn is_ending(&self) -> bool {
        matches!(self, TurnKind::Resign | TurnKind::Timeout)
    }
}

/// One entry of the turn record.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Turn {
    /// Who acted.
    pub color: Color,
    /// What they did.
    #[cfg_attr(feature = "serde", serde(flatten))]
    pub kind: TurnKind,
}

impl Turn {
    /// The placements this turn cancelled (empty except for time moves).
    pub fn cancelled(&self) -> &[Cancelled] {
        match &self.kind {
            TurnKind::Time { cancelled, .. } => cancelled,
            _ => &[],
        }
    }
}

impl Cancelled {
    /// The placement that was cancelled.
    pub fn placement(&self) -> Placement {
        Placement::new(self.color, self.point)
    }
}
