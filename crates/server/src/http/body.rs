//! Request body extractors that turn every bad body into a JSON [`ApiError`]: malformed JSON
//! is a 400 and an oversized body a 413, never a 500 or a panic.

use crate::http::error::ApiError;
use axum::body::Bytes;
use axum::extract::{FromRequest, Request};
use axum::http::StatusCode;
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
            ApiError::Malformed(rejection.body_text())
        }
    })
}

impl<S: Send + Sync, T: DeserializeOwned> FromRequest<S> for JsonBody<T> {
    type Rejection = ApiError;

    async fn from_request(req: Request, state: &S) -> Result<Self, ApiError> {
        let bytes = read_bytes(req, state).await?;
        serde_json::from_slice(&bytes)
            .map(JsonBody)
            .map_err(|e| ApiError::Malformed(format!("malformed JSON: {e}")))
    }
}

impl<S: Send + Sync> FromRequest<S> for BytesBody {
    type Rejection = ApiError;

    async fn from_request(req: Request, state: &S) -> Result<Self, ApiError> {
        read_bytes(req, state).await.map(BytesBody)
    }
}
