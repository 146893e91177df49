//! TimeGo: a Go variant in which a move can change the past (placeholder until the TimeGo
//! engine lands).

use crate::record::{Record, ReplayError};
use crate::view::GameView;

/// Replays a TimeGo record and returns its view.
pub fn evaluate_record(_record: &Record) -> Result<GameView, ReplayError> {
    Err(ReplayError::Malformed(
        "TimeGo records are not supported yet".into(),
    ))
}
