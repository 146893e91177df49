//! The streamed form of `POST /api/genmove` (`Accept: application/x-ndjson`): one JSON object
//! per line, zero or more `{"progress": {"playouts", "budget", "fraction"}}` while the computer
//! thinks, then one final line holding the plain answer or an `{"error", "index"}` object.
//!
//! The search runs in its own task; when the client goes away (the body is dropped), the task
//! stops and the search is cancelled.

use super::{genmove_answer, GenmoveResponse};
use crate::computer::Ticket;
use crate::http::error::ApiError;
use crate::AppState;
use axum::body::{Body, Bytes};
use axum::http::{header, HeaderMap, HeaderValue};
use axum::response::{IntoResponse, Response};
use futures_core::Stream;
use serde::Serialize;
use std::convert::Infallible;
use std::pin::Pin;
use std::sync::Arc;
use std::task::{Context, Poll};
use tengen_engine::{Progress, ProgressFn};
use tengen_rules::{AnyGame, Record};
use tokio::sync::mpsc;

/// The media type of the streamed answer.
pub const NDJSON: &str = "application/x-ndjson";

/// Progress lines waiting to be sent; more are dropped (the next report supersedes them).
const QUEUED_LINES: usize = 16;

/// Whether the request asks for the streamed answer (its `Accept` names [`NDJSON`]).
pub fn wanted(headers: &HeaderMap) -> bool {
    headers
        .get_all(header::ACCEPT)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .any(|v| v.to_ascii_lowercase().contains(NDJSON))
}

/// A progress line's body.
#[derive(Debug, Serialize)]
pub struct ProgressReport {
    /// Playouts done so far.
    pub playouts: u32,
    /// The level's playout budget.
    pub budget: u32,
    /// `playouts / budget`, 0..=1 (the search may stop early when the choice is clear).
    pub fraction: f64,
}

impl From<Progress> for ProgressReport {
    fn from(p: Progress) -> ProgressReport {
        let fraction = if p.budget == 0 {
            0.0
        } else {
            (f64::from(p.playouts) / f64::from(p.budget)).clamp(0.0, 1.0)
        };
        ProgressReport {
            playouts: p.playouts,
            budget: p.budget,
            fraction: (fraction * 1000.0).round() / 1000.0,
        }
    }
}

#[derive(Serialize)]
struct ProgressLine {
    progress: ProgressReport,
}

#[derive(Serialize)]
struct ErrorLine {
    error: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    index: Option<usize>,
}

/// `value` as one line of JSON.
fn line<T: Serialize>(value: &T) -> Bytes {
    let mut bytes = serde_json::to_vec(value).unwrap_or_else(|e| {
        format!(r#"{{"error":"internal error: cannot write the answer: {e}"}}"#).into_bytes()
    });
    bytes.push(b'\n');
    Bytes::from(bytes)
}

/// The final line for an outcome.
fn final_line(outcome: Result<GenmoveResponse, ApiError>) -> Bytes {
    match outcome {
        Ok(answer) => line(&answer),
        Err(e) => {
            if e.status().is_server_error() {
                tracing::warn!(error = %e, "streamed genmove failed");
            }
            line(&ErrorLine {
                error: e.to_string(),
                index: e.index(),
            })
        }
    }
}

/// Starts the search and answers at once with the stream of its lines.
pub fn respond(
    state: Arc<AppState>,
    ticket: Ticket,
    record: Record,
    game: AnyGame,
    level: u8,
) -> Response {
    let (tx, rx) = mpsc::channel::<Bytes>(QUEUED_LINES);
    let progress_tx = tx.clone();
    let report: Arc<ProgressFn> = Arc::new(move |p: Progress| {
        // Called from a search thread: never block it.
        let _ = progress_tx.try_send(line(&ProgressLine { progress: p.into() }));
    });
    tokio::spawn(async move {
        let work = async move {
            let thought = ticket
                .genmove(&record, game.clone(), level, Some(report))
                .await?;
            genmove_answer(&state, record, game, thought.action).await
        };
        let outcome = tokio::select! {
            outcome = work => outcome,
            // The client went away: dropping `work` cancels the search.
            () = tx.closed() => return,
        };
        let _ = tx.send(final_line(outcome)).await;
    });
    (
        [
            (header::CONTENT_TYPE, HeaderValue::from_static(NDJSON)),
            (header::CACHE_CONTROL, HeaderValue::from_static("no-store")),
            (
                header::HeaderName::from_static("x-accel-buffering"),
                HeaderValue::from_static("no"),
            ),
        ],
        Body::from_stream(Lines(rx)),
    )
        .into_response()
}

/// The lines as a body stream; it ends when the search task has sent its final line.
struct Lines(mpsc::Receiver<Bytes>);

impl Stream for Lines {
    type Item = Result<Bytes, Infallible>;

    fn poll_next(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Option<Self::Item>> {
        self.0.poll_recv(cx).map(|line| line.map(Ok))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_accept_header_chooses_the_stream() {
        let mut headers = HeaderMap::new();
        assert!(!wanted(&headers));
        headers.insert(header::ACCEPT, HeaderValue::from_static("application/json"));
        assert!(!wanted(&headers));
        headers.insert(
            header::ACCEPT,
            HeaderValue::from_static("Application/X-NDJSON, application/json;q=0.5"),
        );
        assert!(wanted(&headers));
    }

    #[test]
    fn progress_reports_give_the_fraction_of_the_budget() {
        let report = ProgressReport::from(Progress {
            playouts: 450,
            budget: 1000,
            elapsed: 0.3,
            winrate: 0.6,
        });
        assert_eq!(report.fraction, 0.45);
        let over = ProgressReport::from(Progress {
            playouts: 1200,
            budget: 1000,
            elapsed: 0.3,
            winrate: 0.6,
        });
        assert_eq!(over.fraction, 1.0);
        let none = ProgressReport::from(Progress {
            playouts: 0,
            budget: 0,
            elapsed: 0.0,
            winrate: 0.5,
        });
        assert_eq!(none.fraction, 0.0);
    }

    #[test]
    fn an_error_line_has_the_api_error_shape() {
        let bytes = final_line(Err(ApiError::Illegal {
            message: "the game is over".into(),
            index: Some(3),
        }));
        assert!(bytes.ends_with(b"\n"));
        let value: serde_json::Value = serde_json::from_slice(&bytes).unwrap();
        assert_eq!(
            value,
            serde_json::json!({"error": "the game is over", "index": 3})
        );
    }
}
