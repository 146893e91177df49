//! `POST /api/timego/targets`: the legal time-move targets of one stone of a TimeGo record,
//! each with a preview of the later placements it would cancel, so the board can show what a
//! time move does before the player commits to it.
//!
//! Bad input is a clear 4xx: a body that is not `{record, stone}` or a stone that is not a
//! point name is a 400; a record that is not TimeGo is a 400; an illegal record action, an
//! off-board point, no stone there, a stone of the player not to move, a locked stone or a
//! finished game is a 422 (the message says which).

use crate::http::body::JsonBody;
use crate::http::error::ApiError;
use crate::http::limits::{check_record, cost, rules_work, JsonAnswer, MAX_PREVIEW_CANCELS};
use crate::AppState;
use axum::extract::State;
use serde::{Deserialize, Serialize};
use std::sync::Arc;
use tengen_rules::timego::{replay_record, TargetPreview};
use tengen_rules::{Color, Point, Record, TimeError, TimeGame, Variant};

/// `POST /api/timego/targets` body.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TargetsRequest {
    /// A TimeGo record.
    pub record: Record,
    /// The stone to move, as a point name (`D4`).
    pub stone: String,
}

/// `POST /api/timego/targets` answer.
#[derive(Debug, Serialize)]
pub struct TargetsResponse {
    /// The stone's point.
    pub stone: Point,
    /// Its color (the side to move).
    pub color: Color,
    /// The index of its placement in the order.
    pub index: usize,
    /// The lock boundary: the first index a stone may travel to.
    pub boundary: usize,
    /// Every legal target, by increasing index, with the placements each would cancel.
    pub targets: Vec<TargetPreview>,
    /// Why there is no target, when `targets` is empty.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
}

fn illegal(error: TimeError) -> ApiError {
    ApiError::Illegal {
        message: error.to_string(),
        index: None,
    }
}

/// Checks that the stone may travel at all and returns its placement index.
fn movable_index(game: &TimeGame, stone: Point) -> Result<usize, ApiError> {
    if game.result().is_some() {
        return Err(illegal(TimeError::GameOver));
    }
    if !game.board().contains(stone) {
        return Err(illegal(TimeError::OffBoard(stone, game.board().size())));
    }
    match game.board().get(stone) {
        None => return Err(illegal(TimeError::NoStone(stone))),
        Some(color) if color != game.to_move() => {
            return Err(illegal(TimeError::NotYourStone(stone)))
        }
        Some(_) => {}
    }
    let index = game
        .placement_of(stone)
        .ok_or_else(|| ApiError::Internal(format!("no placement for the stone at {stone}")))?;
    if index < game.boundary() {
        return Err(illegal(TimeError::Locked(stone)));
    }
    Ok(index)
}

/// Why a movable stone has no target, in words.
fn no_target_note(index: usize, boundary: usize) -> String {
    if index == boundary {
        format!(
            "its placement is the first unlocked one (index {index}): there is no earlier unlocked position"
        )
    } else {
        "every earlier unlocked position is illegal for it now".to_string()
    }
}

/// The legal targets of the stone, with previews.
pub fn targets(record: &Record, stone: &str) -> Result<TargetsResponse, ApiError> {
    if record.rules.variant != Variant::TimeGo {
        return Err(ApiError::Malformed(
            "this endpoint handles TimeGo records only (rules.variant \"timego\")".into(),
        ));
    }
    let point = Point::parse_gtp(stone).map_err(|e| ApiError::Malformed(format!("stone: {e}")))?;
    let game = replay_record(record)?;
    let index = movable_index(&game, point)?;
    let boundary = game.boundary();
    let targets = game.legal_targets(point);
    let cancels: usize = targets.iter().map(|t| t.cancels.len()).sum();
    if cancels > MAX_PREVIEW_CANCELS {
        return Err(ApiError::OverLimit(format!(
            "the previews of {point} would list {cancels} cancelled placements, more than \
             {MAX_PREVIEW_CANCELS}"
        )));
    }
    let note = targets.is_empty().then(|| no_target_note(index, boundary));
    Ok(TargetsResponse {
        stone: point,
        color: game.to_move(),
        index,
        boundary,
        targets,
        note,
    })
}

/// `POST /api/timego/targets`: `{record, stone}` → the stone's legal targets with previews
/// (long records on the bounded pool; the answer bounded by [`MAX_PREVIEW_CANCELS`]).
pub async fn targets_handler(
    State(state): State<Arc<AppState>>,
    JsonBody(TargetsRequest { record, stone }): JsonBody<TargetsRequest>,
) -> Result<JsonAnswer, ApiError> {
    check_record(&record)?;
    // The previews cost about one more replay: twice the record's cost.
    let work_cost = cost(&record) * 2;
    rules_work(&state.rules_work, work_cost, move || {
        JsonAnswer::new(&targets(&record, &stone)?)
    })
    .await
}
