//! `POST /api/chain`: the chain of stones at a point of a record's position and its
//! liberties, as the rules crate's board has them, so the client never works out chains or
//! liberties itself (Learn TimeGo's dots and goal checks use it).
//!
//! Bad input is a clear 4xx: a body that is not `{record, point}` or a point that is not a
//! point name is a 400; an illegal record action or an off-board point is a 422.

use crate::http::body::JsonBody;
use crate::http::error::ApiError;
use crate::http::limits::{check_record, cost, rules_work, JsonAnswer};
use crate::AppState;
use axum::extract::State;
use serde::{Deserialize, Serialize};
use std::sync::Arc;
use tengen_rules::{Color, Point, Record};

/// `POST /api/chain` body.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ChainRequest {
    /// A Go or TimeGo record.
    pub record: Record,
    /// The point, as a point name (`D4`).
    pub point: String,
}

/// `POST /api/chain` answer.
#[derive(Debug, Serialize, PartialEq, Eq)]
pub struct ChainResponse {
    /// The point asked about.
    pub point: Point,
    /// The color of the stone there (null: the point is empty).
    pub color: Option<Color>,
    /// The stones of its chain (empty when the point is empty).
    pub stones: Vec<Point>,
    /// The chain's liberties: the empty points next to it.
    pub liberties: Vec<Point>,
}

/// The chain at `point` in the position of `record`.
pub fn chain(record: &Record, point: &str) -> Result<ChainResponse, ApiError> {
    let point = Point::parse_gtp(point).map_err(|e| ApiError::Malformed(format!("point: {e}")))?;
    let game = record.replay()?;
    let board = game.board();
    if !board.contains(point) {
        return Err(ApiError::Illegal {
            message: format!("{point} is off this {0}x{0} board", board.size()),
            index: None,
        });
    }
    let mut stones = board.chain(point);
    stones.sort();
    let mut liberties = board.liberty_points(point);
    liberties.sort();
    Ok(ChainResponse {
        point,
        color: board.get(point),
        stones,
        liberties,
    })
}

/// `POST /api/chain`: `{record, point}` → the chain there and its liberties.
pub async fn chain_handler(
    State(state): State<Arc<AppState>>,
    JsonBody(ChainRequest { record, point }): JsonBody<ChainRequest>,
) -> Result<JsonAnswer, ApiError> {
    check_record(&record)?;
    let work_cost = cost(&record);
    rules_work(&state.rules_work, work_cost, move || {
        JsonAnswer::new(&chain(&record, &point)?)
    })
    .await
}
