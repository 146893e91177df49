//! TimeGo: a Go variant in which a move can change the past.
//!
//! The board is always the replay of the **placement order** from the empty board. On each
//! turn a player places a stone (appended to the order), moves the placement of one of their
//! living, unlocked stones to an earlier index (a **time move**: the order is replayed from
//! there and later placements that became illegal are cancelled), **locks** every current
//! placement, passes, or resigns. A placement in a replay must land on an empty point, leave
//! its group a liberty after captures, and not recreate any earlier position of that replay
//! (the empty board included); and no action but a pass may recreate an (order, lock boundary)
//! combination reached before. See `docs/TIMEGO.md` for the rules as implemented.
//!
//! - [`TimeGame`]: the state machine (`new`, `apply`, accessors, `view`).
//! - [`TimeGame::legal_targets`] / [`TimeGame::legal_time_moves`]: time moves with previews of
//!   the placements they would cancel, computed without replaying the order per candidate
//!   where that can be avoided.

mod actions;
mod errors;
mod independence;
mod placement;
#[cfg(feature = "serde")]
mod record;
mod replay;
mod state;
mod targets;
mod turn;
#[cfg(feature = "serde")]
mod view;

pub use actions::Applied;
pub use errors::TimeError;
pub use placement::Placement;
#[cfg(feature = "serde")]
pub use record::{evaluate_record, replay_record};
pub use state::TimeGame;
pub use targets::{BoardAfter, StoneTargets, TargetPreview, TimeEffect};
pub use turn::{CancelReason, Cancelled, Turn, TurnKind};
#[cfg(feature = "serde")]
pub use view::{OrderEntry, TimeGoView};
