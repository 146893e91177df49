//! The numbered events of a table: what is stored (in order, once) and what every client
//! receives. A table is the replay of its events.

use serde::{Deserialize, Serialize};
use tengen_rules::{Action, Color};

/// Why the server itself took an action.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Cause {
    /// The reviewer's review timer ran out: their current marks were submitted.
    ReviewTimeout,
    /// A game clock ran out.
    Clock,
    /// The suggested dead stones, as the reviewer's starting marks.
    Suggestion,
}

/// What happened.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum EventKind {
    /// A player took a seat.
    Seated {
        /// The seat.
        seat: Color,
        /// The display name, if given.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        name: Option<String>,
    },
    /// A game action by a seat, or by the server (`seat` null).
    Action {
        /// Who acted; None: the server (timers, the suggestion).
        seat: Option<Color>,
        /// The action.
        action: Action,
        /// Why the server acted.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        cause: Option<Cause>,
    },
    /// A player asks to take back their last move.
    UndoRequested {
        /// The asking seat.
        seat: Color,
    },
    /// The opponent answered an undo request.
    UndoAnswered {
        /// The answering seat.
        seat: Color,
        /// Accepted: the last move is taken back.
        accept: bool,
    },
}

/// One event of a table.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Event {
    /// Its number, from 1.
    pub seq: u64,
    /// When it was accepted (unix ms).
    pub at: i64,
    /// What happened.
    #[serde(flatten)]
    pub kind: EventKind,
}

/// Now, in unix milliseconds.
pub fn now_ms() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_millis() as i64)
        .unwrap_or(0)
}
