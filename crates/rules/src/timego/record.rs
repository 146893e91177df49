//! TimeGo game records: replaying the JSON record's actions into a [`TimeGame`].

use super::state::TimeGame;
use crate::record::{Record, ReplayError};
use crate::view::GameView;

/// Replays a TimeGo record to its current state. An illegal action is reported with its
/// index and the reason.
pub fn replay_record(record: &Record) -> Result<TimeGame, ReplayError> {
    let setup = &record.setup;
    if !setup.black.is_empty() || !setup.white.is_empty() || setup.to_move.is_some() {
        return Err(ReplayError::Malformed(
            "TimeGo games start from the empty board with Black to move: setup is not supported"
                .into(),
        ));
    }
    if record.result.is_some() {
        return Err(ReplayError::Malformed(
            "a TimeGo game ends by its own passes or a resignation: a recorded result is not supported"
                .into(),
        ));
    }
    let mut game = TimeGame::new(record.rules)?;
    for (index, action) in record.actions.iter().enumerate() {
        game.apply(action).map_err(|error| ReplayError::Illegal {
            index,
            error: error.into(),
        })?;
    }
    Ok(game)
}

/// Replays a TimeGo record and returns its view.
pub fn evaluate_record(record: &Record) -> Result<GameView, ReplayError> {
    replay_record(record).map(|game| game.view())
}
