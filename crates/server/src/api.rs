//! The stateless JSON API for local games (see docs/API.md): evaluate a record, apply one
//! action, SGF export/import, and the computer player's move and estimate.

use crate::body::{JsonBody, TextBody};
use crate::computer::{ownership_rows, LEVELS};
use crate::error::ApiError;
use crate::AppState;
use axum::extract::State;
use axum::http::header;
use axum::response::IntoResponse;
use axum::Json;
use serde::{Deserialize, Serialize};
use std::sync::Arc;
use tengen_rules::{Action, Game, GameView, Phase, Point, Record, Variant};

/// `POST /api/apply` body.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ApplyRequest {
    /// The record so far.
    pub record: Record,
    /// The action to append.
    pub action: Action,
}

/// A record with its view (`/api/apply`, `/api/sgf/import`).
#[derive(Debug, Serialize)]
pub struct RecordView {
    /// The record.
    pub record: Record,
    /// Its view.
    pub view: GameView,
}

/// `POST /api/genmove` body.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GenmoveRequest {
    /// The record so far; the computer plays the side to move.
    pub record: Record,
    /// Strength level 1..=10.
    pub level: u8,
}

/// `POST /api/genmove` answer.
#[derive(Debug, Serialize)]
pub struct GenmoveResponse {
    /// The computer's action.
    pub action: Action,
    /// The record with the action appended.
    pub record: Record,
    /// Its view.
    pub view: GameView,
}

/// `POST /api/estimate` answer.
#[derive(Debug, Serialize)]
pub struct EstimateResponse {
    /// Stones judged dead.
    pub dead: Vec<Point>,
    /// Per point, rows top first: +1 surely Black ..= -1 surely White.
    pub ownership: Vec<Vec<f32>>,
    /// Expected area score, Black minus White, komi included.
    pub score: f64,
}

/// Replays a standard Go record (TimeGo records are refused with a clear message).
fn replay_go(record: &Record) -> Result<Game, ApiError> {
    if record.rules.variant != Variant::Go {
        return Err(ApiError::Malformed(
            "this endpoint handles standard Go records only".into(),
        ));
    }
    Ok(record.replay_go()?)
}

/// The view of `game`, with the review suggestion filled in when the score is being reviewed.
async fn view_with_suggestion(state: &AppState, game: &Game) -> GameView {
    let mut view = game.view();
    if let Some(review) = view.review.as_mut() {
        match state.computer.suggested_dead(game).await {
            Ok(dead) => review.suggested_dead = dead,
            Err(e) => tracing::warn!(error = %e, "no dead-stone suggestion"),
        }
    }
    view
}

/// The view of any record.
async fn view_of(state: &AppState, record: &Record) -> Result<GameView, ApiError> {
    match record.rules.variant {
        Variant::Go => Ok(view_with_suggestion(state, &record.replay_go()?).await),
        _ => Ok(record.evaluate()?),
    }
}

/// `POST /api/evaluate`: a record → its view.
pub async fn evaluate(
    State(state): State<Arc<AppState>>,
    JsonBody(record): JsonBody<Record>,
) -> Result<Json<GameView>, ApiError> {
    Ok(Json(view_of(&state, &record).await?))
}

/// `POST /api/apply`: `{record, action}` → `{record, view}`; an illegal action is a 422 with
/// the index the action would have had.
pub async fn apply(
    State(state): State<Arc<AppState>>,
    JsonBody(ApplyRequest { mut record, action }): JsonBody<ApplyRequest>,
) -> Result<Json<RecordView>, ApiError> {
    if record.rules.variant != Variant::Go {
        record.apply(action)?;
        let view = record.evaluate()?;
        return Ok(Json(RecordView { record, view }));
    }
    let mut game = record.replay_go()?;
    let index = record.actions.len();
    game.apply(&action).map_err(|error| ApiError::Illegal {
        message: format!("action {index} is illegal: {error}"),
        index: Some(index),
    })?;
    record.actions.push(action);
    let view = view_with_suggestion(&state, &game).await;
    Ok(Json(RecordView { record, view }))
}

/// `POST /api/sgf/export`: a record → SGF text.
pub async fn sgf_export(JsonBody(record): JsonBody<Record>) -> Result<impl IntoResponse, ApiError> {
    let text = crate::sgf::export(&record)?;
    Ok((
        [
            (header::CONTENT_TYPE, "application/x-go-sgf; charset=utf-8"),
            (
                header::CONTENT_DISPOSITION,
                "attachment; filename=\"tengen.sgf\"",
            ),
        ],
        text,
    ))
}

/// `POST /api/sgf/import`: SGF text → `{record, view}`.
pub async fn sgf_import(
    State(state): State<Arc<AppState>>,
    TextBody(text): TextBody,
) -> Result<Json<RecordView>, ApiError> {
    let record = crate::sgf::import(&text)?;
    let view = view_of(&state, &record).await?;
    Ok(Json(RecordView { record, view }))
}

/// `POST /api/genmove`: the computer plays the side to move.
pub async fn genmove(
    State(state): State<Arc<AppState>>,
    JsonBody(GenmoveRequest { mut record, level }): JsonBody<GenmoveRequest>,
) -> Result<Json<GenmoveResponse>, ApiError> {
    if !LEVELS.contains(&level) {
        return Err(ApiError::Malformed(format!(
            "level {level} is out of range: choose {} to {}",
            LEVELS.start(),
            LEVELS.end()
        )));
    }
    let mut game = replay_go(&record)?;
    match game.phase() {
        Phase::Playing => {}
        Phase::ScoreReview => {
            return Err(ApiError::Illegal {
                message: "the computer moves only during play: the score is being reviewed".into(),
                index: None,
            })
        }
        Phase::Finished => {
            return Err(ApiError::Illegal {
                message: "the game is over".into(),
                index: None,
            })
        }
    }
    let action = state.computer.genmove(game.clone(), level).await?;
    game.apply(&action)
        .map_err(|e| ApiError::Internal(format!("the engine chose an illegal move: {e}")))?;
    record.actions.push(action.clone());
    let view = view_with_suggestion(&state, &game).await;
    Ok(Json(GenmoveResponse {
        action,
        record,
        view,
    }))
}

/// `POST /api/estimate`: a record → the engine's dead stones, ownership and expected score.
pub async fn estimate(
    State(state): State<Arc<AppState>>,
    JsonBody(record): JsonBody<Record>,
) -> Result<Json<EstimateResponse>, ApiError> {
    let game = replay_go(&record)?;
    let size = game.board().size();
    let estimate = state.computer.estimate(game).await?;
    Ok(Json(EstimateResponse {
        dead: estimate.dead.into_iter().collect(),
        ownership: ownership_rows(size, &estimate.ownership),
        score: estimate.score,
    }))
}
