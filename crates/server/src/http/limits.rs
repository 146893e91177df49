//! What one request may cost (docs/API.md, "Limits"): records have a bounded length, rules work
//! on a long record runs on the bounded [`WorkPool`](crate::work::WorkPool) (a full pool is a
//! 503), and every JSON answer has a size bound (413 beyond it).

use crate::http::error::ApiError;
use crate::work::{WorkError, WorkPool};
use axum::http::header;
use axum::response::{IntoResponse, Response};
use serde::Serialize;
use tengen_rules::{Record, Variant};

/// The most actions a standard Go record may have (a long 19 × 19 game has about 400).
pub const MAX_GO_ACTIONS: usize = 2000;
/// The most actions a TimeGo record may have (its replays cost more per action).
pub const MAX_TIMEGO_ACTIONS: usize = 1000;
/// The most cancelled placements the previews of one `/api/timego/targets` answer may list.
pub const MAX_PREVIEW_CANCELS: usize = 20_000;
/// The largest JSON answer (the limits above keep real answers far below it).
pub const ANSWER_LIMIT: usize = 2 << 20;
/// Work on records of at most this cost (about a millisecond) runs inline; longer records go
/// to the pool. Cost: one unit per Go action, eight per TimeGo action.
pub const INLINE_COST: usize = 400;

/// Refuses a record over the length limits, in words.
pub fn check_record(record: &Record) -> Result<(), ApiError> {
    check_length(record, 0)
}

/// Refuses a record that has no room for one more action.
pub fn check_room(record: &Record) -> Result<(), ApiError> {
    check_length(record, 1)
}

fn check_length(record: &Record, more: usize) -> Result<(), ApiError> {
    let (limit, variant) = match record.rules.variant {
        Variant::Go => (MAX_GO_ACTIONS, "Go"),
        Variant::TimeGo => (MAX_TIMEGO_ACTIONS, "TimeGo"),
    };
    if record.actions.len() + more > limit {
        return Err(ApiError::OverLimit(format!(
            "the record has {} actions: a {variant} record may have at most {limit}",
            record.actions.len()
        )));
    }
    Ok(())
}

/// The estimated cost of replaying `record` (see [`INLINE_COST`]).
pub fn cost(record: &Record) -> usize {
    match record.rules.variant {
        Variant::Go => record.actions.len(),
        Variant::TimeGo => record.actions.len() * 8,
    }
}

/// Runs rules work on a record: inline when it is cheap, else on the bounded pool.
pub async fn rules_work<T, F>(pool: &WorkPool, cost: usize, work: F) -> Result<T, ApiError>
where
    T: Send + 'static,
    F: FnOnce() -> Result<T, ApiError> + Send + 'static,
{
    if cost <= INLINE_COST {
        return work();
    }
    match pool.run(work).await {
        Ok(result) => result,
        Err(WorkError::Full) => Err(ApiError::Overloaded(
            "the server is busy with other long games: try again in a moment".into(),
        )),
        Err(WorkError::Failed(e)) => Err(ApiError::Internal(e)),
    }
}

/// A JSON answer already serialised and checked against [`ANSWER_LIMIT`].
#[derive(Debug)]
pub struct JsonAnswer(Vec<u8>);

impl JsonAnswer {
    /// Serialises `value`; 413 when the answer would be larger than the limit.
    pub fn new<T: Serialize>(value: &T) -> Result<JsonAnswer, ApiError> {
        let bytes = serde_json::to_vec(value)
            .map_err(|e| ApiError::Internal(format!("cannot serialise the answer: {e}")))?;
        if bytes.len() > ANSWER_LIMIT {
            return Err(ApiError::OverLimit(format!(
                "the answer would be {} bytes, more than the limit of {ANSWER_LIMIT}",
                bytes.len()
            )));
        }
        Ok(JsonAnswer(bytes))
    }
}

impl IntoResponse for JsonAnswer {
    fn into_response(self) -> Response {
        ([(header::CONTENT_TYPE, "application/json")], self.0).into_response()
    }
}
