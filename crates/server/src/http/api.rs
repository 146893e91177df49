//! The stateless JSON API for local games (see docs/API.md): evaluate a record, apply one
//! action, SGF export/import, and the computer player's move and estimate.

pub mod genmove_stream;

use crate::computer::{ownership_rows, LEVELS};
use crate::http::body::{BytesBody, JsonBody};
use crate::http::error::ApiError;
use crate::http::limits::{check_record, check_room, cost, rules_work, JsonAnswer};
use crate::AppState;
use axum::extract::State;
use axum::http::{header, HeaderMap};
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde::{Deserialize, Serialize};
use std::sync::Arc;
use tengen_rules::{Action, AnyGame, Game, GameView, Phase, Point, Record, Variant};

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

/// Replays a standard Go record (TimeGo records are refused with a clear message), on the
/// bounded pool when it is long.
async fn replay_go(state: &AppState, record: &Record) -> Result<Game, ApiError> {
    if record.rules.variant != Variant::Go {
        return Err(ApiError::Malformed(
            "this endpoint handles standard Go records only".into(),
        ));
    }
    check_record(record)?;
    let owned = record.clone();
    rules_work(&state.rules_work, cost(record), move || {
        Ok(owned.replay_go()?)
    })
    .await
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

/// The view of any record (long records are replayed on the bounded pool).
async fn view_of(state: &AppState, record: &Record) -> Result<GameView, ApiError> {
    check_record(record)?;
    match record.rules.variant {
        Variant::Go => Ok(view_with_suggestion(state, &replay_go(state, record).await?).await),
        _ => {
            let owned = record.clone();
            rules_work(&state.rules_work, cost(record), move || {
                Ok(owned.evaluate()?)
            })
            .await
        }
    }
}

/// `POST /api/evaluate`: a record → its view.
pub async fn evaluate(
    State(state): State<Arc<AppState>>,
    JsonBody(record): JsonBody<Record>,
) -> Result<JsonAnswer, ApiError> {
    JsonAnswer::new(&view_of(&state, &record).await?)
}

/// `POST /api/apply`: `{record, action}` → `{record, view}`; an illegal action is a 422 with
/// the index the action would have had.
pub async fn apply(
    State(state): State<Arc<AppState>>,
    JsonBody(ApplyRequest { mut record, action }): JsonBody<ApplyRequest>,
) -> Result<JsonAnswer, ApiError> {
    check_room(&record)?;
    if record.rules.variant != Variant::Go {
        let work_cost = cost(&record);
        return rules_work(&state.rules_work, work_cost, move || {
            let view = record.apply(action)?;
            JsonAnswer::new(&RecordView { record, view })
        })
        .await;
    }
    let mut game = replay_go(&state, &record).await?;
    let index = record.actions.len();
    game.apply(&action).map_err(|error| ApiError::Illegal {
        message: format!("action {index} is illegal: {error}"),
        index: Some(index),
    })?;
    record.actions.push(action);
    let view = view_with_suggestion(&state, &game).await;
    JsonAnswer::new(&RecordView { record, view })
}

/// `POST /api/sgf/export`: a record → SGF text.
pub async fn sgf_export(
    State(state): State<Arc<AppState>>,
    JsonBody(record): JsonBody<Record>,
) -> Result<impl IntoResponse, ApiError> {
    check_record(&record)?;
    let work_cost = cost(&record);
    let text = rules_work(&state.rules_work, work_cost, move || {
        crate::http::sgf::export(&record)
    })
    .await?;
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

/// `POST /api/sgf/import`: an SGF file (any character set its `CA` names) → `{record, view}`.
pub async fn sgf_import(
    State(state): State<Arc<AppState>>,
    BytesBody(bytes): BytesBody,
) -> Result<JsonAnswer, ApiError> {
    // Reading replays every move: a long file is read on the pool (one unit per 16 bytes).
    let record = rules_work(&state.rules_work, bytes.len() / 16, move || {
        crate::http::sgf::import(&bytes)
    })
    .await?;
    let view = view_of(&state, &record).await?;
    JsonAnswer::new(&RecordView { record, view })
}

/// `POST /api/genmove`: the computer plays the side to move. With `Accept: application/x-ndjson`
/// the answer streams the search's progress first (see [`genmove_stream`]).
pub async fn genmove(
    State(state): State<Arc<AppState>>,
    headers: HeaderMap,
    JsonBody(GenmoveRequest { record, level }): JsonBody<GenmoveRequest>,
) -> Result<Response, ApiError> {
    let game = genmove_game(&state, &record, level).await?;
    if genmove_stream::wanted(&headers) {
        // A full queue is still a plain 503: the stream starts only with a place in the pool.
        let ticket = state.computer.reserve()?;
        return Ok(genmove_stream::respond(state, ticket, record, game, level));
    }
    let thought = state.computer.genmove(&record, game.clone(), level).await?;
    let answer = genmove_answer(&state, record, game, thought.action).await?;
    Ok(JsonAnswer::new(&answer)?.into_response())
}

/// Checks a genmove request (level in range, a Go or TimeGo record in play) and replays it.
async fn genmove_game(state: &AppState, record: &Record, level: u8) -> Result<AnyGame, ApiError> {
    if !LEVELS.contains(&level) {
        return Err(ApiError::Malformed(format!(
            "level {level} is out of range: choose {} to {}",
            LEVELS.start(),
            LEVELS.end()
        )));
    }
    let game = match record.rules.variant {
        Variant::Go => AnyGame::Go(replay_go(state, record).await?),
        Variant::TimeGo => {
            check_record(record)?;
            let owned = record.clone();
            rules_work(&state.rules_work, cost(record), move || Ok(owned.replay()?)).await?
        }
    };
    match game.phase() {
        Phase::Playing => Ok(game),
        Phase::ScoreReview => Err(ApiError::Illegal {
            message: "the computer moves only during play: the score is being reviewed".into(),
            index: None,
        }),
        Phase::Finished => Err(ApiError::Illegal {
            message: "the game is over".into(),
            index: None,
        }),
    }
}

/// The genmove answer once the computer chose `action` in `game` (the replay of `record`).
async fn genmove_answer(
    state: &AppState,
    mut record: Record,
    mut game: AnyGame,
    action: Action,
) -> Result<GenmoveResponse, ApiError> {
    game.apply(&action)
        .map_err(|e| ApiError::Internal(format!("the engine chose an illegal move: {e}")))?;
    record.actions.push(action.clone());
    let view = match &game {
        AnyGame::Go(game) => view_with_suggestion(state, game).await,
        AnyGame::TimeGo(game) => game.view(),
    };
    Ok(GenmoveResponse {
        action,
        record,
        view,
    })
}

/// `POST /api/estimate`: a record → the engine's dead stones, ownership and expected score.
pub async fn estimate(
    State(state): State<Arc<AppState>>,
    JsonBody(record): JsonBody<Record>,
) -> Result<Json<EstimateResponse>, ApiError> {
    let game = replay_go(&state, &record).await?;
    let size = game.board().size();
    let estimate = state.computer.estimate(game).await?;
    Ok(Json(EstimateResponse {
        dead: estimate.dead.into_iter().collect(),
        ownership: ownership_rows(size, &estimate.ownership),
        score: estimate.score,
    }))
}
