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
use tengen_rules::timego::{replay_record, StoneTargets, TargetPreview};
use tengen_rules::{Color, Point, Record, Variant};

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

/// The legal targets of the stone, with previews.
pub fn targets(record: &Record, stone: &str) -> Result<TargetsResponse, ApiError> {
    if record.rules.variant != Variant::TimeGo {
        return Err(ApiError::Malformed(
            "this endpoint handles TimeGo records only (rules.variant \"timego\")".into(),
        ));
    }
    let point = Point::parse_gtp(stone).map_err(|e| ApiError::Malformed(format!("stone: {e}")))?;
    let game = replay_record(record)?;
    // The rules decide whether the stone may travel, where, and why it has nowhere to go.
    let found = game.stone_targets(point).map_err(|e| ApiError::Illegal {
        message: e.to_string(),
        index: None,
    })?;
    let boundary = game.boundary();
    let note = found.why_none(boundary);
    let StoneTargets { index, targets, .. } = found;
    let cancels: usize = targets.iter().map(|t| t.cancels.len()).sum();
    if cancels > MAX_PREVIEW_CANCELS {
        return Err(ApiError::OverLimit(format!(
            "the previews of {point} would list {cancels} cancelled placements, more than \
             {MAX_PREVIEW_CANCELS}"
        )));
    }
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
