//! Why a TimeGo action was refused. Every refused action leaves the game unchanged.

use crate::color::Color;
use crate::point::Point;
use thiserror::Error;

/// Why a TimeGo action was refused, in words a player can read.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Error)]
pub enum TimeError {
    /// The game has ended.
    #[error("the game is over")]
    GameOver,
    /// The action was sent for the color that is not to move.
    #[error("it is not {0}'s turn")]
    NotYourTurn(Color),
    /// The point is not on this board (of this size).
    #[error("{0} is off the {1} × {1} board")]
    OffBoard(Point, u8),
    /// Place: a stone is already there.
    #[error("{0} is occupied")]
    Occupied(Point),
    /// Place: the stone's group would have no liberty after captures.
    #[error("{0} is suicide: the stone's group would have no liberties")]
    Suicide(Point),
    /// Place: the position after it already occurred earlier in the replay of the order.
    #[error("{0} would repeat an earlier position")]
    RepeatedPosition(Point),
    /// Place or time move: the resulting (placement order, lock boundary) was reached before.
    #[error("this would repeat an earlier placement order")]
    RepeatedOrder,
    /// Time: no stone at that point.
    #[error("there is no stone at {0}")]
    NoStone(Point),
    /// Time: the stone belongs to the other player.
    #[error("the stone at {0} is not yours")]
    NotYourStone(Point),
    /// Time: the stone's placement is before the lock boundary.
    #[error("that stone's placement is locked")]
    Locked(Point),
    /// Time: the target index is not earlier than the stone's own placement.
    #[error(
        "a stone can only travel to an earlier position in the order (it is at index {index})"
    )]
    NotEarlier {
        /// The stone's current index.
        index: usize,
        /// The requested target.
        to: usize,
    },
    /// Time: the target index is in the locked past.
    #[error("index {to} is in the locked past (the first unlocked index is {boundary})")]
    TargetLocked {
        /// The requested target.
        to: usize,
        /// The lock boundary.
        boundary: usize,
    },
    /// Time: the stone's point held a stone at the target index.
    #[error("it cannot arrive there: that point was occupied then")]
    ArrivalOccupied,
    /// Time: the stone would have had no liberty at the target index.
    #[error("it cannot arrive there: it would have no liberties then")]
    ArrivalSuicide,
    /// Time: the stone's arrival recreates an earlier position of the replay.
    #[error("its arrival would repeat an earlier position")]
    ArrivalRepeats,
    /// Lock: every placement is already locked.
    #[error("nothing new to lock")]
    NothingToLock,
    /// Score-review actions do not exist in TimeGo.
    #[error("TimeGo has no score review: dead stones are never removed, play them out")]
    NoReview,
}

impl TimeError {
    /// A short machine-readable reason (`occupied`, `suicide`, `superko`, `repeated_order`...).
    pub fn reason(&self) -> &'static str {
        match self {
            TimeError::GameOver => "game_over",
            TimeError::NotYourTurn(_) => "not_your_turn",
            TimeError::OffBoard(..) => "off_board",
            TimeError::Occupied(_) => "occupied",
            TimeError::Suicide(_) => "suicide",
            TimeError::RepeatedPosition(_) => "superko",
            TimeError::RepeatedOrder => "repeated_order",
            TimeError::NoStone(_) => "no_stone",
            TimeError::NotYourStone(_) => "not_your_stone",
            TimeError::Locked(_) => "locked",
            TimeError::NotEarlier { .. } => "not_earlier",
            TimeError::TargetLocked { .. } => "target_locked",
            TimeError::ArrivalOccupied => "arrival_occupied",
            TimeError::ArrivalSuicide => "arrival_suicide",
            TimeError::ArrivalRepeats => "arrival_repeats",
            TimeError::NothingToLock => "nothing_to_lock",
            TimeError::NoReview => "no_review",
        }
    }

    /// The message without the details (points, indices), for error types that hold a
    /// `&'static str`.
    pub fn static_message(&self) -> &'static str {
        match self {
            TimeError::GameOver => "the game is over",
            TimeError::NotYourTurn(_) => "it is not your turn",
            TimeError::OffBoard(..) => "that point is off the board",
            TimeError::Occupied(_) => "that point is occupied",
            TimeError::Suicide(_) => "suicide: the stone's group would have no liberties",
            TimeError::RepeatedPosition(_) => "that placement would repeat an earlier position",
            TimeError::RepeatedOrder => "this would repeat an earlier placement order",
            TimeError::NoStone(_) => "there is no stone there",
            TimeError::NotYourStone(_) => "that stone is not yours",
            TimeError::Locked(_) => "that stone's placement is locked",
            TimeError::NotEarlier { .. } => {
                "a stone can only travel to an earlier position in the order"
            }
            TimeError::TargetLocked { .. } => "that position is in the locked past",
            TimeError::ArrivalOccupied => "it cannot arrive there: that point was occupied then",
            TimeError::ArrivalSuicide => "it cannot arrive there: it would have no liberties then",
            TimeError::ArrivalRepeats => "its arrival would repeat an earlier position",
            TimeError::NothingToLock => "nothing new to lock",
            TimeError::NoReview => {
                "TimeGo has no score review: dead stones are never removed, play them out"
            }
        }
    }
}

impl From<TimeError> for crate::game::ActionError {
    /// Maps onto the shared action error used by records: placement errors keep their point,
    /// the TimeGo-specific ones are carried whole.
    fn from(e: TimeError) -> Self {
        use crate::game::{ActionError, PlayError};
        match e {
            TimeError::GameOver => ActionError::GameOver,
            TimeError::OffBoard(p, size) => ActionError::Play(PlayError::OffBoard(p, size)),
            TimeError::Occupied(p) => ActionError::Play(PlayError::Occupied(p)),
            TimeError::Suicide(p) => ActionError::Play(PlayError::Suicide(p)),
            TimeError::RepeatedPosition(p) => ActionError::Play(PlayError::Superko(p)),
            other => ActionError::TimeGo(other),
        }
    }
}
