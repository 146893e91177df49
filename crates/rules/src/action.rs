//! The actions a record is made of: standard Go play, score review, and TimeGo.

use crate::color::Color;
use crate::point::Point;

/// One action of a game record. The color of a play is implied by the turn.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(
    feature = "serde",
    serde(rename_all = "snake_case", deny_unknown_fields)
)]
pub enum Action {
    /// Place a stone of the side to move.
    Place(Point),
    /// Pass.
    Pass {},
    /// That color resigns.
    Resign(Color),
    /// That color ran out of time on the game clock (added by a server's clock, never by a
    /// player); the other color wins.
    Timeout(Color),
    /// Score review: mark or unmark the chain at this point as dead.
    ToggleDead(Point),
    /// Score review: replace all dead marks (applies the suggestion).
    SetDead(Vec<Point>),
    /// Shared review: this color confirms the score.
    Confirm(Color),
    /// Shared review: clear the marks and resume play.
    Resume {},
    /// Table review: the reviewer submits a proposal (`dead` omitted: the current marks).
    Propose {
        /// The reviewing color.
        color: Color,
        /// The proposed dead stones.
        #[cfg_attr(feature = "serde", serde(default))]
        dead: Option<Vec<Point>>,
    },
    /// TimeGo: move the placement of your stone at `stone` to index `to` of the order.
    Time {
        /// A stone of the side to move.
        stone: Point,
        /// The 0-based target index in the placement order.
        to: usize,
    },
    /// TimeGo: lock every current placement.
    Lock {},
}

impl Action {
    /// A placement at `p`.
    pub fn place(p: Point) -> Action {
        Action::Place(p)
    }

    /// A pass.
    pub fn pass() -> Action {
        Action::Pass {}
    }

    /// Whether this action is a move of play (not resignation or review).
    pub fn is_play(&self) -> bool {
        matches!(
            self,
            Action::Place(_) | Action::Pass {} | Action::Time { .. } | Action::Lock {}
        )
    }
}
