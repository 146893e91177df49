//! The TimeGo actions the search considers, in a compact form, and how they map onto the rules
//! crate's actions.

use tengen_rules::{Action, Point, TimeError, TimeGame};

/// One action of the side to move (resignation is decided outside the search).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TimeMove {
    /// Place a stone here.
    Place(Point),
    /// Move the placement of the own stone at `stone` to index `to` of the order.
    Time {
        /// The stone that travels.
        stone: Point,
        /// The target index in the placement order.
        to: usize,
    },
    /// Lock every current placement.
    Lock,
    /// Pass.
    Pass,
    /// Resign.
    Resign,
}

impl TimeMove {
    /// The record action for `color` making this move.
    pub fn to_action(self, color: tengen_rules::Color) -> Action {
        match self {
            TimeMove::Place(p) => Action::Place(p),
            TimeMove::Time { stone, to } => Action::Time { stone, to },
            TimeMove::Lock => Action::Lock {},
            TimeMove::Pass => Action::Pass {},
            TimeMove::Resign => Action::Resign(color),
        }
    }

    /// Whether this is a time move.
    pub fn is_time(self) -> bool {
        matches!(self, TimeMove::Time { .. })
    }
}

/// An action in the search tree (4 bytes).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Act {
    /// The root (no action).
    Root,
    Place(Point),
    Time {
        stone: Point,
        to: u16,
    },
    Lock,
    Pass,
}

impl Act {
    /// Applies the action to `game` for its side to move.
    pub(crate) fn apply(self, game: &mut TimeGame) -> Result<(), TimeError> {
        match self {
            Act::Root => Ok(()),
            Act::Place(p) => game.place(p).map(|_| ()),
            Act::Time { stone, to } => game.time(stone, to as usize).map(|_| ()),
            Act::Lock => game.lock().map(|_| ()),
            Act::Pass => game.pass().map(|_| ()),
        }
    }

    /// The public form.
    pub(crate) fn to_move(self) -> TimeMove {
        match self {
            Act::Root | Act::Pass => TimeMove::Pass,
            Act::Place(p) => TimeMove::Place(p),
            Act::Time { stone, to } => TimeMove::Time {
                stone,
                to: to as usize,
            },
            Act::Lock => TimeMove::Lock,
        }
    }
}
