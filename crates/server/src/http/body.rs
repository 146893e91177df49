//! Request body extractors that turn every bad body into a JSON [`ApiError`]: a body that is not
//! `Content-Type: application/json` where JSON is expected is a 415, malformed JSON or a bad
//! value a 400 (in words: "board size must be 2 to 25"), an oversized body a 413, a body that
//! stops arriving a 408; never a 500 or a panic.

use crate::http::error::ApiError;
use axum::body::Bytes;
use axum::extract::{FromRequest, Request};
use axum::http::{header, StatusCode};
use serde::de::DeserializeOwned;

/// The largest request body the API accepts (a long 19x19 record is about 10 KB).
pub const BODY_LIMIT: usize = 256 * 1024;

/// A JSON body of type `T`.
#[derive(Debug)]
pub struct JsonBody<T>(pub T);

/// A raw body (SGF files, whose character set the file itself names).
#[derive(Debug)]
pub struct BytesBody(pub Bytes);

async fn read_bytes<S: Send + Sync>(req: Request, state: &S) -> Result<Bytes, ApiError> {
    Bytes::from_request(req, state).await.map_err(|rejection| {
        if rejection.status() == StatusCode::PAYLOAD_TOO_LARGE {
            ApiError::TooLarge { limit: BODY_LIMIT }
        } else {
            ApiError::Malformed(format!(
                "the request body could not be read: {}",
                rejection.body_text()
            ))
        }
    })
}

/// Whether the request declares a JSON body: `application/json`, in any case, with or without
/// parameters (`; charset=utf-8`).
pub fn declares_json(req: &Request) -> bool {
    req.headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.split(';').next())
        .is_some_and(|mime| mime.trim().eq_ignore_ascii_case("application/json"))
}

/// A JSON body that does not read as `T`, in words: syntax errors say "malformed JSON", bad
/// values keep the rules' own message ("komi must be a multiple of 0.5 (got 7.25)").
pub fn json_error(e: &serde_json::Error) -> ApiError {
    use serde_json::error::Category;
    match e.classify() {
        Category::Data => ApiError::Malformed(format!("invalid request: {e}")),
        Category::Syntax | Category::Eof | Category::Io => {
            ApiError::Malformed(format!("malformed JSON: {e}"))
        }
    }
}

impl<S: Send + Sync, T: DeserializeOwned> FromRequest<S> for JsonBody<T> {
    type Rejection = ApiError;

    async fn from_request(req: Request, state: &S) -> Result<Self, ApiError> {
        if !declares_json(&req) {
            return Err(ApiError::NotJson);
        }
        let bytes = read_bytes(req, state).await?;
        serde_json::from_slice(&bytes)
            .map(JsonBody)
            .map_err(|e| json_error(&e))
    }
}

impl<S: Send + Sync> FromRequest<S> for BytesBody {
    type Rejection = ApiError;

    async fn from_request(req: Request, state: &S) -> Result<Self, ApiError> {
        read_bytes(req, state).await.map(BytesBody)
    }
}
