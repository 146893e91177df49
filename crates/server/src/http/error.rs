//! API errors: every failure becomes `{"error": message, "index": n}` with a 4xx/5xx status,
//! one status per kind of error (docs/API.md): 400 a body that does not read (malformed JSON, a
//! wrong shape, a bad value), 413 anything over a size limit (body, record, answer), 415 a JSON
//! endpoint sent something else, 422 an illegal action (off-board points included), 503 the
//! server or the computer too busy or too slow for now.

use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde::Serialize;
use tengen_rules::ReplayError;
use thiserror::Error;

/// Why an API request failed.
#[derive(Debug, Error)]
pub enum ApiError {
    /// The body is not valid JSON of the expected shape (or not valid SGF): 400.
    #[error("{0}")]
    Malformed(String),
    /// The body is larger than the limit: 413.
    #[error("the request body is larger than {limit} bytes")]
    TooLarge {
        /// The limit in bytes.
        limit: usize,
    },
    /// A record (or the answer it would need) is over a limit of docs/API.md: 413.
    #[error("{0}")]
    OverLimit(String),
    /// A JSON endpoint got a body of another content type: 415.
    #[error("this endpoint takes JSON: send the body with Content-Type: application/json")]
    NotJson,
    /// The server's work pool is full, or the request ran past its deadline: 503.
    #[error("{0}")]
    Overloaded(String),
    /// An action of the record (or the new action) is illegal: 422.
    #[error("{message}")]
    Illegal {
        /// What is wrong.
        message: String,
        /// The index of the action at fault, when an action is at fault.
        index: Option<usize>,
    },
    /// No such API route: 404.
    #[error("no such API endpoint: {0}")]
    NotFound(String),
    /// The route exists for POST only: 405.
    #[error("{0} takes POST with a JSON body")]
    MethodNotAllowed(String),
    /// The computer player queue is full: 503.
    #[error("the computer is busy with other games; try again in a moment")]
    Busy,
    /// A feature that is not available in this build: 501.
    #[error("{0}")]
    Unavailable(String),
    /// A bug: 500 (never for bad input).
    #[error("internal error: {0}")]
    Internal(String),
}

impl ApiError {
    /// The HTTP status for this error.
    pub fn status(&self) -> StatusCode {
        match self {
            ApiError::Malformed(_) => StatusCode::BAD_REQUEST,
            ApiError::TooLarge { .. } | ApiError::OverLimit(_) => StatusCode::PAYLOAD_TOO_LARGE,
            ApiError::NotJson => StatusCode::UNSUPPORTED_MEDIA_TYPE,
            ApiError::Overloaded(_) => StatusCode::SERVICE_UNAVAILABLE,
            ApiError::Illegal { .. } => StatusCode::UNPROCESSABLE_ENTITY,
            ApiError::NotFound(_) => StatusCode::NOT_FOUND,
            ApiError::MethodNotAllowed(_) => StatusCode::METHOD_NOT_ALLOWED,
            ApiError::Busy => StatusCode::SERVICE_UNAVAILABLE,
            ApiError::Unavailable(_) => StatusCode::NOT_IMPLEMENTED,
            ApiError::Internal(_) => StatusCode::INTERNAL_SERVER_ERROR,
        }
    }

    /// The index of the action at fault, if any.
    pub fn index(&self) -> Option<usize> {
        match self {
            ApiError::Illegal { index, .. } => *index,
            _ => None,
        }
    }
}

impl From<ReplayError> for ApiError {
    fn from(e: ReplayError) -> ApiError {
        match e {
            ReplayError::Illegal { index, error } => ApiError::Illegal {
                message: format!("action {index} is illegal: {error}"),
                index: Some(index),
            },
            ReplayError::Malformed(m) => ApiError::Malformed(m),
            // A setup stone off the board is an off-board point like any other: 422.
            e @ (ReplayError::SetupOffBoard(..) | ReplayError::SetupRepeated(_)) => {
                ApiError::Illegal {
                    message: e.to_string(),
                    index: None,
                }
            }
            other => ApiError::Malformed(other.to_string()),
        }
    }
}

#[derive(Serialize)]
struct ErrorBody<'a> {
    error: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    index: Option<usize>,
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let status = self.status();
        if status.is_server_error() {
            tracing::warn!(error = %self, "API request failed");
        }
        let message = self.to_string();
        let body = ErrorBody {
            error: &message,
            index: self.index(),
        };
        (status, Json(body)).into_response()
    }
}
